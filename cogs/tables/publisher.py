"""What each outbox key of a table shows, and how it is shown: the board message edited in place
(re-posted when it scrolls away), one score sheet per hand, every player's hand by DM, the lobby
message, the table's thread, and one-off notices.

Each `show` reads the table as stored (under its lock, so never a change being stored), takes
what it needs synchronously, and renders and sends outside the lock. It is idempotent: what a
message of the table shows is remembered (`shown` rows in the store, and in memory), so showing
the same stored table again sends nothing, and a restart edits the same messages instead of
sending new ones. A failure raises, and the delivery loop (`delivery`) tries again later.

Hands go only to their owner. A player hears of each of their turns once, by ONE new message
that pings them alone (none off their turn; edits notify nobody): by default a DM with the hand
and its moves; if they chose the thread (`/domino settings`) or their DMs are closed, a message
in the table's thread whose "Your hand" answers them ephemerally. Off their turn their last DM
is only edited: it loses its moves, and says how the hand and the match ended. Closed DMs mark
the seat (a change of the table, stored), the table says once why, and no DM is tried until the
player comes back (a "Your hand" click or a /domino command).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

import discord

from cogs import texts
from cogs.common import messages
from cogs.common.refusal import Refusal
from cogs.lang import Words
from cogs.runtime.store import Conflict
from cogs.tables import board
from cogs.tables.components import moves_view, table_view
from cogs.tables.lobby import lobby_embed
from cogs.tables.table import Phase, Table
from data import Shown
from engine import SeatView

if TYPE_CHECKING:
    from cogs.tables.runner import Tables

log = logging.getLogger(__name__)

ANSWERS_WATCH_SECONDS = 2.0  # shared store: how often "Your hand" answers are checked
REPOST_AFTER = 6  # messages under the board before it is posted again at the bottom
MISSING_ACCESS = 50001  # Discord's code when the bot cannot even see the channel
THREAD_EXISTS = 160004  # Discord's code when the message already started a thread
THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440  # a table's thread hides after a day without messages
NO_THREAD = 0  # `shown` message id of a table that plays in its channel (no thread possible)
#: A move clicked on its DM is answered by editing that DM (`answer_move`) if that answer can
#: be sent within this many seconds of the click (Discord allows 3, and the request itself
#: takes some); else the click is only acknowledged (and the DM edited as usual).
ANSWER_SECONDS = 1.5
NOTE_ATTEMPTS = 3  # a note of where a message is, made again after lost races (`_note`)
#: A turn's alert delivered this many seconds after the turn began shows the board again: the
#: board, shown before the alert, counted the turn's time from when it was drawn.
REDRAW_AFTER_SECONDS = 5.0
#: The outbox key of that board (its own key: the round that showed the board before the alert
#: is ending, and its end deletes the `board` item it showed).
BOARD_AGAIN = "board:clock"


@dataclass
class Hand:
    """What one seat's hand message shows, read from the stored table (`Publisher._hand_now`)."""

    seat: int
    user_id: int
    view: SeatView
    names: list[str]
    version: int
    turn_name: str | None
    moves_at: int | None  # the table's version while a hand is played (its moves' version)
    variant: str
    dm_closed: bool
    place_id: int  # the table's thread (or channel)
    guild_id: int | None
    w: Words  # the player's words
    ending: list[str]  # how the hand and the match ended, once they have
    hint: bool = False  # the table offers hints: a Hint button beside the moves
    in_thread: bool = False  # their turns are announced in the thread (chosen, or DMs closed)
    revision: int = 0  # the store's revision of the table read

    @property
    def to_play(self) -> bool:
        return self.view.my_turn and bool(self.view.legal) and self.moves_at is not None

    @property
    def fingerprint(self) -> str:
        """What `shown` keeps of a hand DM; ":moves": it has live move buttons (only those
        need taking away later). A turn announced in the thread leaves the DM without moves:
        the player who asks for DMs again during that turn is sent one with them."""
        to_play = self.to_play and not self.in_thread
        shows = digest(
            [str(tile) for tile in self.view.hand], to_play and self.version, self.ending
        )
        return f"{self.view.hand_number}:{shows}" + (":moves" if to_play else "")


class Blocked(Exception):
    """A permission the bot lacks keeps the table from being shown (said where it could be);
    showing is tried again later."""


