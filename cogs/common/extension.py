"""The common extension: every slash command's refusal or failure goes to `reply_error`, once,
through the command tree's error handler (no cog keeps a handler of its own).

Buttons, menus and forms reach the same path through their base classes
(`cogs.common.components`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.common.errors import reply_error

if TYPE_CHECKING:
    from cogs.common.bot import DominoBot


async def setup(bot: DominoBot) -> None:
    bot.tree.error(reply_error)
