"""The reviews' extension: `setup` gives the bot its reviews and hints (`bot.reviews`); the
buttons that ask for them are the tables' (Review, Hint) and the replay's (`cogs.standings`).

A module of its own, not the package's `__init__` (see `cogs.tables.extension`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.review.reviews import Reviews

if TYPE_CHECKING:
    from bot import DominoBot


async def setup(bot: DominoBot) -> None:
    bot.reviews = Reviews(bot)


async def teardown(bot: DominoBot) -> None:
    await bot.reviews.close()
