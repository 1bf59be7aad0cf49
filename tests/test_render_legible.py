"""Pictures a player can read on a phone: Discord shows an attached picture about 380 pixels wide,
so every pip and every word of a board must stay legible when the 800 pixel picture is shrunk to
that width (render/sprites.py states the pip minimum, render/board.py the type minimum)."""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest
from PIL import Image

from engine import Draw, Match
from engine.errors import BadOption
from engine.layout import Layout, Shape
from engine.tiles import domino_set
from engine.variants import all_variants
from engine.view import SeatView
from render.board import MIN_TEXT_ON_PHONE, WIDTH, board_image, board_png, plan_board
from render.hand import hand_image
from render.sheet import match_winners, pips_left, score_sheet_image
from render.sprites import MIN_PIP_ON_PHONE, PHONE_WIDTH, set_top, smallest_pip
from render.text import recording
from render.theme import LIGHT, coloured
from render.wording import ENGLISH
from tests.render_positions import full_line, view_of

SHRINK = PHONE_WIDTH / WIDTH
NAMES = ["Ana", "Bruno", "Carla", "Dario", "Ema", "Filip", "Gosia", "Hugo", "Iga", "Jan"]


def _largest_table(game: str, options: dict[str, object], seed: int) -> Match:
    counts = next(variant.player_counts for variant in all_variants() if variant.id == game)
    for players in sorted(counts, reverse=True):
        try:
            return Match(game, players, options, seed=seed)
        except BadOption:
            continue
    raise AssertionError(f"{game} takes no players with {options}")


def _fullest_view(game: str, options: dict[str, object], seeds: range) -> SeatView:
    """The view with the most tiles on the table over a few random hands of the largest table:
    the biggest picture a table of this game realistically draws."""
    fullest: SeatView | None = None
    for seed in seeds:
        match = _largest_table(game, options, seed)
        rng = random.Random(seed)
        hand = match.start_hand()
        while not hand.over:
            match.apply(rng.choice(hand.legal_actions()))
            view = match.view_for(0)
            if fullest is None or len(view.layout.placements) > len(fullest.layout.placements):
                fullest = view
    assert fullest is not None
    return fullest


TABLES = [(variant.id, {}) for variant in all_variants()]
TABLES += [
    ("gameroom", {"set": 9}),
    ("gameroom", {"set": 12}),
    ("gameroom", {"set": 12, "teams": 5}),
]
LARGEST = {
    f"{game} {options}" if options else game: _fullest_view(game, options, range(3))
    for game, options in TABLES
}
LARGEST |= {
    "whole double-six set in a line": view_of(full_line(6), players=4),
    "whole double-nine set in a line": view_of(full_line(9), variant="gameroom", players=4),
    "whole double-twelve set in a line": view_of(full_line(12), variant="gameroom", players=4),
}


@pytest.mark.parametrize("name", LARGEST)
def test_every_pip_of_the_largest_boards_shows_on_a_phone(name: str) -> None:
    view = LARGEST[name]
    plan = plan_board(view)
    pip = smallest_pip(plan.cell, set_top(view)) * SHRINK
    assert pip >= MIN_PIP_ON_PHONE, f"{name}: {pip:.2f} px pips at {PHONE_WIDTH} px ({plan.cell})"


def _colours(view: SeatView) -> set[tuple[int, int, int]]:
    """The colours of the board as sent (the PNG maps every pixel to the theme's palette)."""
    image = Image.open(io.BytesIO(board_png(view, names=NAMES[: view.players]))).convert("RGB")
    return {colour for _, colour in image.getcolors(1 << 20) or []}


def test_big_sets_colour_their_pips_by_number_and_double_six_sets_do_not() -> None:
    pips = set(coloured(LIGHT).pip_colours[1:]) - {LIGHT.pip}
    assert len(pips) == 11  # 9 keeps the plain pip colour
    assert pips <= _colours(LARGEST["whole double-twelve set in a line"])
    assert not pips & _colours(LARGEST["whole double-six set in a line"])


