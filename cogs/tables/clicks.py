"""The clicks on a table's own buttons: the moves (on a DM, on the ephemeral "Your hand", from a
menu), the board's buttons (one table from verb to handler, `Clicks.verbs`), and a moderator's
/domino end. What a phase's board offers is asked of the model (`offered`: the `can_…` methods
of `Table`), so a button is shown only when its action can succeed.

Each click is an action of the runtime (`Tables.act`): acknowledged (or answered at once), its
change stored with what it shows in one transaction; the click's own answer (the DM edited to
the hand after the move, the ephemeral hand refreshed, a note) is built from the table `act`
stored and returned, never read again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import discord

from cogs import texts
from cogs.audience import mine
from cogs.common.errors import send_ephemeral
from cogs.common.refusal import Refusal
from cogs.lang import Said
from cogs.tables import flow
from cogs.tables.components import reviews_of, table_view
from cogs.tables.messages import hands as hand_messages
from cogs.tables.messages.answers import Answers
from cogs.tables.messages.hands import ANSWER_SECONDS, Hands
from cogs.tables.messages.needs import Act, Read
from cogs.tables.messages.notices import Notices
from cogs.tables.seating import Lobby, Setup
from cogs.tables.table import Phase, Step, Table, new_seed
from data import Database

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
Handler = Callable[[Interaction, str, str], Awaitable[None]]


def _offer_draw(table: Table, user_id: int) -> Said | None:
    return table.offer_draw(user_id)


def _mark_ready(table: Table, user_id: int) -> Said | None:
    table.mark_ready(user_id)
    return Said.of(texts.READY_NOTED)


def _claim_lead(table: Table, user_id: int) -> Said | None:
    table.claim_lead(user_id)
    return Said.of(texts.LEAD_CLAIMED)


def _come_back(table: Table, user_id: int) -> Said | None:
    return table.come_back(user_id)


def _leave_after(table: Table, user_id: int) -> Said | None:
    table.leave_after(user_id)
    return Said.of(texts.LEFT_TABLE)


#: The board's buttons that change the table through the model: the change by the clicker,
#: and what the clicker reads of it (the rest of the table sees the board).
CHANGES: dict[str, Callable[[Table, int], Said | None]] = {
    "draw": _offer_draw,
    "ready": _mark_ready,
    "lead": _claim_lead,
    "leave": _leave_after,
    "back": _come_back,
}

#: The buttons of each phase's board, in their order, each with the model's word on whether
#: its action can succeed for someone seated (the buttons are everyone's at the table).
OFFERS: dict[Phase, tuple[tuple[str, Callable[[Table], bool]], ...]] = {
    Phase.PLAYING: (
        ("hand", Table.can_see_hand),
        ("resign", Table.can_resign),
        ("draw", Table.can_offer_draw),
        ("concede", Table.can_answer),
        ("playon", Table.can_answer),
    ),
    Phase.BETWEEN: (
        ("hand", Table.can_see_hand),
        ("ready", Table.can_mark_ready),
        ("lead", Table.can_claim_lead),
        ("resign", Table.can_resign),
        ("concede", Table.can_answer),
        ("playon", Table.can_answer),
    ),
    Phase.OVER: (
        ("rematch", Table.can_rematch),
        ("leave", Table.can_leave_after),
        ("review", Table.can_review),
    ),
}


def offered(table: Table) -> list[str]:
    """The verbs of the buttons `table`'s board offers now (`dt:{table}:{verb}`). A friends'
    table offers no rematch (its lobby would need a message of its own, which only a new
    command can make there), nor Leave, which only keeps a player out of the rematch."""
    verbs = [verb for verb, can in OFFERS.get(table.phase, ()) if can(table)]
    if table.friends:
        return [verb for verb in verbs if verb not in ("rematch", "leave")]
    return verbs


def resign_question(table: Table, user_id: int) -> Said:
    """What resigning would do for `user_id` at `table`, asked before it is done; refused as
    the resignation itself would be."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise Refusal(texts.NOT_SEATED)
    if table.phase not in (Phase.PLAYING, Phase.BETWEEN):
        raise Refusal(texts.NOT_PLAYING)
    if seat in table.left:
        raise Refusal(texts.ALREADY_RESIGNED)
    return table.resign_question(seat)


