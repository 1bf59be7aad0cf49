"""The hand picture, the move names shared with the buttons, and the board's alt text."""

from __future__ import annotations

import io

from PIL import Image

from engine import Draw, Pass, Play, Tile
from engine.layout import Layout, Shape
from render import describe, hand_png, move_label
from render.hand import hand_image, plays_by_tile, table_line
from render.theme import DARK, LIGHT
from tests.render_positions import full_line, grown, view_of


def test_moves_are_named_as_the_buttons_name_them() -> None:
    assert move_label(Play(0, Tile(6, 4))) == "6-4"
    assert move_label(Play(0, Tile(4, 6), 6)) == "6-4 on 6"
    assert move_label(Play(1, Tile(6, 6), "N2a")) == "6-6 on N2a"
    assert move_label(Draw(0)) == "draw"
    assert move_label(Pass(2)) == "pass"


def _hand_view(legal: list[Play | Draw | Pass], hand: list[Tile]) -> object:
    layout = Layout(Shape.LINE)
    layout.lay_lead(Tile(6, 4))
    return view_of(layout, hand=hand, legal=legal)


def test_playable_tiles_are_labelled_with_every_way_to_play_them() -> None:
    legal = (
        Play(0, Tile(6, 1), 6),
        Play(0, Tile(4, 1), 4),
        Play(0, Tile(6, 4), 6),
        Play(0, Tile(6, 4), 4),
    )
    labels = plays_by_tile(legal)
    assert labels == {
        Tile(6, 1): ["6-1 on 6"],
        Tile(4, 1): ["4-1 on 4"],
        Tile(6, 4): ["6-4 on 6", "6-4 on 4"],
    }


def test_the_hand_picture_marks_playables_and_dims_the_rest() -> None:
    hand = [Tile(6, 1), Tile(3, 2), Tile(5, 5)]
    view = _hand_view([Play(0, Tile(6, 1), 6)], hand)
    image = hand_image(view)  # type: ignore[arg-type]
    colours = {colour for _, colour in image.getcolors(1 << 16) or []}
    assert LIGHT.good in colours  # the ring and the check mark
    assert LIGHT.face_dim in colours  # the tiles that cannot be played
    dark = hand_image(view, theme="dark")  # type: ignore[arg-type]
    assert DARK.good in {colour for _, colour in dark.getcolors(1 << 16) or []}


def test_a_hand_with_nothing_to_play_is_not_dimmed_when_it_is_not_your_turn() -> None:
    view = view_of(Layout(Shape.LINE), hand=[Tile(1, 0)], legal=(), turn=1)
    colours = {colour for _, colour in hand_image(view).getcolors(1 << 16) or []}
    assert LIGHT.face_dim not in colours


def test_hand_png_is_a_png_that_grows_to_rows_for_big_hands() -> None:
    small = Image.open(
        io.BytesIO(hand_png(view_of(Layout(), hand=[Tile(1, 1)] * 0 + [Tile(2, 1)])))
    )
    big_hand = [Tile(a, b) for a in range(7) for b in range(a + 1)][:21]
    big = Image.open(io.BytesIO(hand_png(view_of(Layout(), hand=big_hand))))
    assert small.format == big.format == "PNG"
    assert big.size[1] > small.size[1] and big.size[0] <= 800


def test_describe_tells_the_ends_the_last_move_and_whose_turn() -> None:
    view = view_of(full_line(6), players=4, boneyard=3)
    text = describe(view, names=["Ana", "Bruno", "Carla", "Dario"])
    # both ends show 6 and the line snakes back: the W end lies on the right of the picture
    assert "Open ends: 6 right, 6 left." in text
    assert "A line of 28 tiles" in text
    assert "Last move: Dario played" in text
    assert "Ana to play." in text and "Boneyard 3." in text
    assert len(text) < 1024


def test_describe_names_a_star_and_its_eight_places() -> None:
    text = describe(view_of(grown(Shape.STAR, 9, 1), variant="cyprus"), names=["Ana", "Bo"])
    assert text.startswith("Cyprus, hand 1. A star of")
    ends = text.split("Open ends: ")[1].split(".")[0].split(", ")
    # by number, with the way the end points where two ends show the same number
    assert ends == ["9", "1 up-right", "2", "5", "4", "6", "1 left", "1 up-left"]


def test_describe_an_empty_table() -> None:
    assert "The table is empty." in describe(view_of(Layout()), names=["Ana", "Bo"])


def test_the_hand_picture_says_what_the_tiles_would_be_played_onto() -> None:
    layout = Layout(Shape.LINE)
    layout.lay_lead(Tile(6, 4))
    assert table_line(view_of(layout)) == "Ends: 6 · 4"
    assert table_line(view_of(Layout(), total=31, options=(("target", 50),))) == "Total 31 / 50"
    assert table_line(view_of(Layout())) == ""
