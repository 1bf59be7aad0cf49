"""The bases of every button, menu and form of the bot, so that an exception in any of their
handlers reaches the one error path (`cogs.errors.reply_error`) exactly once.

discord.py runs a `DynamicItem`'s callback outside any view the bot made: its exception is only
logged (`ViewStore.schedule_dynamic_item_call`), never given to a `View.on_error`. So
`PersistentItem.callback` is the guard itself and subclasses write `clicked`. A form's
exception does reach `Modal.on_error`, which `Form` answers.
"""

from __future__ import annotations

from typing import Any, TypeVar, final

import discord

from cogs.errors import reply_error

ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any], covariant=True)
#: The template of the base itself, which is never registered: it matches no custom id.
MATCHES_NOTHING = r"(?!)"


class PersistentItem(discord.ui.DynamicItem[ItemT], template=MATCHES_NOTHING):
    """A button or menu that outlives the process: rebuilt from its custom id at each click.
    Subclasses declare their `template` and write `clicked`; any exception it raises is
    answered by `reply_error`."""

    def __init_subclass__(cls, *, template: str) -> None:
        super().__init_subclass__(template=template)

    @final
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self.clicked(interaction)
        except Exception as error:
            await reply_error(interaction, error)

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        """What a click (or a menu choice) does."""
        raise NotImplementedError


class Form(discord.ui.Modal):
    """A modal form whose submission's exceptions are answered by `reply_error`."""

    # The signature of `discord.ui.Modal.on_error`, which itself narrows the views' one (no item).
    async def on_error(  # type: ignore[override]
        self, interaction: discord.Interaction[Any], error: Exception, /
    ) -> None:
        await reply_error(interaction, error)
