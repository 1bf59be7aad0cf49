"""The hints of the fives games give the reasons their players give: the count a placement
scores now, the count it leaves the next player (none, or the least), the winning score. Each
reason is checked against the match itself: the points the engine credits for the placement,
and what the next opponent, with the tiles they really hold, can then score."""

from __future__ import annotations

import copy

import pytest

from engine import Match
from engine.actions import Play
from engine.ai.games import game_ai
from engine.ai.hints import hint
from engine.ai.knowledge import Knowledge
from engine.ai.review import ReviewBudget
from engine.variants.fives import FivesFamily, count
from tests.engine.test_fives_ai import positions

SMALL = ReviewBudget(worlds=12, cpu_ms=60_000)
FIVES = {"reaches_target", "scores_count", "leaves_no_count", "leaves_least"}


def best_score_of(match: Match, seat: int) -> int:
    """The most `seat` can score now with the tiles it really holds (its placements only)."""
    hand = match.hand
    assert hand is not None
    variant = match.variant
    assert isinstance(variant, FivesFamily)
    best = 0
    for tile in hand.hands[seat]:
        for arm, shows in variant.placements(hand.layout, tile):
            table = hand.layout.copy()
            table.lay(tile, arm.id, shows)
            best = max(best, variant.placement_points(count(table)))
    return best


@pytest.mark.parametrize("game", ["all-fives", "fives-threes"])
def test_a_fives_reason_is_true_of_the_placement_it_explains(game: str) -> None:
    told: set[str] = set()
    for match in positions(game, 2, 60):
        hand = match.hand
        assert hand is not None
        seat = hand.turn
        view = match.view_for(seat)
        knowledge = Knowledge.of(view)
        ai = game_ai(match.variant)
        for action in view.legal:
            found = ai.features(view, knowledge, action)
            reasons = {reason.key: reason.numbers for reason in found}
            if not isinstance(action, Play) or not reasons.keys() & FIVES:
                continue
            told |= reasons.keys() & FIVES
            before = list(match.scores)
            unit = match.unit_of(seat)
            trial = copy.deepcopy(match)
            trial.apply(action)
            gained = trial.scores[unit] - before[unit]
            if "scores_count" in reasons:
                assert gained == reasons["scores_count"]["points"] > 0
            if "reaches_target" in reasons:
                assert trial.over and seat in trial.winners
            following = trial.hand
            if following is None or following.over or following.turn == seat:
                continue
            reply = best_score_of(trial, following.turn)
            if "leaves_no_count" in reasons:
                assert reply == 0
            if "leaves_least" in reasons:
                assert reply <= int(reasons["leaves_least"]["points"])
    assert {"scores_count", "leaves_no_count"} <= told


def test_the_hint_in_all_fives_says_what_the_placement_scores_or_leaves() -> None:
    keys: list[str] = []
    for match in positions("all-fives", 2, 24):
        hand = match.hand
        assert hand is not None
        view = match.view_for(hand.turn)
        given = hint(view, SMALL)
        assert given.action in view.legal
        keys.append(given.reason.key)
    assert set(keys) & FIVES, keys
