"""Every player's hand, by DM, and the answer of a move clicked on its DM.

Hands go only to their owner. A player hears of each of their turns once, by ONE new message
that pings them alone (none off their turn; edits notify nobody): by default a DM with the hand
and its moves; if they chose the thread (`/domino settings`) or their DMs are closed, a message
in the table's thread whose "Your hand" answers them ephemerally. Off their turn their last DM
is only edited: it loses its moves, and says how the hand and the match ended. Closed DMs mark
the seat (a change of the table, stored), the table says once why (`notices`), and no DM is
tried until the player comes back (a "Your hand" click or a /domino command).

A move clicked on its DM is answered by editing that DM to the hand after the move, built from
the table the move stored (`answer_move`, the interaction's own response); the delivery waits
for that answer (`answering_move`) rather than edit the DM again.

A DM is read away from its table, so it says which table it is about (`Around`): the game, the
other players, the server and channel, a link to the board; on a turn, the moves since the
player last chose one (enough to choose without opening the thread); what the table played for
them (their only move, a turn that ran out); and, while an AI plays their seat after missed
turns, the "I'm back" button that gives it back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from cogs import texts
from cogs.common import messages, tiles
from cogs.common.refusal import Refusal
from cogs.lang import Words
from cogs.runtime.shown import digest
from cogs.tables import board
from cogs.tables.components import TableButton, moves_view
from cogs.tables.messages.answers import Answers
from cogs.tables.messages.base import Showing, TableMessage
from cogs.tables.messages.needs import Snapshot
from cogs.tables.messages.notices import Notices
from cogs.tables.messages.spacing import Spacing
from cogs.tables.messages.thread import Thread, only
from cogs.tables.table import Phase, Table
from data import Database, Shown
from engine import SeatView
from render.sprites import set_top

log = logging.getLogger(__name__)

#: A move clicked on its DM is answered by editing that DM (`answer_move`) if that answer can
#: be sent within this many seconds of the click (Discord allows 3, and the request itself
#: takes some); else the click is only acknowledged (and the DM edited as usual).
ANSWER_SECONDS = 1.5


@dataclass(frozen=True)
class Around:
    """What a hand message says around the hand, in its player's words: which table
    (`table_line`, with `link` to its board), the moves since their last turn (`since`, and how
    many earlier ones are left out: `folded`), the moves made for them (`made`), and whether an
    AI plays their seat for now (`taken_over`)."""

    table_line: str = ""
    link: str | None = None
    since: tuple[str, ...] = ()
    folded: int = 0
    made: tuple[str, ...] = ()
    taken_over: bool = False

    def lines(self, w: Words, *, to_play: bool) -> list[str]:
        """The lines under the hand's own words (`to_play`: the turn message, which tells the
        moves since the player's last turn)."""
        lines: list[str] = []
        if self.taken_over:
            lines.append(w(texts.TAKEN_OVER_NOTE))
        if to_play and self.since:  # their own moves made for them are among these
            lines += ["", w(texts.SINCE_YOUR_TURN)]
            if self.folded:
                lines.append(w.plural(*texts.EARLIER_MOVES, self.folded))
            lines += [f"• {line}" for line in self.since]
        elif self.made:
            lines += ["", w(texts.MADE_FOR_YOU), *(f"• {line}" for line in self.made)]
        if self.table_line:
            where = self.table_line
            if self.link:
                where += f" · [{w(texts.GO_TO_BOARD)}]({self.link})"
            lines += ["", where]
        return lines


