"""PNG encoding. Pictures are drawn in RGB and stored as palette PNGs: a domino picture has few
colours (felt, faces, pips, a few marks and their anti-aliased edges), so a 64-colour palette
keeps them crisp at a fraction of the bytes, and the fast octree quantizer costs about a
millisecond."""

from __future__ import annotations

import io

from PIL import Image

PALETTE_COLOURS = 64


def png_bytes(image: Image.Image) -> bytes:
    """`image` as palette PNG bytes (no dithering: flat areas stay flat and compress well)."""
    paletted = image.quantize(
        colors=PALETTE_COLOURS,
        method=Image.Quantize.FASTOCTREE,
        dither=Image.Dither.NONE,
    )
    buffer = io.BytesIO()
    paletted.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()
