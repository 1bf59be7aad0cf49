"""`cyprus`: Chipre, the double-nine star game of "Dominó tradicional" (seed 001 §6)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from engine.layout import LEAD_ARMS, Arm, Shape
from engine.messages import Message
from engine.rules import DrawRule, HandOutcome, HandScore, Lead, target_option
from engine.tiles import Tile
from engine.variants.base import PublicState, Variant
from engine.variants.common import first_to_target, traditional_score

if TYPE_CHECKING:
    from engine.variants.base import HandAtPlay, MatchAtPlay

STAR_PLACES = len(LEAD_ARMS[Shape.STAR])
HAND_SIZES = {4: 13, 5: 11, 6: 9, 7: 7, 8: 6, 9: 6, 10: 5}


class Cyprus(Variant):
    """Chipre — seed 001 §6.

    Double-nine, 4 to 10 players. Hand size by players: 4: 13, 5: 11, 6: 9, 7: 7, 8: 6, 9: 6,
    10: 5. The undealt tiles are set aside unseen; `no-draw`: a player who cannot play passes.

    The holder of 9-9 leads with it, every hand; if nobody holds it, the tiles are reshuffled and
    redealt. 9-9 is a **star**: 8 tiles carrying a 9 may join it (4 orthogonal, 4 diagonal: `N`,
    `NE`, `E`, `SE`, `S`, `SW`, `W`, `NW`), in any order, and the star need not be complete before
    arms are extended. Its empty places are alike (the player is not asked which), but an empty
    star place and an arm end showing 9 are different choices: a record names the one it took by
    its id. Other doubles sit in line.

    Scoring and target (default 100) as `traditional`: the player who went out scores the pips
    left in all other hands; on a block the lowest count wins the sum of the differences, and a
    tie for lowest scores nothing.
    """

    id = "cyprus"
    section = "2.13"
    name = "Cyprus"
    aliases = ("chipre",)
    source = "seed 001 §6 (Chipre)"
    summary = "Double-nine for 4 to 10: 9-9 is a star with eight places; first to 100 wins."
    player_counts = (4, 5, 6, 7, 8, 9, 10)
    option_specs = (target_option(100, "the score that wins the match"),)
    shape = Shape.STAR
    family = "cross"
    draw_rule = DrawRule.NONE
    opening_tile = Tile(9, 9)

    def set_top(self) -> int:
        return 9

    def hand_size(self, seated: int) -> int:
        return HAND_SIZES[seated]

    def redeal_reason(self, hands: Sequence[Sequence[Tile]]) -> Message | None:
        if not any(self.opening_tile in hand for hand in hands):
            return Message("nobody holds {tile}", tile=self.opening_tile)
        return super().redeal_reason(hands)

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        return self.opening_lead(hands)

    def end_class(self, arm: Arm) -> Hashable:
        # An empty place differs from an arm showing 9: covering one leaves a place free.
        return (arm.number, arm.empty)

    def public_state(self, hand: HandAtPlay) -> PublicState:
        layout = hand.layout
        if not layout.started:
            return PublicState()
        taken = sum(1 for arm in layout.arms.values() if arm.tiles)
        if taken == STAR_PLACES:
            return PublicState(status=Message("star complete"))
        return PublicState(
            status=Message(
                "star: {taken} of {places} places taken", taken=taken, places=STAR_PLACES
            )
        )

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        return traditional_score(self, outcome)

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        return first_to_target(match)
