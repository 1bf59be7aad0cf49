"""The board picture, checked by structure: every tile on the table drawn once, inside the frame,
none over another (except where the French stack lays a tile on the half it matches), the open
ends tagged with their ids, the last move marked; on positions of every layout family, the
longest possible games included."""

from __future__ import annotations

import io
import itertools
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from engine import Match, Tile
from engine.layout import Layout, Shape
from engine.view import SeatView
from render import board_png
from render.band import band_height
from render.board import BoardPlan, board_image, plan_board, tag_centres, tag_texts
from render.marks import covers, tag_size
from render.spots import overlap
from render.sprites import min_cell
from render.text import recording
from render.theme import LIGHT
from tests.render_positions import full_line, grown, row_layout, view_of

NAMES4 = ["Ana", "Bruno", "Carla", "Dario"]


def _positions() -> dict[str, SeatView]:
    french = grown(Shape.LINE, 6, 3)
    return {
        "line-start": view_of(grown(Shape.LINE, 6, 1)),
        "full-double-six": view_of(full_line(6)),
        "full-double-six-one-arm": view_of(full_line(6, east_share=1.0)),
        "full-double-twelve": view_of(full_line(12)),
        "full-double-twelve-lopsided": view_of(full_line(12, east_share=0.85)),
        "spinner": view_of(grown(Shape.SPINNER, 6, 2), variant="cross"),
        "spinner-nine": view_of(grown(Shape.SPINNER, 9, 5), variant="cross"),
        "opened-doubles": view_of(
            grown(Shape.SPINNER, 9, 7, opens=True, limit=28), variant="cross-nine"
        ),
        "star": view_of(grown(Shape.STAR, 9, 4), variant="cyprus"),
        "french": view_of(french, variant="french"),
        "sum": view_of(row_layout([Tile(6, 5), Tile(4, 4), Tile(3, 1), Tile(2, 0)]), total=29),
    }


POSITIONS = _positions()


def _name_list(view: SeatView) -> list[str]:
    return [f"Player {seat}" for seat in range(view.players)]


@pytest.mark.parametrize("name", POSITIONS)
def test_every_tile_on_the_table_is_drawn_exactly_once(name: str) -> None:
    view = POSITIONS[name]
    plan = plan_board(view)
    drawn = sorted(spot.tile.index for spot in plan.arrangement.spots)
    assert drawn == sorted(tile.index for tile in view.layout.tiles())


@pytest.mark.parametrize("name", POSITIONS)
def test_nothing_is_drawn_outside_the_frame(name: str) -> None:
    plan = plan_board(POSITIONS[name])
    for spot in plan.arrangement.spots:
        for x, y in plan.placer.polygon(spot):
            assert 0 <= x <= plan.width and plan.header <= y <= plan.header + plan.table_height
    for end in plan.arrangement.tags:
        x, y = plan.placer.point(end.x, end.y)
        assert 8 <= x <= plan.width - 8 and plan.header <= y <= plan.header + plan.table_height


def _overlapping(plan: BoardPlan) -> list[tuple[str, str]]:
    return [
        (f"{a.tile}@{a.arm}", f"{b.tile}@{b.arm}")
        for a, b in itertools.combinations(plan.arrangement.spots, 2)
        if overlap(a, b)
    ]


@pytest.mark.parametrize("name", [name for name in POSITIONS if name != "french"])
def test_no_two_tiles_overlap(name: str) -> None:
    assert _overlapping(plan_board(POSITIONS[name])) == []


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize(
    ("shape", "top", "opens"),
    [(Shape.LINE, 6, False), (Shape.LINE, 12, False), (Shape.SPINNER, 6, False),
     (Shape.SPINNER, 9, True), (Shape.LINE, 9, True), (Shape.STAR, 9, False)],
)  # fmt: skip
def test_grown_layouts_fit_without_overlaps(shape: Shape, top: int, opens: bool, seed: int) -> None:
    # Trees of doubles that open their sides grow to 36 tiles, a very long cross-nine hand (denser
    # trees can leave a branch no way through: see `geometry.best`).
    view = view_of(grown(shape, top, seed, opens=opens, limit=36 if opens else 99))
    plan = plan_board(view)
    assert len(plan.arrangement.spots) == len(view.layout.placements)
    assert _overlapping(plan) == []
    for spot in plan.arrangement.spots:
        assert all(0 <= x <= plan.width for x, _ in plan.placer.polygon(spot))


