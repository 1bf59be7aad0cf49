"""A friends' table's one message, shown through the latest interaction's token (the `reply`
outbox key): the lobby while there is no match, then the board with its buttons, edited in
place for every change.

The bot is not in a group DM: the message is its interaction's original response, and only a
token of an interaction whose original response it is can edit it (`data.replies`: the newest
click's, stored). Discord honours a token for 15 minutes, so:

- while the latest token is younger than `TOKEN_SECONDS` less `TOKEN_MARGIN`, each change of the
  table (a move, an AI's move, a timed-out turn's stand-in, the next hand) edits the message
  through it, as a server table's board is edited;
- once it is older, nothing can show the table: the item is done without sending anything and
  the table waits as it is stored. A person's turn is timed from when it was shown, and it was
  not (`data.turn_clocks`: the turn's timer waits), so nobody is timed out meanwhile; AI seats
  and the pause between hands go on to the next person's turn, which waits the same way;
- the next click on the message (any seat, any button: "Your hand" above all) brings a fresh
  token (`cogs.tables.friends.Friends.revive`): the message is edited to the table as stored,
  and the turn it shows starts its clock then.

Showing the message that shows a person's turn is that turn's alert (there is no DM and no
thread): its edit starts the turn's clock in the transaction that records it (`alerted`).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from typing import Any

import discord

from cogs.common import messages
from cogs.runtime.shown import digest
from cogs.tables import board
from cogs.tables.clicks import offered
from cogs.tables.layouts import board_layout, board_texts
from cogs.tables.messages.base import Showing, TableMessage
from cogs.tables.messages.lobby import LobbyMessage, lobby_digest
from cogs.tables.messages.needs import Snapshot
from cogs.tables.table import Phase
from data import Database, Reply, Shown

log = logging.getLogger(__name__)

#: The outbox key of a friends' table's one message.
REPLY = "reply"
#: How long Discord honours an interaction's token, and how long before that the bot stops
#: using it (an edit begun then lands in time; a clock a little off does not matter).
TOKEN_SECONDS = 15 * 60.0
TOKEN_MARGIN = 60.0
#: Discord's answer to an expired token: the table waits for the next click.
INVALID_WEBHOOK_TOKEN = 50027


def usable(reply: Reply | None, now: float) -> bool:
    """Whether `reply`'s token may still edit the table's message."""
    return reply is not None and now < reply.made_at + TOKEN_SECONDS - TOKEN_MARGIN


class ReplyMessage(TableMessage):
    def __init__(
        self,
        showing: Showing,
        db: Database,
        snapshot: Snapshot,
        lobby: LobbyMessage,
        clock: Callable[[], float],
    ) -> None:
        super().__init__(showing)
        self.db = db
        self.snapshot = snapshot
        self.lobby = lobby
        self.clock = clock

    async def show(self, table_id: str, at: int | None = None) -> None:
        """The `reply` key: the table's message edited, through the latest token, to the table
        as stored (nothing while no token can: see the module docstring)."""
        shown = await self.rows.of(table_id)
        reply = await self.db.reply(table_id)
        if not usable(reply, self.clock()):
            log.info("table %s: no live token: shown at the next click", table_id)
            return
        assert reply is not None
        async with self.read(table_id, at_least=at) as table:
            if not table.friends:
                return
            w = await self.audience.table(table)
            starting = None
            if table.match is None:
                message = self.lobby.message(table, w)
                snap = None
            else:
                clock = None
                if table.phase is Phase.PLAYING and table.needs_ai() is None:
                    clock = await self.db.turn_clock(table_id)
                    if clock is not None and clock.version == table.version:
                        starting = clock if clock.shown_at is None else None
                snap = self.snapshot(table, clock)
                verbs = offered(table)
            version, revision, channel_id = table.version, table.revision, table.channel_id or 0
        if snap is None:
            fields: dict[str, Any] = dict(message)
            shows = lobby_digest(message)
        else:
            # The board as a server's table shows it (one layout); the lobby's embed is cleared
            # in the same edit, as Discord requires of a message that becomes a layout.
            file = await board.board_file(snap, w)
            picture = hashlib.sha256(file.fp.read()).hexdigest()
            file.reset()
            words = board_texts(snap, w)
            layout = board_layout(snap, w, verbs, alt=file.description, texts=words)
            shows = digest(*words, [str(verb) for verb in verbs], picture)
            fields = {"view": layout, "content": None, "embed": None, "attachments": [file]}
        before = shown.get(REPLY)
        if (
            starting is None
            and before is not None
            and before.message_id == reply.message_id
            and before.shows == shows
        ):
            return
        try:
            await messages.edit_by_token(self.client, reply.token, reply.message_id, **fields)
        except discord.HTTPException as error:
            if error.status == 401 and error.code == INVALID_WEBHOOK_TOKEN:
                log.info("table %s: its token ran out: shown at the next click", table_id)
                return
            raise
        row = Shown(table_id, REPLY, channel_id, reply.message_id, shows)
        if starting is not None:
            # The turn is shown: its clock starts now, recorded with what the message shows.
            await self.rows.alerted(row, version, revision)
        else:
            await self.rows.remember(row, edited=True)
