"""What every message of a table is shown with, given once (`Showing`), and the base every
message module builds on (`TableMessage`): Discord's client, the readers' words, what the
table's messages show now (`ShownRows`), the stored table (`Read`), and the note that a message
was posted in a channel (the board is posted again below enough of them: `board.Scroll`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import discord

from cogs.audience import Audience
from cogs.tables.messages.needs import Read
from cogs.tables.messages.shown import ShownRows


@dataclass(frozen=True)
class Showing:
    client: discord.Client
    audience: Audience
    rows: ShownRows
    read: Read
    note_message: Callable[[int], None]


class TableMessage:
    """A table's message module: shows one kind of message of a table from the stored table."""

    def __init__(self, showing: Showing) -> None:
        self.client = showing.client
        self.audience = showing.audience
        self.rows = showing.rows
        self.read = showing.read
        self.note_message = showing.note_message
