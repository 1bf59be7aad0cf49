"""Fonts and text placement. The font is Open Sans, shipped by the `ttf-opensans` package that
the project installs (Pillow's bundled default lacks ą, ę, ł and friends): nothing is downloaded
at run time. Symbols (pointers, check marks, flags) are drawn as shapes, never as glyphs.

Every piece of text a picture shows goes through `put_text` or `draw_text` (or is noted with
`note_text`, as a tag pill is), so that `recording()` can list the boxes of all of them: the
tests draw pictures in every language and check that no two boxes meet and none leaves the
picture. Outside `recording()` the cost is one context-variable read a text."""

from __future__ import annotations

import math
import threading
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib.resources import files

from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont
RGB = tuple[int, int, int]


@cache
def _font_path(bold: bool) -> str:
    name = "OpenSans-Bold.ttf" if bold else "OpenSans-Regular.ttf"
    return str(files("ttf_opensans").joinpath("ttf", name))


_local = threading.local()


def font(size: int, *, bold: bool = False) -> Font:
    """Open Sans at `size` pixels. A FreeType face must not be used by two threads at once, so
    each thread keeps its own faces (the bot draws in worker threads)."""
    faces: dict[tuple[int, bool], Font] | None = getattr(_local, "faces", None)
    if faces is None:
        faces = _local.faces = {}
    face = faces.get((size, bold))
    if face is None:
        face = faces[(size, bold)] = ImageFont.truetype(_font_path(bold), size)
    return face


PHONE_WIDTH = 380  # how wide Discord shows an attached picture on a phone
#: The smallest type that carries information, in pixels of font size (the em, as CSS's "11px"),
#: when a picture is shown `PHONE_WIDTH` wide as Discord shows it on a phone: below it, counts
#: and names blur at arm's length.
MIN_TEXT_ON_PHONE = 11


def smallest_type(picture_width: int) -> int:
    """The smallest font size a picture `picture_width` pixels wide may use: `MIN_TEXT_ON_PHONE`
    once Discord has shrunk it to `PHONE_WIDTH` (a picture narrower than that is not shrunk)."""
    shrink = min(1.0, PHONE_WIDTH / picture_width)
    return math.ceil(MIN_TEXT_ON_PHONE / shrink - 1e-9)


@dataclass(frozen=True, slots=True)
class TextBox:
    """Where a piece of text was drawn: its ink box (left, top, right, bottom) in pixels, its
    font size in pixels (what the tests check against the legible minimum), and its colour and
    the colour it was drawn on (what they check against the contrast minimum; None where not
    known)."""

    text: str
    box: tuple[int, int, int, int]
    size: int
    colour: RGB | None = None
    ground: RGB | None = None


_recorded: ContextVar[list[TextBox] | None] = ContextVar("recorded_text", default=None)


@contextmanager
def recording() -> Iterator[list[TextBox]]:
    """Collect the box of every text drawn in this thread (or task) until the block ends."""
    boxes: list[TextBox] = []
    token = _recorded.set(boxes)
    try:
        yield boxes
    finally:
        _recorded.reset(token)


def note_text(
    text: str,
    box: tuple[float, float, float, float],
    *,
    size: int,
    colour: RGB | None = None,
    ground: RGB | None = None,
) -> None:
    """Record that `text` was drawn in `box` at font size `size`, in `colour` on `ground`
    (when someone is recording)."""
    boxes = _recorded.get()
    if boxes is not None and text:
        left, top, right, bottom = box
        edges = (round(left), round(top), round(right), round(bottom))
        boxes.append(TextBox(text, edges, size, colour, ground))


def ground_of(canvas: Image.Image, box: tuple[float, float, float, float]) -> RGB | None:
    """The colour most of `box` shows on `canvas` before a text is drawn there: what the text
    is read against."""
    left, top, right, bottom = (round(edge) for edge in box)
    region = canvas.crop((left, top, max(left + 1, right), max(top + 1, bottom))).convert("RGB")
    colours = region.getcolors(region.width * region.height)
    if not colours:
        return None
    _, colour = max(colours, key=lambda counted: counted[0])
    assert isinstance(colour, tuple)  # an RGB image's colours are triples
    return (int(colour[0]), int(colour[1]), int(colour[2]))


