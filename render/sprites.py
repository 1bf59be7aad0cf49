"""Tile pictures drawn as on real tiles: rounded ivory (or black) faces, a line between the halves
and the classic pip patterns from 0 to 12. Each sprite is drawn once at four times its size and
scaled down (clean anti-aliased edges), then cached: a board pastes cached sprites only.

Big sets are drawn the way the sets sold draw them: on double-nine and double-twelve tables the
pips are coloured by number, each of 1 to 12 its own colour (the theme's `coloured` twin), and
the patterns stay. Why colours rather than numerals: players of those sets find their numbers by
colour first (a blue 1, a green 2 ...) and know the patterns; a colour still reads when a tile is
shown a dozen pixels tall on a phone, where eleven pips and twelve do not; the tiles still look
like tiles; and colour is never alone (the pattern, and the end tags' numbers, say the same).
Double-six tables keep plain pips, as double-six sets have them.

Every pip must show at least `MIN_PIP_ON_PHONE` pixels across when the picture is shown
`PHONE_WIDTH` pixels wide, as Discord shows an attachment on a phone: `min_cell` is the smallest
half that allows it, and the board grows rather than draw smaller tiles (render/board.py).

A sprite is keyed by its two halves in drawing order, its cell size (the side of one half, in
pixels), its orientation and its theme. The cache is an `lru_cache`, whose bookkeeping is
thread-safe; sprites are never modified after they are made, so worker threads may share them.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.errors import DominoError
from engine.variants import get_variant
from engine.view import SeatView
from render.text import PHONE_WIDTH as PHONE_WIDTH
from render.text import font
from render.theme import Theme, coloured, get_theme

SUPERSAMPLE = 4
MIN_PIP_ON_PHONE = 2.0  # pixels across the smallest pip, shown PHONE_WIDTH wide
PLAIN_TOP = 6  # sets up to double-six keep plain pips
# Halves from 10 up show their number as a numeral, in the number's colour: ten, eleven and
# twelve pips are a blur of one size on a phone, told apart only by colour, where "10", "11" and
# "12" read in any colour, or none (a printout, a colour-blind eye).
NUMERALS_FROM = 10

# Pip centres on one half, as fractions of its side, for an upright tile. Numbers up to 9 use a
# 3 x 3 grid; 10 to 12 use three columns of four rows, as double-twelve sets do.
_L, _M, _R = 0.25, 0.5, 0.75
_T, _C, _B = 0.25, 0.5, 0.75
_ROWS4 = (0.19, 0.397, 0.603, 0.81)
PIP_SPOTS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((_M, _C),),
    2: ((_L, _T), (_R, _B)),
    3: ((_L, _T), (_M, _C), (_R, _B)),
    4: ((_L, _T), (_R, _T), (_L, _B), (_R, _B)),
    5: ((_L, _T), (_R, _T), (_M, _C), (_L, _B), (_R, _B)),
    6: ((_L, _T), (_L, _C), (_L, _B), (_R, _T), (_R, _C), (_R, _B)),
    7: ((_L, _T), (_L, _C), (_L, _B), (_M, _C), (_R, _T), (_R, _C), (_R, _B)),
    8: ((_L, _T), (_L, _C), (_L, _B), (_M, _T), (_M, _B), (_R, _T), (_R, _C), (_R, _B)),
    9: tuple((x, y) for y in (_T, _C, _B) for x in (_L, _M, _R)),
    10: (
        *((x, y) for y in _ROWS4 for x in (0.23, 0.77)),
        (_M, _ROWS4[1]),
        (_M, _ROWS4[2]),
    ),
    11: (*((x, y) for y in _ROWS4 for x in (0.23, 0.77)), (_M, 0.29), (_M, _C), (_M, 0.71)),
    12: tuple((x, y) for y in _ROWS4 for x in (0.23, _M, 0.77)),
}


def pip_radius(number: int) -> float:
    """The radius of the pips of `number`, as a share of a half's side: as big as the pattern
    allows, so that small tiles keep visible pips (a gap of about a fifth of a pip remains)."""
    return 0.095 if number <= 9 else 0.078


def smallest_pip(cell: int, top: int) -> float:
    """The diameter in pixels of the smallest pip on tiles of half `cell` up to number `top`."""
    return 2 * cell * min(pip_radius(number) for number in range(1, max(1, top) + 1))


def min_cell(top: int, *, picture_width: int) -> int:
    """The smallest half (pixels) whose pips, for numbers up to `top`, stay `MIN_PIP_ON_PHONE`
    across when a picture `picture_width` wide is shown `PHONE_WIDTH` wide."""
    shrink = PHONE_WIDTH / picture_width
    cell = 1
    while smallest_pip(cell, top) * shrink < MIN_PIP_ON_PHONE:
        cell += 1
    return cell


def pips_for(theme: Theme, top: int) -> Theme:
    """The look for a table whose numbers go up to `top`: pips coloured by number above
    double-six."""
    return coloured(theme) if top > PLAIN_TOP else theme


def _draw_half(
    draw: ImageDraw.ImageDraw, left: float, top: float, side: float, number: int, colour: Colour
) -> None:
    if number >= NUMERALS_FROM:
        return  # drawn by `_numerals`, upright whichever way the tile lies
    radius = pip_radius(number) * side
    for fx, fy in PIP_SPOTS[number]:
        cx, cy = left + fx * side, top + fy * side
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)


Colour = tuple[int, int, int]


@lru_cache(maxsize=4096)
def _upright(top: int, bottom: int, cell: int, theme_name: str, dim: bool) -> Image.Image:
    theme = get_theme(theme_name)
    big = cell * SUPERSAMPLE
    image = Image.new("RGBA", (big, 2 * big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    inset = max(SUPERSAMPLE, big // 22)  # a hairline gap between touching tiles
    line = max(SUPERSAMPLE, big // 14)
    face = theme.face_dim if dim else theme.face
    draw.rounded_rectangle(
        (inset, inset, big - 1 - inset, 2 * big - 1 - inset),
        radius=big // 6,
        fill=face,
        outline=theme.edge,
        width=line,
    )
    margin = big // 7
    draw.line((margin, big, big - margin, big), fill=theme.edge, width=max(1, line * 3 // 4))
    # a dimmed tile (not playable) keeps grey pips even in colour: it should not catch the eye
    _draw_half(draw, 0, 0, big, top, theme.pip_dim if dim else theme.pip_of(top))
    _draw_half(draw, 0, big, big, bottom, theme.pip_dim if dim else theme.pip_of(bottom))
    return image.resize((cell, 2 * cell), Image.Resampling.LANCZOS)


@lru_cache(maxsize=4096)
def tile_sprite(
    first: int, second: int, cell: int, angle: int, theme: Theme, *, dim: bool = False
) -> Image.Image:
    """The RGBA picture of a tile whose halves read `first` then `second`: top to bottom when
    `angle` is 90 (upright), left to right when 0, and along the diagonal for 45 (rising to the
    upper right, `first` at the lower left) and 135 (falling to the lower right, `first` at the
    upper left). `cell` is the side of one half in pixels. Never modify the result."""
    if angle == 90:
        return _numerals(
            _upright(first, second, cell, theme.name, dim), (first, second), theme, dim
        )
    if angle == 0:
        flat = _upright(first, second, cell, theme.name, dim).transpose(Image.Transpose.ROTATE_90)
        return _numerals(flat, (first, second), theme, dim, across=True)
    if angle in (45, 135):
        flat = tile_sprite(first, second, cell, 0, theme, dim=dim)
        turn = 45 if angle == 45 else -45
        return flat.rotate(turn, resample=Image.Resampling.BICUBIC, expand=True)
    raise ValueError(f"tiles are drawn at 0, 45, 90 or 135 degrees, not {angle}")


def _numerals(
    sprite: Image.Image, halves: tuple[int, int], theme: Theme, dim: bool, *, across: bool = False
) -> Image.Image:
    """`sprite` with the halves from `NUMERALS_FROM` up numbered, upright: left to right when
    the tile lies `across`, else top to bottom. The sprite itself when no half needs it."""
    if max(halves) < NUMERALS_FROM:
        return sprite
    big = sprite.resize((sprite.width * SUPERSAMPLE, sprite.height * SUPERSAMPLE))
    side = min(big.size)
    draw = ImageDraw.Draw(big)
    face = font(round(side * 0.6), bold=True)
    for index, number in enumerate(halves):
        if number < NUMERALS_FROM:
            continue
        x, y = (side * (index + 0.5), side / 2) if across else (side / 2, side * (index + 0.5))
        colour = theme.pip_dim if dim else theme.pip_of(number)
        draw.text((x, y), str(number), font=face, fill=colour, anchor="mm")
    return big.resize(sprite.size, Image.Resampling.LANCZOS)


def tile_back(cell: int, theme: Theme) -> Image.Image:
    """A face-down tile, upright (tile counts are drawn as backs, never as faces)."""
    return _back(cell, theme.name)


@lru_cache(maxsize=256)
def _back(cell: int, theme_name: str) -> Image.Image:
    theme = get_theme(theme_name)
    big = cell * SUPERSAMPLE
    image = Image.new("RGBA", (big, 2 * big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    inset = max(SUPERSAMPLE, big // 22)
    draw.rounded_rectangle(
        (inset, inset, big - 1 - inset, 2 * big - 1 - inset),
        radius=big // 5,
        fill=theme.back,
        outline=theme.edge,
        width=max(SUPERSAMPLE, big // 14),
    )
    return image.resize((cell, 2 * cell), Image.Resampling.LANCZOS)


def shadow_drop(cell: int) -> int:
    """How far a tile's shadow falls, right and down, in pixels."""
    return max(2, cell // 12)


@lru_cache(maxsize=4096)
def shadowed_sprite(first: int, second: int, cell: int, angle: int, theme: Theme) -> Image.Image:
    """`tile_sprite` with its soft shadow baked in (one paste a tile instead of two); the tile
    sits at the top left, the shadow `shadow_drop(cell)` pixels to the right and down."""
    sprite = tile_sprite(first, second, cell, angle, theme)
    drop = shadow_drop(cell)
    shadow = Image.new("RGBA", (sprite.width + drop, sprite.height + drop), (0, 0, 0, 0))
    alpha = sprite.getchannel("A").point(lambda value: value * 2 // 5)
    shadow.paste((0, 0, 0, 255), (drop, drop), alpha)
    shadow.alpha_composite(sprite)
    return shadow


def set_top(view: SeatView) -> int:
    """The highest number of the table's set: the variant's, or any higher number the view shows
    (hand-built views in tests and the gallery)."""
    top = _variant_top(view.variant, view.players, view.options)
    tiles = [*view.layout.tiles(), *view.hand]
    tiles += [tile for player in view.laid_pairs for pair in player for tile in pair]
    tiles += [tile for result in view.results for hand in result.outcome.hands for tile in hand]
    return max([top, *(tile.high for tile in tiles)])


@lru_cache(maxsize=256)
def _variant_top(
    variant: str, players: int, options: tuple[tuple[str, int | str | bool], ...]
) -> int:
    """The highest number of the set a game is played with (0 for a game the engine does not
    know): made once per game and options, not for every picture and message."""
    try:
        return get_variant(variant)(players, dict(options)).set_top()
    except DominoError:
        return 0
