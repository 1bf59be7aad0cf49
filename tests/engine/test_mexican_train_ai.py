"""The Mexican Train AI: `easy`'s rules of thumb on small positions, and every level playing
rounds to their end through its views only."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import Match, Tile
from engine.ai import LEVELS, choose_action
from engine.ai.games.mexican_train.easy import longest_chain
from engine.variants.mexican_train import MexicanTrain, TrainPlay


def start(hands: list[str], boneyard: str = "", options: dict[str, Any] | None = None) -> Match:
    given = {"tiles": len(hands[0].split()), **(options or {})}
    match = Match(MexicanTrain(len(hands), given), seed=1)
    deal = [[Tile.parse(tile) for tile in hand.split()] for hand in hands]
    match.start_hand(deal, [Tile.parse(tile) for tile in boneyard.split()], 0)
    return match


def easy(match: Match) -> TrainPlay:
    assert match.hand is not None
    action = choose_action(match.view_for(match.hand.turn), "easy", random.Random(0))
    assert isinstance(action, TrainPlay)
    return action


def test_the_longest_chain_runs_through_doubles() -> None:
    tiles = [Tile.parse(text) for text in ["12-5", "5-5", "5-3", "3-1", "9-9", "12-8"]]
    assert [str(tile) for tile in longest_chain(12, tiles)] == ["12-5", "5-5", "5-3", "3-1"]


def test_easy_keeps_its_own_train_waiting_and_starts_the_mexican_train() -> None:
    # 12-5 leads a chain of four that only the own train will take (nobody else may use it
    # while it is closed); 12-8, off the chain, starts the Mexican train while it still can.
    match = start(["12-8 12-5 5-5 5-3 3-1", "12-4 4-3 9-9 8-8 7-7"])
    action = easy(match)
    assert (action.tile, action.train) == (Tile(12, 8), "mexican")


def test_easy_sheds_on_the_mexican_train_rather_than_feed_an_open_train() -> None:
    # The second player passes and opens its train; 12-11, off the first player's chain, goes
    # on the Mexican train, not on the stuck player's train, where a new end may be theirs.
    match = start(["12-5 5-3 3-1 12-11 9-9", "4-3 8-8 7-7 6-6 2-1"], "6-1 0-0")
    match.apply(TrainPlay(0, Tile(12, 5), None, 0))
    hand = match.hand
    assert hand is not None
    while hand.turn == 1:
        match.apply(hand.legal_actions()[0])
    action = easy(match)
    assert action.train == "mexican"


def test_easy_sheds_a_tile_off_its_chain_on_the_mexican_train() -> None:
    match = start(["12-5 5-3 3-1 12-11 9-9", "12-4 4-3 8-8 7-7 6-6"])
    match.apply(TrainPlay(0, Tile(12, 5), None, 0))
    match.apply(TrainPlay(1, Tile(12, 4), None, 1))
    action = easy(match)  # 5-3 goes on with the chain; 12-11 (off it) is heavier and shed
    assert (action.tile, action.train) == (Tile(12, 11), "mexican")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_round_to_its_end(level: str) -> None:
    match = Match(MexicanTrain(3, {"set": 9, "hands": 1, "opening": "run"}), seed=f"ai:{level}")
    hand = match.start_hand()
    rng = random.Random(level)
    while not hand.over:
        view = match.view_for(hand.turn)
        action = choose_action(view, level, rng, worlds=8)
        assert action in view.legal
        match.apply(action)
    assert match.over
