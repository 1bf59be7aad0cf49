"""The tables' extension: `setup` gives the bot its table runner (`bot.tables`, which the bot
restores and closes and the reviews read through `cogs.common.ports.TableDesk`) and listens to
the table buttons.

A module of its own, not the package's `__init__`: unloading an extension (the bot does it on
close) drops the extension's module and every module under it from `sys.modules`; were the
package the extension, the next import would build a second `Refusal` class, which the error
path's table would no longer recognise."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.tables.components import DYNAMIC_ITEMS
from cogs.tables.runner import Tables

if TYPE_CHECKING:
    from cogs.common.bot import DominoBot


async def setup(bot: DominoBot) -> None:
    bot.tables = Tables(bot)
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
