"""The AI plays the Latin partnership scorings (RULES.md §4.1) at every level: each preset, a
match of hands won and double-nine with a doubling capicúa, whole hands with every seat an AI,
every choice legal. Games with bonuses are searched on the rich engine (the fast path keeps no
last tile or passes), so their judge sees capicúa, chuchazo and pass bonuses."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import Match
from engine.ai import choose_action
from engine.fast import supports

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("latin", {}),
    ("dominican", {}),
    ("puerto-rico", {}),
    ("pr-500", {}),
    ("cuban", {}),
    ("partnership", {"wins": 3, "tranque-tie": "none"}),
    ("partnership", {"set": 9, "scoring": "all", "capicua": "x2", "pase": 5}),
]


@pytest.mark.parametrize(("variant", "options"), GAMES, ids=[game[0] for game in GAMES])
def test_every_level_plays_a_whole_hand_legally(variant: str, options: dict[str, Any]) -> None:
    match = Match(variant, 4, options, seed=f"ai-{variant}")
    hand = match.start_hand()
    levels = ("easy", "hard", "expert", "easy")
    rng = random.Random(7)
    while not hand.over:
        view = match.view_for(hand.turn)
        action = choose_action(view, levels[hand.turn], rng, worlds=12)
        assert action in view.legal
        match.apply(action)
    assert match.results[-1].winners


def test_bonuses_send_the_search_to_the_rich_engine_and_plain_scorings_keep_the_fast_path() -> None:
    assert not supports(Match("dominican", 4).variant)
    assert not supports(Match("pr-500", 4).variant)
    assert supports(Match("latin", 4).variant)
    assert supports(Match("cuban", 4).variant)
    assert supports(Match("partnership", 4).variant)
