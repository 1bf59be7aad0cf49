"""`/domino puzzle`: Dominosa or Quadrille as a solitaire for one player, like a table.

The puzzle message (picture, progress, last action) is public: anyone may watch, only the player
who opened it acts. Buttons are `DynamicItem`s carrying the puzzle id (`dp:{id}:{verb}`), so they
work after a restart; the attempt is stored after every action (the engine's saved form, which
replays and checks every placement, and when it was opened) before the message changes. Place
and Remove open a short form (a modal) for the cells, named as on the picture's rulers (column
letter, row number: `C3-D3`; a Quadrille tile also gives its numbers: `B1=3 C1=5`), read by
`engine.puzzles.cells`.

The attempt itself (its state and what each action does) is `cogs.puzzles.attempt`; this module is
its Discord side: the buttons, the form, storing, and the message. An attempt left untouched for
`Settings.puzzle_idle_seconds` (a week by default) is put away: its message says so and loses its
buttons, and it leaves memory and the database, so abandoned attempts do not pile up.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
import secrets
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord

import render
from cogs import texts
from cogs.audience import mine
from cogs.common.components import Form, PersistentItem
from cogs.errors import guarded
from cogs.lang import Command, Words, words
from cogs.puzzles import texts as puzzle_texts
from cogs.puzzles.attempt import Puzzle
from cogs.tables.locks import TableLocks
from cogs.tables.scheduler import Scheduler
from cogs.tables.seating import TableError
from data.models import LiveTable, PuzzleSolve
from engine.puzzles import DominosaGame, QuadrilleGame, generate

if TYPE_CHECKING:
    from bot import DominoBot

log = logging.getLogger(__name__)

VERBS = ("place", "remove", "hint", "quit")
COLOUR = discord.Colour(0x6A1B9A)
ENGLISH = words("en")  # labels of buttons rebuilt from a custom id (never shown again)


class PuzzleButton(
    PersistentItem[discord.ui.Button[Any]],
    template=rf"dp:(?P<puzzle_id>[0-9a-z]+):(?P<verb>{'|'.join(VERBS)})",
):
    LABELS: ClassVar[dict[str, str]] = {
        "place": puzzle_texts.PUZZLE_PLACE,
        "remove": puzzle_texts.PUZZLE_REMOVE,
        "hint": puzzle_texts.PUZZLE_HINT,
        "quit": puzzle_texts.PUZZLE_QUIT,
    }

    def __init__(self, puzzle_id: str, verb: str, w: Words = ENGLISH) -> None:
        style = discord.ButtonStyle.primary if verb == "place" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=w(self.LABELS[verb]), style=style, custom_id=f"dp:{puzzle_id}:{verb}"
            )
        )
        self.puzzle_id = puzzle_id
        self.verb = verb

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        puzzles = cast("Puzzles", interaction.client.puzzles)
        await puzzles.click(interaction, self.puzzle_id, self.verb)


FORM_ID = re.compile(r"dpf:(?P<puzzle>[0-9a-z]+):(?P<verb>place|remove)")


def _typed(components: list[Any]) -> Iterator[str]:
    """The values typed into a submitted form's text inputs, however they are nested."""
    for component in components:
        if isinstance(component, dict):
            if "value" in component:
                yield str(component["value"])
            yield from _typed(list(component.get("components") or []))
            if isinstance(component.get("component"), dict):
                yield from _typed([component["component"]])


