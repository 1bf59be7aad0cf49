"""How good a finished hand is for one seat: the variant's own scoring, seen from its unit.

`utility` is the share of the hand's win (1 for a win, 1/k for a win shared by k units, 0 for a
loss) plus a small term for the points: the unit's points against the average of the other
units still playing, counted as good under reward scoring and bad under penalty scoring, one
hundredth of a win per point. Winning the hand comes first; among wins (or losses), the points.
In games in pairs or teams a partner's win is the seat's own win: search plays for the unit.

In the games that score during play (`Variant.scores_in_play`, the fives games) the points are
what counts: a hand's points add those scored during play (`HandOutcome.extra["scored"]`) to its
end's, and winning the hand weighs `IN_PLAY_WIN` of a win, except a `target` end, which wins the
match and weighs a whole win.
"""

from __future__ import annotations

from engine.match import Match
from engine.rules import End, HandOutcome, Scoring
from engine.variants.base import Variant

POINT_WEIGHT = 0.01
IN_PLAY_WIN = 0.1  # winning a hand of a game that scores during play: a tenth of a win


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
        points = verdict.points
        if self.variant.scores_in_play:
            scored = outcome.extra.get("scored", ())
            points = tuple(a + b for a, b in zip(points, scored, strict=False)) or points
            if outcome.end != End.TARGET:
                value *= IN_PLAY_WIN
        if self.sign:
            playing = {unit_of[seat] for seat, sits in enumerate(outcome.seated) if sits}
            others = [points[unit] for unit in playing if unit != self.unit]
            if others:
                margin = points[self.unit] - sum(others) / len(others)
                value += self.sign * POINT_WEIGHT * margin
        return value