def check_place(interaction: Interaction, table: Table) -> None:
    """Honour a click only from its table's own place: in its server and its channel or
    thread, on its lobby or board message or on an ephemeral hand there; from a DM, only a
    seated player's move buttons (`dm` ids). A custom id copied onto another message,
    server or DM is refused and changes nothing."""
    message = interaction.message
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if table.friends:
        # Its one message, or an ephemeral hand there; in its own DM or group DM.
        ours = message is not None and (
            message.flags.ephemeral or message.id == table.board_message_id
        )
        if ours and interaction.guild_id is None and interaction.channel_id == table.channel_id:
            return
        raise Refusal(texts.NOT_THIS_TABLE)
    if interaction.guild_id is None:
        # A seated player's moves, and "I'm back" on their hand DM.
        moves = custom_id.startswith(("dm:", "dms:")) or custom_id == f"dt:{table.id}:back"
        if moves and table.seat_of(interaction.user.id) is not None:
            return
        raise Refusal(texts.NOT_THIS_TABLE)
    places = (table.channel_id, table.thread_id)
    # "Your hand" answers only its clicker with their own hand: it is also on the turn
    # alerts the table posts in its thread (`messages.thread.Thread.ping`).
    your_hand = custom_id in (f"dt:{table.id}:hand", f"dt:{table.id}:back")
    ours = message is not None and (
        message.flags.ephemeral
        or your_hand
        or message.id in (table.lobby_message_id, table.board_message_id)
    )
    here = interaction.guild_id == table.guild_id and interaction.channel_id in places
    if not (here and ours):
        raise Refusal(texts.NOT_THIS_TABLE)


def check_room(user_id: int, places: list[str], most: int, table: Table | None = None) -> None:
    """Refuse `user_id` a new place (hosting a lobby, a seat) when they already host or sit
    at `most` unfinished tables (`places`: the ids of those, `Database.open_tables_of`;
    `table`, the one they ask to sit at, aside): nobody can fill the server with tables, AI
    tables above all. This is the quick answer, before anything is posted; the commit that
    places them counts again in its own transaction (`TableStore.caps`), so places taken at
    the same instant, in one process or several, never pass the cap together."""
    count = sum(1 for place in places if table is None or place != table.id)
    if count >= most:
        raise Refusal(texts.TOO_MANY_TABLES, most=most)


def new_table_id() -> str:
    """A new table's id: ten hex digits, unguessable, shown in its thread's name and logs."""
    return secrets.token_hex(5)


async def hosted_table(
    db: Database,
    host: discord.abc.User,
    setup: Setup,
    *,
    seed: str,
    now: float,
    most: int,
    guild_id: int | None,
    channel_id: int | None,
) -> Table:
    """A new table's lobby with its host in the first seat, once the host has room for one
    more place (`check_room`): how `/domino new` opens a table, in a server or among friends
    (no `guild_id`)."""
    places = await db.open_tables_of(host.id, "table")
    check_room(host.id, places, most)
    table = Table(
        id=new_table_id(),
        lobby=Lobby(setup, host_id=host.id),
        seed=seed,
        created_at=now,
        guild_id=guild_id,
        channel_id=channel_id,
    )
    table.join(host.id, host.display_name, plays_forced=await db.plays_forced(host.id))
    return table


