"""Fonts and text placement. The font is Open Sans, shipped by the `ttf-opensans` package that
the project installs (Pillow's bundled default lacks ą, ę, ł and friends): nothing is downloaded
at run time. Symbols (pointers, check marks, flags) are drawn as shapes, never as glyphs."""

from __future__ import annotations

import threading
import unicodedata
from functools import cache, lru_cache
from importlib.resources import files

from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont


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


def text_width(text: str, face: Font) -> int:
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
    canvas.paste(image, (round(xy[0]) + left, round(xy[1]) + top), image)


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
