"""`/domino puzzle`: Dominosa or Quadrille as a solitaire for one player, like a table.

The puzzle message (picture, progress, last action) is public: anyone may watch, only the player
who opened it acts. It is posted in a thread of the channel, started from a line saying who opens
which puzzle (as a table's thread is started from its lobby), or in the channel where no thread
can be started. Buttons and menus are `DynamicItem`s carrying the puzzle id (`dp:{id}:{verb}`),
so they work after a restart; the attempt is stored after every action (the engine's saved form,
which replays every placement, and when it was opened) before the message changes. A Dominosa
tile is chosen by its row, then in a menu of that row's tiles sent to the player alone; Place and
Remove open a short form (a modal) for typed cells, named as on the picture's rulers (column
letter, row number: `C3-D3`; a Quadrille tile also gives its numbers: `B1=3 C1=5`), read by
`engine.puzzles.cells`. A Dominosa placement that fits the grid is taken, right or wrong: Check
counts the wrong ones.

The attempt itself (its state and what each action does) is `cogs.puzzles.attempt`; its buttons
and form are `cogs.puzzles.components`, its rows and how the runtime calls it `cogs.puzzles.kind`;
this module is the runner: storing, the message, and what each click does. An attempt left
untouched for `Settings.puzzle_idle_seconds` (a week by default) is put away: its message says so
and loses its buttons, and it leaves memory and the database, so abandoned attempts do not pile
up.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import secrets
from collections import OrderedDict
from typing import TYPE_CHECKING, Any, Literal, cast

import discord

from cogs import texts
from cogs.audience import mine
from cogs.common import colours, pictures
from cogs.common.errors import guarded
from cogs.common.refusal import Refusal
from cogs.lang import Command, Words
from cogs.puzzles import texts as puzzle_texts
from cogs.puzzles.attempt import Puzzle
from cogs.puzzles.components import (
    FORM_ID,
    VERBS,
    CellsForm,
    PuzzleButton,
    RowMenu,
    TileMenu,
    typed_values,
)
from cogs.puzzles.kind import KIND, PuzzleKind, PuzzleRows
from cogs.runtime.runtime import runtime_of
from cogs.runtime.shown import digest
from cogs.runtime.store import Store
from data.models import Cap, Change, Job, LiveTable, PuzzleSolve, Shown
from engine.errors import DominoError
from engine.puzzles import DominosaGame, QuadrilleGame, generate
from engine.puzzles.cells import cell_text, pair_text, row_name

if TYPE_CHECKING:
    from cogs.common.bot import DominoBot

log = logging.getLogger(__name__)

COLOUR = colours.PUZZLE
FORGET_SECONDS = 5.0  # a finished attempt's row stays while its last redraw is delivered
REDRAW_LATER = 2.0  # the stored redraw is due after this: the click itself redraws at once
THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440  # an attempt's thread hides after a quiet day


class Puzzles:
    """Puzzle attempts on the table runtime: a puzzle is a table of one. Each action is one
    transaction (its state at the next revision, its message to redraw as the outbox item
    `puzzle`, and its next job: put away when idle, or forgotten once over); the message is
    redrawn by the click at once, and by the delivery loop if that did not happen (a crash, a
    Discord outage)."""

    def __init__(self, bot: DominoBot) -> None:
        self.bot = bot
        #: Another process may change a puzzle too: the cache is then checked by revision.
        self.shared = bot.settings.shared_store
        self.runtime = runtime_of(bot)  # the store's commit, locks, jobs and delivery
        self.store = Store(bot.db, PuzzleRows(), shared=self.shared)
        #: Committed attempts, by id (the store's cache), least recently used first.
        self.puzzles: OrderedDict[str, Puzzle] = self.store.cached
        self.locks = self.runtime.locks
        # Forms this process opened: discord.py answers their submissions (`CellsForm`). A form
        # opened before a restart is unknown to discord.py, so `on_interaction` answers it.
        # Forgotten with their puzzle (`_forget`).
        self.forms_opened: set[str] = set()
        #: puzzle id -> what its message shows (a digest). With a shared store it is the store's
        #: `shown` row "puzzle", which every process reads and writes.
        self.drawn: dict[str, str] = {}
        bot.add_listener(self.on_interaction)
        bot.add_listener(self.on_raw_message_delete)
        bot.add_listener(self.on_raw_bulk_message_delete)
        bot.add_listener(self.on_guild_channel_delete)
        bot.add_listener(self.on_raw_thread_delete)
        self.runtime.register(PuzzleKind(self.store, self.run_job, self.show, self._forget))

    def _forget(self, puzzle_id: str) -> None:
        """A puzzle solved, given up or put away, whose time is up: nothing of it stays in
        memory (its row is deleted)."""
        self.store.forget(puzzle_id)
        self.drawn.pop(puzzle_id, None)
        for verb in ("place", "remove"):
            self.forms_opened.discard(f"dpf:{puzzle_id}:{verb}")

    async def _get(self, puzzle_id: str, *, at_least: int | None = None) -> Puzzle:
        """The attempt as stored (the runtime's `Store.get`: cached and checked by revision,
        or loaded); refused when there is none, and then nothing of it stays in memory."""
        try:
            return await self.store.get(puzzle_id, at_least=at_least)
        except Refusal:
            self._forget(puzzle_id)
            raise

    async def attempt(self, puzzle_id: str) -> Puzzle:
        """The attempt as stored, held still while it is read (`/domino mine` lists it)."""
        async with self.locks[puzzle_id]:
            return await self._get(puzzle_id)

    def _job(self, puzzle: Puzzle, revision: int, now: float) -> Job:
        if puzzle.over:
            return Job(puzzle.id, "forget", revision, now + FORGET_SECONDS)
        return Job(puzzle.id, "put-away", revision, puzzle.touched + self.idle_seconds)

    @property
    def idle_seconds(self) -> float:
        return self.bot.settings.puzzle_idle_seconds

    async def _commit(self, puzzle: Puzzle, *, new: bool = False) -> None:
        """Store the attempt as it now is (see the class docstring), with its solve when its
        last tile went down (in the same transaction: a refused commit keeps no solve); on any
        failure the cached copy is dropped (the next action reads the store) and the action
        refused (`Runtime.commit`)."""
        now = self.bot.settings.clock()
        revision = 0 if new else puzzle.revision + 1
        job = self._job(puzzle, revision, now)
        row = LiveTable(
            puzzle.id,
            puzzle.guild_id,
            puzzle.channel_id,
            puzzle.thread_id,
            puzzle.message_id,
            puzzle.to_state(),
            now,
            revision,
            people=() if puzzle.over else (puzzle.user_id,),
            kind=KIND,
        )
        # A new attempt places its player: counted against their cap in the same transaction.
        caps = (Cap(puzzle.user_id, self.bot.settings.puzzles_per_user),) if new else ()
        change = Change(
            row,
            None if new else puzzle.revision,
            ("puzzle",),
            job,
            due_at=now + REDRAW_LATER,
            caps=caps,
            solve=puzzle.solve,
        )
        # Its outbox item is due later (the click redraws at once): the jobs' loop wakes the
        # delivery for it then.
        await self.runtime.commit(self.store, puzzle, change)

    async def run_job(self, job: Job) -> None:
        """A puzzle's job: put away an attempt left idle (one that is over is forgotten by the
        runtime, which tells `PuzzleKind.forget`)."""
        if job.kind != "put-away":
            log.warning("puzzle %s: unknown job %r dropped", job.table_id, job.kind)
            return
        async with self.locks[job.table_id]:
            puzzle = await self._get(job.table_id, at_least=job.revision)
            if puzzle.revision != job.revision or puzzle.over:
                return
            puzzle.put_away(self.idle_seconds)
            await self._commit(puzzle)
        await self.show(job.table_id)

    def _shows(self, puzzle: Puzzle, w: Words) -> str:
        state = puzzle.to_state()
        return digest(state["game"], state["last"], puzzle.over, w.language)

    async def show(self, puzzle_id: str, at_least: int | None = None) -> None:
        """The puzzle's message as stored, at revision `at_least` or newer (nothing to do
        when it shows that already)."""
        async with self.locks[puzzle_id]:
            puzzle = await self._get(puzzle_id, at_least=at_least)
            w = await self.bot.audience.server(puzzle.guild_id)
            shows = self._shows(puzzle, w)
            if await self._drawn(puzzle_id) == shows:
                return
            if not await self._redraw(puzzle, w):
                await self._gone(puzzle)

    async def _drawn(self, puzzle_id: str) -> str | None:
        """What the puzzle's message shows, as last drawn by this process (or, with a shared
        store, by any)."""
        if not self.shared:
            return self.drawn.get(puzzle_id)
        shown = (await self.bot.db.shown(puzzle_id)).get("puzzle")
        return shown.shows if shown is not None else None

    async def _note_drawn(self, puzzle: Puzzle, shows: str) -> None:
        if not self.shared:
            self.drawn[puzzle.id] = shows
            return
        if puzzle.message_id is not None:
            where = Shown(puzzle.id, "puzzle", puzzle.place, puzzle.message_id, shows)
            await self.bot.db.save_shown(where)

    async def _redraw(self, puzzle: Puzzle, w: Words) -> bool:
        """The puzzle's message shows its state (without buttons once it is over); False when
        the message is gone (deleted, or its channel)."""
        if puzzle.message_id is None:
            return True
        shows = self._shows(puzzle, w)
        embed, file = await self._picture(puzzle, w)
        channel = self.bot.get_partial_messageable(puzzle.place)
        try:
            await channel.get_partial_message(puzzle.message_id).edit(
                embed=embed, attachments=[file], view=self._view(puzzle, w)
            )
        except discord.NotFound:
            log.info("puzzle %s: its message is gone", puzzle.id)
            return False
        if puzzle.over and puzzle.thread_id is not None:
            await self._say_ended(puzzle, embed.title or "", w)
        await self._note_drawn(puzzle, shows)
        return True

    async def _say_ended(self, puzzle: Puzzle, title: str, w: Words) -> None:
        """The line in the channel that started the attempt's thread says how it ended (solved
        and in what time, given up, put away) instead of inviting to follow it. A thread
        started from a message shares its id."""
        ended = " ".join(w.say(line) for line in puzzle.last)
        channel = self.bot.get_partial_messageable(puzzle.channel_id)
        with contextlib.suppress(discord.HTTPException):  # the line may be gone: it only tells
            await channel.get_partial_message(puzzle.thread_id or 0).edit(
                content=f"{title} · {ended}"[:2000]
            )

    async def _gone(self, puzzle: Puzzle) -> None:
        """The attempt's message is gone (a moderator deleted it, or its channel): nobody can
        play it or give it up any more, so it is put away at once (under its lock), and no
        longer counts against its player's puzzles."""
        if puzzle.over:
            return  # it leaves the store by itself
        log.info("puzzle %s: its message is gone, put away", puzzle.id)
        puzzle.over = True
        puzzle.message_id = None  # nothing left to redraw
        await self._commit(puzzle)

    async def put_away_gone(self, puzzle_ids: list[str]) -> None:
        """Put away the attempts whose messages were deleted (`_gone`)."""
        for puzzle_id in puzzle_ids:
            async with self.locks[puzzle_id]:
                try:
                    puzzle = await self._get(puzzle_id)
                except Refusal:
                    continue  # put away or forgotten meanwhile
                await self._gone(puzzle)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        found = await self.bot.db.puzzles_in_channel(payload.channel_id, [payload.message_id])
        await self.put_away_gone(found)

    async def on_raw_bulk_message_delete(self, payload: discord.RawBulkMessageDeleteEvent) -> None:
        found = await self.bot.db.puzzles_in_channel(payload.channel_id, list(payload.message_ids))
        await self.put_away_gone(found)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.put_away_gone(await self.bot.db.puzzles_in_channel(channel.id))

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.put_away_gone(await self.bot.db.puzzles_in_channel(payload.thread_id))

    async def _compare(self, puzzle: Puzzle, solve: PuzzleSolve) -> None:
        """Say how the solve compares with the player's best before it (the solve itself is
        kept by the attempt's commit); a database failure must not hide the solved puzzle, so
        it is logged and the comparison left out."""
        try:
            best = await self.bot.db.best_puzzle_seconds(
                solve.guild_id, solve.user_id, solve.puzzle, solve.setting
            )
        except Exception:
            log.exception("the best time before puzzle %s could not be read", puzzle.id)
            return
        puzzle.last.append(puzzle_texts.puzzle_best(solve.seconds, best))

    async def _picture(self, puzzle: Puzzle, w: Words) -> tuple[discord.Embed, discord.File]:
        """The puzzle message (public: in the server's words, `w`)."""
        game = puzzle.game
        if isinstance(game, QuadrilleGame):
            size = game.shape.top
            picture = await pictures.quadrille(game.figure, game.placements, w.language)
        else:
            size = game.puzzle.top
            picture = await pictures.dominosa(game.grid, game.placements, size, w.language)
        last = "\n".join(w.say(line) for line in puzzle.last)
        embed = discord.Embed(
            title=w(
                puzzle_texts.PUZZLE_TITLES[puzzle.game_id],
                name=texts.user_text(puzzle.name),
                size=size,
            ),
            description=last or w(puzzle_texts.PUZZLE_HOWS[puzzle.game_id]),
            colour=COLOUR,
        )
        embed.add_field(name=w(puzzle_texts.PUZZLE_PROGRESS), value=str(game.progress))
        filename = f"{puzzle.game_id}.png"
        embed.set_image(url=f"attachment://{filename}")
        file = discord.File(io.BytesIO(picture.png), filename=filename, description=picture.alt)
        return embed, file

    def _view(self, puzzle: Puzzle, w: Words) -> discord.ui.View | None:
        """The puzzle's controls: for Dominosa the menu of rows (a tile chosen without typing)
        over the buttons, Check among them; for Quadrille, whose tiles need their numbers
        typed, the buttons."""
        if puzzle.over:
            return None
        view = discord.ui.View(timeout=None)
        game = puzzle.game
        if isinstance(game, DominosaGame):
            rows = [w(puzzle_texts.PUZZLE_ROW, row=row_name(row)) for row in range(game.board.rows)]
            view.add_item(RowMenu(puzzle.id, rows, w(puzzle_texts.PUZZLE_CHOOSE_ROW)))
        for verb in VERBS:
            if verb != "check" or isinstance(game, DominosaGame):
                view.add_item(PuzzleButton(puzzle.id, verb, w))
        return view

    def _tiles_menu(self, puzzle: Puzzle, row: int, w: Words) -> tuple[str, discord.ui.View | None]:
        """The player's own menu of the tiles in `row` (placements starting there, tiles there
        to take away), and the line above it; no menu when the puzzle is over or the row is
        not on the grid."""
        game = puzzle.game
        if puzzle.over or not isinstance(game, DominosaGame):
            return "", None
        places, takes = game.row_choices(row)
        if not places and not takes:
            return "", None
        options = [
            (w(puzzle_texts.PUZZLE_PLACE_CHOICE, cells=pair_text(*p.cells), tile=str(p.tile)),
             f"place {pair_text(*p.cells)}")
            for p in places
        ] + [
            (w(puzzle_texts.PUZZLE_REMOVE_CHOICE, cells=pair_text(*t.cells), tile=str(t.tile)),
             f"remove {cell_text(t.cells[0])}")
            for t in takes
        ]  # fmt: skip
        name = row_name(row)
        view = discord.ui.View(timeout=None)
        placeholder = w(puzzle_texts.PUZZLE_CHOOSE_TILE, row=name)
        view.add_item(TileMenu(puzzle.id, row, options, placeholder))
        return w(puzzle_texts.PUZZLE_ROW_TILES, row=name), view

    async def row_chosen(
        self, interaction: discord.Interaction[Any], puzzle_id: str, row: int
    ) -> None:
        """A row chosen on the puzzle message: its tiles are offered to the player alone."""
        puzzle = await self._get(puzzle_id)
        if interaction.user.id != puzzle.user_id:
            raise Refusal(puzzle_texts.PUZZLE_NOT_YOURS, command=Command("domino puzzle"))
        if puzzle.over:
            raise Refusal(texts.NO_SUCH_TABLE)
        text, view = self._tiles_menu(puzzle, row, mine(interaction))
        if view is None:
            raise Refusal(puzzle_texts.PUZZLE_TWO_CELLS)
        await interaction.response.send_message(text, view=view, ephemeral=True)

    async def open(
        self,
        interaction: discord.Interaction[Any],
        size: int,
        difficulty: str,
        game_id: str = "dominosa",
    ) -> None:
        """Open a puzzle for the user: a fresh Dominosa of that set and difficulty, or the
        classic Quadrille figure (`size` and `difficulty` do not apply to it)."""
        await interaction.response.defer(thinking=True)
        most = self.bot.settings.puzzles_per_user
        # Every process's puzzles count. The quick answer: the commit counts again in its own
        # transaction, so puzzles opened at the same instant never pass the cap together.
        if len(await self.bot.db.open_tables_of(interaction.user.id, "puzzle")) >= most:
            raise Refusal(texts.TOO_MANY_PUZZLES, most=most)
        game: DominosaGame | QuadrilleGame
        if game_id == "quadrille":
            game = QuadrilleGame()
        else:
            seed = secrets.token_hex(16)  # the solution follows from it: never shown
            if self.bot.settings.demo_seed is not None:  # a scripted demo, never a live bot
                seed = f"{self.bot.settings.demo_seed}:puzzle"
            game = DominosaGame(await asyncio.to_thread(generate, size, difficulty, seed))
        user = interaction.user
        now = self.bot.settings.clock()
        puzzle = Puzzle(
            id=secrets.token_hex(5),
            user_id=user.id,
            name=user.display_name,
            game=game,
            guild_id=interaction.guild_id or 0,
            channel_id=interaction.channel_id or 0,
            started=now,
            touched=now,
        )
        w = await self.bot.audience.public(interaction)
        embed, file = await self._picture(puzzle, w)
        view = self._view(puzzle, w)
        assert view is not None
        title = embed.title or ""
        said = w(puzzle_texts.PUZZLE_IN_THREAD, name=texts.user_text(puzzle.name), title=title)
        starter = await interaction.followup.send(content=said, wait=True)
        thread_id = await self._thread(starter, title)
        message: discord.Message | discord.WebhookMessage
        if thread_id is None:  # no thread here: the puzzle plays in the channel
            message = await starter.edit(content=None, embed=embed, attachments=[file], view=view)
        else:
            thread = self.bot.get_partial_messageable(thread_id)
            message = await thread.send(embed=embed, file=file, view=view)
            puzzle.thread_id = thread_id
        puzzle.message_id = message.id
        try:
            await self._commit(puzzle, new=True)
        except Refusal:
            with contextlib.suppress(discord.HTTPException):  # not stored: nothing to play
                await message.delete()
                if thread_id is not None:
                    await starter.delete()
                    await self.bot.http.edit_channel(thread_id, archived=True)  # out of sight
            raise
        await self._note_drawn(puzzle, self._shows(puzzle, w))

    async def _thread(self, starter: discord.WebhookMessage, title: str) -> int | None:
        """A thread for the attempt, started from the line that opened it in the channel, as
        a table's thread is started from its lobby (`cogs.tables.messages.thread`); None where
        the channel allows none (a DM, a thread, no permission, Discord failing): the puzzle
        then plays in the channel."""
        try:
            thread = await self.bot.http.start_thread_with_message(
                starter.channel.id,
                starter.id,
                name=title[:100],
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.HTTPException as error:
            log.info("puzzle in channel %s: no thread (%s)", starter.channel.id, error)
            return None
        return int(thread["id"])

    async def click(self, interaction: discord.Interaction[Any], puzzle_id: str, verb: str) -> None:
        # Not under the puzzle's lock (a redraw may hold it): the form must open at once, and
        # whose puzzle it is and its game never change.
        puzzle = await self._get(puzzle_id)
        if interaction.user.id != puzzle.user_id:
            raise Refusal(puzzle_texts.PUZZLE_NOT_YOURS, command=Command("domino puzzle"))
        if verb in ("place", "remove"):
            form = CellsForm(self, puzzle_id, verb, puzzle.game_id, mine(interaction))
            self.forms_opened.add(form.custom_id)
            await interaction.response.send_modal(form)
            return
        await self.act(interaction, puzzle_id, verb, "")

    @guarded
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A puzzle form submitted after a restart: carried out like one submitted before."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data = cast("dict[str, Any]", interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        found = FORM_ID.fullmatch(custom_id)
        if found is None or custom_id in self.forms_opened:
            return
        text = next(typed_values(data.get("components") or []), "")
        await self.act(interaction, found["puzzle"], found["verb"], text)

    async def act(
        self,
        interaction: discord.Interaction[Any],
        puzzle_id: str,
        verb: str,
        text: str,
        *,
        menu_row: int | None = None,
    ) -> None:
        """One action: acknowledged at once, stored, then the puzzle message is redrawn. Its
        refusals reach the error path through its callers (the button, the form, the tiles'
        menu, or `on_interaction` for a form opened before a restart). A tile chosen in the
        player's menu of a row (`menu_row`) leaves that menu offering the row's tiles as they
        now are, under what the choice did."""
        await interaction.response.defer()
        async with self.locks[puzzle_id]:
            puzzle = await self._get(puzzle_id)
            try:
                puzzle.act(interaction.user.id, verb, text, self.bot.settings.clock())
            except (Refusal, DominoError):
                raise  # a refusal changes nothing (the engine checks before it changes)
            except BaseException:
                self.store.forget(puzzle_id)  # it may be half changed: read it again
                raise
            if puzzle.solve is not None:
                await self._compare(puzzle, puzzle.solve)
            await self._commit(puzzle)
            if not await self._redraw(puzzle, await self.bot.audience.public(interaction)):
                await self._gone(puzzle)
        if menu_row is not None:
            w = mine(interaction)
            said = "\n".join(w.say(line) for line in puzzle.last)
            text, menu = self._tiles_menu(puzzle, menu_row, w)
            with contextlib.suppress(discord.HTTPException):  # the menu is a convenience
                await interaction.edit_original_response(
                    content=f"{said}\n{text}" if text else said, view=menu
                )
