"""The open ends of the boards a phone shows smallest read at a glance at 380 pixels: the Cyprus
star of six and ten seats, the double-nine and double-twelve lines of the game room and the
French stack. Each open end's number must be drawn on a tile half at least `MIN_HALF` pixels wide
once Discord has shrunk the picture, on a tile nothing covers (no other tile, no text), beside its
name as the move buttons say it, in type of at least 11 pixels there, at WCAG AA contrast, in
every language and both themes; the French stack's top tile and the tile at the bottom of its
pile must show whole, larger than the stack draws them."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from cogs.lang import words
from cogs.lang.catalogues import LANGUAGES
from engine import Match
from engine.view import SeatView
from render.board import BoardPlan, board_image, plan_board, tag_texts
from render.marks import covers
from render.spots import Spot
from render.text import MIN_TEXT_ON_PHONE, PHONE_WIDTH, TextBox, recording
from render.wording import ENGLISH, Wording
from tests.test_render_legible import MIN_CONTRAST, contrast

NAMES = ["Ana", "Bruno", "Carla", "Dario", "Ema", "Filip", "Gosia", "Hugo", "Iga", "Jan"]
#: The side of a tile half, at 380 pixels, on which nine pips (and the numerals of 10 to 12) read
#: at arm's length: a hand's tiles are drawn about that size.
MIN_HALF = 22.0
Box = tuple[float, float, float, float]


def _late(variant: str, players: int, seed: int, **options: object) -> SeatView:
    """The view of the seat to play at the fullest table of a seeded hand of random moves."""
    match = Match(variant, players, options, seed=seed)
    rng = random.Random(seed)
    hand = match.start_hand()
    fullest: SeatView | None = None
    while not hand.over:
        match.apply(rng.choice(hand.legal_actions()))
        if not hand.over:
            view = match.view_for(hand.turn if hand.turn is not None else 0)
            if fullest is None or len(view.layout.placements) >= len(fullest.layout.placements):
                fullest = view
    assert fullest is not None
    return fullest


CROWDED = {
    "cyprus, 6 seats": _late("cyprus", 6, 3),
    "cyprus, 10 seats": _late("cyprus", 10, 2),
    "game-room double-twelve, 10 seats": _late("gameroom", 10, 1, set=12),
    "game-room double-nine, 6 seats": _late("gameroom", 6, 2, set=9),
    "french stack": _late("french", 2, 3),
    "french stack, another hand": _late("french", 2, 4),
}
WORDINGS = [ENGLISH if language == "en" else words(language).wording() for language in LANGUAGES]


@dataclass(frozen=True, slots=True)
class Shown:
    """A tile the picture draws: its tile's numbers (the open end's last), its outline in
    pixels, the side of its halves in pixels and how high it lies (tiles drawn later cover it)."""

    numbers: tuple[int, int]
    outline: list[tuple[float, float]]
    half: float
    z: float


def _table_tiles(plan: BoardPlan) -> list[Shown]:
    return [
        Shown((spot.first, spot.second), plan.placer.polygon(spot), float(plan.cell), spot.z)
        for spot in plan.arrangement.spots
    ]


def _band_tiles(plan: BoardPlan) -> dict[str, Shown]:
    """Each open end's tile in the ends band, by arm (none on a board without a band)."""
    band = getattr(plan, "band", None)
    if band is None:
        return {}
    shown = {}
    for end in band.ends:
        left, top, right, bottom = end.tile
        outline = [(left, top), (right, top), (right, bottom), (left, bottom)]
        shown[end.arm] = Shown((end.joined, end.number), outline, (right - left) / 2, 1e9)
    return shown


def _end_tile(plan: BoardPlan, arm: str) -> Spot:
    """The tile at the open end of `arm` on the table (the lead while the arm is empty)."""
    spots = [spot for spot in plan.arrangement.spots if spot.arm == arm]
    return max(spots, key=lambda spot: spot.order) if spots else plan.arrangement.spots[0]


def _box(outline: list[tuple[float, float]]) -> Box:
    xs, ys = [x for x, _ in outline], [y for _, y in outline]
    return (min(xs), min(ys), max(xs), max(ys))


def _covered(tile: Shown, tiles: list[Shown], texts: list[TextBox]) -> list[str]:
    """What lies over `tile`: tiles drawn above it, texts drawn on it."""
    over = [
        f"tile {other.numbers}"
        for other in tiles
        if other is not tile and other.z > tile.z and covers(_box(other.outline), tile.outline)
    ]
    over += [f"text {text.text!r}" for text in texts if covers(text.box, tile.outline)]
    return over