class CellsForm(Form):
    """Asks for the cells of a placement (two; with their numbers in Quadrille) or of a
    removal (one)."""

    FIELDS: ClassVar[dict[tuple[str, str], tuple[str, str]]] = {
        ("dominosa", "place"): (puzzle_texts.PUZZLE_CELLS, puzzle_texts.PUZZLE_CELLS_HOW),
        ("quadrille", "place"): (puzzle_texts.PUZZLE_NUMBERS, puzzle_texts.PUZZLE_NUMBERS_HOW),
    }

    def __init__(self, puzzles: Puzzles, puzzle_id: str, verb: str, game_id: str, w: Words) -> None:
        title = w(puzzle_texts.PUZZLE_PLACE if verb == "place" else puzzle_texts.PUZZLE_REMOVE)
        super().__init__(title=title, custom_id=f"dpf:{puzzle_id}:{verb}")
        label, placeholder = self.FIELDS.get(
            (game_id, verb), (puzzle_texts.PUZZLE_CELL, puzzle_texts.PUZZLE_CELL_HOW)
        )
        self.cells: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=w(label), placeholder=w(placeholder), max_length=40
        )
        self.add_item(self.cells)
        self.puzzles, self.puzzle_id, self.verb = puzzles, puzzle_id, verb

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await self.puzzles.act(interaction, self.puzzle_id, self.verb, str(self.cells.value))