def test_french_stack_lays_each_tile_on_the_half_it_matches() -> None:
    view = POSITIONS["french"]
    plan = plan_board(view)
    by_order = {spot.order: spot for spot in plan.arrangement.spots}
    joined = {
        (a.order, b.order) for a, b in itertools.combinations(by_order.values(), 2) if overlap(a, b)
    }
    for arm in view.layout.open_arms():
        chain = [0] + [
            index
            for index, placement in enumerate(view.layout.placements)
            if placement.arm == arm.id
        ]
        for inner, outer in itertools.pairwise(chain):
            assert (min(inner, outer), max(inner, outer)) in joined
    # and nothing overlaps but neighbours in a chain
    arms = {spot.order: spot.arm for spot in plan.arrangement.spots}
    for a, b in joined:
        assert arms[a] == arms[b] or 0 in (a, b)
    # W tiles are drawn under the stack, E tiles on top
    west = [spot for spot in plan.arrangement.spots if spot.arm == "W"]
    east = [spot for spot in plan.arrangement.spots if spot.arm == "E"]
    assert all(spot.z < 0 for spot in west) and all(spot.z > 0 for spot in east)


def test_a_full_double_six_line_keeps_tiles_big() -> None:
    plan = plan_board(POSITIONS["full-double-six"])
    assert len(plan.arrangement.spots) == 28
    assert plan.cell >= 36  # a pip square of at least 36 px: 22 px at Discord's preview width


def test_a_full_double_twelve_line_fits_and_stays_legible() -> None:
    view = POSITIONS["full-double-twelve"]
    plan = plan_board(view)
    assert len(plan.arrangement.spots) == 91
    assert plan.cell >= min_cell(12, picture_width=plan.width)  # pips that show on a phone
    # the table grown down a little rather than shrunk (the ends band under it is no table)
    assert plan.height - band_height(view) <= 800


def test_doubles_lie_crosswise_in_a_line() -> None:
    plan = plan_board(POSITIONS["full-double-six"])
    for spot in plan.arrangement.spots:
        if spot.tile.is_double and abs(spot.y) < 0.01:  # on the lead's row
            assert spot.angle == 90


@pytest.mark.parametrize("name", [n for n in POSITIONS if n != "sum"])
def test_every_open_end_carries_a_tag_with_its_id(name: str) -> None:
    view = POSITIONS[name]
    plan = plan_board(view)
    assert sorted(tag.arm for tag in plan.arrangement.tags) == sorted(view.layout.arms)
    numbers = {arm.id: arm.number for arm in view.layout.open_arms()}
    assert all(tag.number == numbers[tag.arm] for tag in plan.arrangement.tags)


def _image(view: SeatView, **options: object) -> Image.Image:
    return board_image(view, names=_name_list(view), **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["full-double-six", "spinner", "star", "opened-doubles"])
def test_each_tile_is_painted_where_the_plan_puts_it(name: str) -> None:
    view = POSITIONS[name]
    image = _image(view)
    plan = plan_board(view)
    for spot in plan.arrangement.spots:
        x, y = plan.placer.point(spot.x, spot.y)
        assert image.getpixel((round(x), round(y))) != LIGHT.background


def test_the_last_move_is_ringed_in_the_last_move_colour() -> None:
    view = POSITIONS["full-double-six"]
    plan = plan_board(view)
    last = next(spot for spot in plan.arrangement.spots if spot.order == len(view.layout) - 1)
    left, top, right, bottom = plan.placer.box(last)
    window = (left - 12, top - 12, right + 12, bottom + 12)
    with_mark = _image(view).crop(window)
    without = _image(view, highlight_last=False).crop(window)
    assert LIGHT.last in {colour for _, colour in with_mark.getcolors(1 << 16) or []}
    assert LIGHT.last not in {colour for _, colour in without.getcolors(1 << 16) or []}


def test_board_png_is_a_palette_png_of_the_planned_size() -> None:
    view = POSITIONS["full-double-six"]
    data = board_png(view, names=_name_list(view), theme="dark")
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "P"
    assert image.size == (plan_board(view).width, plan_board(view).height)


def test_a_real_four_player_game_draws_seats_and_turn() -> None:
    match = Match("partnership", 4, seed=3)
    hand = match.start_hand()
    for _ in range(9):
        match.apply(hand.legal_actions()[0])
    data = board_png(match.view_for(0), names=NAMES4)
    assert data.startswith(b"\x89PNG")


def test_an_empty_table_draws_without_tiles() -> None:
    view = view_of(Layout(Shape.LINE))
    assert plan_board(view).arrangement.spots == []
    assert _image(view).size[0] == 800


def test_unknown_theme_and_wrong_names_are_refused() -> None:
    view = POSITIONS["spinner"]
    with pytest.raises(ValueError, match="no theme"):
        board_png(view, names=["a", "b"], theme="neon")
    with pytest.raises(ValueError, match="names lists 3 seats"):
        board_png(view, names=["a", "b", "c"])