def around(table: Table, seat: int, w: Words, place: str | None = None) -> Around:
    """What `seat`'s hand message says around the hand (`Around`) at `table`, in `w`'s words;
    `place`: the server and channel, as the bot knows their names, for a DM (None: the hand is
    shown at the table itself, which needs no saying where it is)."""
    names = table.names()
    units = table.match.units if table.match is not None else ()
    partners = next((unit for unit in units if seat in unit), (seat,))
    # Partners first, said so (a DM of a pairs game tells who plays with you), then the rest.
    others = [
        w(texts.YOUR_PARTNER, name=texts.user_text(names[number]))
        for number in partners
        if number != seat
    ] + [
        texts.user_text(name)
        for number, name in enumerate(names)
        if number != seat and number not in partners
    ]
    line = ""
    if place is not None:
        line = w(
            texts.TABLE_LINE,
            game=w.game_name(table.setup.variant),
            others=", ".join(others) or "-",
            place=place,
        )
    link = board_link(table) if place is not None else None
    # A seat the timer handed to an AI is its player's again on a click; one they resigned
    # and left is not.
    comes_back = table.seats[seat].taken_over and seat not in table.left
    if table.match is None or table.phase is not Phase.PLAYING:
        return Around(line, link, taken_over=comes_back)
    since, folded = table.moves_since(seat)
    made = table.played_for(seat)
    top = set_top(table.public_view())  # the tiles named in emojis of the table's set
    return Around(
        table_line=line,
        link=link,
        since=tuple(w.say(tiles.tiled(moved.line, top)) for moved in since),
        folded=folded,
        made=tuple(w.say(tiles.tiled(moved.line, top)) for moved in made),
        taken_over=comes_back,
    )


def board_link(table: Table) -> str | None:
    """The link to the table's board message (or to its thread or channel, before a board)."""
    place = table.thread_id or table.channel_id
    if table.guild_id is None or place is None:
        return None
    link = f"https://discord.com/channels/{table.guild_id}/{place}"
    return f"{link}/{table.board_message_id}" if table.board_message_id else link


@dataclass
class Hand:
    """What one seat's hand message shows, taken from a stored table (`Hands.hand_of`)."""

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
    out: bool = False  # out of the match: its DM stays as it is while the others play on
    around: Around = Around()  # which table, the moves since their turn, "I'm back"

    @property
    def to_play(self) -> bool:
        """Their turn, and theirs to play (not while an AI plays their seat)."""
        playing = self.view.my_turn and bool(self.view.legal) and self.moves_at is not None
        return playing and not self.around.taken_over

    @property
    def fingerprint(self) -> str:
        """What `shown` keeps of a hand DM; ":moves": it has live move buttons (only those
        need taking away later). A turn announced in the thread leaves the DM without moves:
        the player who asks for DMs again during that turn is sent one with them."""
        to_play = self.to_play and not self.in_thread
        shows = digest(
            [str(tile) for tile in self.view.hand],
            to_play and self.version,
            self.ending,
            [*self.around.made, str(self.around.taken_over)],
        )
        number = "out" if self.out else self.view.hand_number  # no edit for each new hand
        return f"{number}:{shows}" + (":moves" if to_play else "")


async def hand_message(
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
    around: Around = Around(),
) -> tuple[discord.Embed, discord.File, discord.ui.View | None]:
    """The private hand of `view`'s seat: picture, words (the player's: `w`; `ending`: how
    the hand and the match ended; `around`: which table, the moves since their last turn)
    and (on its turn, while a hand is played: `moves_at` is the table's version) move buttons,
    with the Hint button at a table with hints when there is a choice to make; while an AI
    plays the seat, the "I'm back" button instead."""
    embed = board.hand_embed(view, variant, turn_name, w, ending=ending)
    file = await board.hand_file(view, w, names)
    moves = None
    to_play = view.my_turn and bool(view.legal) and moves_at is not None
    if to_play and not around.taken_over:
        assert moves_at is not None
        labels, simple = board.move_labels(view.legal, w, view, names)
        choice = hint and len(view.legal) > 1  # a single move needs no hint
        marks = tiles.marks(view.legal, set_top(view))
        moves = moves_view(
            table_id, moves_at, labels, buttons=simple, w=w, hint=choice, marks=marks
        )
    elif around.taken_over and not ending:
        moves = discord.ui.View(timeout=None)
        moves.add_item(TableButton(table_id, "back", w))
    extra = around.lines(w, to_play=to_play and not around.taken_over)
    if extra:
        # While an AI plays the seat, its turn is the AI's: no "your turn" above the note.
        base = [] if around.taken_over and view.my_turn and not ending else [embed.description]
        embed.description = "\n".join([*(line or "" for line in base), *extra])[:4000]
    return embed, file, moves


