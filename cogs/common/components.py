"""The bases of every button, menu and form of the bot: a button or menu is rebuilt from its
custom id by one parser, and an exception in any handler reaches the one error path
(`cogs.common.errors.reply_error`) exactly once.

A custom id is parsed by its class's `template`: each named group is the constructor's argument
of the same name, converted by the class's `fields` (the text itself when a group has none), so
a class declares its id and never parses it by hand. Group names are not part of the id: old
messages' buttons keep working as long as the templates match the same texts.

A custom id comes from the client, so a number in it may be anything its template's digits
spell. `row_id` refuses one that no stored row can have (past a signed 64-bit integer, what
both stores keep), and the item then answers its class's `refusal` instead of acting; `count`
clamps a page, position or index there (past every real one, the handlers show the last or
refuse it as stale). No query is ever handed a number it cannot hold. Whether the row an id
names belongs to the clicking server is the handler's check (the same as for a typed option).

discord.py runs a `DynamicItem`'s callback outside any view the bot made: its exception is only
logged (`ViewStore.schedule_dynamic_item_call`), never given to a `View.on_error`. So
`PersistentItem.callback` is the guard itself and subclasses write `clicked`. A form's
exception does reach `Modal.on_error`, which `Form` answers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self, TypeVar, cast, final

import discord

from cogs import texts
from cogs.common import logs
from cogs.common.errors import reply_error
from cogs.common.refusal import Refusal

#: How named groups of a template become constructor arguments: `{"version": int}`.
Fields = Mapping[str, Callable[[str], Any]]
ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any], covariant=True)
#: The template of the base itself, which is never registered: it matches no custom id.
MATCHES_NOTHING = r"(?!)"
#: The largest number a custom id may carry: a signed 64-bit integer's (an INTEGER column's).
LARGEST = 2**63 - 1


class OutOfRange(ValueError):
    """A number in a custom id that no stored row can have."""


def row_id(text: str) -> int:
    """The id of a stored row (a season, a match) in a custom id; `OutOfRange` past `LARGEST`."""
    value = int(text)
    if not 0 <= value <= LARGEST:
        raise OutOfRange(text)
    return value


def count(text: str) -> int:
    """A page, position, version or index in a custom id, at most `LARGEST`."""
    return min(int(text), LARGEST)


class PersistentItem(discord.ui.DynamicItem[ItemT], template=MATCHES_NOTHING):
    """A button or menu that outlives the process: rebuilt from its custom id at each click.
    Subclasses declare their `template` (and `fields`) and write `clicked`; any exception it
    raises is answered by `reply_error`."""

    #: How a named group of the template becomes the constructor's argument (`int`, ...).
    fields: ClassVar[Fields] = {}
    #: Set on an item whose custom id could not be read (`from_custom_id`): its answer.
    refused: Refusal | None = None

    @classmethod
    def refusal(cls, match: re.Match[str]) -> Refusal:
        """The answer to a click whose custom id names nothing that can be (a number out of
        range); the id's own groups may say which."""
        return Refusal(texts.NOT_THIS_TABLE)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        """The item a custom id describes, as the template matched it."""
        arguments = {
            name: cls.fields.get(name, str)(text) for name, text in match.groupdict().items()
        }
        return cls(**arguments)

    @final
    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        try:
            return cls.from_match(match)
        except ValueError:
            # discord.py would only log an exception raised here and leave the click
            # unanswered: the item is made from the message's own one, to answer the refusal.
            refusing = cls.__new__(cls)
            discord.ui.DynamicItem.__init__(refusing, cast(Any, item))
            refusing.refused = cls.refusal(match)
            return refusing

    @final
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        logs.about_click(self.custom_id, interaction.guild_id)  # the log's lines of this click
        try:
            if self.refused is not None:
                raise self.refused
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
