"""How good a finished hand is for one seat: the variant's own scoring, seen from its unit.

`utility` is the share of the hand's win (1 for a win, 1/k for a win shared by k units, 0 for a
loss) plus a small term for the points: the unit's points against the average of the other
units still playing, counted as good under reward scoring and bad under penalty scoring, one
hundredth of a win per point. Winning the hand comes first; among wins (or losses), the points.
In games in pairs or teams a partner's win is the seat's own win: search plays for the unit.
"""

from __future__ import annotations

from engine.match import Match
from engine.rules import HandOutcome, Scoring
from engine.variants.base import Variant

POINT_WEIGHT = 0.01


class Judge:
    def __init__(self, variant: Variant, seat: int) -> None:
        self.variant = variant
        self.match = Match(variant, seed=None)  # scoring hooks take a match; none reads its state
        self.unit = variant.unit_of[seat]
        self.sign = {Scoring.REWARD: 1.0, Scoring.PENALTY: -1.0}.get(variant.scoring, 0.0)
        # Utilities of ends that recur, kept by a caller under a key of its own.
        self.memo: dict[object, float] = {}

    def utility(self, outcome: HandOutcome) -> float:
        verdict = self.variant.score_hand(self.match, outcome)
        unit_of = self.variant.unit_of
        winning = {unit_of[seat] for seat in verdict.winners}
        value = 1.0 / len(winning) if self.unit in winning else 0.0
        if self.sign:
            playing = {unit_of[seat] for seat, sits in enumerate(outcome.seated) if sits}
            others = [verdict.points[unit] for unit in playing if unit != self.unit]
            if others:
                margin = verdict.points[self.unit] - sum(others) / len(others)
                value += self.sign * POINT_WEIGHT * margin
        return value