@pytest.mark.parametrize(
    "name", ["gameroom {'set': 12, 'teams': 5}", "cyprus", "partnership", "traditional"]
)
def test_seat_cards_and_footer_are_in_type_a_phone_shows(name: str) -> None:
    view = LARGEST[name]
    plan = plan_board(view)
    with recording() as boxes:
        board_image(view, names=NAMES[: view.players])
    table_bottom = plan.header + plan.table_height
    around = [box for box in boxes if box.box[3] <= plan.header or box.box[1] >= table_bottom]
    assert len(around) >= view.players + 1  # a name a seat and the footer at least
    small = [(box.text, box.size) for box in around if box.size * SHRINK < MIN_TEXT_ON_PHONE]
    assert not small


def test_a_team_game_card_says_the_score_without_a_team_label() -> None:
    view = LARGEST["gameroom {'set': 12, 'teams': 5}"]
    with recording() as boxes:
        board_image(view, names=NAMES[: view.players])
    assert not [box.text for box in boxes if "team" in box.text]
    assert any(box.text.endswith("pts") for box in boxes)


def _long_match() -> SeatView:
    match = Match("partnership", 4, seed=5)
    rng = random.Random(5)
    while not match.over:
        hand = match.start_hand()
        while not hand.over:
            match.apply(rng.choice(hand.legal_actions()))
    return match.view_for(0)


def test_the_score_sheet_is_in_type_a_phone_shows() -> None:
    view = _long_match()
    with recording() as boxes:
        score_sheet_image(view, names=NAMES[:4])
    assert not [(box.text, box.size) for box in boxes if box.size * SHRINK < MIN_TEXT_ON_PHONE]


def test_the_score_sheet_counts_the_pips_left_instead_of_drawing_tiny_tiles() -> None:
    view = _long_match()
    with recording() as boxes:
        image = score_sheet_image(view, names=NAMES[:4])
    texts = [box.text for box in boxes]
    for result in view.results:
        for unit in view.units:
            counts = [
                "out" if not result.outcome.hands[seat] and result.outcome.went_out == seat
                else str(pips_left(result.outcome.hands[seat]))
                for seat in unit
            ]  # fmt: skip
            assert " · ".join(counts) in texts
    assert LIGHT.pip_dim not in {colour for _, colour in image.getcolors(1 << 16) or []}


def test_a_unit_whose_score_did_not_change_shows_a_dash_not_plus_zero() -> None:
    view = _long_match()
    assert any(0 in result.points for result in view.results)
    with recording() as boxes:
        score_sheet_image(view, names=NAMES[:4])
    texts = [box.text for box in boxes]
    assert "–" in texts and not [text for text in texts if text in ("+0", "0 ")]
    assert not [text for text in texts if text.startswith("+0")]


def test_a_match_the_engine_ends_without_a_winner_is_a_draw_not_everyone_winning() -> None:
    view = _long_match()
    level = replace(view, scores=(40, 40), winners=())
    assert match_winners(level) == ()
    with recording() as boxes:
        score_sheet_image(level, names=NAMES[:4])
    assert ENGLISH.outcome_match_drawn in [box.text for box in boxes]


@pytest.mark.parametrize("count", [7, 10, 16])
def test_a_big_hand_is_in_type_a_phone_shows(count: int) -> None:
    """A hand of many tiles (a draw game's after a few draws) wraps into rows rather than grow
    wide: Discord shrinks a picture wider than a phone, and its labels with it."""
    hand = list(domino_set(12))[-count:]
    view = view_of(Layout(Shape.LINE), variant="gameroom", hand=hand, legal=(Draw(0),))
    with recording() as boxes:
        image = hand_image(view)
    shrink = min(1.0, PHONE_WIDTH / image.width)
    assert not [(box.text, box.size) for box in boxes if box.size * shrink < MIN_TEXT_ON_PHONE]


def test_a_long_status_takes_a_footer_line_of_its_own_rather_than_being_cut() -> None:
    status = "a tile needs the doubles of both its numbers on the table first"
    view = replace(LARGEST["maltese"], status=status)
    with recording() as boxes:
        image = board_image(view, names=NAMES[: view.players])
    texts = [box.text for box in boxes]
    assert status in texts
    assert not [text for text in texts if text.endswith("…")]
    assert image.height == plan_board(view, footer_lines=2).height
