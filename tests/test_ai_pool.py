"""The AI pool chooses moves in other processes, within the budget, and can be cancelled."""

from __future__ import annotations

import pickle
import time
from concurrent.futures import CancelledError

import pytest

from engine.ai.pool import AIPool
from engine.view import SeatView
from tests.ai_positions import positions


def a_view(variant_id: str = "partnership", players: int = 4) -> SeatView:
    for match in positions(variant_id, players, {}, count=20, seed="pool"):
        assert match.hand is not None
        view = match.view_for(match.hand.turn)
        if len(view.legal) > 1:
            return view
    raise AssertionError("no position with a choice")


def test_a_view_with_finished_hands_survives_pickling() -> None:
    for match in positions("traditional", 3, {}, count=20, seed="pickle"):
        assert match.hand is not None
        view = match.view_for(match.hand.turn)
        if view.results:
            break
    assert view.results, "some position should come after a finished hand"
    again = pickle.loads(pickle.dumps(view))
    assert again.hand == view.hand and again.legal == view.legal
    assert again.layout.placements == view.layout.placements
    assert again.results == view.results


@pytest.fixture(scope="module")
def pool() -> object:
    with AIPool(workers=1) as pool:
        pool.submit(a_view(), "easy").result(timeout=60)  # the worker is up and warm
        yield pool


def test_the_pool_returns_a_legal_move(pool: AIPool) -> None:
    view = a_view()
    for level in ("random", "easy", "hard", "expert"):
        action = pool.submit(view, level, seed=3, budget_ms=20).result(timeout=30)
        assert action in view.legal


def test_the_budget_counts_from_submission_even_in_a_queue(pool: AIPool) -> None:
    view = a_view()
    started = time.monotonic()
    futures = [pool.submit(view, "expert", seed=seed, budget_ms=150) for seed in range(4)]
    for future in futures:
        assert future.result(timeout=30) in view.legal
    # One worker, four moves of 150 ms each queued at once: all are done by about 150 ms after
    # submission, because the later ones use only what is left of their budget.
    assert time.monotonic() - started < 0.15 + 0.5


def test_a_move_not_yet_started_can_be_cancelled(pool: AIPool) -> None:
    view = a_view()
    busy = pool.submit(view, "expert", seed=1, budget_ms=300)
    queued = [pool.submit(view, "expert", seed=seed, budget_ms=300) for seed in range(2, 8)]
    assert queued[-1].cancel()
    with pytest.raises(CancelledError):
        queued[-1].result()
    assert busy.result(timeout=30) in view.legal
