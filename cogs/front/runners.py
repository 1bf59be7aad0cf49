"""The features' runners as the `/domino` commands use them. The bot knows them only by the
kernel's protocols (`cogs.common.ports`), which hold what other features may ask; the commands
are the one place that drives the runners themselves (open a table, a puzzle, end one), so here
they are named by their own classes."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from cogs.common.bot import DominoBot
    from cogs.puzzles.runner import Puzzles
    from cogs.tables.runner import Tables


def tables_of(bot: DominoBot) -> Tables:
    """The table runner the tables' extension set up (`bot.tables`)."""
    return cast("Tables", bot.tables)


def puzzles_of(bot: DominoBot) -> Puzzles:
    """The puzzle runner the puzzles' extension set up (`bot.puzzles`)."""
    return cast("Puzzles", bot.puzzles)
