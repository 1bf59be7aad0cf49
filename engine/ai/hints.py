"""A hint: the move the expert would play now, and why in a few words.

    from engine.ai.hints import hint
    found = hint(view, ReviewBudget(worlds=300, cpu_ms=500))
    found.action, found.reason.key, found.reason.numbers

The move is the expert's choice after its search of the seat's view (`engine.ai.review`'s
search: every candidate judged in the same worlds, seeded by what the seat saw, so the same view
gets the same hint). The reason is honest by construction: it is the first fact about the move
(`GameAI.features`, the rules of thumb of its game, the most telling first) that the runner-up,
the move the search valued next, does not share; when no such fact tells them apart, the reason
is the search itself (`search`, with the margin in points of the review), or, when the margin
is within the review's noise (`ACCURATE_LOSS`), that the best moves are about as good
(`close_call`). A move with nothing to choose is `only_move`. The reason keys are `Reason`'s:
a small set the bot translates.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action
from engine.ai.games.base import Reason, game_ai
from engine.ai.knowledge import Knowledge, variant_for
from engine.ai.review import ACCURATE_LOSS, POINTS_PER_WIN, ReviewBudget, estimate_actions
from engine.errors import DominoError
from engine.view import SeatView


@dataclass(frozen=True)
class Hint:
    """The expert's move, why, and by how much the search preferred it to the runner-up (in
    points of the review; 0 when there was nothing to choose)."""

    action: Action
    reason: Reason
    margin: float


HINT_BUDGET = ReviewBudget(worlds=300, cpu_ms=500)  # a player waits for it: half a second at most


def hint(view: SeatView, budget: ReviewBudget = HINT_BUDGET) -> Hint:
    """The move the expert would play in `view` (the seat's own turn), and why."""
    if not view.legal:
        raise DominoError("it is not this seat's turn: there is nothing to choose")
    game = game_ai(variant_for(view))
    candidates = game.candidates(view)
    if len(candidates) == 1:
        return Hint(candidates[0], Reason("only_move"), 0.0)
    estimate = estimate_actions(view, candidates, budget)
    choice = estimate.choice
    chosen = candidates.index(choice)
    values = [POINTS_PER_WIN * value for value in estimate.values]
    runner_up = max((i for i in range(len(candidates)) if i != chosen), key=values.__getitem__)
    margin = max(0.0, values[chosen] - values[runner_up])
    knowledge = Knowledge.of(view)
    told = {reason.key for reason in game.features(view, knowledge, candidates[runner_up])}
    for reason in game.features(view, knowledge, choice):
        if reason.key not in told:
            return Hint(choice, reason, margin)
    if margin <= ACCURATE_LOSS:
        return Hint(choice, Reason("close_call"), margin)
    return Hint(choice, Reason("search", {"margin": round(margin)}), margin)
