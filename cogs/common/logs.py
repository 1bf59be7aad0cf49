"""The bot's log as an operator reads it: one line per event, plain text or JSON (`LOG_FORMAT`),
each line about a table naming the table and its server, the token never in it, and nothing
said that means nothing to an admin.

Which table a line is about is not passed to every `log` call: it is set where a table's work
begins (a click on one of its buttons, `about_click`; a job, `about_table`; a delivery round,
the same), in context variables that follow the work through its awaits and into the tasks it
starts, and every record made meanwhile carries them (`TableContext`, a filter on the handler).

Tracebacks stay whole, on the event's own line: in text their line breaks are written `\\n`,
in JSON they are the `exc` field. A line that holds the bot's token shows `***` instead.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from contextvars import ContextVar
from typing import Any

#: The table and the server the running work is about (None: none, or not known).
TABLE: ContextVar[str | None] = ContextVar("table", default=None)
GUILD: ContextVar[int | None] = ContextVar("guild", default=None)
#: A table's id as its buttons carry it (`prefix:TABLEID:...`).
TABLE_ID = re.compile(r"[a-z]{1,6}:([0-9a-f]{10})(?::|$)")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s%(about)s"
FORMATS = ("text", "json")
#: What discord.py says at every start that concerns nobody here: the bot has no voice.
MEANINGLESS = ("voice will NOT be supported",)


def about_table(table_id: str, guild_id: int | None = None) -> None:
    """The work running from here on (this task and those it starts) is about that table."""
    TABLE.set(table_id)
    if guild_id is not None:
        GUILD.set(guild_id)


def about_click(custom_id: object, guild_id: int | None) -> None:
    """A click's work is about the table its button names, in the server it came from."""
    if guild_id is not None:
        GUILD.set(guild_id)
    found = TABLE_ID.match(custom_id) if isinstance(custom_id, str) else None
    if found is not None:
        TABLE.set(found[1])


class TableContext(logging.Filter):
    """Puts the running work's table and server on each record (`table_id`, `guild_id`, and
    `about`: the two as the text format's tail)."""

    def filter(self, record: logging.LogRecord) -> bool:
        table, guild = TABLE.get(), GUILD.get()
        record.table_id, record.guild_id = table, guild
        parts = [f"guild={guild}"] if guild is not None else []
        if table is not None:
            parts.append(f"table={table}")
        record.about = f" [{' '.join(parts)}]" if parts else ""
        return True


class Meaningless(logging.Filter):
    """Drops the library's lines that tell an admin nothing they can act on."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        return not any(words in message for words in MEANINGLESS)


class OneLine(logging.Formatter):
    """The text format on one line per event, without the token."""

    def __init__(self, secret: str = "") -> None:
        super().__init__(TEXT_FORMAT)
        self.secret = secret

    def format(self, record: logging.LogRecord) -> str:
        if not hasattr(record, "about"):
            TableContext().filter(record)
        return hide(super().format(record).replace("\n", "\\n"), self.secret)


class JsonLines(logging.Formatter):
    """One JSON object per line: time, level, logger, message, and where known table, guild
    and the exception's traceback."""

    def __init__(self, secret: str = "") -> None:
        super().__init__()
        self.secret = secret

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        table = getattr(record, "table_id", TABLE.get())
        guild = getattr(record, "guild_id", GUILD.get())
        if guild is not None:
            line["guild"] = str(guild)  # a snowflake: a string, as Discord writes it
        if table is not None:
            line["table"] = table
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exc"] = record.exc_text
        return hide(json.dumps(line, ensure_ascii=False), self.secret)


def hide(text: str, secret: str) -> str:
    return text.replace(secret, "***") if secret else text


def quiet_discord() -> None:
    """Silence discord.py's meaningless lines (before the client is made: it says them then)."""
    logger = logging.getLogger("discord.client")
    if not any(isinstance(each, Meaningless) for each in logger.filters):
        logger.addFilter(Meaningless())


def set_up(level: str, form: str = "text", secret: str = "") -> logging.Handler:
    """The process's logging: one handler on stderr in `form` (`text` or `json`) at `level`."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines(secret) if form == "json" else OneLine(secret))
    handler.addFilter(TableContext())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    quiet_discord()
    return handler
