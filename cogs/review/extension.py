"""The reviews' extension: `setup` gives the bot its reviews and hints (`bot.reviews`); the
buttons that ask for them are the tables' (Review, Hint) and the replay's (`cogs.standings`).

A module of its own, not the package's `__init__` (see `cogs.tables.extension`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cogs.review.reviews import Reviews

if TYPE_CHECKING:
    from cogs.common.bot import DominoBot


async def setup(bot: DominoBot) -> None:
    # The AI's workers are the bot's, shared with the AI seats; the reviews are what the
    # tables' and the replay's Review and Hint buttons reach (`cogs.common.ports.ReviewDesk`).
    bot.reviews = Reviews(bot, bot.workers)


async def teardown(bot: DominoBot) -> None:
    await cast("Reviews", bot.reviews).close()
