"""The review of a finished match: each decision of one seat judged by the expert's search from
what that seat could know then; the same record gives the same review; hidden tiles change
nothing; a bad move costs a lot and the expert's costs nothing."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from engine import Match, Play, Tile
from engine.__main__ import main as engine_main
from engine.actions import Action
from engine.ai import choose_action
from engine.ai.games import game_ai
from engine.ai.games.base import Reason
from engine.ai.hints import hint
from engine.ai.review import (
    ACCURATE_LOSS,
    Decision,
    Review,
    ReviewBudget,
    decision_points,
    estimate_actions,
    judge_decision,
    review,
    view_at,
)
from engine.record import replay, write
from engine.variants.pairs import Exchange, LayPairs
from engine.view import SeatView
from tests.ai_positions import redealt

SMALL = ReviewBudget(worlds=40, cpu_ms=60_000)  # no CPU cap in practice: deterministic
TINY = ReviewBudget(worlds=6, cpu_ms=60_000)
Chooser = Callable[[Match, int, random.Random], Action]


def easy(match: Match, seat: int, rng: random.Random) -> Action:
    return choose_action(match.view_for(seat), "easy", rng)


def played_record(
    variant: str,
    players: int,
    seed: str,
    *,
    hands: int = 1,
    options: dict[str, Any] | None = None,
    seat_zero: Chooser = easy,
) -> dict[str, Any]:
    """The record of `hands` hands (or the whole match if shorter), seat 0 choosing by
    `seat_zero` and the others as `easy`."""
    match = Match(variant, players, options, seed=seed)
    rng = random.Random(seed)
    while not match.over and len(match.results) < hands:
        hand = match.start_hand()
        while not hand.over:
            chooser = seat_zero if hand.turn == 0 else easy
            match.apply(chooser(match, hand.turn, rng))
    return write(match)


def test_the_same_record_reviewed_twice_gives_the_same_review() -> None:
    record = played_record("partnership", 4, "twice", hands=2)
    first = review(record, 0, SMALL)
    second = review(json.loads(json.dumps(record)), 0, SMALL)
    assert first.decisions and first == second
    assert first.capped == 0
    assert Review.from_json(json.loads(json.dumps(first.to_json()))) == first


def seen(view: SeatView) -> tuple[object, ...]:
    """Everything a view shows its seat (a layout compares by its placements)."""
    placements = tuple(view.layout.placements)
    return (view.hand, view.hand_sizes, placements, view.history, view.legal, view.extra)


@pytest.mark.parametrize(
    ("variant", "players", "turns"), [("partnership", 4, 4), ("sum", 4, 2), ("111", 4, 4)]
)
def test_hidden_tiles_change_no_judgement(variant: str, players: int, turns: int) -> None:
    """Two hands alike in everything seat 0 saw, the other hands dealt otherwise: every decision
    of seat 0 is judged the same (in the style of the AI levels' no-cheating tests)."""
    rng = random.Random(variant)
    checked = 0
    for game in range(20):
        match = Match(variant, players, seed=f"hidden:{variant}:{game}")
        hand = match.start_hand()
        moves = random.Random(game)
        while not hand.over and sum(1 for a in hand.actions if a.seat == 0) < turns:
            match.apply(choose_action(match.view_for(hand.turn), "easy", moves))
        if hand.over:
            continue
        twin = redealt(match, 0, rng)
        assert twin.hand is not None
        others = [sorted(map(str, h)) for s, h in enumerate(hand.hands) if s != 0]
        twins = [sorted(map(str, h)) for s, h in enumerate(twin.hand.hands) if s != 0]
        if others == twins:
            continue  # nothing was left to deal otherwise
        points, twin_points = decision_points(write(match), 0), decision_points(write(twin), 0)
        assert [seen(p.view) for p in points] == [seen(p.view) for p in twin_points]
        if not points:
            continue
        assert review(write(match), 0, SMALL) == review(write(twin), 0, SMALL)
        checked += 1
        if checked == 3:
            return
    raise AssertionError(f"only {checked} matches with decisions to compare")


SETUPS = [
    ("partnership", 4, {}),
    ("traditional", 3, {}),
    ("two-player", 2, {}),
    ("home-and-away", 2, {}),
    ("kids", 2, {}),
    ("111", 4, {}),
    ("pool", 2, {}),
    ("cross", 2, {}),
    ("double-cross", 2, {}),
    ("maltese", 2, {}),
    ("sebastopol", 4, {}),
    ("cross-nine", 2, {}),
    ("cyprus", 4, {}),
    ("beginner", 2, {}),
    ("hungarian", 2, {}),
    ("sum", 3, {}),
    ("french", 2, {}),
    ("pairs", 2, {}),
    ("classic", 2, {}),
    ("gameroom", 2, {"set": 6}),
]


@pytest.mark.parametrize(("variant", "players", "options"), SETUPS, ids=[s[0] for s in SETUPS])
def test_every_table_game_has_its_decisions_judged(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    record = played_record(variant, players, f"every:{variant}", hands=2, options=options)
    judged = review(record, 0, TINY)
    assert judged.decisions, f"no decision of seat 0 in two hands of {variant}"
    for decision in judged.decisions:
        view = view_at(record, 0, decision.hand, decision.turn)
        assert decision.played in view.legal and decision.best in view.legal
        assert decision.best_value >= decision.played_value and decision.loss >= 0
        assert decision.choices >= 2 and decision.worlds == TINY.worlds
    played = replay(record).match.played
    recorded = [action for hand in played for action in hand.actions if action.seat == 0]
    assert all(decision.played in recorded for decision in judged.decisions)


def anything(match: Match, seat: int, rng: random.Random) -> Action:
    return rng.choice(match.legal_actions())


def test_decisions_include_exchanges_pairs_and_end_choices() -> None:
    """In `pairs` an exchange, and laying fewer pairs than the hand allows (seat 0 plays at
    random), are decisions; in a line game, which end a tile goes on."""
    kinds: set[str] = set()
    for game in range(6):
        record = played_record("pairs", 2, f"kinds:{game}", seat_zero=anything)
        for point in decision_points(record, 0):
            kinds.add(type(point.played).__name__)
    assert {Exchange.__name__, LayPairs.__name__} <= kinds
    ends = 0
    for game in range(6):
        for point in decision_points(played_record("two-player", 2, f"ends:{game}"), 0):
            tiles = [a.tile for a in point.view.legal if isinstance(a, Play)]
            ends += len(tiles) != len(set(tiles))  # one tile, two ends: an end choice
    assert ends > 0


def _exact_hit_skipped(seed: str, skip: bool) -> tuple[dict[str, Any], int, int] | None:
    """A hand of `sum` in which seat 0, holding the tile that hits the target and another
    that fits, adds the heaviest other (`skip`) or the hit; the record and the decision's
    place (hand, turn)."""
    match = Match("sum", 4, seed=seed)
    hand = match.start_hand()
    rng = random.Random(seed)
    found: tuple[int, int] | None = None
    while not hand.over:
        view = match.view_for(hand.turn)
        action = choose_action(view, "easy", rng)
        if hand.turn == 0 and found is None:
            gap = 50 - (view.total or 0)
            plays = [a for a in view.legal if isinstance(a, Play)]
            hits = [a for a in plays if a.tile.pips == gap]
            others = [a for a in plays if a.tile.pips != gap]
            if hits and others:
                found = (len(match.results), len(hand.actions))
                heaviest = max(others, key=lambda a: a.tile.pips)
                action = heaviest if skip else hits[0]
        match.apply(action)
    return (write(match), *found) if found else None


def test_a_missed_exact_hit_loses_much_and_the_hit_nothing() -> None:
    """In `sum`, adding another tile where one hits the target exactly (a deliberately bad
    move: the next seats may hit it instead) loses much on average; the hit loses nothing."""
    missed: list[float] = []
    for game in range(100):
        bad = _exact_hit_skipped(f"hit:{game}", skip=True)
        good = _exact_hit_skipped(f"hit:{game}", skip=False)
        if bad is None or good is None:
            continue
        record, number, turn = bad
        decision = next(d for d in review(record, 0, SMALL).decisions if d.turn == turn)
        assert decision.hand == number and decision.best_value == 100.0  # the hit wins
        missed.append(decision.loss)
        hit = next(d for d in review(good[0], 0, SMALL).decisions if d.turn == turn)
        assert hit.loss == 0 and hit.played == hit.best
        if len(missed) == 4:
            break
    assert len(missed) == 4
    assert sum(missed) / len(missed) >= 30 and max(missed) >= 50


def test_random_moves_lose_more_than_the_experts() -> None:
    """Partnership hands with seat 0 playing at random, then as the expert: the review's mean
    loss per decision orders them, and the expert's moves are mostly accurate."""

    def expert(match: Match, seat: int, rng: random.Random) -> Action:
        return choose_action(match.view_for(seat), "expert", rng, worlds=200)

    budget = ReviewBudget(worlds=300, cpu_ms=60_000)
    losses = {}
    for name, chooser in (("random", anything), ("expert", expert)):
        decisions: list[Decision] = []
        for game in range(4):
            record = played_record("partnership", 4, f"order:{game}", seat_zero=chooser)
            decisions += review(record, 0, budget).decisions
        losses[name] = sum(d.loss for d in decisions) / len(decisions)
    assert losses["random"] > 3 * losses["expert"] and losses["random"] > 5


def test_accuracy_is_the_share_of_decisions_within_the_threshold() -> None:
    play = Play(0, Tile(6, 6))

    def decided(hand: int, loss: float) -> Decision:
        return Decision(hand, 0, play, play, 50.0 - loss, 50.0, 2, 10)

    judged = Review(
        "partnership",
        0,
        (decided(0, 0.0), decided(0, ACCURATE_LOSS), decided(0, 10.0), decided(1, 30.0)),
    )
    assert judged.accuracy(0) == pytest.approx(200 / 3)
    assert judged.accuracy(1) == 0.0 and judged.accuracy(5) is None
    assert judged.accuracy() == 50.0
    assert judged.mean_loss() == pytest.approx((ACCURATE_LOSS + 40.0) / 4)
    assert [d.loss for d in judged.costliest(3)] == [30.0, 10.0]  # accurate ones are not costly
    assert [(h.hand, h.decisions) for h in judged.hands()] == [(0, 3), (1, 1)]


def test_the_hint_names_the_experts_move_with_a_reason_of_the_set() -> None:
    match = Match("partnership", 4, seed="hint")
    hand = match.start_hand()
    rng = random.Random(1)
    given = 0
    while not hand.over:
        view = match.view_for(hand.turn)
        if len(view.legal) > 1:
            found = hint(view, SMALL)
            assert found.action in view.legal and found == hint(view, SMALL)
            assert found.reason.key in Reason.KEYS
            candidates = game_ai(match.variant).candidates(view)
            if len(candidates) > 1:
                assert found.action == estimate_actions(view, candidates, SMALL).choice
            given += 1
        match.apply(choose_action(view, "easy", rng))
    assert given > 3


def test_the_hint_in_sum_takes_the_exact_hit_and_says_it_wins() -> None:
    for game in range(40):
        found = _exact_hit_skipped(f"hit:{game}", skip=False)
        if found is None:
            continue
        record, number, turn = found
        view = view_at(record, 0, number, turn)
        given = hint(view, SMALL)
        assert isinstance(given.action, Play)
        assert given.action.tile.pips == 50 - (view.total or 0)
        assert given.reason == Reason("wins_hand")
        return
    raise AssertionError("no position with an exact hit")


def test_the_command_line_reviews_a_record(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(played_record("partnership", 4, "cli")), encoding="utf-8")
    assert engine_main(["review", str(path), "--seat", "0", "--worlds", "10", "--json"]) == 0
    printed = Review.from_json(json.loads(capsys.readouterr().out))
    assert printed.seat == 0 and printed.decisions
    assert engine_main(["review", str(path), "--seat", "0", "--worlds", "10"]) == 0
    assert "accuracy" in capsys.readouterr().out


def test_a_decision_travels_to_a_worker_process_and_back() -> None:
    """Inputs and outputs are plain picklable values: a pool judges a decision as it is."""
    point = decision_points(played_record("cross", 2, "pickle"), 0)[0]
    travelled = pickle.loads(pickle.dumps(point))
    judged = judge_decision(travelled, TINY)
    assert pickle.loads(pickle.dumps(judged)) == judged == judge_decision(point, TINY)
