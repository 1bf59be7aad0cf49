"""The tile emojis: one distinct picture per tile of each look, as Discord takes them."""

from __future__ import annotations

import io
import re

from PIL import Image

from engine.tiles import Tile
from render import emojis
from render.emojis import COLOURED, PLAIN, all_emojis, emoji_name, is_tile_emoji, tile_emoji_png


def test_every_tile_of_the_three_sets_has_its_own_emoji_under_discords_limits() -> None:
    for look, count in ((PLAIN, 28), (COLOURED, 91)):
        pictures = [tile_emoji_png(t.high, t.low, look) for t in emojis.tiles_of(look)]
        assert len(pictures) == count and len(set(pictures)) == count
        for png in pictures:
            assert len(png) <= emojis.BYTES_MAX
            image = Image.open(io.BytesIO(png))
            assert image.size == (128, 128) and image.mode == "RGBA"
            assert image.getpixel((0, 0))[3] == 0  # transparent around the tile
    # double-nine tables use the coloured emojis of their 55 tiles
    assert emojis.look_for(9) == COLOURED and emojis.look_for(6) == PLAIN
    assert emojis.look_for(15) is None


def test_the_names_are_discords_and_carry_the_drawing() -> None:
    names = all_emojis()
    assert len(names) == 28 + 91
    for name in names:
        assert re.fullmatch(r"[A-Za-z0-9_]{2,32}", name) and is_tile_emoji(name)
    assert emoji_name(Tile(6, 4), PLAIN).startswith("d_6_4_")
    assert emoji_name(Tile(12, 5), COLOURED).startswith("dc_12_5_")
    assert not is_tile_emoji("d_6_4") and not is_tile_emoji("party_parrot")


def test_the_bytes_are_the_same_on_every_drawing() -> None:
    first = tile_emoji_png(6, 4, PLAIN)
    tile_emoji_png.cache_clear()
    assert tile_emoji_png(6, 4, PLAIN) == first