@lru_cache(maxsize=16384)
def text_width(text: str, face: Font) -> int:
    """`text`'s width in pixels in `face` (faces are made once: `font`). Kept: a picture
    measures the same names, numbers and labels every time it is drawn."""
    return int(face.getlength(text) + 0.5)


@lru_cache(maxsize=4096)
def fit(text: str, face: Font, width: int) -> str:
    """`text` cut with an ellipsis so it fits in `width` pixels."""
    if text_width(text, face) <= width:
        return text
    while text and text_width(text + "…", face) > width:
        text = text[:-1]
    return text + "…"


def centred(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: tuple[int, int, int],
) -> None:
    """Draw `text` centred on `xy` (middle of the line box, not of the ink)."""
    draw.text(xy, text, font=face, fill=fill, anchor="mm")


@lru_cache(maxsize=4096)
def _text_image(
    text: str, size: int, bold: bool, colour: tuple[int, int, int], anchor: str
) -> tuple[Image.Image, int, int]:
    face = font(size, bold=bold)
    left, top, right, bottom = (int(edge) for edge in face.getbbox(text, anchor=anchor))
    image = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (*colour, 0))
    ImageDraw.Draw(image).text((-left, -top), text, font=face, fill=(*colour, 255), anchor=anchor)
    return image, left, top


def put_text(
    canvas: Image.Image,
    xy: tuple[float, float],
    text: str,
    *,
    size: int,
    colour: tuple[int, int, int],
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """Draw `text` at `xy` (Pillow's text anchors) from a cached rendering: the seat names,
    counts and labels of a table repeat from one picture to the next, and rasterising glyphs is
    the slowest part of drawing them."""
    if not text:
        return
    image, left, top = _text_image(text, size, bold, colour, anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    box = (x, y, x + image.width, y + image.height)
    ground = ground_of(canvas, box) if _recorded.get() is not None else None
    canvas.paste(image, (x, y), image)
    if _recorded.get() is not None:
        note_text(text, box, size=size, colour=colour, ground=ground)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    *,
    face: Font,
    fill: tuple[int, int, int],
    anchor: str = "la",
) -> None:
    """`draw.text` for text whose font is already at hand (puzzle digits, rulers), recorded like
    `put_text`'s."""
    if _recorded.get() is None:
        draw.text(xy, text, font=face, fill=fill, anchor=anchor)
        return
    box = draw.textbbox(xy, text, font=face, anchor=anchor)
    canvas = draw._image
    ground = ground_of(canvas, box)
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)
    note_text(text, box, size=round(face.size), colour=fill, ground=ground)


def wrap(text: str, face: Font, width: int, *, separator: str = "  ") -> list[str]:
    """`text` split at `separator` into lines no wider than `width` pixels (a piece wider than
    that alone on its line, cut with an ellipsis)."""
    lines: list[str] = []
    for piece in text.split(separator):
        if lines and text_width(lines[-1] + separator + piece, face) <= width:
            lines[-1] += separator + piece
        else:
            lines.append(fit(piece, face, width))
    return lines


#: A private-use code point no font of ours draws: what the font's .notdef glyph looks like.
_ABSENT = "\ue000"


@cache
def _glyph(character: str, bold: bool) -> tuple[tuple[int, int], bytes]:
    """The bitmap Open Sans draws for `character` at 24 pixels (its size and its bytes)."""
    face = ImageFont.truetype(_font_path(bold), 24)
    mask = face.getmask(character)
    return mask.size, bytes(mask)


def missing_glyphs(text: str) -> set[str]:
    """The characters of `text` that the project font (regular or bold) lacks: those drawn as the
    font's .notdef box, the glyph of a code point no font here has. Control characters (line
    breaks, tabs) are never drawn and are left out. What the translation layer's tests call on
    every catalogue's text."""
    absent = {bold: _glyph(_ABSENT, bold) for bold in (False, True)}
    return {
        character
        for character in set(text)
        if unicodedata.category(character) != "Cc"
        and any(_glyph(character, bold) == absent[bold] for bold in (False, True))
    }