def test_pictures_drawn_in_worker_threads_match_those_drawn_in_turn() -> None:
    views = [POSITIONS[name] for name in ("full-double-six", "spinner", "star", "french", "sum")]
    alone = [board_png(view, names=_name_list(view), theme="dark") for view in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        jobs = [
            pool.submit(board_png, view, names=_name_list(view), theme="dark") for view in views
        ]
        together = [job.result() for job in jobs]
    assert together == alone


@pytest.mark.parametrize("name", [n for n in POSITIONS if n != "sum"])
def test_tags_cover_no_tile_and_no_other_tag(name: str) -> None:
    plan = plan_board(POSITIONS[name])
    boxes = []
    for text, (x, y) in zip(tag_texts(plan), tag_centres(plan), strict=True):
        width, height = tag_size(text, plan.tag_size, LIGHT)
        boxes.append((x - width / 2, y - height / 2, x + width / 2, y + height / 2))
    for index, box in enumerate(boxes):
        assert plan.header <= box[1] and box[3] <= plan.header + plan.table_height
        for other in boxes[:index]:
            assert not (
                box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]
            )
        # diagonal tiles are checked by their outline, not the box around it
        assert not any(covers(box, plan.placer.polygon(spot)) for spot in plan.arrangement.spots)


def test_the_pairs_game_draws_each_players_pairs_in_a_row_of_their_own() -> None:
    laid = (((Tile(3, 2), Tile(4, 1)), (Tile(6, 0), Tile(5, 1))), ((Tile(4, 4), Tile(6, 2)),))
    view = view_of(row_layout([Tile(3, 2)]), variant="pairs", laid_pairs=laid)
    plan = plan_board(view)
    assert sorted(spot.tile.index for spot in plan.arrangement.spots) == sorted(
        tile.index for pairs in laid for pair in pairs for tile in pair
    )
    rows = {round(spot.y) for spot in plan.arrangement.spots}
    assert len(rows) == 2  # one row a player
    assert _overlapping(plan) == []
    assert {caption.text for caption in plan.arrangement.captions} >= {"5", "6", "8"}
    empty = view_of(Layout(Shape.ROW), variant="pairs", laid_pairs=((), ()))
    assert plan_board(empty).arrangement.spots == []
    assert _image(empty).size[0] == 800


def test_the_sum_row_shows_the_running_total_under_each_tile() -> None:
    plan = plan_board(POSITIONS["sum"])
    assert [caption.text for caption in plan.arrangement.captions] == [
        "= 11",
        "= 19",
        "= 23",
        "= 25",
    ]


def test_partnership_seat_cards_name_each_seats_partner() -> None:
    """Who partners whom shows on the board itself: each seat's card names its partners after
    its own name, whole (a cut name is no name: where it does not fit, the stripe of the team's
    colour alone pairs the cards)."""
    match = Match("partnership", 4, {}, seed=1)
    match.start_hand()
    view = match.view_for(0)
    for names, every_card in (
        (["Ana", "Bo", "Cy", "Di"], True),
        (["Ana", "Bruno", "Carla", "Dario"], False),
    ):
        with recording() as boxes:
            board_image(view, names=names)
        texts = [box.text for box in boxes]
        assert not any(text.startswith("&") and text.endswith("…") for text in texts), texts
        for unit in view.units:
            for seat in unit:
                partners = " & ".join(names[other] for other in unit if other != seat)
                after = texts[texts.index(names[seat]) + 1]
                if every_card or after.startswith("&"):
                    assert after == f"& {partners}", texts


def test_the_spinner_disc_leaves_the_divider_showing() -> None:
    """The brass pin on a cross game's lead sits on its divider, which still shows across it:
    the 6-6 reads as two halves."""
    match = Match("cross", 4, {}, seed=1)
    hand = match.start_hand()
    match.apply(hand.legal_actions()[0])
    view = match.view_for(0)
    plan = plan_board(view)
    lead = plan.arrangement.spots[0]
    assert lead.tile.is_double
    image = board_image(view, names=NAMES4)
    x, y = plan.placer.point(lead.x, lead.y)
    # the divider runs across the tile's long sides: along x for a crosswise (upright) double
    along = (1, 0) if lead.angle == 90 else (0, 1)
    for step in range(-3, 4):
        pixel = image.getpixel((round(x + along[0] * step), round(y + along[1] * step)))
        assert sum(abs(a - b) for a, b in zip(pixel, LIGHT.edge, strict=True)) < 60, (step, pixel)
