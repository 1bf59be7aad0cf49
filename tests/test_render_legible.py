"""Pictures a player can read on a phone: Discord shows an attached picture about 380 pixels wide,
so every pip and every word of a board must stay legible when the 800 pixel picture is shrunk to
that width (render/sprites.py states the pip minimum, render/board.py the type minimum)."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from PIL import Image

from cogs.lang import words
from cogs.lang.catalogues import LANGUAGES
from engine import Draw, Match
from engine.errors import BadOption
from engine.layout import Layout, Shape
from engine.puzzles import new_game
from engine.puzzles.dominosa_game import DominosaGame
from engine.tiles import domino_set
from engine.variants import all_variants
from engine.view import SeatView
from render.board import MIN_TEXT_ON_PHONE, WIDTH, board_image, board_png, plan_board
from render.hand import hand_image
from render.puzzles import dominosa_image, quadrille_image
from render.sheet import match_winners, pips_left, score_sheet_image
from render.sprites import (
    MIN_PIP_ON_PHONE,
    PHONE_WIDTH,
    min_cell,
    set_top,
    smallest_pip,
    tile_sprite,
)
from render.text import TextBox, recording
from render.theme import DARK, LIGHT, Theme, coloured
from render.wording import ENGLISH, Wording
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


# -- the floor: every text of every picture, in every language and both themes -------------------


def _luminance(colour: tuple[int, int, int]) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(value) for value in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


#: WCAG AA for text.
MIN_CONTRAST = 4.5


def _pictures() -> list[tuple[str, Callable[[str, Wording], Image.Image]]]:
    """Every kind of picture of every game: boards of every layout and hands along random hands
    of every table game, score sheets (teams and game-room tables among them), both puzzles."""
    from tests.test_render_overlap import VIEWS

    pictures: list[tuple[str, Callable[[str, Wording], Image.Image]]] = []
    for index, (game, view) in enumerate(VIEWS):
        names = NAMES[: view.players]

        def board(theme: str, wording: Wording, view: SeatView = view) -> Image.Image:
            return board_image(view, names=NAMES[: view.players], theme=theme, wording=wording)

        def hand(theme: str, wording: Wording, view: SeatView = view) -> Image.Image:
            return hand_image(view, theme=theme, wording=wording)

        pictures += [(f"{game} board {index}", board), (f"{game} hand {index}", hand)]
        if view.results:

            def sheet(
                theme: str, wording: Wording, view: SeatView = view, names: list[str] = names
            ) -> Image.Image:
                return score_sheet_image(view, names=names, theme=theme, wording=wording)

            pictures.append((f"{game} score sheet {index}", sheet))
    for top in (3, 6, 9):
        game = new_game("dominosa", {"set": top}, seed=top)
        assert isinstance(game, DominosaGame)
        hint = game.hint()
        game.place(*hint.placement)

        def grid(
            theme: str, wording: Wording, game: DominosaGame = game, ringed: object = hint.placement
        ) -> Image.Image:
            return dominosa_image(
                game.grid, game.placements, theme=theme, highlight=ringed, wording=wording
            )

        pictures.append((f"dominosa double-{top}", grid))
    figure = ("aabbccdd", "aabbccdd", ".eeffgg.", ".eeffgg.")
    placed = [((0, 0), 3, (0, 1), 3), ((0, 2), 5, (1, 2), 4)]
    pictures.append(
        (
            "quadrille",
            lambda theme, wording: quadrille_image(figure, placed, theme=theme, wording=wording),
        )
    )
    return pictures


PICTURES = _pictures()
LANGUAGES_WORDINGS = [
    ENGLISH if language == "en" else words(language).wording() for language in LANGUAGES
]


def _drawn(
    draw: Callable[[str, Wording], Image.Image], theme: str, wording: Wording
) -> tuple[Image.Image, list[TextBox]]:
    with recording() as boxes:
        image = draw(theme, wording)
    return image, boxes


@pytest.mark.parametrize(
    "kind",
    ["board", "score sheet", "dominosa", "quadrille", "hand"],
)
@pytest.mark.parametrize("wording", LANGUAGES_WORDINGS, ids=lambda wording: wording.language)
def test_every_text_of_every_picture_is_at_least_the_floor_on_a_phone(
    wording: Wording, kind: str
) -> None:
    """11 px type when the picture is shown 380 px wide (the font's size, its em, as CSS says
    "11px": a picture wider than a phone shrinks, its type with it)."""
    small = []
    for name, draw in [(name, draw) for name, draw in PICTURES if kind in name]:
        image, boxes = _drawn(draw, "light", wording)
        shrink = min(1.0, PHONE_WIDTH / image.width)
        small += [
            f"{name}: {box.text!r} {box.size * shrink:.1f} px"
            for box in boxes
            if box.size * shrink < max(11, MIN_TEXT_ON_PHONE)
        ]
    assert not small, "\n".join(small[:40])
    assert MIN_TEXT_ON_PHONE >= 11


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("wording", LANGUAGES_WORDINGS[:2], ids=lambda wording: wording.language)
def test_every_text_of_every_picture_meets_wcag_aa_contrast(theme: str, wording: Wording) -> None:
    faint = []
    for name, draw in PICTURES:
        _, boxes = _drawn(draw, theme, wording)
        assert all(box.colour is not None and box.ground is not None for box in boxes), name
        faint += [
            f"{name}: {box.text!r} {box.colour} on {box.ground}: {ratio:.2f}"
            for box in boxes
            if box.colour is not None and box.ground is not None
            and (ratio := contrast(box.colour, box.ground)) < MIN_CONTRAST
        ]  # fmt: skip
    assert not faint, "\n".join(faint[:20])


def test_the_teams_score_sheet_cuts_no_name_and_no_cell() -> None:
    """Five teams of two on a game-room table: every partner's name and every seat's pips left
    are shown whole (the layout wraps them; it never cuts a word)."""
    match = Match("gameroom", 10, {"set": 12, "teams": 5}, seed=3)
    rng = random.Random(3)
    for _ in range(2):
        hand = match.start_hand()
        while not hand.over:
            match.apply(rng.choice(hand.legal_actions()))
    view = match.view_for(0)
    for wording in LANGUAGES_WORDINGS:
        with recording() as boxes:
            score_sheet_image(view, names=NAMES, wording=wording)
        cut = [box.text for box in boxes if box.text.endswith("…")]
        assert not cut, f"{wording.language}: {cut}"
        texts = " ".join(box.text for box in boxes)
        assert all(name in texts for name in NAMES), wording.language


# -- the big sets' numbers without colour ----------------------------------------------------------


def _ink(number: int, theme: Theme, cell: int) -> set[int]:
    """The pixels of an upright `number`-`number` tile's top half (its edge left out) that show
    ink in greyscale: what a colour-blind eye, or a printout, gets of the half."""
    sprite = tile_sprite(number, number, cell, 90, coloured(theme))
    ground = Image.new("RGBA", sprite.size, (*theme.face, 255))
    ground.alpha_composite(sprite)
    grey = ground.convert("L").crop((cell // 6, cell // 6, cell - cell // 6, cell - cell // 6))
    face = Image.new("RGB", (1, 1), theme.face).convert("L").getpixel((0, 0))
    assert isinstance(face, int)
    return {index for index, value in enumerate(grey.getdata()) if abs(value - face) > 60}


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_ten_eleven_and_twelve_differ_in_greyscale(theme: Theme) -> None:
    """Their pips share a frame of eight (only colour told them apart): the halves from 10 up
    must differ in shape, at most 70 % of their ink in common, on the smallest tiles a
    double-twelve board draws and on large ones."""
    for cell in (min_cell(12, picture_width=WIDTH), 44):
        for a, b in ((10, 11), (11, 12), (10, 12)):
            first, second = _ink(a, theme, cell), _ink(b, theme, cell)
            shared = len(first & second) / len(first | second)
            assert shared <= 0.7, f"{a} and {b} at {cell} px share {shared:.0%} of their ink"


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_no_playable_number_looks_dimmed(theme: Theme) -> None:
    """Grey pips are the look of a tile that cannot be played: every number's colour on a big
    set stands off the dimmed pips' grey, and off the tile's face (WCAG's 3:1 for shapes)."""
    big = coloured(theme)
    for number in range(1, 13):
        colour = big.pip_of(number)
        distance = sum((x - y) ** 2 for x, y in zip(colour, theme.pip_dim, strict=True)) ** 0.5
        assert distance >= 80, f"{number}'s pips {colour} look dimmed ({theme.pip_dim})"
        assert contrast(colour, theme.face) >= 3, f"{number}'s pips {colour} fade on the face"


# -- a steady board ---------------------------------------------------------------------------


STEADY: list[tuple[str, dict[str, object]]] = [
    (game, {}) for game in ("partnership", "cross", "cross-nine", "cyprus", "maltese", "sum",
                            "pairs", "french", "sebastopol")
] + [("gameroom", {"set": 12})]  # fmt: skip


@pytest.mark.parametrize(("game", "options"), STEADY, ids=[game for game, _ in STEADY])
def test_the_board_keeps_its_size_through_a_hand(game: str, options: dict[str, object]) -> None:
    """Editing the board message must not move its buttons: over whole random hands of every
    layout family (line, cross, star, rows, the French stack), at most two picture sizes a hand
    (the one step to a taller table a long big-set hand may take)."""
    for seed in range(2):
        match = _largest_table(game, options, seed)
        rng = random.Random(seed)
        hand = match.start_hand()
        sizes = set()
        while not hand.over:
            match.apply(rng.choice(hand.legal_actions()))
            view = match.view_for(0)
            sizes.add(board_image(view, names=NAMES[: view.players]).size)
        assert len(sizes) <= 2, f"{game} seed {seed}: {sorted(sizes)}"


#: WCAG AAA for text: the floor's type, shrunk to a phone, needs more than AA to keep its strokes.
SCORE_CONTRAST = 7.0


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("game", ["all-fives", "fives-threes"])
def test_a_four_seat_fives_card_shows_its_score_whole_and_dark_enough_for_a_phone(
    game: str, theme: str
) -> None:
    """The running score is what a fives player reads on the seat cards: on four cards across
    an 800 pixel board shown 380 wide, it keeps its word ("145 pts") in every language where it
    fits, drawn in a contrast the floor's type keeps its thin strokes in."""
    match = Match(game, 4, seed="cards")
    hand = match.start_hand()
    match.apply(hand.legal_actions()[0])
    match.scores[:] = [145, 150, 245, 95]
    view = match.view_for(0)
    for wording in LANGUAGES_WORDINGS:
        with recording() as boxes:
            board_image(view, names=NAMES[:4], theme=theme, wording=wording)
        for score in match.scores:
            words_ = wording.plural(wording.board_score, score, score=score)
            shown = [box for box in boxes if box.text in (words_, wording.number(score))]
            assert len(shown) == 1, (wording.language, score, [box.text for box in boxes])
            box = shown[0]
            assert box.colour is not None and box.ground is not None
            assert contrast(box.colour, box.ground) >= SCORE_CONTRAST, (wording.language, box)
        if wording.language in ("en", "de", "pl", "pt"):  # "pts", "Pkt.", "pkt", "pts": room
            assert [box for box in boxes if box.text.endswith(wording.board_score[1][-4:])]
