"""The hand picture, the move names shared with the buttons, and the board's alt text."""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest
from PIL import Image

from engine import Draw, Match, Pass, Play, Tile
from engine.errors import BadOption
from engine.layout import Layout, Shape
from engine.variants import all_variants
from engine.view import SeatView
from render import describe, hand_png, move_label
from render.decision import decision_image
from render.hand import hand_image, plays_by_tile, table_line
from render.sprites import PHONE_WIDTH, set_top
from render.text import TextBox, recording
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


# -- hands that read on a phone ---------------------------------------------------------------


def _labels(boxes: list[TextBox], hand: list[Tile]) -> list[TextBox]:
    """The labels drawn under the tiles (first lines), left to right as drawn."""
    names = {str(tile) for tile in hand}
    return [box for box in boxes if box.text.split(" ")[0] in names]


def test_a_hand_is_drawn_sorted_whatever_order_it_was_dealt_in() -> None:
    hand = [Tile(3, 3), Tile(5, 0), Tile(6, 5), Tile(4, 2), Tile(3, 0), Tile(5, 3), Tile(6, 6)]
    orders = []
    for dealt in (hand, hand[::-1], sorted(hand, key=lambda tile: tile.pips)):
        with recording() as boxes:
            hand_image(view_of(Layout(), hand=dealt, turn=1))
        orders.append([box.text for box in sorted(_labels(boxes, hand), key=lambda b: b.box[0])])
    assert orders[0] == orders[1] == orders[2]
    # by suit, highest first, each suit led by its double
    assert orders[0] == ["6-6", "6-5", "5-3", "5-0", "4-2", "3-3", "3-0"]


def _opening_hands() -> list[tuple[str, SeatView]]:
    """The largest opening hand of each double-six game (over its player counts)."""
    found = []
    for variant in all_variants():
        views = []
        for players in variant.player_counts:
            try:
                match = Match(variant.id, players, {}, seed=1)
            except BadOption:
                continue
            match.start_hand()
            views += [match.view_for(seat) for seat in range(players)]
        if views and set_top(views[0]) == 6:
            found.append((variant.id, max(views, key=lambda view: len(view.hand))))
    return found


OPENING_HANDS = _opening_hands()


@pytest.mark.parametrize(("game", "view"), OPENING_HANDS, ids=[game for game, _ in OPENING_HANDS])
def test_an_opening_hand_lies_in_one_row_that_reads_on_a_phone(game: str, view: SeatView) -> None:
    with recording() as boxes:
        image = hand_image(view)
    labels = _labels(boxes, list(view.hand))
    assert len({box.box[1] for box in labels}) == 1, f"{game}: {len(view.hand)} tiles wrap"
    shrink = min(1.0, PHONE_WIDTH / image.width)
    # every word 11 px tall at least on a phone, the heading and the footnote too
    assert not [(box.text, box.size) for box in boxes if box.size * shrink < 11]


def test_a_seven_tile_hand_is_one_row_when_it_is_your_turn() -> None:
    hand = [Tile(3, 3), Tile(5, 0), Tile(6, 5), Tile(4, 2), Tile(3, 0), Tile(5, 3), Tile(6, 6)]
    legal = [Play(0, Tile(4, 2), 4), Play(0, Tile(6, 6), 6)]
    with recording() as boxes:
        hand_image(_hand_view(legal, hand))  # type: ignore[arg-type]
    tops = {box.box[1] for box in boxes if box.box[1] > 40 and box.text[0].isdigit()}
    assert len(tops) == 1


def test_labels_keep_their_dash_and_are_never_cut() -> None:
    """A cross-nine hand whose tiles go on several ends: the long labels wrap at spaces, every
    word whole."""
    view = _view_with_long_labels()
    with recording() as boxes:
        hand_image(view)
    drawn = " ".join(box.text for box in boxes)
    assert "…" not in drawn
    for names in plays_by_tile(view.legal, view=view).values():
        for name in names:
            assert set(name.split(" ")) <= set(drawn.split(" ")), name


def _view_with_long_labels() -> SeatView:
    """A Cyprus seat to play with a move named by three words or more ("9-8 on 9 down")."""
    match = Match("cyprus", 4, {}, seed=1)
    hand = match.start_hand()
    rng = random.Random(2)
    while not hand.over:
        view = match.view_for(hand.turn or 0)
        labels = plays_by_tile(view.legal, view=view).values()
        if any(len(name.split(" ")) > 3 for names in labels for name in names):
            return view
        match.apply(rng.choice(hand.legal_actions()))
    raise AssertionError("no long label in the hand")


def _luminance(colour: tuple[int, ...]) -> float:
    def channel(value: int) -> float:
        share = value / 255
        return share / 12.92 if share <= 0.03928 else ((share + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(value) for value in colour[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def _contrast(one: tuple[int, ...], two: tuple[int, ...]) -> float:
    light, dark = sorted((_luminance(one), _luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_a_dimmed_tile_label_and_its_dash_meet_wcag_aa_on_a_phone() -> None:
    """The label of a tile that cannot be played, shown at phone size: its strokes (and the dash
    in the middle) at 4.5:1 against the table at least."""
    hand = [Tile(3, 3), Tile(5, 0), Tile(6, 5), Tile(4, 2), Tile(3, 0), Tile(5, 3), Tile(6, 6)]
    for theme in (LIGHT, DARK):
        view = _hand_view([Play(0, Tile(4, 2), 4)], hand)
        with recording() as boxes:
            image = hand_image(view, theme=theme.name)  # type: ignore[arg-type]
        shrink = min(1.0, PHONE_WIDTH / image.width)
        size = (round(image.width * shrink), round(image.height * shrink))
        phone = image.resize(size, Image.Resampling.LANCZOS)
        dimmed = [box for box in _labels(boxes, hand) if box.text != "4-2 on 4"]
        assert len(dimmed) == 6
        for box in dimmed:
            left, top, right, bottom = (round(edge * shrink) for edge in box.box)
            third = (right - left) // 3
            for region in (
                (left, top, right + 1, bottom + 1),
                (left + third, top, right - third, bottom + 1),
            ):
                ink = max(
                    _contrast(pixel, theme.background) for pixel in phone.crop(region).getdata()
                )
                assert ink >= 4.5, (theme.name, box.text, region, round(ink, 2))


def test_a_review_picture_carries_its_caption_and_the_hand_held() -> None:
    match = Match("classic", 2, {}, seed=3)
    hand = match.start_hand()
    match.apply(hand.legal_actions()[0])
    own = match.view_for(hand.turn or 0)
    public = replace(own, hand=(), legal=())
    caption = ["Hand 1, move 2 · 8 points lost", "You played 6-4 on 4; better was 6-2 on 2."]
    with recording() as boxes:
        image = decision_image(public, own, caption=caption, names=["Ana", "Bruno"])
    texts = [box.text for box in boxes]
    lines = [box for box in boxes if box.text in caption]
    assert [box.text for box in lines] == caption and texts[-2:] == caption
    assert all(box.size * PHONE_WIDTH / image.width >= 11 for box in lines)  # a phone reads it
    assert set(_labels(boxes, list(own.hand))) and {
        box.text.split(" ")[0] for box in _labels(boxes, list(own.hand))
    } == {str(tile) for tile in own.hand}