class Spacing:
    """At most one new message to a person every `seconds`: a new DM is a notification on
    their phone, so however fast a table moves (AI seats, a burst of clicks) nobody is buzzed
    more often than that. Waiting costs nothing: the table's showing waits, changes made
    meanwhile are shown by its next round."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.last: dict[int, float] = {}  # user id -> loop time of their last new message

    async def wait(self, user_id: int) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        ready_at = self.last.get(user_id, now - self.seconds) + self.seconds
        if ready_at > now:
            await asyncio.sleep(ready_at - now)
        self.last[user_id] = loop.time()
        if len(self.last) > 4096:  # forget people who have not been notified for a while
            recent = loop.time() - self.seconds
            self.last = {user: at for user, at in self.last.items() if at >= recent}


def _playing(table: Table) -> None:
    """No change, for a table whose match is on (refused otherwise): its hands are shown
    again."""
    if table.match is None or table.finished:
        raise Refusal(texts.NO_SUCH_TABLE)


def only(user_id: int) -> discord.AllowedMentions:
    """Mentions that ping `user_id` alone (the bot's default pings nobody)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(user_id)]
    )


def digest(*parts: Any) -> str:
    """A short fingerprint of what a message shows (what `shown` compares)."""
    text = json.dumps(parts, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Publisher:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.bot = tables.bot
        self.db = tables.db
        self.since_board: dict[int, int] = {}  # channel id -> messages posted after the board
        self.dm_channels: dict[int, int] = {}  # user id -> their DM channel's id: see `_dm`
        #: What the messages of each table show, as last delivered (the store's `shown`, read
        #: once per table and kept up to date here), by table id and key.
        self.shown: dict[str, dict[str, Shown]] = {}
        #: table id -> what its lobby message is being edited to by the click itself
        self.lobby_edits: dict[str, str] = {}
        # table -> which permission stops showing it, and where (messages of cogs.texts)
        self.blocked: dict[str, tuple[str, str]] = {}
        self.spacing = Spacing(tables.settings.notify_spacing_seconds)
        self.places: dict[int, str] = {}  # user id -> where their hand goes (`hands_place`)
        #: table id -> seat -> the latest "Your hand" answer with moves, and their version
        self.answers: dict[str, dict[int, tuple[discord.Interaction[Any], int]]] = {}
        #: (table id, user id) -> set once the move they clicked on their DM has been answered
        #: (or the answer given up): their hand waits for it (`_show_hand`)
        self.answering: dict[tuple[str, int], asyncio.Event] = {}
        self._watching: asyncio.Task[None] | None = None  # `_watch_answers`
        #: Tables in a round of the delivery (`Delivery._show_table`), and what their edited
        #: messages show that the round's end stores (`unsaved`, see `_remember`).
        self.rounds: set[str] = set()
        self._unsaved: dict[str, dict[str, Shown]] = {}

    def note_message(self, channel_id: int) -> None:
        if channel_id in self.since_board:
            self.since_board[channel_id] += 1

    def forget(self, table: Table) -> None:
        """The table left the store: so does all that was kept here to show it."""
        self.shown.pop(table.id, None)
        self._unsaved.pop(table.id, None)
        self.blocked.pop(table.id, None)
        self.lobby_edits.pop(table.id, None)
        self.answers.pop(table.id, None)
        channel = table.thread_id or table.channel_id
        shown_there = (
            (other.thread_id or other.channel_id) == channel
            for other in self.tables.tables.values()
            if other.id != table.id
        )
        if channel is not None and not any(shown_there):
            self.since_board.pop(channel, None)

    async def _shown(self, table_id: str) -> dict[str, Shown]:
        known = self.shown.get(table_id)
        if known is None:
            known = self.shown[table_id] = await self.db.shown(table_id)
            known.update(self._unsaved.get(table_id, {}))
        return known

    async def _remember(self, shown: Shown, *, edited: bool = False) -> None:
        """What a message of the table shows now. A new message is stored at once (shown
        again, it would be sent twice); an `edited` one during a delivery round is stored with
        the round's end (`Database.delivered`), one transaction for the round: shown again
        after a crash, it is only edited to the same."""
        (await self._shown(shown.table_id))[shown.key] = shown
        if edited and shown.table_id in self.rounds:
            self._unsaved.setdefault(shown.table_id, {})[shown.key] = shown
            return
        await self.db.save_shown(shown)
        self._unsaved.get(shown.table_id, {}).pop(shown.key, None)

    async def _alerted(self, shown: Shown, version: int, revision: int) -> None:
        """A person's turn alert was sent (a new DM with their moves, or their ping in the
        thread), for the turn at `version` of the table read at `revision`: recorded at once, as
        `_remember` records a new message, and in the same transaction the turn's clock starts
        (`Database.turn_shown`: the turn is timed from now). An alert that came late has the
        board shown again (`REDRAW_AFTER_SECONDS`). Not stored, the alert is forgotten here too:
        the turn is told again (its clock starts with an alert the store knows of)."""
        (await self._shown(shown.table_id))[shown.key] = shown
        try:
            clock = await self.db.turn_shown(
                shown,
                version,
                revision,
                self.tables.clock(),
                late_after=REDRAW_AFTER_SECONDS,
                then_show=(BOARD_AGAIN,),
            )
        except BaseException:
            self.shown.pop(shown.table_id, None)
            raise
        self._unsaved.get(shown.table_id, {}).pop(shown.key, None)
        if clock is not None and clock.deadline is not None:
            self.tables.jobs.expect(clock.deadline)

    def unsaved(self, table_id: str) -> list[Shown]:
        """What the table's edited messages show and the store does not know yet (taken: the
        caller stores it)."""
        return list(self._unsaved.pop(table_id, {}).values())

    def drop(self, table_id: str) -> None:
        """A round of the table failed to end (or lost its lease): what its messages show is
        read from the store again. Memory is only a cache of the stored `shown` rows: the edits
        of that round are made again (to the same) by the next, and a message another process
        sent meanwhile is the one the store names, never an older one kept here."""
        self.shown.pop(table_id, None)
        self._unsaved.pop(table_id, None)

    async def _note(self, table_id: str, change: Callable[[Table], None]) -> None:
        """Store where the table's messages are (its thread, its board, its lobby), a change
        that holds at any revision: one that lost a race with another process's action is
        made again on the table as that action left it."""
        for attempt in range(NOTE_ATTEMPTS):
            try:
                await self.tables.act(table_id, change, show=lambda table, _: [])
                return
            except Conflict:
                if attempt + 1 == NOTE_ATTEMPTS:
                    raise

    # -- one outbox key ---------------------------------------------------------------------

    async def show(self, table_id: str, key: str, revision: int | None = None) -> None:
        """Make what `key` shows of the stored table match it (raises to be tried again).
        `revision`: the one the item was queued at; the table is shown as stored at that
        revision or a newer one. With a shared store, what the table's messages show is read
        from the store for each item (another process may have shown it since; it claims
        whole tables, so none shows this one meanwhile) and not kept afterwards."""
        if self.tables.shared:
            self.shown.pop(table_id, None)
        try:
            await self._show_key(table_id, key, revision)
        finally:
            if self.tables.shared:
                self.shown.pop(table_id, None)

    async def _show_key(self, table_id: str, key: str, at: int | None) -> None:
        kind, _, rest = key.partition(":")
        if kind == "thread":
            await self._open_thread(table_id, at)
        elif kind == "lobby":
            await self._show_lobby(table_id, at)
        elif kind == "sheet":
            await self._show_sheet(table_id, int(rest), at)
        elif kind == "board":
            await self._show_board(table_id, at)
        elif kind == "hands":
            await self._show_hands(table_id, at)
        elif kind == "notice" and rest.startswith("dm-closed:"):
            await self._tell_dms_closed(table_id, int(rest.rpartition(":")[2]), at)
        else:
            log.warning("table %s: nothing shows %r", table_id, key)

    # -- the table's thread and lobby -------------------------------------------------------

    async def _open_thread(self, table_id: str, at: int | None = None) -> None:
        """A thread per table, started from its lobby message, where the channel allows it;
        else the table plays in the channel itself. Tried once per table."""
        shown = await self._shown(table_id)
        async with self.tables.read(table_id, at_least=at) as table:
            if table.thread_id is not None or "thread" in shown or table.match is None:
                return
            channel_id, message_id = table.channel_id, table.lobby_message_id
            w = await self.tables.public_words(table)
            name = f"{w.game_name(table.setup.variant)} · {table.names()[0]}"[:100]
        if channel_id is None or message_id is None:
            return
        thread_id: int | None = None
        try:
            # Through the route itself: discord.py's `create_thread` wants the server in this
            # process's cache, and with several processes the table's server may be another
            # shard's (this process only shows what it stored, for a DM click).
            thread = await self.bot.http.start_thread_with_message(
                channel_id, message_id, name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES
            )
            thread_id = int(thread["id"])
        except discord.HTTPException as error:
            if error.code == THREAD_EXISTS:
                thread_id = message_id  # a thread started from a message shares its id
            elif error.status >= 500 or error.status == 429:
                raise
            else:
                log.info("table %s: no thread (%s), playing in the channel", table_id, error)
        if thread_id is not None:
            found = thread_id

            def into_thread(table: Table) -> None:
                table.thread_id = found

            await self._note(table_id, into_thread)
        await self._remember(Shown(table_id, "thread", channel_id, thread_id or NO_THREAD, ""))

    def lobby_message(self, table: Table, w: Words) -> dict[str, Any]:
        """The lobby's embed and (while it is open) its buttons, in the server's words (`w`)."""
        from cogs.tables.components import lobby_view
        from cogs.tables.lobby import option_choices, removable_seats, seat_choices

        view = None
        if table.phase is Phase.LOBBY:
            view = lobby_view(
                table.id,
                self.tables.levels,
                seat_choices(table, w),
                w,
                removable=removable_seats(table, w),
                options=option_choices(table, w),
            )
        return {"embed": lobby_embed(table, w), "view": view}

    @staticmethod
    def lobby_digest(message: dict[str, Any]) -> str:
        view = message["view"]
        ids = [item.custom_id for item in view.children] if view is not None else []
        return digest(message["embed"].to_dict(), ids)

    async def _show_lobby(self, table_id: str, at: int | None = None) -> None:
        """The lobby message as the stored table has it: its seats while open, its last words
        (no buttons) once started or closed. A rematch's lobby is posted here first."""
        shown = await self._shown(table_id)
        async with self.tables.read(table_id, at_least=at) as table:
            w = await self.tables.public_words(table)
            message = self.lobby_message(table, w)
            channel_id, message_id = table.channel_id, table.lobby_message_id
            invited = sorted(table.lobby.invited)
            host = next((s.name for s in table.lobby.occupied if s.user_id == table.host_id), "")
        if channel_id is None:
            return
        fingerprint = self.lobby_digest(message)
        channel = self.bot.get_partial_messageable(channel_id)
        if message_id is None:
            await self._post_lobby(table_id, channel, message, invited, host, w)
            return
        before = shown.get("lobby")
        if before is not None and before.shows == fingerprint:
            return
        if self.lobby_edits.pop(table_id, None) == fingerprint:
            # The click showed it: the store learns so (for every process), nothing is sent.
            await self._remember(
                Shown(table_id, "lobby", channel_id, message_id, fingerprint), edited=True
            )
            return
        try:
            await channel.get_partial_message(message_id).edit(**message)
        except discord.NotFound:
            log.info("table %s: the lobby message is gone", table_id)
        await self._remember(
            Shown(table_id, "lobby", channel_id, message_id, fingerprint), edited=True
        )

    def lobby_edited(self, table_id: str, message: dict[str, Any]) -> None:
        """The click on the lobby edited it itself (its interaction's answer): nothing more to
        send for it (kept until the lobby item is shown here; shown by another process, it
        is edited once more to the same)."""
        self.lobby_edits[table_id] = self.lobby_digest(message)

    async def _post_lobby(
        self,
        table_id: str,
        channel: discord.PartialMessageable,
        message: dict[str, Any],
        invited: list[int],
        host: str,
        w: Words,
    ) -> None:
        """A rematch's lobby, posted where the old table played: it names (and pings: only
        them) the players invited back, who are seated only when they join."""
        content = None
        if invited:
            content = w(
                texts.REMATCH_INVITE,
                players=" ".join(f"<@{user}>" for user in invited),
                host=texts.user_text(host),
            )
        posted = await channel.send(
            content=content,
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(user) for user in invited]
            ),
            **message,
        )
        self.note_message(channel.id)
        found = posted.id

        def posted_at(table: Table) -> None:
            table.lobby_message_id = found

        try:
            await self._note(table_id, posted_at)
        except Exception:
            with contextlib.suppress(discord.HTTPException):
                await posted.delete()  # posted again on the next try
            raise
        fingerprint = self.lobby_digest(message)
        await self._remember(Shown(table_id, "lobby", channel.id, found, fingerprint))

    # -- the board and the score sheets -----------------------------------------------------

    async def _show_sheet(self, table_id: str, number: int, at: int | None = None) -> None:
        """The score sheet of hand `number` (0-based), posted once."""
        key = f"sheet:{number}"
        if key in await self._shown(table_id):
            return
        async with self.tables.read(table_id, at_least=at) as table:
            snap = self.tables.snapshot(table)
            channel_id = table.thread_id or table.channel_id or 0
            w = await self.tables.public_words(table)
        view = snap.view
        if view is None or len(view.results) <= number:
            return
        results = view.results[: number + 1]
        last = number == len(view.results) - 1
        view = replace(view, results=results, scores=results[-1].scores, over=view.over and last)
        snap = replace(snap, view=view)
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            file = await board.score_sheet_file(snap, w)
            posted = await messages.send(
                self.bot, channel_id, content=board.hand_result_text(snap, w), file=file
            )
        except discord.Forbidden as error:
            await self._cannot_show(table_id, channel, error, w)
            raise Blocked from error
        self.note_message(channel.id)
        await self._remember(Shown(table_id, key, channel.id, posted, ""))

    async def _show_board(self, table_id: str, at: int | None = None) -> None:
        """The board (`BOARD_AGAIN` too): edited in place, or posted again at the bottom. Its
        deadline is the turn's clock's (`Tables.turn_deadline`), read from the store."""
        shown = await self._shown(table_id)
        async with self.tables.read(table_id, at_least=at) as table:
            if table.match is None:
                return
            clock = None
            if table.phase is Phase.PLAYING and table.needs_ai() is None:
                clock = await self.db.turn_clock(table_id)
            snap = self.tables.snapshot(table, clock)
            channel_id = table.thread_id or table.channel_id or 0
            old = table.board_message_id
            w = await self.tables.public_words(table)
        channel = self.bot.get_partial_messageable(channel_id)
        embed = board.board_embed(snap, w)
        shown_verbs = board.board_verbs(snap)
        # The buttons' words are the server's: a new language re-sends them too.
        buttons = digest(shown_verbs, w.language)
        before = shown.get("board")
        try:
            file = await board.board_file(snap, w)
            if old is not None and self.since_board.get(channel.id, 0) < REPOST_AFTER:
                try:
                    if before is not None and before.message_id == old and before.shows == buttons:
                        # Discord keeps the buttons an edit leaves out: most moves change none.
                        await messages.edit(
                            self.bot, channel_id, old, embed=embed, attachments=[file]
                        )
                    else:
                        await messages.edit(
                            self.bot,
                            channel_id,
                            old,
                            embed=embed,
                            attachments=[file],
                            view=table_view(table_id, shown_verbs, w),
                        )
                    await self._remember(
                        Shown(table_id, "board", channel.id, old, buttons), edited=True
                    )
                    self.blocked.pop(table_id, None)
                    return
                except discord.NotFound:
                    file.reset()  # sent once already: read from its start again
            found = await messages.send(
                self.bot,
                channel_id,
                embed=embed,
                file=file,
                view=table_view(table_id, shown_verbs, w),
            )
        except discord.Forbidden as error:
            # The game is stored already; only showing it failed. It is shown again later.
            await self._cannot_show(table_id, channel, error, w)
            raise Blocked from error
        self.blocked.pop(table_id, None)
        self.since_board[channel.id] = 0

        def moved(table: Table) -> None:
            table.board_message_id = found

        await self._note(table_id, moved)
        await self._remember(Shown(table_id, "board", channel.id, found, buttons))
        if old is not None:
            # An old board without buttons is cosmetic; the new one works.
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old).edit(view=None)

    async def _cannot_show(
        self,
        table_id: str,
        channel: discord.PartialMessageable,
        error: discord.Forbidden,
        w: Words,
    ) -> None:
        """A permission was taken from the bot where the table plays: say which, once, where it
        still can (there in words, else in the thread's parent channel; `blocked` is for the
        next clicker, in their own words); the board is posted afresh once it is given back."""
        self.since_board[channel.id] = REPOST_AFTER
        if table_id in self.blocked:
            return
        table = self.tables.tables.get(table_id)
        if table is None:
            return
        where = texts.THE_TABLE_THREAD if table.thread_id else texts.THE_TABLE_CHANNEL
        if error.code != MISSING_ACCESS:
            # Words without a picture may still go through: then the picture was refused.
            text = texts.cannot_show(w, texts.ATTACH_FILES, where)
            self.blocked[table_id] = (texts.ATTACH_FILES, where)
            try:
                await channel.send(text)
                self.note_message(channel.id)
                return
            except discord.Forbidden:
                pass
            except discord.HTTPException:
                return  # a hiccup on Discord's side: the next clicker hears it
        if error.code == MISSING_ACCESS:
            permission = texts.VIEW_CHANNEL
        elif table.thread_id is None:
            permission = texts.SEND_MESSAGES
        else:
            permission = texts.SEND_MESSAGES_IN_THREADS
        text = texts.cannot_show(w, permission, where)
        self.blocked[table_id] = (permission, where)
        if table.thread_id is not None and table.channel_id is not None:
            parent = self.bot.get_partial_messageable(table.channel_id)
            try:
                await parent.send(text)
            except discord.HTTPException:
                log.info("table %s: no channel left to say what permission is missing", table_id)

    # -- the hands --------------------------------------------------------------------------

    async def _show_hands(self, table_id: str, at: int | None = None) -> None:
        """Every player's hand, as stored, where they chose (`_show_hand`); and every ephemeral
        "Your hand" that fell out of date loses its move buttons (`_settle_answers`)."""
        async with self.tables.read(table_id, at_least=at) as table:
            seats = len(table.seats) if table.match is not None else 0
            version = table.version
        await self._settle_answers(table_id, version)
        failure: discord.HTTPException | None = None
        for seat in range(seats):
            try:
                await self._show_hand(table_id, seat, at)
            except discord.Forbidden:
                await self._dms_closed(table_id, seat)
            except discord.HTTPException as error:
                # A hiccup on Discord's side (5xx, rate limit): the other hands still go, and
                # the hands are shown again soon.
                log.info("table %s: DM to seat %s failed (%s)", table_id, seat, error.status)
                failure = error
        if failure is not None:
            raise failure

    async def _user_at(self, table_id: str, seat: int, at: int | None) -> int | None:
        async with self.tables.read(table_id, at_least=at) as table:
            return table.seats[seat].user_id if seat < len(table.seats) else None

    @contextlib.asynccontextmanager
    async def answering_move(self, table_id: str, user_id: int) -> AsyncIterator[None]:
        """While a move clicked on the player's DM is being stored and answered: their hand
        is shown by the answer (`answer_move`), and the delivery waits for it."""
        done = self.answering[(table_id, user_id)] = asyncio.Event()
        try:
            yield
        finally:
            done.set()
            if self.answering.get((table_id, user_id)) is done:
                del self.answering[(table_id, user_id)]

    async def answer_move(
        self, interaction: discord.Interaction[Any], table_id: str, deadline: float
    ) -> bool:
        """Answer the move clicked on the player's DM by editing that DM to their hand as
        stored now, off their turn (the click's own response: no separate acknowledgement and
        edit). Only when that is what the DM must show next, the DM is the one on record, and
        the picture is drawn before `deadline` (loop time); else False (the caller
        acknowledges the click, the delivery edits the DM)."""
        message = interaction.message
        async with self.tables.read(table_id) as table:
            seat = table.seat_of(interaction.user.id)
        if seat is None or message is None:
            return False
        key = f"hand:{seat}"
        before = (await self._shown(table_id)).get(key)
        hand = await self._hand_now(table_id, seat)
        if before is None or before.message_id != message.id or hand is None:
            return False
        if hand.to_play or hand.in_thread or hand.dm_closed:
            return False
        left = deadline - asyncio.get_running_loop().time()
        try:
            embed, file, _ = await asyncio.wait_for(
                self._hand_message_of(table_id, hand), max(left, 0.0)
            )
        except TimeoutError:
            return False
        await interaction.response.edit_message(
            content=None, embed=embed, attachments=[file], view=None
        )
        await self._remember(
            Shown(table_id, key, before.channel_id, before.message_id, hand.fingerprint),
            edited=True,
        )
        return True

    async def hands_place(self, user_id: int) -> str:
        """Where the player gets their hand on their turn: `dm` (the default) or `thread`.
        Kept in memory only when no other process may change it (a shared store is asked)."""
        place = None if self.tables.shared else self.places.get(user_id)
        if place is None:
            place = await self.db.hands_place(user_id) or "dm"
            if not self.tables.shared:
                self.places[user_id] = place
        return place

    async def choose_hands_place(self, user_id: int, place: str) -> None:
        """Remember where the player wants their hand; the tables they play at (in every
        process) show it there from now on (a turn that is theirs already is sent there at
        once). A preference, stored apart from the tables: their hands are only shown again
        (`Tables.show_again`), no table changes, so no AI search or button goes out of date."""
        await self.db.set_hands_place(user_id, place, self.tables.clock())
        if not self.tables.shared:
            self.places[user_id] = place
        for table_id in await self.db.open_tables_of(user_id, "table"):
            try:
                async with self.tables.read(table_id) as table:
                    _playing(table)
            except Refusal:
                continue  # a lobby, or gone meanwhile: nothing to show
            await self.tables.show_again(table_id, ["hands"])

    async def _hand_now(self, table_id: str, seat: int, at: int | None = None) -> Hand | None:
        """What the seat's hand message must show now (None: the seat has no player)."""
        async with self.tables.read(table_id, at_least=at) as table:
            player = table.seats[seat]
            if player.user_id is None or table.match is None:
                return None
            view, names = table.view(seat), table.names()
            version = table.version
            w = await self.bot.audience.player(player.user_id)
            hand = Hand(
                seat=seat,
                user_id=player.user_id,
                view=view,
                names=names,
                version=version,
                turn_name=names[view.turn] if view.turn is not None else None,
                moves_at=version if table.phase is Phase.PLAYING else None,
                variant=table.setup.variant,
                dm_closed=player.dm_closed,
                place_id=table.thread_id or table.channel_id or 0,
                guild_id=table.guild_id,
                w=w,
                ending=self.ending(table, w),
                hint=table.setup.offers_hints,
                revision=table.revision,
            )
        hand.in_thread = hand.dm_closed or await self.hands_place(hand.user_id) == "thread"
        return hand

    async def _show_hand(self, table_id: str, seat: int, at: int | None = None) -> None:
        """One player's hand. On their turn: ONE new message that pings them (their only
        notification of the turn), a DM with the hand and its moves, or, when they chose the
        thread or their DMs are closed, a message in the table's thread with "Your hand" (the
        hand itself is never public). Off their turn nothing new is sent: their last DM is
        edited (edits notify nobody), so it loses its moves and, when the hand or the match
        ends, says how. A move clicked on that DM edits it itself (`answer_move`): its hand is
        shown here once that answer is given or given up."""
        if any(answered == table_id for answered, _ in self.answering):
            user_id = await self._user_at(table_id, seat, at)
            if user_id is not None and (answering := self.answering.get((table_id, user_id))):
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(answering.wait(), ANSWER_SECONDS)
        shown = await self._shown(table_id)
        key = f"hand:{seat}"
        hand = await self._hand_now(table_id, seat, at)
        if hand is None:
            return
        w, version, user_id = hand.w, hand.version, hand.user_id
        to_play, in_thread = hand.to_play, hand.in_thread
        before = shown.get(key)
        if to_play and in_thread:
            public = await self.bot.audience.server(hand.guild_id)  # the thread's readers' words
            await self._ping_in_thread(
                table_id, seat, user_id, hand.place_id, version, public, hand.revision
            )
        if hand.dm_closed:
            return
        fingerprint = hand.fingerprint
        if before is not None and before.shows == fingerprint:
            return
        if before is None and (in_thread or not to_play):
            return  # no DM before their first turn here: a new DM is a notification
        embed, file, moves = await self._hand_message_of(table_id, hand)
        if before is not None and (in_thread or not to_play):
            # Its "your turn" line goes too: the turn it announced is over. A DM deleted
            # meanwhile leaves nothing to tidy: the next turn sends a new one.
            with contextlib.suppress(discord.NotFound):
                await messages.edit(
                    self.bot,
                    before.channel_id,
                    before.message_id,
                    content=None,
                    embed=embed,
                    attachments=[file],
                    view=None,
                )
            await self._remember(
                Shown(table_id, key, before.channel_id, before.message_id, fingerprint),
                edited=True,
            )
            return
        if before is not None:
            self.dm_channels.setdefault(user_id, before.channel_id)
        dm = await self._dm(user_id)
        await self.spacing.wait(user_id)
        current = self.tables.tables.get(table_id)
        if current is not None and current.version != version:
            return  # it changed while waiting: the delivery of that change sends the hand
        sent = await messages.send(
            self.bot,
            dm.id,
            content=w(texts.YOUR_TURN_PING, mention=f"<@{user_id}>"),
            allowed_mentions=only(user_id),
            embed=embed,
            file=file,
            view=moves or discord.utils.MISSING,
        )
        await self._alerted(Shown(table_id, key, dm.id, sent, fingerprint), version, hand.revision)
        if before is not None and before.shows.endswith(":moves"):
            # Her turn came again before the last one's DM was shown off-turn (changes shown
            # together): that DM loses its moves and its ping line, which the new one carries.
            # (Stale buttons are refused anyway: the version moved on.)
            with contextlib.suppress(discord.HTTPException):
                channel = self.bot.get_partial_messageable(before.channel_id)
                await channel.get_partial_message(before.message_id).edit(content=None, view=None)

    async def _ping_in_thread(
        self,
        table_id: str,
        seat: int,
        user_id: int,
        place_id: int,
        version: int,
        w: Words,
        revision: int,
    ) -> None:
        """The turn alert in the table's thread: a new message that pings the player alone, with
        "Your hand" (which answers with the hand, ephemerally). Once per turn (`shown`)."""
        key = f"turn:{seat}"
        before = (await self._shown(table_id)).get(key)
        if before is not None and before.shows == str(version):
            return
        channel = self.bot.get_partial_messageable(place_id)
        message = await channel.send(
            content=w(texts.YOUR_TURN_IN_THREAD, mention=f"<@{user_id}>"),
            allowed_mentions=only(user_id),
            view=table_view(table_id, ["hand"], w),
        )
        self.note_message(channel.id)
        await self._alerted(
            Shown(table_id, key, channel.id, message.id, str(version)), version, revision
        )
        if before is not None:
            # "Your hand" works on any of them; the old alert is only tidied away.
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(before.message_id).edit(view=None)

    def ending(self, table: Table, w: Words) -> list[str]:
        """How the hand that just ended and the match (once over) ended, in `w`'s words: what
        the player's last hand message says once nothing is left to play."""
        if table.phase not in (Phase.BETWEEN, Phase.OVER, Phase.CANCELLED):
            return []
        snap = self.tables.snapshot(table)
        lines = []
        # A match that ended early (resigned, agreed draw, a moderator) stopped mid-hand.
        hand_ended = table.phase is Phase.BETWEEN or table.ending is None or table.ending.by_rules
        said_match = False
        if snap.view is not None and snap.view.results and hand_ended:
            lines.append(board.hand_result_text(snap, w))  # the match's end too, once over
            said_match = snap.view.over
        if table.ended is not None:
            lines.append(w.say(table.ended))
        if table.phase is Phase.OVER and snap.view is not None and not said_match:
            lines.append(texts.match_outcome(w, snap.view, snap.shown_names, table.winners))
        return lines

    # -- the ephemeral "Your hand" ----------------------------------------------------------

    def answered(
        self, table_id: str, seat: int, interaction: discord.Interaction[Any], version: int
    ) -> None:
        """A "Your hand" answer with move buttons for `version`: remembered (in memory: an
        answer can be edited through its interaction for 15 minutes only) so that it loses its
        buttons once the table moves on."""
        self.answers.setdefault(table_id, {})[seat] = (interaction, version)

    async def _settle_answers(self, table_id: str, version: int) -> None:
        answers = self.answers.get(table_id, {})
        for seat, (interaction, at) in list(answers.items()):
            if at == version and not interaction.is_expired():
                continue
            del answers[seat]
            if interaction.is_expired():
                continue  # its buttons are refused as out of date anyway
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(view=None)
        if not answers:
            self.answers.pop(table_id, None)

    def start(self) -> None:
        """With a shared store: watch the answers this process gave (`_watch_answers`)."""
        if self._watching is None:
            self._watching = asyncio.create_task(self._watch_answers(), name="table-answers")

    async def stop(self) -> None:
        task, self._watching = self._watching, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def _watch_answers(self) -> None:
        """A "Your hand" answer can be edited only through the interaction that made it, which
        lives in this process's memory; with a shared store another process may move the table
        on and show its hands. So every `ANSWERS_WATCH_SECONDS` the tables with answers here
        are checked against the store, and an out-of-date answer loses its moves (a click on
        them meanwhile is refused as out of date, changing nothing)."""
        while True:
            await asyncio.sleep(ANSWERS_WATCH_SECONDS)
            for table_id in list(self.answers):
                try:
                    async with self.tables.read(table_id) as table:
                        version = table.version
                    await self._settle_answers(table_id, version)
                except Refusal:
                    self.answers.pop(table_id, None)  # the table is gone
                except Exception:
                    log.exception("table %s: its ephemeral hands could not be checked", table_id)

    async def _dms_closed(self, table_id: str, seat: int) -> None:
        """The player's DMs are closed (50007): no more DMs until they come back to the table
        (`Tables.reopen_dms`); the table says once why, and each of their turns pings them in
        the table's thread instead."""
        log.info("table %s: DMs closed for seat %s", table_id, seat)

        def closed(table: Table) -> None:
            table.seats[seat].dm_closed = True

        await self.tables.act(
            table_id, closed, show=lambda table, _: ["board", "hands", f"notice:dm-closed:{seat}"]
        )

    async def _tell_dms_closed(self, table_id: str, seat: int, at: int | None = None) -> None:
        key = f"notice:dm-closed:{seat}"
        if key in await self._shown(table_id):
            return
        async with self.tables.read(table_id, at_least=at) as table:
            if not table.seats[seat].dm_closed:
                return
            name = table.seats[seat].name
            channel_id = table.thread_id or table.channel_id or 0
            w = await self.tables.public_words(table)
        channel = self.bot.get_partial_messageable(channel_id)
        message = await channel.send(w(texts.DM_CLOSED, name=texts.user_text(name)))
        self.note_message(channel.id)
        await self._remember(Shown(table_id, key, channel.id, message.id, ""))

    async def _dm(self, user_id: int) -> discord.PartialMessageable:
        """The player's DM channel. Its id never changes: opened once per player and kept (a
        DM's id is also in every `shown` hand row). discord.py keeps only the last 128 DM
        channels, and without the members intent rarely knows the user: with more players
        than that, every new DM cost a user fetch or a channel open first."""
        channel_id = self.dm_channels.get(user_id)
        if channel_id is None:
            opened = await self.bot.http.start_private_message(user_id)
            channel_id = self.dm_channels[user_id] = int(opened["id"])
        return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def _hand_message_of(
        self, table_id: str, hand: Hand
    ) -> tuple[discord.Embed, discord.File, discord.ui.View | None]:
        """`hand_message` of what the seat's hand message must show now."""
        return await self.hand_message(
            table_id,
            hand.variant,
            hand.view,
            hand.names,
            hand.turn_name,
            hand.moves_at,
            hand.w,
            ending=hand.ending,
            hint=hand.hint,
        )

    async def hand_message(
        self,
        table_id: str,
        variant: str,
        view: SeatView,
        names: list[str],
        turn_name: str | None,
        moves_at: int | None,
        w: Words,
        *,
        ending: Sequence[str] = (),
        hint: bool = False,
    ) -> tuple[discord.Embed, discord.File, discord.ui.View | None]:
        """The private hand of `view`'s seat: picture, words (the player's: `w`; `ending`: how
        the hand and the match ended) and (on its turn, while a hand is played: `moves_at` is
        the table's version) move buttons, with the Hint button at a table with hints."""
        embed = board.hand_embed(view, variant, turn_name, w, ending=ending)
        file = await board.hand_file(view, w, names)
        moves = None
        if view.my_turn and view.legal and moves_at is not None:
            labels, simple = board.move_labels(view.legal, w, view)
            moves = moves_view(table_id, moves_at, labels, buttons=simple, w=w, hint=hint)
        return embed, file, moves
