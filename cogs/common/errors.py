"""The one error handler: every refusal and failure ends in a short ephemeral answer.

The table below is read top to bottom; the first row whose type matches decides the answer:

1. `Refusal` (the table's refusals: not your turn, stale button, not the host, ...): its
   sentence, in the user's language.
2. `DominoError` (the engine's refusals, readable by design): from its template, in the user's
   language.
3. `DataError` (the data layer's refusals): as is (the data layer has no translations; its
   refusals that users meet are raised again by cogs as `Refusal`s).
4. `discord.Forbidden` (a permission the bot lacks): what to ask a moderator for.
5. anything else: a generic apology with an error code, and the traceback logged with that code,
   so a player can quote it and an operator can find it.

Every error comes here once: slash commands through the command tree's handler
(`cogs.common.extension`), buttons, menus and forms through their bases
(`cogs.common.components`), anything else through `guarded`.
"""

from __future__ import annotations

import functools
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord
from discord import app_commands

from cogs import texts
from cogs.audience import mine
from cogs.common.refusal import Refusal
from cogs.lang import Words, words
from data.models import DataError
from engine.errors import DominoError

log = logging.getLogger(__name__)

S = TypeVar("S")
P = ParamSpec("P")


def _table_error(error: BaseException, w: Words) -> str:
    assert isinstance(error, Refusal)
    return w.say(error.said)


ERRORS: tuple[tuple[type[BaseException], Callable[[BaseException, Words], str]], ...] = (
    (Refusal, _table_error),
    (DominoError, lambda error, w: w.refusal(error)),
    (DataError, lambda error, w: str(error)),
    (
        discord.Forbidden,
        lambda error, w: w(texts.MISSING_PERMISSIONS, permissions=w(texts.A_PERMISSION)),
    ),
)


def explain(error: BaseException, w: Words | None = None) -> str | None:
    """The answer for an expected error (in `w`'s language; English by default), or None for an
    unexpected one."""
    w = w or words("en")
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        error = error.__cause__ or error
    for kind, answer in ERRORS:
        if isinstance(error, kind):
            return answer(error, w)
    return None


async def reply_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Answer the user ephemerally, in their language; log unexpected errors with a code the
    user sees."""
    w = mine(interaction)
    text = explain(error, w)
    if text is None:
        code = secrets.token_hex(3)
        log.error("error %s in interaction %s", code, interaction.id, exc_info=error)
        text = w(texts.UNEXPECTED, code=code)
    await send_ephemeral(interaction, text)


async def send_ephemeral(interaction: discord.Interaction[Any], text: str) -> None:
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not answer interaction %s: %s", interaction.id, text)


def guarded(
    method: Callable[Concatenate[S, discord.Interaction[Any], P], Awaitable[None]],
) -> Callable[Concatenate[S, discord.Interaction[Any], P], Coroutine[Any, Any, None]]:
    """Send any refusal or failure of an interaction handler to the error handler: for the
    handlers neither the command tree nor a component base covers (a listener). Keeps the
    handler's name, which `add_listener` reads."""

    @functools.wraps(method)
    async def wrapper(
        self: S, interaction: discord.Interaction[Any], /, *args: P.args, **kwargs: P.kwargs
    ) -> None:
        try:
            await method(self, interaction, *args, **kwargs)
        except Exception as error:
            await reply_error(interaction, error)

    return wrapper