async def message_of(
    table_id: str, hand: Hand
) -> tuple[discord.Embed, discord.File, discord.ui.View | None]:
    """`hand_message` of what the seat's hand message must show."""
    return await hand_message(
        table_id,
        hand.variant,
        hand.view,
        hand.names,
        hand.turn_name,
        hand.moves_at,
        hand.w,
        ending=hand.ending,
        hint=hand.hint,
        around=hand.around,
    )


def ending(table: Table, w: Words, snap: board.BoardSnapshot, seat: int) -> list[str]:
    """What the seat's last hand message says once nothing is left for it to play, in `w`'s
    words (`snap`: the table's board): its own result of the hand that just ended, that it is
    out of the match (its DM says so, unchanged, while the others play on), and once the match
    is over that the MATCH is. The hand's outcome and every side's points are said once, under
    the score sheet in the table's channel; here only what is the player's own."""
    view = snap.view
    if table.phase is Phase.PLAYING:
        if view is not None and table.out_of_match(seat):
            return [texts.you_are_out(w, view, seat)]
        return []
    if table.phase not in (Phase.BETWEEN, Phase.OVER, Phase.CANCELLED):
        return []
    lines = []
    # A match that ended early (resigned, agreed draw, a moderator) stopped mid-hand.
    hand_ended = table.phase is Phase.BETWEEN or table.ending is None or table.ending.by_rules
    if view is not None and view.results and hand_ended and seat < view.players:
        if table.out_of_match(seat):
            lines.append(texts.you_are_out(w, view, seat))
        elif view.results[-1].outcome.seated[seat]:  # it played the hand (not out before it)
            lines.append(texts.your_hand(w, view, seat, snap.shown_names))
    if table.ended is not None:
        lines.append(w.say(table.ended))
    if table.phase is Phase.OVER and view is not None:
        lines.append(texts.match_is_over(w, view, snap.shown_names, table.winners))
    return lines


def watching(table: Table, seat: int, w: Words) -> list[str]:
    """What the hand of a player who resigned and left says while the match goes on: an AI
    plays it (never "Your turn", which it would say on the seat's turn)."""
    if seat in table.left and table.phase is Phase.PLAYING:
        return [w(texts.YOU_RESIGNED_WATCH)]
    return []


