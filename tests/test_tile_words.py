"""Tiles named in the bot's words: as the app's tile emojis where they are uploaded, in words
("6-4") where not; on a move button the emoji and the rest of the label."""

from __future__ import annotations

import discord

from cogs.common import tiles
from cogs.lang import Said, words
from cogs.tables import components
from engine.actions import Draw, Play
from engine.tiles import Tile
from render.emojis import COLOURED, PLAIN, emoji_name

EN = words("en")
PLAIN_64 = emoji_name(Tile(6, 4), PLAIN)
COLOURED_64 = emoji_name(Tile(6, 4), COLOURED)
FOUND = tiles.TileEmojis({PLAIN_64: 111, COLOURED_64: 222})


def items(view: discord.ui.View) -> list[object]:
    """The view's buttons and menus (a persistent one wraps its item)."""
    return [getattr(child, "item", child) for child in view.children]


def test_the_log_names_a_placed_tile_by_its_emoji_of_the_tables_set() -> None:
    line = tiles.tiled(
        Said.of("{name} played {move}", name="alice", move=Play(0, Tile(6, 4)).message),
        6,
        FOUND,
    )
    assert EN.say(line) == f"alice played <:{PLAIN_64}:111>"
    on_end = Said.of("{name} played {move}", name="bob", move=Play(1, Tile(6, 4), end=6).message)
    assert EN.say(tiles.tiled(on_end, 9, FOUND)) == f"bob played <:{COLOURED_64}:222> on 6"
    # without emojis, or for a tile without one, the words as they were
    assert EN.say(tiles.tiled(on_end, 9, tiles.NONE)) == "bob played 6-4 on 6"
    other = Said.of("{name} played {move}", name="bob", move=Play(1, Tile(5, 5)).message)
    assert EN.say(tiles.tiled(other, 6, FOUND)) == "bob played 5-5"


def test_a_move_button_shows_the_tiles_emoji_and_where_it_goes_in_words() -> None:
    legal = (Play(0, Tile(6, 4), end=6), Play(0, Tile(5, 5)), Draw(0), Play(0, Tile(6, 4)))
    marks = tiles.marks(legal, 6, FOUND)
    labels = ["6-4 on 6 left", "5-5", "draw", "6-4"]
    view = components.moves_view("t1", 3, labels, buttons=True, w=EN, marks=marks)
    shown = [(b.emoji, b.label) for b in items(view) if isinstance(b, discord.ui.Button)]
    assert shown == [
        (discord.PartialEmoji(name=PLAIN_64, id=111), "on 6 left"),
        (None, "5-5"),
        (None, "draw"),
        # a bare tile keeps its words too: a screen reader reads the label, not the emoji
        (discord.PartialEmoji(name=PLAIN_64, id=111), "6-4"),
    ]
    menus = components.moves_view("t1", 3, labels, buttons=False, w=EN, marks=marks)
    (menu,) = [m for m in items(menus) if isinstance(m, discord.ui.Select)]
    assert [(o.emoji, o.label) for o in menu.options] == [
        (discord.PartialEmoji(name=PLAIN_64, id=111), "6-4 on 6 left"),
        (None, "5-5"),
        (None, "draw"),
        (discord.PartialEmoji(name=PLAIN_64, id=111), "6-4"),
    ]
