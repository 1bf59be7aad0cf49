"""The review of a finished match for one seat: each of its decisions judged by the expert's
search from what the seat could know at that moment.

    from engine.ai.review import ReviewBudget, review
    report = review(record, seat=0, budget=ReviewBudget(worlds=1000, cpu_ms=2000))
    report.accuracy(), report.mean_loss(), report.costliest(3)

A **decision** is a turn of the seat with more than one legal action that play different games
(a tile and where to put it, an end choice, a draw where one may also place, laying pairs,
an exchange; in `pairs` actions that play the same game, `GameAI.same_game`, are one). Each is
judged from the seat's `SeatView` at that moment and nothing else: the expert's search samples
worlds consistent with the view, weighs them by the reading of the other seats' plays, and
judges every candidate action and the one played in every world, with the same random numbers
(`engine.ai.search.search`, no race). So the hidden tiles of the record are never read: two
records that differ only in tiles the seat could not see give the same review.

**Values** are the expected result of the hand for the seat's unit in **points of the review**:
100 for winning the hand (shared wins split), plus the game's points of the hand's margin (the
unit's points against the other units' average, counted against it under penalty scoring);
that is 100 times the search's own utility (`engine.ai.judge`). The **loss** of a decision is
the value of the best action judged minus the value of the one played (never below 0).

**Accuracy** (of a hand, or of the match) is the share of decisions whose loss is at most
`ACCURATE_LOSS` points, in percent; the **mean loss** is the average loss per decision. A loss
below `ACCURATE_LOSS` is within the noise of the estimate for a move that is in fact as good.

**Determinism**: each decision's worlds are drawn from a seed made of what the seat saw at that
decision (its hand, the table, the history as it saw it, the legal actions), so the same record
gives the same review; a decision stops at `ReviewBudget.worlds` worlds or at its CPU budget,
whichever comes first, and only one stopped by the CPU budget (`Decision.capped`, counted in
`Review.capped`) may differ from one run to another.

Everything here is a pure function of picklable values, so a review runs in a worker process:
`decision_points` (cheap: a replay) gives the inputs, `judge_decision` judges one (the CPU
cost; a pool can run them in parallel and show progress as they come back), `Review` gathers
them; `review` does all three in turn with a progress callback.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, action_from_record
from engine.ai.games.base import game_ai
from engine.ai.knowledge import variant_for
from engine.ai.search import Estimate, search
from engine.match import Match
from engine.record import new_match, replay
from engine.view import SeatView

POINTS_PER_WIN = 100.0  # points of the review for winning a hand: the search's utility times 100
ACCURATE_LOSS = 2.0  # a decision within this many points of the best counts as accurate


@dataclass(frozen=True)
class ReviewBudget:
    """What the review spends on one decision: `worlds` sampled worlds (its precision), unless
    `cpu_ms` milliseconds of the process's CPU time run out first."""

    worlds: int = 1000
    cpu_ms: int = 2000


REVIEW_BUDGET = ReviewBudget()  # the default: a 100-point partnership match in about 12 s of CPU


@dataclass(frozen=True)
class DecisionPoint:
    """One decision to judge: the seat's view at that moment, and what it played. `hand` is the
    hand's number in the match and `turn` the action's index in that hand (both from 0)."""

    hand: int
    turn: int
    view: SeatView
    played: Action


@dataclass(frozen=True)
class Decision:
    """One judged decision. Values in points of the review (see the module)."""

    hand: int
    turn: int
    played: Action
    best: Action
    played_value: float
    best_value: float
    choices: int  # the actions that play different games, the one played included
    worlds: int
    capped: bool = False  # the CPU budget ran out before the worlds asked for

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.played_value)

    @property
    def accurate(self) -> bool:
        return self.loss <= ACCURATE_LOSS

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "turn": self.turn,
            "played": self.played.to_record(),
            "best": self.best.to_record(),
            "played_value": self.played_value,
            "best_value": self.best_value,
            "choices": self.choices,
            "worlds": self.worlds,
            "capped": self.capped,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        return cls(
            hand=int(data["hand"]),
            turn=int(data["turn"]),
            played=action_from_record(data["played"]),
            best=action_from_record(data["best"]),
            played_value=float(data["played_value"]),
            best_value=float(data["best_value"]),
            choices=int(data["choices"]),
            worlds=int(data["worlds"]),
            capped=bool(data.get("capped", False)),
        )


@dataclass(frozen=True)
class HandSummary:
    """The decisions of one hand: how many, the accuracy (percent, None without decisions)
    and the mean loss per decision."""

    hand: int
    decisions: int
    accuracy: float | None
    mean_loss: float