class Puzzles:
    def __init__(self, bot: DominoBot) -> None:
        self.bot = bot
        self.puzzles: dict[str, Puzzle] = {}
        self.locks = TableLocks()
        # Forms this process opened: discord.py answers their submissions (`CellsForm`). A form
        # opened before a restart is unknown to discord.py, so `on_interaction` answers it.
        # Forgotten with their puzzle (`_forget`).
        self.forms_opened: set[str] = set()
        self.scheduler = Scheduler(bot.settings.clock, self._due)  # idle attempts put away
        bot.add_listener(self.on_interaction)

    def _forget(self, puzzle_id: str) -> None:
        """A puzzle solved, given up or put away: nothing of it stays in memory (its row is
        deleted)."""
        self.puzzles.pop(puzzle_id, None)
        self.scheduler.set(puzzle_id, None)
        for verb in ("place", "remove"):
            self.forms_opened.discard(f"dpf:{puzzle_id}:{verb}")

    def _schedule(self, puzzle: Puzzle) -> None:
        idle = self.bot.settings.puzzle_idle_seconds
        self.scheduler.set(puzzle.id, None if puzzle.over else puzzle.touched + idle)

    async def restore(self, states: list[dict[str, Any]]) -> None:
        for state in states:
            try:
                puzzle = Puzzle.from_state(state)
            except Exception:
                log.exception("puzzle %s could not be restored", state.get("id"))
                continue
            self.puzzles[puzzle.id] = puzzle
            self._schedule(puzzle)
        self.scheduler.start()

    async def close(self) -> None:
        await self.scheduler.stop()

    async def _due(self, puzzle_id: str) -> None:
        """An attempt nobody acted on for `puzzle_idle_seconds` is put away: its row goes, its
        message says so without buttons, and it leaves memory. Rechecked under the lock, since
        the player may have acted first."""
        async with self.locks[puzzle_id]:
            puzzle = self.puzzles.get(puzzle_id)
            if puzzle is None or puzzle.over:
                return
            idle = self.bot.settings.puzzle_idle_seconds
            if self.bot.settings.clock() < puzzle.touched + idle:
                self._schedule(puzzle)
                return
            puzzle.put_away(idle)
            try:
                await self._store(puzzle)  # over: its row goes
            except Exception:
                log.exception("puzzle %s: its row stays until the next restart", puzzle.id)
            self._forget(puzzle.id)
            try:
                await self._redraw(puzzle, await self.bot.audience.server(puzzle.guild_id))
            except Exception:  # a deleted message or channel, a lost permission
                log.warning("puzzle %s: put away, but its message could not say so", puzzle.id)

    async def _redraw(self, puzzle: Puzzle, w: Words) -> None:
        """The puzzle's message shows its state (without buttons once it is over)."""
        if puzzle.message_id is None:
            return
        embed, file = await self._picture(puzzle, w)
        channel = self.bot.get_partial_messageable(puzzle.channel_id)
        await channel.get_partial_message(puzzle.message_id).edit(
            embed=embed, attachments=[file], view=self._view(puzzle, w)
        )

    async def _store(self, puzzle: Puzzle) -> None:
        if puzzle.over:
            await self.bot.db.delete_live_table(puzzle.id)
            return
        await self.bot.db.save_live_table(
            LiveTable(
                puzzle.id,
                puzzle.guild_id,
                puzzle.channel_id,
                None,
                puzzle.message_id,
                puzzle.to_state(),
                self.bot.settings.clock(),
            )
        )

    async def _record(self, puzzle: Puzzle, solve: PuzzleSolve) -> None:
        """Keep the solve and say how it compares; a database failure must not hide the
        solved puzzle, so it is logged and the comparison left out."""
        try:
            best = await self.bot.db.record_puzzle_solve(solve)
        except Exception:
            log.exception("the solve of puzzle %s could not be kept", puzzle.id)
            return
        puzzle.last.append(puzzle_texts.puzzle_best(solve.seconds, best))

    async def _picture(self, puzzle: Puzzle, w: Words) -> tuple[discord.Embed, discord.File]:
        """The puzzle message (public: in the server's words, `w`)."""
        game = puzzle.game
        if isinstance(game, QuadrilleGame):
            data = await asyncio.to_thread(
                render.quadrille_png, game.figure, game.placements, wording=w.wording()
            )
            size = game.shape.top
            alt = render.describe_quadrille(game.figure, len(game.placements), wording=w.wording())
        else:
            data = await asyncio.to_thread(
                render.dominosa_png, game.grid, game.placements, wording=w.wording()
            )
            size = game.puzzle.top
            alt = render.describe_dominosa(
                game.grid, len(game.placements), size=size, wording=w.wording()
            )
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
        return embed, discord.File(io.BytesIO(data), filename=filename, description=alt[:1000])

    def _view(self, puzzle: Puzzle, w: Words) -> discord.ui.View | None:
        if puzzle.over:
            return None
        view = discord.ui.View(timeout=None)
        for verb in VERBS:
            view.add_item(PuzzleButton(puzzle.id, verb, w))
        return view

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
        mine_open = [p for p in self.puzzles.values() if p.user_id == interaction.user.id]
        if len(mine_open) >= most:
            raise TableError(texts.TOO_MANY_PUZZLES, most=most)
        game: DominosaGame | QuadrilleGame
        if game_id == "quadrille":
            game = QuadrilleGame()
        else:
            seed = secrets.token_hex(16)  # the solution follows from it: never shown
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
        message = await interaction.followup.send(embed=embed, file=file, view=view, wait=True)
        puzzle.message_id = message.id
        self.puzzles[puzzle.id] = puzzle
        await self._store(puzzle)
        self._schedule(puzzle)

    async def click(self, interaction: discord.Interaction[Any], puzzle_id: str, verb: str) -> None:
        puzzle = self.puzzles.get(puzzle_id)
        if puzzle is None:
            raise TableError(texts.NO_SUCH_TABLE)
        if interaction.user.id != puzzle.user_id:
            raise TableError(puzzle_texts.PUZZLE_NOT_YOURS, command=Command("domino puzzle"))
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
        text = next(_typed(data.get("components") or []), "")
        await self.act(interaction, found["puzzle"], found["verb"], text)

    async def act(
        self, interaction: discord.Interaction[Any], puzzle_id: str, verb: str, text: str
    ) -> None:
        """One action: acknowledged at once, stored, then the puzzle message is redrawn. Its
        refusals reach the error path through its callers (the button, the form, or
        `on_interaction` for a form opened before a restart)."""
        await interaction.response.defer()
        async with self.locks[puzzle_id]:
            puzzle = self.puzzles.get(puzzle_id)
            if puzzle is None:
                raise TableError(texts.NO_SUCH_TABLE)
            puzzle.act(interaction.user.id, verb, text, self.bot.settings.clock())
            if puzzle.solve is not None:
                await self._record(puzzle, puzzle.solve)
            await self._store(puzzle)
            self._schedule(puzzle)
            await self._redraw(puzzle, await self.bot.audience.public(interaction))
            if puzzle.over:
                self._forget(puzzle_id)
