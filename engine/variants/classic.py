"""`classic`: the Italian "Regole del Domino" (seed 003), also the Portuguese part of seed 000."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.rules import DrawRule, End, HandOutcome, HandScore, Lead, Option, target_option
from engine.tiles import Tile
from engine.variants.base import Variant
from engine.variants.common import first_to_target, turn_order_after
from engine.variants.traditional import first_lead

if TYPE_CHECKING:
    from engine.variants.base import MatchAtPlay


class Classic(Variant):
    """Regole del Domino — seed 003 (and the Portuguese rules of seed 000).

    Double-six; 2, 3 or 4 players, or 4 in pairs (`teams: 2`, partners opposite). 7 tiles each;
    the rest is the boneyard (none with 4 players), no reserve. A player who cannot play draws
    until a drawn tile fits (`draw-until-playable`), and passes when the boneyard is empty.

    First hand: the highest double leads, with it (with 4 players that is always 6-6); with no
    double dealt, the highest tile. Later hands: the seat after the previous leader leads, with
    any tile, whatever happened.

    Domino: singles, the winner scores the pips of all opponents; pairs, the winning pair scores
    the pips of all three other hands, the partner's included. Block: the player (or pair) with
    the fewest pips wins and scores the same way (singles: the opponents' pips; pairs: all four
    hands). Block ties go to the tied unit that holds the leader of the hand, else to the first
    tied unit in turn order from the leader.

    First to reach the target (default 100) wins.
    """

    id = "classic"
    section = "2.19"
    name = "Classic dominoes"
    aliases = ("regole", "regole-del-domino", "italian", "classico")
    source = "seed 003 (Regole del Domino); Portuguese part of seed 000"
    summary = "The classic draw game for 2 to 4 players, or two pairs; first to 100 wins."
    player_counts = (2, 3, 4)
    draw_rule = DrawRule.UNTIL_PLAYABLE
    option_specs = (
        target_option(100, "the score that wins the match"),
        Option("teams", 0, "0: everyone for themselves; 2: two pairs (4 players)", choices=(0, 2)),
    )

    @classmethod
    def allowed_players(cls, options: Mapping[str, Any] | None = None) -> tuple[int, ...]:
        return (4,) if (options or {}).get("teams") == 2 else cls.player_counts

    @property
    def in_pairs(self) -> bool:
        return bool(self.options["teams"] == 2)

    def hand_size(self, seated: int) -> int:
        return 7

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        if not match.results:
            return first_lead(hands)
        previous = match.results[-1].outcome.leader
        return Lead(turn_order_after(previous, match.active)[0])

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        sums = self.unit_counts(outcome)
        if outcome.end == End.DOMINO:
            assert outcome.went_out is not None
            winner = self.unit_of[outcome.went_out]
        else:
            least = min(sums)
            tied = {unit for unit, total in enumerate(sums) if total == least}
            order = [outcome.leader, *turn_order_after(outcome.leader, outcome.seated)]
            winner = next(self.unit_of[seat] for seat in order if self.unit_of[seat] in tied)
        if self.in_pairs:
            gain = sum(sums)
        else:
            gain = sum(total for unit, total in enumerate(sums) if unit != winner)
        points = [0] * len(self.units)
        points[winner] = gain
        return HandScore(self.units[winner], tuple(points))

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        return first_to_target(match)
