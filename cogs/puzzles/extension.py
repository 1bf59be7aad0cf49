"""The puzzles' extension: `setup` gives the bot its puzzle runner (`bot.puzzles`) and listens
to the puzzle buttons and menus. A module of its own, not the package's `__init__`, for the
reason given in `cogs.tables.extension`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.puzzles.components import PuzzleButton, RowMenu, TileMenu
from cogs.puzzles.runner import Puzzles

if TYPE_CHECKING:
    from cogs.common.bot import DominoBot


async def setup(bot: DominoBot) -> None:
    bot.puzzles = Puzzles(bot)
    bot.add_dynamic_items(PuzzleButton, RowMenu, TileMenu)