def _best_showing(plan: BoardPlan, arm: str, number: int) -> Shown:
    """The largest tile the picture draws for the open end of `arm`: the band's, or else the
    end's own tile on the table."""
    band = _band_tiles(plan)
    if arm in band:
        return band[arm]
    spot = _end_tile(plan, arm)
    return Shown((spot.first, spot.second), plan.placer.polygon(spot), float(plan.cell), spot.z)


@pytest.mark.parametrize("name", CROWDED)
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_open_end_reads_at_a_glance_on_a_phone(name: str, theme: str) -> None:
    view = CROWDED[name]
    plan = plan_board(view)
    with recording() as texts:
        image = board_image(view, names=NAMES[: view.players], theme=theme)
    shrink = PHONE_WIDTH / image.width
    tiles = _table_tiles(plan) + list(_band_tiles(plan).values())
    texts_shown = " | ".join(text.text for text in texts)
    assert len(plan.arrangement.tags) >= 2
    for end, label in zip(plan.arrangement.tags, tag_texts(plan), strict=True):
        tile = _best_showing(plan, end.arm, end.number)
        assert end.number in tile.numbers, f"{name}: {end.arm} shows {tile.numbers}"
        half = tile.half * shrink
        assert half >= MIN_HALF, f"{name}: the {label!r} end on {half:.1f} px halves"
        assert not _covered(tile, tiles, texts), (
            f"{name}: {label!r}'s tile under {_covered(tile, tiles, texts)}"
        )
        # its name beside it: the nearest text right of the tile, whole, large, clear
        _, top, right, bottom = _box(tile.outline)
        beside = [
            text for text in texts
            if text.box[0] >= right and text.box[0] - right <= 60
            and text.box[1] < bottom + 40 and text.box[3] > top - 40
        ]  # fmt: skip
        said = " ".join(text.text for text in sorted(beside, key=lambda text: text.box[1]))
        assert said == label, f"{name}: beside {label!r}'s tile reads {said!r} ({texts_shown})"
        for text in beside:
            assert text.size * shrink >= max(11, MIN_TEXT_ON_PHONE), (name, text.text)
            assert text.colour is not None and text.ground is not None
            assert contrast(text.colour, text.ground) >= MIN_CONTRAST, (name, text.text)
            assert not any(covers(text.box, other.outline) for other in tiles), (name, text.text)


@pytest.mark.parametrize("name", ["french stack", "french stack, another hand"])
def test_the_french_stacks_top_tile_and_the_bottom_of_its_pile_show_whole_and_larger(
    name: str,
) -> None:
    """The top tile of the pile (the last laid on the end that goes on top) and the tile at the
    other end (the bottom of the pile, half hidden by the tile it lies under) are drawn whole,
    nothing over them, and larger than the stack's tiles: what a player looks for first."""
    view = CROWDED[name]
    plan = plan_board(view)
    with recording() as texts:
        board_image(view, names=NAMES[: view.players])
    tiles = _table_tiles(plan) + list(_band_tiles(plan).values())
    top = max(plan.arrangement.spots, key=lambda spot: spot.z)
    bottom_arm = "W" if top.arm == "E" else "E"
    for spot in (top, _end_tile(plan, bottom_arm)):
        assert spot.arm is not None
        wanted = {spot.tile.high, spot.tile.low}
        whole = [
            tile for tile in tiles
            if set(tile.numbers) == wanted and tile.half > plan.cell
            and not _covered(tile, tiles, texts)
        ]  # fmt: skip
        assert whole, f"{name}: {spot.tile} is nowhere whole and larger than {plan.cell} px halves"


@pytest.mark.parametrize("wording", WORDINGS, ids=lambda wording: wording.language)
def test_the_ends_band_keeps_its_size_through_a_hand_and_cuts_no_name(wording: Wording) -> None:
    """In every language the band is as tall for every position of a hand (the board keeps its
    size), and every end's name shows whole: wrapped between words, never cut."""
    for game, players, options in (("cyprus", 6, {}), ("gameroom", 10, {"set": 12}),
                                   ("french", 2, {})):  # fmt: skip
        match = Match(game, players, options, seed=7)
        rng = random.Random(7)
        hand = match.start_hand()
        heights, bands = set(), set()
        while not hand.over:
            match.apply(rng.choice(hand.legal_actions()))
            view = match.view_for(0)
            plan = plan_board(view, wording=wording)
            heights.add(plan.height)
            band = getattr(plan, "band", None)
            assert band is not None, game
            bands.add(band.box[3] - band.box[1])
            for end, label in zip(band.ends, tag_texts(plan, wording=wording), strict=True):
                assert " ".join(end.lines) == label, (game, label)
        assert len(bands) == 1 and len(heights) <= 2, (game, sorted(bands), sorted(heights))