@dataclass(frozen=True)
class Review:
    """A seat's decisions in a match, judged."""

    variant: str
    seat: int
    decisions: tuple[Decision, ...]

    @property
    def capped(self) -> int:
        """Decisions whose CPU budget ran out before their worlds (may differ between runs)."""
        return sum(1 for decision in self.decisions if decision.capped)

    def _of(self, hand: int | None) -> list[Decision]:
        return [d for d in self.decisions if hand is None or d.hand == hand]

    def accuracy(self, hand: int | None = None) -> float | None:
        """The share of decisions (of `hand`, or of the match) within `ACCURATE_LOSS` of the
        best, in percent; None where there was no decision."""
        decisions = self._of(hand)
        if not decisions:
            return None
        return 100.0 * sum(1 for d in decisions if d.accurate) / len(decisions)

    def mean_loss(self, hand: int | None = None) -> float:
        """The average loss per decision (of `hand`, or of the match), in points."""
        decisions = self._of(hand)
        return sum(d.loss for d in decisions) / len(decisions) if decisions else 0.0

    def hands(self) -> list[HandSummary]:
        """Per hand with decisions, in order: its count, accuracy and mean loss."""
        numbers = sorted({d.hand for d in self.decisions})
        return [
            HandSummary(n, len(self._of(n)), self.accuracy(n), self.mean_loss(n)) for n in numbers
        ]

    def costliest(self, n: int = 3) -> list[Decision]:
        """The `n` decisions that lost the most (the earlier first among equal losses), only
        those that lost anything beyond `ACCURATE_LOSS`."""
        costly = [d for d in self.decisions if not d.accurate]
        return sorted(costly, key=lambda d: (-d.loss, d.hand, d.turn))[:n]

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "seat": self.seat,
            "decisions": [decision.to_json() for decision in self.decisions],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Review:
        decisions = tuple(Decision.from_json(item) for item in data["decisions"])
        return cls(str(data["variant"]), int(data["seat"]), decisions)


def decision_points(record: Mapping[str, Any], seat: int) -> list[DecisionPoint]:
    """Every decision of `seat` in the match `record` describes (`engine.record`), in order,
    with the seat's view at that moment. Raises `RecordError` for a faulty record."""
    points: list[DecisionPoint] = []

    def collect(match: Match, action: Action) -> None:
        hand = match.hand
        if action.seat != seat or hand is None:
            return
        view = match.view_for(seat)
        if len(_judged(view, action)[0]) > 1:
            points.append(DecisionPoint(len(match.played) - 1, len(hand.actions), view, action))

    replay(record, before=collect)
    return points


def view_at(record: Mapping[str, Any], seat: int, hand: int, turn: int) -> SeatView:
    """The view `seat` had before action `turn` of hand `hand` (to draw the board of a
    decision). Raises `LookupError` if the record has no such action."""
    found: list[SeatView] = []

    def catch(match: Match, action: Action) -> None:
        current = match.hand
        at = current is not None and (len(match.played) - 1, len(current.actions)) == (hand, turn)
        if at and not found:
            found.append(match.view_for(seat))

    replay(record, before=catch)
    if not found:
        raise LookupError(f"the record has no action {turn} in hand {hand}")
    return found[0]


def judge_decision(point: DecisionPoint, budget: ReviewBudget = REVIEW_BUDGET) -> Decision:
    """The expert's judgement of one decision, from the seat's view only."""
    view = point.view
    actions, played = _judged(view, point.played)
    if len(actions) == 1:  # nothing to choose (a caller's own point): no loss
        return Decision(point.hand, point.turn, point.played, point.played, 0.0, 0.0, 1, 0)
    estimate = estimate_actions(view, actions, budget)
    values = [POINTS_PER_WIN * value for value in estimate.values]
    best = max(range(len(actions)), key=lambda index: (values[index], index == played))
    return Decision(
        hand=point.hand,
        turn=point.turn,
        played=point.played,
        best=actions[best],
        played_value=values[played],
        best_value=values[best],
        choices=len(actions),
        worlds=estimate.worlds,
        capped=estimate.worlds < budget.worlds,
    )


def estimate_actions(view: SeatView, actions: list[Action], budget: ReviewBudget) -> Estimate:
    """The expert's search over `actions` in `view`: every action judged in every world with
    the same random numbers, seeded by what the seat saw (`view_seed`)."""
    rng = random.Random(view_seed(view))
    deadline = time.process_time() + budget.cpu_ms / 1000
    return search(
        view,
        actions,
        rng,
        deadline,
        expert=True,
        worlds=budget.worlds,
        clock=time.process_time,
        race=False,
        common=True,
    )


def review(
    record: Mapping[str, Any],
    seat: int,
    budget: ReviewBudget = REVIEW_BUDGET,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Every decision of `seat` in `record`, judged; `progress(done, total)` is called after
    each decision (and once before the first)."""
    points = decision_points(record, seat)
    decisions: list[Decision] = []
    if progress is not None:
        progress(0, len(points))
    for point in points:
        decisions.append(judge_decision(point, budget))
        if progress is not None:
            progress(len(decisions), len(points))
    return Review(new_match(record).variant.id, seat, tuple(decisions))


def view_seed(view: SeatView) -> str:
    """A seed made of what the seat saw: its hand, the table, the history as it saw it, the
    scores and its legal actions (never a hidden tile, nor the match's own seed)."""
    seen = (
        view.variant,
        view.options,
        view.seat,
        view.hand_number,
        view.scores,
        tuple(map(str, view.hand)),
        tuple(str(placement.tile) for placement in view.layout.placements),
        tuple(map(repr, view.history)),
        tuple(map(repr, view.legal)),
    )
    return hashlib.sha256(repr(seen).encode()).hexdigest()


def _judged(view: SeatView, played: Action) -> tuple[list[Action], int]:
    """The actions a decision is judged among (the search's candidates, and the one played
    when none of them plays the same game) and the index of the one played."""
    game = game_ai(variant_for(view))
    actions: Sequence[Action] = game.candidates(view) if len(view.legal) > 1 else view.legal
    judged = list(actions)
    for index, action in enumerate(judged):
        if game.same_game(action, played):
            return judged, index
    judged.append(played)
    return judged, len(judged) - 1