class Hands(TableMessage):
    def __init__(
        self,
        showing: Showing,
        db: Database,
        snapshot: Snapshot,
        *,
        spacing: Spacing,
        thread: Thread,
        notices: Notices,
        answers: Answers,
        cached: Mapping[str, Table],
        shared: bool,
        clock: Callable[[], float],
        show_again: Callable[[str, list[str]], Awaitable[None]],
    ) -> None:
        super().__init__(showing)
        self.db = db
        self.snapshot = snapshot
        self.spacing = spacing
        self.thread = thread
        self.notices = notices
        self.answers = answers
        self.cached = cached  # the store's cache: has the table moved on meanwhile?
        self.shared = shared
        self.clock = clock
        self.show_again = show_again
        self.dm_channels: dict[int, int] = {}  # user id -> their DM channel's id: see `_dm`
        self.places: dict[int, str] = {}  # user id -> where their hand goes (`hands_place`)
        #: (table id, user id) -> set once the move they clicked on their DM has been answered
        #: (or the answer given up): their hand waits for it (`show_hand`)
        self.answering: dict[tuple[str, int], asyncio.Event] = {}

    def hand_of(self, table: Table, seat: int, w: Words) -> Hand | None:
        """What the seat's hand message must show of `table` (None: the seat has no player),
        in its player's words `w`: taken at once (nothing awaited), so all of it is of one
        revision."""
        player = table.seats[seat]
        if player.user_id is None or table.match is None:
            return None
        view, names = table.view(seat), table.names()
        version = table.version
        return Hand(
            seat=seat,
            user_id=player.user_id,
            view=view,
            names=names,
            version=version,
            turn_name=names[view.turn] if view.turn is not None else None,
            # A player who resigned and left watches: an AI plays their seat.
            moves_at=version if table.phase is Phase.PLAYING and seat not in table.left else None,
            variant=table.setup.variant,
            dm_closed=player.dm_closed,
            place_id=table.thread_id or table.channel_id or 0,
            guild_id=table.guild_id,
            w=w,
            ending=ending(table, w, self.snapshot(table, None), seat) or watching(table, seat, w),
            out=table.out_of_match(seat),
            hint=table.setup.offers_hints,
            revision=table.revision,
            around=around(table, seat, w, self.place_of(table)),
        )

    def place_of(self, table: Table) -> str:
        """The server and channel of `table` by their names, as this process knows them (a
        shared store's other shards may not: then the server's name alone, or nothing)."""
        guild = self.client.get_guild(table.guild_id) if table.guild_id else None
        channel = self.client.get_channel(table.channel_id) if table.channel_id else None
        parts = [texts.user_text(guild.name)] if guild is not None else []
        name = getattr(channel, "name", None)
        if name:  # the thread's own name only repeats the game and the host's name
            parts.append(f"#{texts.user_text(str(name))}")
        return " › ".join(parts) or "Discord"

    async def _hand_now(self, table_id: str, seat: int, at: int | None = None) -> Hand | None:
        """What the seat's hand message must show now, read from the store."""
        async with self.read(table_id, at_least=at) as table:
            user_id = table.seats[seat].user_id
            if user_id is None or table.match is None:
                return None
            hand = self.hand_of(table, seat, await self.audience.player(user_id))
        if hand is not None:
            hand.in_thread = hand.dm_closed or await self.hands_place(hand.user_id) == "thread"
        return hand

    async def show(self, table_id: str, at: int | None = None) -> None:
        """The `hands` key: every player's hand, as stored, where they chose (`show_hand`); and
        every ephemeral "Your hand" that fell out of date loses its move buttons."""
        async with self.read(table_id, at_least=at) as table:
            seats = len(table.seats) if table.match is not None else 0
            version = table.version
        await self.answers.settle(table_id, version)
        failure: discord.HTTPException | None = None
        for seat in range(seats):
            try:
                await self.show_hand(table_id, seat, at)
            except discord.Forbidden:
                await self.notices.dms_closed(table_id, seat)
            except discord.HTTPException as error:
                # A hiccup on Discord's side (5xx, rate limit): the other hands still go, and
                # the hands are shown again soon.
                log.info("table %s: DM to seat %s failed (%s)", table_id, seat, error.status)
                failure = error
        if failure is not None:
            raise failure

    async def _user_at(self, table_id: str, seat: int, at: int | None) -> int | None:
        async with self.read(table_id, at_least=at) as table:
            return table.seats[seat].user_id if seat < len(table.seats) else None

    async def show_hand(self, table_id: str, seat: int, at: int | None = None) -> None:
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
        shown = await self.rows.of(table_id)
        key = f"hand:{seat}"
        hand = await self._hand_now(table_id, seat, at)
        if hand is None:
            return
        w, version, user_id = hand.w, hand.version, hand.user_id
        to_play, in_thread = hand.to_play, hand.in_thread
        before = shown.get(key)
        if to_play and in_thread:
            public = await self.audience.server(hand.guild_id)  # the thread's readers' words
            await self.thread.ping(
                table_id, seat, user_id, hand.place_id, version, public, hand.revision
            )
        else:
            await self.thread.fold(table_id, seat)  # the turn it pinged for has passed
        if hand.dm_closed:
            return
        fingerprint = hand.fingerprint
        if before is not None and before.shows == fingerprint:
            return
        if before is None and (in_thread or not to_play):
            return  # no DM before their first turn here: a new DM is a notification
        embed, file, moves = await message_of(table_id, hand)
        if before is not None and (in_thread or not to_play):
            # Its "your turn" line goes too: the turn it announced is over. A DM deleted
            # meanwhile leaves nothing to tidy: the next turn sends a new one.
            with contextlib.suppress(discord.NotFound):
                await messages.edit(
                    self.client,
                    before.channel_id,
                    before.message_id,
                    content=None,
                    embed=embed,
                    attachments=[file],
                    view=moves,  # none, or "I'm back" while an AI plays the seat
                )
            await self.rows.remember(
                Shown(table_id, key, before.channel_id, before.message_id, fingerprint),
                edited=True,
            )
            return
        if before is not None:
            self.dm_channels.setdefault(user_id, before.channel_id)
        dm = await self._dm(user_id)
        await self.spacing.wait(user_id)
        current = self.cached.get(table_id)
        if current is not None and current.version != version:
            return  # it changed while waiting: the delivery of that change sends the hand
        sent = await messages.send(
            self.client,
            dm.id,
            content=w(texts.YOUR_TURN_AT, mention=f"<@{user_id}>", table=hand.around.table_line),
            allowed_mentions=only(user_id),
            embed=embed,
            file=file,
            view=moves or discord.utils.MISSING,
        )
        await self.rows.alerted(
            Shown(table_id, key, dm.id, sent, fingerprint), version, hand.revision
        )
        if before is not None and before.shows.endswith(":moves"):
            # Her turn came again before the last one's DM was shown off-turn (changes shown
            # together): that DM loses its moves and its ping line, which the new one carries.
            # (Stale buttons are refused anyway: the version moved on.)
            with contextlib.suppress(discord.HTTPException):
                channel = self.client.get_partial_messageable(before.channel_id)
                await channel.get_partial_message(before.message_id).edit(content=None, view=None)

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
        self, interaction: discord.Interaction[Any], table: Table, deadline: float
    ) -> bool:
        """Answer the move clicked on the player's DM by editing that DM to their hand in
        `table`, as the move stored it (the click's own response: no separate acknowledgement
        and edit). Only when that is what the DM must show next, the DM is the one on record,
        and the picture is drawn before `deadline` (loop time); else False (the caller
        acknowledges the click, the delivery edits the DM)."""
        message = interaction.message
        seat = table.seat_of(interaction.user.id)
        if seat is None or message is None:
            return False
        hand = self.hand_of(table, seat, await self.audience.player(interaction.user.id))
        key = f"hand:{seat}"
        if self.shared:  # another process may have sent the DM since: the store says which
            self.rows.shown.pop(table.id, None)
        before = (await self.rows.of(table.id)).get(key)
        if before is None or before.message_id != message.id or hand is None:
            return False
        hand.in_thread = hand.dm_closed or await self.hands_place(hand.user_id) == "thread"
        if hand.to_play or hand.in_thread or hand.dm_closed:
            return False
        left = deadline - asyncio.get_running_loop().time()
        try:
            embed, file, _ = await asyncio.wait_for(message_of(table.id, hand), max(left, 0.0))
        except TimeoutError:
            return False
        await interaction.response.edit_message(
            content=None, embed=embed, attachments=[file], view=None
        )
        await self.rows.remember(
            Shown(table.id, key, before.channel_id, before.message_id, hand.fingerprint),
            edited=True,
        )
        return True

    async def hands_place(self, user_id: int) -> str:
        """Where the player gets their hand on their turn: `dm` (the default) or `thread`.
        Kept in memory only when no other process may change it (a shared store is asked)."""
        place = None if self.shared else self.places.get(user_id)
        if place is None:
            place = await self.db.hands_place(user_id) or "dm"
            if not self.shared:
                self.places[user_id] = place
        return place

    async def choose_hands_place(self, user_id: int, place: str) -> None:
        """Remember where the player wants their hand; the tables they play at (in every
        process) show it there from now on (a turn that is theirs already is sent there at
        once). A preference, stored apart from the tables: their hands are only shown again
        (`Tables.show_again`), no table changes, so no AI search or button goes out of date."""
        await self.db.set_hands_place(user_id, place, self.clock())
        if not self.shared:
            self.places[user_id] = place
        for table_id in await self.db.open_tables_of(user_id, "table"):
            try:
                async with self.read(table_id) as table:
                    playing = table.match is not None and not table.finished
            except Refusal:
                continue  # gone meanwhile
            if not playing:
                continue  # a lobby, or over: nothing to show
            await self.show_again(table_id, ["hands"])

    async def _dm(self, user_id: int) -> discord.PartialMessageable:
        """The player's DM channel. Its id never changes: opened once per player and kept (a
        DM's id is also in every `shown` hand row). discord.py keeps only the last 128 DM
        channels, and without the members intent rarely knows the user: with more players
        than that, every new DM cost a user fetch or a channel open first."""
        channel_id = self.dm_channels.get(user_id)
        if channel_id is None:
            opened = await self.client.http.start_private_message(user_id)
            channel_id = self.dm_channels[user_id] = int(opened["id"])
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
