"""Alt text of the hand, the score sheet, the puzzles and the rating chart (render/alt.py), in
English and in the real Spanish and Polish catalogues."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cogs.lang import words
from engine import Match, Tile
from engine.rules import HandOutcome, HandResult
from engine.view import SeatView
from render.alt import (
    describe_chart,
    describe_dominosa,
    describe_hand,
    describe_quadrille,
    describe_sheet,
)

NAMES = ["Ana", "Bruno"]
QUADRILLE = ("aabb", "aabb")  # two squares: 8 cells, 4 tiles


def _dealt(seed: int = 1) -> SeatView:
    match = Match("classic", 2, seed=seed)
    match.start_hand()
    return match.view_for(0)


def _after_one_hand() -> SeatView:
    """Ana went out in the first hand and took 12 points; the match goes on."""
    outcome = HandOutcome("domino", 0, 0, 0, ((), (Tile(6, 6),)), (True, True))
    result = HandResult(0, outcome, (0,), (12, 0), (12, 0))  # the engine counts from 0
    return replace(_dealt(), results=(result,), scores=(12, 0), turn=None)


def _with_hand(view: SeatView, tiles: list[Tile], *, turn: int) -> SeatView:
    return replace(view, hand=tuple(tiles), turn=turn, legal=(), over=False)


def test_a_hand_lists_its_tiles_and_says_it_is_your_turn() -> None:
    view = _with_hand(_dealt(), [Tile(6, 6), Tile(6, 4), Tile(2, 1)], turn=0)
    assert describe_hand(view, names=NAMES) == "Your tiles: 6-6, 6-4, 2-1 (3 tiles). Your turn."


def test_a_hand_of_one_tile_names_whose_turn_it_is() -> None:
    view = _with_hand(_dealt(), [Tile(5, 3)], turn=1)
    assert describe_hand(view, names=NAMES) == "Your tiles: 5-3 (1 tile). Bruno to play."
    assert describe_hand(view) == "Your tiles: 5-3 (1 tile). Not your turn yet."


def test_an_empty_hand_says_so() -> None:
    view = replace(_dealt(), hand=(), turn=None)
    assert describe_hand(view) == "You have no tiles. The hand is over."


def test_a_hand_in_polish_takes_the_plural_form_of_its_count() -> None:
    polish = words("pl").wording()
    dealt = _dealt()
    two = describe_hand(_with_hand(dealt, [Tile(6, 6), Tile(1, 0)], turn=0), wording=polish)
    five = describe_hand(_with_hand(dealt, [Tile(n, 0) for n in range(5)], turn=0), wording=polish)
    assert two == "Twoje kamienie: 6-6, 1-0 (2 kamienie). Twój ruch."
    assert five.startswith("Twoje kamienie: 0-0, 1-0, 2-0, 3-0, 4-0 (5 kamieni).")


def test_the_score_sheet_tells_the_hands_end_its_winner_and_the_points_that_changed() -> None:
    text = describe_sheet(_after_one_hand(), names=NAMES)
    assert text == (  # Bruno scored nothing: not listed
        "Classic: score sheet. Hand 1: Ana went out and won it. "
        "Points: Ana +12 this hand, 12 in all."
    )


def test_a_finished_match_names_its_winner() -> None:
    rng = random.Random(3)
    match = Match("classic", 2, seed=3)
    while not match.over:
        hand = match.start_hand()
        while not hand.over:
            match.apply(rng.choice(hand.legal_actions()))
    view = match.view_for(1)
    text = describe_sheet(view, names=NAMES)
    winner = NAMES[match.winners[0]]
    assert text.endswith(f"{winner} won the match.")
    assert f"Hand {len(view.results)}" in text


def test_a_score_sheet_before_any_hand_ends() -> None:
    text = describe_sheet(_dealt(), names=NAMES)
    assert text == "Classic: score sheet. No hand finished yet."


def test_the_score_sheet_in_spanish() -> None:
    es = words("es")
    text = describe_sheet(_after_one_hand(), names=NAMES, wording=es.wording())
    game = es.game_name("classic")
    assert text.startswith(f"{es('{game}: score sheet', game=game)}. Mano 1: ")
    assert "Ana +12 en esta mano, 12 en total" in text
    assert "score sheet" not in text and "this hand" not in text


def test_puzzles_say_their_size_and_how_many_tiles_are_placed() -> None:
    grid = [[0, 0, 1], [1, 0, 1]]  # a double-1 Dominosa: 3 tiles
    assert describe_dominosa(grid, 1, size=1) == ("Dominosa puzzle, double-1: 1 of 3 tiles placed.")
    assert describe_quadrille(QUADRILLE, 0) == (
        "Quadrille puzzle, 2 by 4 cells: 0 of 4 tiles placed."
    )


def test_puzzles_in_spanish() -> None:
    spanish = words("es").wording()
    assert describe_quadrille(QUADRILLE, 2, wording=spanish) == (
        "Rompecabezas Cuadrillas, 2 por 4 casillas: 2 de 4 fichas colocadas."
    )


def test_the_rating_chart_gives_the_first_and_last_rating_and_the_matches() -> None:
    assert describe_chart([1500.0, 1512.4, 1488.6], name="Ana") == (
        "Rating chart of Ana: 1,500 after the first rated match, 1,489 after the last; 3 matches."
    )
    assert describe_chart([1500.0], name="Ana").endswith("; 1 match.")
    with pytest.raises(ValueError):
        describe_chart([], name="Ana")


def test_the_rating_chart_in_german_writes_numbers_the_german_way() -> None:
    german = words("de").wording()
    text = describe_chart([1500.0, 1520.0], name="Ana", wording=german)
    assert text == (
        "Wertungsverlauf von Ana: 1.500 nach der ersten gewerteten Partie, 1.520 nach der "
        "letzten; 2 Partien."
    )