class Clicks:
    def __init__(
        self,
        db: Database,
        *,
        read: Read,
        act: Act,
        create: Callable[..., Awaitable[None]],
        shows: Callable[..., list[str]],
        clock: Callable[[], float],
        most: int,
        reopen_dms_soon: Callable[[int], None],
        hands: Hands,
        answers: Answers,
        notices: Notices,
        seeds: Callable[[], str] = new_seed,
        revive: Callable[[Interaction, str], Awaitable[None]] | None = None,
    ) -> None:
        self.db = db
        self.read = read
        self.act = act
        self.create = create
        self.shows = shows  # what a change of a table shows (`flow.show_for`)
        self.clock = clock
        self.most = most  # tables a person may host or sit at (`check_room`)
        self.reopen_dms_soon = reopen_dms_soon
        self.hands = hands
        self.answers = answers
        self.notices = notices
        self.seeds = seeds  # a rematch's seed (`table.seeds`)
        #: A click on a friends' table's message: its token shows the table (`Friends.revive`).
        self.revive = revive
        #: The one table from a board button's verb (`dt:{table}:{verb}`) to its handler.
        self.verbs: dict[str, Handler] = {
            "hand": self.show_hand,
            "rematch": self.rematch,
            "review": self.review,
            "resign": self.ask_resign,
            "sure": self.resign,
            "keep": self.keep_playing,
            "concede": self.answer,
            "playon": self.answer,
            **dict.fromkeys(CHANGES, self.change),
        }

    async def click(self, interaction: Interaction, table_id: str, verb: str) -> None:
        """A button of the table's board (or "Your hand" on a turn alert)."""
        try:
            await self.verbs[verb](interaction, table_id, verb)
        finally:  # a refused click brings a fresh token all the same
            if self.revive is not None and interaction.guild_id is None:
                await self.revive(interaction, table_id)

    # -- moves --------------------------------------------------------------------------------

    async def move(self, interaction: Interaction, table_id: str, version: int, index: int) -> None:
        """A move button. Clicked on the player's DM, the click's own response is that DM's
        edit to the hand after the move (`Hands.answer_move`: one request instead of an
        acknowledgement and an edit), when it can be given in time; else, and anywhere else,
        the click is acknowledged first."""
        user = interaction.user.id
        message = interaction.message

        def play(table: Table) -> list[Step]:
            check_place(interaction, table)
            return table.play(user, version, index, self.clock())

        on_dm = message is not None and interaction.guild_id is None
        if not on_dm or message is None or message.flags.ephemeral:
            await interaction.response.defer()
            table, _ = await self.act(table_id, play)
        else:
            # Discord's 3 s count from the click, the way to this handler included: the
            # answer is given only if it can be sent by ANSWER_SECONDS after the click (the
            # rest is for the request to reach Discord); else the click is acknowledged.
            late = (discord.utils.utcnow() - interaction.created_at).total_seconds()
            left = ANSWER_SECONDS - min(max(late, 0.0), ANSWER_SECONDS)
            deadline = asyncio.get_running_loop().time() + left
            async with self.hands.answering_move(table_id, user):
                acting = asyncio.ensure_future(self.act(table_id, play))
                stored, _ = await asyncio.wait({acting}, timeout=left)
                if not stored:  # slow to store: acknowledged now, the move is not cut short
                    await interaction.response.defer()
                table, _ = await acting
                if stored:
                    try:
                        await self.hands.answer_move(interaction, table, deadline)
                    except Exception as error:  # the move is stored: the delivery shows it
                        log.warning("table %s: the move's answer failed: %r", table_id, error)
                if not interaction.response.is_done():
                    with contextlib.suppress(discord.NotFound):  # too late: the move stands
                        await interaction.response.defer()
        if message is not None and message.flags.ephemeral:
            await self._refresh_ephemeral_hand(interaction, table)
        await self.tell_if_blocked(interaction, table_id)

    async def tell_if_blocked(self, interaction: Interaction, table_id: str) -> None:
        """While a lost permission keeps the table from being shown, every clicker hears it."""
        blocked = self.notices.blocked.get(table_id)
        if blocked is not None:
            permission, where = blocked
            await send_ephemeral(
                interaction, texts.cannot_show(mine(interaction), permission, where)
            )

    async def _refresh_ephemeral_hand(self, interaction: Interaction, table: Table) -> None:
        """The "Your hand" a move was clicked on shows the hand after it: `table` as the move
        stored it."""
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.match is None:
            return
        view, names = table.view(seat), table.names()
        turn_name = names[view.turn] if view.turn is not None else None
        moves_at = table.version if table.phase is Phase.PLAYING else None
        variant, table_id = table.setup.variant, table.id
        hint, w = table.setup.offers_hints, mine(interaction)
        watching = hand_messages.watching(table, seat, w)  # resigned: an AI plays the seat
        around = hand_messages.around(table, seat, w)
        embed, file, moves = await hand_messages.hand_message(
            table_id,
            variant,
            view,
            names,
            turn_name,
            None if watching else moves_at,
            w,
            ending=watching,
            hint=hint,
            around=around,
        )
        await interaction.edit_original_response(embed=embed, attachments=[file], view=moves)
        if moves is not None and moves_at is not None:
            self.answers.answered(table_id, seat, interaction, moves_at)

    # -- the board's buttons ------------------------------------------------------------------

    async def show_hand(self, interaction: Interaction, table_id: str, _verb: str = "hand") -> None:
        """The ephemeral "Your hand": works whether or not DMs do, for the whole match. On a
        friends' table's message the click updates that message (its token shows the table:
        `Friends.revive`) and the hand is an ephemeral followup."""
        message = interaction.message
        friends = interaction.guild_id is None and not (message is None or message.flags.ephemeral)
        if friends:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.read(table_id) as table:
            check_place(interaction, table)
            seat = table.seat_of(interaction.user.id)
            if seat is None or table.match is None:
                raise Refusal(texts.NOT_SEATED)
            view, names = table.view(seat), table.names()
            turn_name = names[view.turn] if view.turn is not None else None
            moves_at = table.version if table.phase is Phase.PLAYING else None
            variant, hint, w = table.setup.variant, table.setup.offers_hints, mine(interaction)
            watching = hand_messages.watching(table, seat, w)  # resigned: an AI plays the seat
            if watching:
                moves_at = None
            around = hand_messages.around(table, seat, w)
        embed, file, moves = await hand_messages.hand_message(
            table_id,
            variant,
            view,
            names,
            turn_name,
            moves_at,
            w,
            ending=watching,
            hint=hint,
            around=around,
        )
        self.reopen_dms_soon(interaction.user.id)
        if moves is None:
            await interaction.followup.send(embed=embed, file=file, ephemeral=True)
        else:
            await interaction.followup.send(embed=embed, file=file, view=moves, ephemeral=True)
            if moves_at is not None and not friends:
                # It loses its moves once the table moves on (this answer fills the deferred
                # original response, which its interaction can edit).
                self.answers.answered(table_id, seat, interaction, moves_at)
        await self.tell_if_blocked(interaction, table_id)

    async def change(self, interaction: Interaction, table_id: str, verb: str) -> None:
        """Resign, Offer a draw, Ready, Claim the lead, Leave: a change of the table by the
        clicker (`CHANGES`), and its note to them."""
        await interaction.response.defer()
        user = interaction.user.id
        changing = CHANGES[verb]

        def click(table: Table) -> Said | None:
            check_place(interaction, table)
            return changing(table, user)

        def shows(table: Table, _: Said | None) -> Iterable[str]:
            return [] if verb == "leave" else self.shows(table)  # leaving changes no message

        _, said = await self.act(table_id, click, show=shows)
        if said is not None:
            await send_ephemeral(interaction, mine(interaction).say(said))
        await self.tell_if_blocked(interaction, table_id)

    async def ask_resign(
        self, interaction: Interaction, table_id: str, _verb: str = "resign"
    ) -> None:
        """Resign asks first, for the clicker alone: what resigning does at this table
        (`Table.resign_question`), with Resign and Keep playing. Nothing changes yet."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.read(table_id) as table:
            check_place(interaction, table)
            question = resign_question(table, interaction.user.id)
        w = mine(interaction)
        view = table_view(table_id, ["sure", "keep"], w)
        await interaction.followup.send(w.say(question), view=view, ephemeral=True)

    async def resign(self, interaction: Interaction, table_id: str, _verb: str = "sure") -> None:
        """Resign, confirmed: the question is answered with what was done."""
        await interaction.response.defer()
        user = interaction.user.id

        def click(table: Table) -> Said:
            check_place(interaction, table)
            return table.resign(user, self.clock())

        def shows(table: Table, _: Said) -> list[str]:
            return [*self.shows(table), *flow.asking(table)]

        _, said = await self.act(table_id, click, show=shows)
        await interaction.edit_original_response(content=mine(interaction).say(said), view=None)
        await self.tell_if_blocked(interaction, table_id)

    async def keep_playing(
        self, interaction: Interaction, _table_id: str, _verb: str = "keep"
    ) -> None:
        """Resign, thought better of: nothing changes."""
        await interaction.response.edit_message(
            content=mine(interaction)(texts.KEPT_PLAYING), view=None
        )

    async def answer(self, interaction: Interaction, table_id: str, verb: str) -> None:
        """A partner asked whether their side concedes: Concede or Play on."""
        await interaction.response.defer()
        user = interaction.user.id

        def click(table: Table) -> Said:
            check_place(interaction, table)
            return table.answer(user, verb == "concede", self.clock())

        _, said = await self.act(table_id, click)
        await send_ephemeral(interaction, mine(interaction).say(said))
        await self.tell_if_blocked(interaction, table_id)

    async def review(self, interaction: Interaction, table_id: str, _verb: str = "review") -> None:
        """The match is recorded: the review reads it, not the table."""
        await reviews_of(interaction).review_table(interaction, table_id)

    async def rematch(
        self, interaction: Interaction, table_id: str, _verb: str = "rematch"
    ) -> None:
        """The first Rematch opens a lobby where the table played (`Table.rematch_lobby`); a
        player who presses it after that takes their seat in that lobby."""
        await interaction.response.defer()
        user = interaction.user.id
        places = await self.db.open_tables_of(user, "table")

        def click(table: Table) -> str | Table:
            check_place(interaction, table)
            if table.rematch_id is not None:
                if table.seat_of(user) is None:
                    raise Refusal(texts.NOT_SEATED)
                return table.rematch_id  # the lobby to join
            check_room(user, places, self.most, table)
            lobby = table.rematch_lobby(user, new_table_id(), self.seeds(), self.clock())
            # In the old table's thread, if it had one: a thread cannot start another.
            lobby.channel_id = table.thread_id or table.channel_id
            lobby.thread_id = table.thread_id
            return lobby

        def shows(table: Table, found: str | Table) -> Iterable[str]:
            return [] if isinstance(found, str) else self.shows(table)

        _, found = await self.act(table_id, click, show=shows)
        if isinstance(found, str):
            await self._accept_rematch(interaction, found)
        else:
            await self._open_rematch(table_id, found)

    async def _open_rematch(self, old_id: str, table: Table) -> None:
        """A rematch's lobby, stored; its message is posted where the old table played (the
        `lobby` outbox item posts it, naming the players invited back)."""
        try:
            await self.create(table, show=["lobby"])
        except Refusal:
            # Not stored: Rematch may be pressed again.
            await self.act(old_id, _no_rematch, show=lambda table, _: [])
            raise

    async def _accept_rematch(self, interaction: Interaction, table_id: str) -> None:
        """A player of the old table pressed Rematch after someone else did: they take their
        seat in the rematch's lobby (the one kept for them, if it is free)."""
        user = interaction.user
        places = await self.db.open_tables_of(user.id, "table")

        plays_forced = await self.db.plays_forced(user.id)

        def join(table: Table) -> None:
            check_room(user.id, places, self.most, table)
            table.join(user.id, user.display_name, plays_forced=plays_forced)

        await self.act(table_id, join, show=lambda table, _: ["lobby"])
        await send_ephemeral(interaction, mine(interaction)(texts.REMATCH_JOINED))

    # -- a player's setting -------------------------------------------------------------------

    async def choose_plays_forced(self, user_id: int, on: bool) -> None:
        """The player's turns with a single move play themselves (`on`) or ask them, from now
        on at every table they sit at (in every process): each table's seat follows, a change
        that shows something only when it played a waiting turn."""
        await self.db.set_forced_moves(user_id, "auto" if on else "ask", self.clock())
        for table_id in await self.db.open_tables_of(user_id, "table"):

            def follow(table: Table) -> list[Step]:
                return table.set_plays_forced(user_id, on, self.clock())

            def shows(table: Table, steps: list[Step]) -> list[str]:
                return self.shows(table, steps) if steps else []

            try:
                await self.act(table_id, follow, show=shows)
            except Refusal:
                continue  # gone meanwhile

    # -- moderation ---------------------------------------------------------------------------

    async def tables_in(self, channel_id: int) -> list[Table]:
        """The unfinished tables that play in `channel_id` (or in it as their thread), of
        every process, oldest first; with the open rematch lobby of a finished one, which
        waits in the old table's thread (so in another channel) yet belongs to this one."""
        found: dict[str, Table] = {}
        waiting = list(await self.db.tables_in_channel(channel_id))
        seen: set[str] = set()
        while waiting:
            table_id = waiting.pop()
            if table_id in seen:
                continue
            seen.add(table_id)
            try:
                async with self.read(table_id) as table:
                    if not table.finished:
                        found[table.id] = table
                    elif table.rematch_id is not None:
                        waiting.append(table.rematch_id)
            except Refusal:
                continue  # gone meanwhile
        return sorted(found.values(), key=lambda table: table.created_at)

    async def end_table(self, interaction: Interaction, table_id: str | None) -> None:
        """A moderator's /domino end: the newest table of the channel (or the one named)."""
        await interaction.response.defer(ephemeral=True)
        candidates = await self.tables_in(interaction.channel_id or 0)
        if table_id:
            candidates = [table for table in candidates if table.id == table_id]
        if not candidates:
            raise Refusal(texts.NO_SUCH_TABLE)
        table = candidates[-1]

        def end(table: Table) -> list[Step]:
            table.end_by_moderator()
            return []

        def shows(table: Table, _: list[Step]) -> list[str]:
            return ["lobby"] if table.match is None else ["lobby", "board", "hands"]

        await self.act(table.id, end, show=shows)
        await send_ephemeral(interaction, mine(interaction)(texts.TABLE_ENDED))


def _no_rematch(table: Table) -> None:
    table.rematch_id = None
