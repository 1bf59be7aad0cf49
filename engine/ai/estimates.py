"""How the search turns the values of actions in many sampled worlds into a choice.

- `Tally`: each action's weighted average over the worlds that judged it; for the `expert` off
  the fast path also a race, in which an action clearly behind the leader stops running;
- `Screen`: rejection control for worlds weighed by the reading of plays, so that the budget
  goes to the plausible ones;
- `EasyRival`: in the games with an evaluation of their own (`sum`, `pairs`), `easy`'s choice
  stands unless the search found a clearly better move.

Errors count weighed worlds by their effective number (Kish), so weighed and unweighed worlds
are judged alike.
"""

from __future__ import annotations

import math
import random

from engine.actions import Action
from engine.ai.games.base import game_ai
from engine.ai.heuristics import choose_easy
from engine.ai.knowledge import Knowledge
from engine.view import SeatView

# The expert's race among actions (`Tally`): no action is dropped before `RACE_FROM` worlds,
# in effect (weighed worlds count as fewer); the race is judged every `RACE_EVERY` worlds.
RACE_FROM = 16
RACE_EVERY = 4
RACE_CONFIDENCE = 3.0
CONFIDENCE = 3.0  # standard errors: the best of several noisy estimates is biased upward


class Tally:
    """Each action's weighted average value over the worlds that judged it. With `race` (the
    `expert` off the fast path) also a race: every world judges all actions still running, with
    the same random numbers, so two actions' values differ world by world by what they do (a
    paired comparison); an action behind the leader by `RACE_CONFIDENCE` standard errors of
    that difference, after `RACE_FROM` worlds, stops running, and the budget left goes to the
    contenders (more worlds for them, and sooner). Errors count weighed worlds by their
    effective number (Kish), so a race among worlds the reading of plays weighs stays sound."""

    def __init__(self, count: int, *, race: bool) -> None:
        self.active = list(range(count))
        self.sums = [0.0] * count
        self.weights = [0.0] * count
        self.race = race
        self.worlds = 0
        # Per pair of running actions (i < j): sums of w, w², w·d and w·d², d = value i - j.
        self.pairs: dict[tuple[int, int], list[float]] = {}

    def add(self, values: list[float], weight: float) -> None:
        """One world's values of the running actions (in the order of `active`)."""
        active = self.active
        for index, value in zip(active, values, strict=True):
            self.sums[index] += weight * value
            self.weights[index] += weight
        self.worlds += 1
        if not self.race:
            return
        pairs = self.pairs
        square = weight * weight
        for place, first in enumerate(active):
            own = values[place]
            for offset, second in enumerate(active[place + 1 :], start=place + 1):
                difference = own - values[offset]
                stats = pairs.get((first, second))
                if stats is None:
                    stats = pairs[first, second] = [0.0, 0.0, 0.0, 0.0]
                stats[0] += weight
                stats[1] += square
                stats[2] += weight * difference
                stats[3] += weight * difference * difference
        if self.worlds >= RACE_FROM and self.worlds % RACE_EVERY == 0:
            self._drop_the_beaten()

    def mean(self, index: int) -> float:
        weight = self.weights[index]
        return self.sums[index] / weight if weight > 0 else -math.inf

    def best(self) -> int:
        return max(self.active, key=self.mean)

    def _drop_the_beaten(self) -> None:
        leader = self.best()
        kept = [leader]
        for index in self.active:
            if index != leader and not self._behind(index, leader):
                kept.append(index)
        self.active = sorted(kept)

    def _behind(self, index: int, leader: int) -> bool:
        """Whether `index` is behind `leader` by `RACE_CONFIDENCE` standard errors."""
        sign = 1.0 if leader < index else -1.0
        weight, square, first, second = self.pairs[min(index, leader), max(index, leader)]
        if weight <= 0 or square <= 0:
            return False
        mean = sign * first / weight  # the leader's value minus this action's
        variance = max(0.0, second / weight - mean * mean)
        effective = weight * weight / square
        if effective < RACE_FROM:
            return False  # a few heavy worlds are not yet a race's worth
        return mean > RACE_CONFIDENCE * math.sqrt(variance / (effective - 1))


class Screen:
    """Rejection control (Liu, Chen and Wong, 1998) for worlds weighed by the reading of plays.
    Sharp reading gives most sampled worlds a tiny weight; judging each of them (a playout or
    a solve per action) would spend the budget on worlds that count for nothing. A world whose
    weight is below the running mean of the weights seen is judged only with the chance
    weight / mean, and then counts as the mean; heavier worlds are always judged at their
    weight. The estimate stays unbiased, and the budget goes to the plausible worlds."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.total = 0.0
        self.seen = 0

    def admit(self, weight: float) -> float:
        """The weight to judge this world with, or 0 to skip it."""
        self.total += weight
        self.seen += 1
        mean = self.total / self.seen
        if mean <= 0.0:
            return 1.0  # every weight so far is nil (underflow): nothing tells worlds apart
        if weight >= mean:
            return weight
        return mean if self.rng.random() * mean < weight else 0.0


class EasyRival:
    """In the games with an evaluation of their own (`sum`, `pairs`), `easy`'s choice stands
    unless the search found a move better by `CONFIDENCE` standard errors: measured in the arena,
    plain search there lost to `easy` (its estimates are noisier than the rule of thumb is
    wrong). The error is that of the difference between the two moves' values world by world:
    both are judged in the same worlds with the same random numbers, so their estimates are
    strongly correlated, and the error of each alone would overstate the doubt many times.
    Worlds the expert's reading weighs count by their weights, and for the error by their
    effective number (Kish), as in the race. `easy`'s choice is compared through the candidate
    that plays the same game (`GameAI.same_game`)."""

    def __init__(
        self, view: SeatView, knowledge: Knowledge, rng: random.Random, legal: list[Action]
    ) -> None:
        self.easy = choose_easy(view, rng, knowledge)
        same_game = game_ai(knowledge.variant).same_game
        self.kept = next((i for i, action in enumerate(legal) if same_game(action, self.easy)), -1)
        self.sums = [0.0] * len(legal)  # per action, the weighted sums of its value minus
        self.squares = [0.0] * len(legal)  # that of easy's choice, and of its square
        self.weight = self.square_weight = 0.0  # the sums of the worlds' weights and squares

    def add(self, values: list[float], weight: float) -> None:
        """One world's values of every candidate (in the order of `legal`), and its weight."""
        if self.kept < 0:
            return
        base = values[self.kept]
        for index, value in enumerate(values):
            difference = value - base
            self.sums[index] += weight * difference
            self.squares[index] += weight * difference * difference
        self.weight += weight
        self.square_weight += weight * weight

    def verdict(self, legal: list[Action], best: int) -> Action:
        if self.kept < 0 or self.weight <= 0:
            return legal[best]
        # weighed worlds count by their effective number (Kish); unweighed, the worlds judged
        effective = self.weight * self.weight / self.square_weight
        if best == self.kept or effective < 2:
            return self.easy
        mean = self.sums[best] / self.weight
        variance = max(0.0, self.squares[best] / self.weight - mean * mean)
        error = math.sqrt(variance / (effective - 1))
        return legal[best] if mean > CONFIDENCE * error and mean > 0 else self.easy
