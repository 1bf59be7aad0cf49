"""`sum`: Domino włoskie, the Italian adding game (seed 002, version 3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.layout import Layout, Shape
from engine.messages import Message
from engine.rules import DrawRule, End, HandOutcome, HandScore, Lead, Option, Tally
from engine.tiles import Tile
from engine.variants.base import PublicState, Variant, highest_tile_lead
from engine.variants.common import points_for

if TYPE_CHECKING:
    from engine.variants.base import HandAtPlay, MatchAtPlay


def running_total(layout: Layout) -> int:
    """The table total: the pips of every tile laid so far."""
    return sum(placement.tile.pips for placement in layout.placements)


class Sum(Variant):
    """Domino włoskie (the sum game) — seed 002, version 3.

    Double-six, 3 to 5 players: 3 take 8, 4 take 6, 5 take 5; the rest are set aside unseen
    (`no-draw`). The `target` (50, 70 or 100; default 50) is agreed in the lobby.

    Every hand is led by the holder of the highest tile, with it; the table total is its pips.
    In turn, each player adds **any** tile from hand (no matching: the tiles go in a row, in the
    order laid) and the total grows by its pips. A tile that would push the total past the target
    may not be played (choice). A player holding a tile that fits must add one, their choice
    which; a player with none passes. Emptying your hand short of the target wins nothing: you
    pass from then on.

    The hand ends `target` when a player brings the total exactly to the target (that player
    wins), or `blocked` when nobody can add a tile (the player who added last wins, being
    closest). The hand's winner scores 1; the first to win `wins` hands (default 3) wins the
    match.

    Records use plain plays without an end: `{"seat": 1, "play": "6-4"}`.
    """

    id = "sum"
    section = "2.16"
    name = "The sum game"
    aliases = ("wloskie", "włoskie", "domino-wloskie", "domino-włoskie", "adding")
    source = "seed 002 version 3 (Domino włoskie)"
    summary = "Add tiles to a running total; hit the target exactly to win a hand; first to 3 wins."
    tally = Tally.HANDS
    player_counts = (3, 4, 5)
    option_specs = (
        Option("target", 50, "the total to hit exactly", choices=(50, 70, 100)),
        Option("wins", 3, "hands to win for the match", minimum=1, maximum=100),
    )
    shape = Shape.ROW
    family = "row"
    draw_rule = DrawRule.NONE

    def hand_size(self, seated: int) -> int:
        return {3: 8, 4: 6, 5: 5}[seated]

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        return highest_tile_lead(hands)

    def can_place(self, layout: Layout, tile: Tile) -> bool:
        return running_total(layout) + tile.pips <= int(self.option("target"))

    def play_ends_hand(self, hand: HandAtPlay, seat: int) -> str | None:
        # An empty hand short of the target is no win: only the exact total ends the hand.
        if running_total(hand.layout) == int(self.option("target")):
            return End.TARGET
        return None

    def public_state(self, hand: HandAtPlay) -> PublicState:
        if not hand.layout.started:
            return PublicState()
        total = running_total(hand.layout)
        status = Message("total {total} of {target}", total=total, target=self.option("target"))
        return PublicState(status=status, extra={"total": total})

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        # Exact hit or block, the winner is whoever added the last tile.
        winner = outcome.last_placer
        assert winner is not None, "the lead is always laid"
        return HandScore((winner,), points_for(self, {winner: 1}))

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        wins = int(self.option("wins"))
        done = [unit for unit, score in enumerate(match.scores) if score >= wins]
        return (True, self.seats_of(done)) if done else (False, ())
