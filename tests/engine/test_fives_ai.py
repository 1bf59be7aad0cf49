"""The AI of the fives games: `easy` counts the ends, takes scoring counts and blocks the next
opponent's; every level plays legal moves; a sampled world starts from the running scores."""

from __future__ import annotations

import random

import pytest

from engine import Match
from engine.actions import Play
from engine.ai import choose_action
from engine.ai.games.fives.easy import after, danger
from engine.ai.knowledge import Knowledge
from engine.ai.sampling import build_world, sample_hidden
from engine.tiles import Tile
from engine.variants.fives import FivesFamily, count
from engine.view import SeatView

T = Tile.parse


def positions(game: str, players: int, number: int) -> list[Match]:
    """Matches stopped at random points of play, with a seat to place a tile."""
    rng = random.Random(game)
    found: list[Match] = []
    for index in range(number):
        match = Match(game, players, seed=f"ai-{index}")
        hand = match.start_hand()
        for _ in range(rng.randrange(0, 8)):
            if hand.over:
                break
            match.apply(rng.choice(hand.legal_actions()))
        if not hand.over and sum(isinstance(a, Play) for a in hand.legal_actions()) > 1:
            found.append(match)
    return found


@pytest.mark.parametrize("game", ["all-fives", "fives-threes"])
def test_easy_gives_up_points_now_only_to_leave_the_opponent_less(game: str) -> None:
    checked = 0

    def now(variant: FivesFamily, view: SeatView, play: Play) -> int:
        return variant.placement_points(count(after(variant, view.layout, play)))

    def risk(variant: FivesFamily, view: SeatView, knowledge: Knowledge, play: Play) -> float:
        return danger(view, knowledge, after(variant, view.layout, play))

    for match in positions(game, 2, 80):
        hand = match.hand
        assert hand is not None
        view = match.view_for(hand.turn)
        knowledge = Knowledge.of(view)
        variant = knowledge.variant
        assert isinstance(variant, FivesFamily)

        plays = [action for action in view.legal if isinstance(action, Play)]
        chosen = choose_action(view, "easy", random.Random(1))
        assert isinstance(chosen, Play)
        best_now = max(now(variant, view, play) for play in plays)
        if now(variant, view, chosen) < best_now:
            mine = risk(variant, view, knowledge, chosen)
            assert any(
                mine < risk(variant, view, knowledge, play)
                for play in plays
                if now(variant, view, play) == best_now
            )
        checked += 1
    assert checked > 30


def test_easy_takes_the_scoring_lead() -> None:
    match = Match("all-fives", 2, {"deal": "7-5-5"}, seed=1)
    deal = [
        [T(t) for t in ["5-5", "1-2", "0-0", "6-1", "3-1", "4-0", "2-0"]],
        [T(t) for t in ["6-6", "1-1", "2-2", "3-3", "4-4", "6-2", "6-3"]],
    ]
    match.start_hand(deal, leader=0)
    assert choose_action(match.view_for(0), "easy", random.Random(1)) == Play(0, T("5-5"))


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_search_levels_play_legal_moves(level: str) -> None:
    for match in positions("fives-threes", 4, 3):
        hand = match.hand
        assert hand is not None
        view = match.view_for(hand.turn)
        assert choose_action(view, level, random.Random(2), worlds=4) in view.legal


def test_a_sampled_world_starts_from_the_running_scores() -> None:
    match = Match("all-fives", 2, seed="restore")
    match.scores[:] = [40, 55]
    hand = match.start_hand()
    rng = random.Random(3)
    while not any(hand.scored) and not hand.over:
        match.apply(rng.choice(hand.legal_actions()))
    assert not hand.over
    view = match.view_for(hand.turn)
    knowledge = Knowledge.of(view)
    hands, stock = sample_hidden(knowledge, rng)
    world = build_world(view, knowledge, hands, stock)
    assert world.base_scores == (40, 55)
    assert world.scored == hand.scored
