"""Reviews of finished matches and hints at a table: the AI's judgement of one player's own
moves, for that player alone, judged in the AI's worker processes (never on the event loop).

A **review** (the final board's Review button, the Review button of a `/history` replay, or
`/domino review`) judges every decision the player's seat made in the recorded match
(`engine.ai.review`): each from the seat's view at that moment, which is all the judging
worker ever gets (`decision_points`), so no hidden tile of the record is read. Its cost is
bounded whatever the match's length: at most `MOST_DECISIONS` decisions are judged, a longer
match's last ones (its latest hands), each within its CPU budget. It is computed
once and stored with the match (`Database.save_match_review`): the next click, in any process
and after any restart, reads it and submits nothing. Two clicks of the same player while it is
computed wait for the same computation; two processes computing the same review at once both
store theirs, and the first one stored is the one every process shows.

**AI moves keep priority.** The workers are the AI seats' (the bot's `workers.ai()`, handed to
the reviews at setup), whose queue serves in order. So a review never queues more than its
share: at most `REVIEWS_AT_ONCE` reviews are computed at once in a process (the others wait
their turn, and say so), each submits one decision at a time, and all reviews and hints
together have at most `JUDGEMENTS_AT_ONCE` jobs with the workers: with the bot's two AI workers
one always stays free for the AI seats, and a move that does queue behind a judgement waits for
one decision's CPU budget at most (`Settings.review_cpu_ms`).

While a review is computed the player's answer says how far it got, edited at most once every
`PROGRESS_SECONDS` (Discord limits edits); at the end it becomes the review (`answer`).

A **hint** (the Hint button beside a player's moves, at a table that offers hints: unrated,
chosen when it was opened) is the expert's move in the clicker's own seat's view at the
table's current version, and why (`engine.ai.hints`). It is checked against the stored table
at the click, whatever the button says: hints chosen, not rated, the clicker's seat, their
turn, this version. It is searched once per position: kept (the last `HINTS_KEPT`, by table,
version and seat), and presses while it is searched wait for the same search.

**One at a time per person.** While a review or a hint is being computed for someone, another
one they ask for (of another match, another position) is refused at once, and says why; asking
again for the same one waits for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from cogs import texts
from cogs.audience import mine
from cogs.common import tiles
from cogs.common.refusal import Refusal
from cogs.common.workers import WORKER_FAILURES, Workers
from cogs.lang import Words
from cogs.review import texts as words
from cogs.review.answer import review_message
from cogs.tables.board import move_labels
from cogs.tables.table import Phase, Table
from data.models import DataError, MatchSummary
from engine.ai.hints import Hint
from engine.ai.review import Decision, DecisionPoint, Review, ReviewBudget, decision_points
from engine.tiles import Tile
from render.sprites import set_top

if TYPE_CHECKING:
    from cogs.common.bot import DominoBot

log = logging.getLogger(__name__)

T = TypeVar("T")

REVIEWS_AT_ONCE = 2  # reviews computed at once in one process; more wait their turn
JUDGEMENTS_AT_ONCE = 1  # decisions (and hints) with the AI workers at once, all reviews together
PROGRESS_SECONDS = 1.0  # a review's answer is edited at most this often while it is computed
LOOK_SECONDS = 0.2  # how often a waiting answer looks at the review's progress
#: The most decisions one review judges (a longer match: its last ones). At the bot's budget
#: (`Settings.review_cpu_ms`, 600 ms) a review costs at most 72 s of one worker's CPU.
MOST_DECISIONS = 120
HINTS_KEPT = 512  # hints kept (by table, version and seat): a position is searched once


@dataclass
class Reviewing:
    """A review being computed in this process: how far it got, and the task computing it
    (every click of the same player on the same match waits for this one)."""

    queued: bool = False  # waiting for a place among the reviews computed at once
    done: int = 0
    total: int | None = None  # known once the record is replayed
    task: asyncio.Task[Review] | None = field(default=None, repr=False)

    def state(self) -> tuple[bool, int, int | None]:
        return (self.queued, self.done, self.total)


class Reviews:
    """The bot's reviews and hints (`bot.reviews`, a `cogs.common.ports.ReviewDesk`), judged in
    `workers` (the bot's, shared with the AI seats)."""

    def __init__(self, bot: DominoBot, workers: Workers) -> None:
        self.bot = bot
        self.workers = workers
        settings = bot.settings
        self.budget = ReviewBudget(settings.review_worlds, settings.review_cpu_ms)
        self.hint_budget = ReviewBudget(settings.hint_worlds, settings.hint_cpu_ms)
        self.running: dict[tuple[int, int], Reviewing] = {}  # (match id, seat)
        self.reviewing = asyncio.Semaphore(REVIEWS_AT_ONCE)
        self.judging = asyncio.Semaphore(JUDGEMENTS_AT_ONCE)
        #: Hints searched or being searched, by (table id, version, seat), least recent first.
        self.hints: OrderedDict[tuple[str, int, int], asyncio.Task[Hint]] = OrderedDict()
        self.busy: dict[int, Hashable] = {}  # person: the review or hint computed for them

    async def close(self) -> None:
        """Stop the reviews being computed (nothing of them is stored: the next click starts
        again); judgements not yet started are cancelled with them."""
        tasks: list[asyncio.Task[Any]] = [
            r.task for r in self.running.values() if r.task is not None
        ]
        tasks += [task for task in self.hints.values() if not task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- asking for a review ----------------------------------------------------------------

    async def review_table(self, interaction: discord.Interaction[Any], table_id: str) -> None:
        """The Review button of a finished table's board: the review of its recorded match."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        match_id = await self.bot.db.match_of_table(table_id)
        if match_id is None:
            raise Refusal(words.NOT_RECORDED)
        await self._answer(interaction, match_id)

    async def review_match(
        self, interaction: discord.Interaction[Any], match_id: int | None
    ) -> None:
        """`/domino review [match]` and a replay's Review button: that match of this server,
        or the caller's latest finished one here."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        if match_id is None:
            guild_id = self._guild_of(interaction)
            latest = await self.bot.db.history(guild_id, interaction.user.id, limit=1)
            if not latest:
                raise Refusal(words.NO_MATCH_TO_REVIEW)
            match_id = latest[0].match_id
        await self._answer(interaction, match_id)

    @staticmethod
    def _guild_of(interaction: discord.Interaction[Any]) -> int:
        if interaction.guild_id is None:
            raise Refusal(texts.SERVER_ONLY)
        return interaction.guild_id

    async def _answer(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """The review of the clicker's seat in match `match_id` of this server: stored, or
        computed now (with its progress shown), then shown to the clicker alone."""
        guild_id = self._guild_of(interaction)
        db = self.bot.db
        try:
            summary = await db.match_summary(match_id, guild_id)
        except DataError:
            raise Refusal(texts.NO_SUCH_MATCH, number=str(match_id)) from None
        seat = next((s.seat for s in summary.seats if s.user_id == interaction.user.id), None)
        if seat is None:
            raise Refusal(words.NOT_A_PLAYER, number=str(match_id))
        w = mine(interaction)
        review = await self.review_of(summary, seat, interaction, w, person=interaction.user.id)
        record = await db.match_record(match_id)
        embeds, files = await review_message(review, summary, record, w)
        await interaction.edit_original_response(content=None, embeds=embeds, attachments=files)

    async def review_of(
        self,
        summary: MatchSummary,
        seat: int,
        interaction: discord.Interaction[Any] | None = None,
        w: Words | None = None,
        person: int | None = None,
    ) -> Review:
        """The review of `seat` in the match: as stored, else computed (shared with whoever
        asks for the same meanwhile), stored, and read back; `interaction`'s answer shows the
        progress in `w`'s words. `person`: who asks, refused while another review or hint is
        computed for them (`one_at_a_time`)."""
        key = (summary.match_id, seat)
        stored = await self.bot.db.match_review(*key)
        if stored is not None:
            return Review.from_json(stored)
        self.one_at_a_time(person, ("review", *key))
        reviewing = self.running.get(key)
        if reviewing is None:
            reviewing = self.running[key] = Reviewing()
            task = asyncio.create_task(self._compute(summary, seat, reviewing), name="review")
            reviewing.task = task
            task.add_done_callback(lambda _: self.running.pop(key, None))
        assert reviewing.task is not None
        self.held_until(person, ("review", *key), reviewing.task)
        if interaction is not None and w is not None:
            await self._follow(interaction, reviewing, w)
        return await asyncio.shield(reviewing.task)

    async def _compute(self, summary: MatchSummary, seat: int, reviewing: Reviewing) -> Review:
        """Judge every decision of the seat, one at a time, and store the review."""
        reviewing.queued = self.reviewing.locked()
        async with self.reviewing:
            reviewing.queued = False
            record = await self.bot.db.match_record(summary.match_id)
            # A replay: the views of the seat's decisions, nothing else goes to the workers.
            points = await asyncio.to_thread(decision_points, record, seat)
            points = points[-MOST_DECISIONS:]  # a long match: its last decisions
            reviewing.total = len(points)
            decisions: list[Decision] = []
            for point in points:
                decisions.append(await self._judge(point))
                reviewing.done = len(decisions)
        review = Review(summary.variant, seat, tuple(decisions))
        now = self.bot.settings.clock()
        stored = await self.bot.db.save_match_review(summary.match_id, seat, review.to_json(), now)
        return Review.from_json(stored)

    def one_at_a_time(self, person: int | None, key: Hashable) -> None:
        """Refuse `person` a review or hint (`key`) while another is computed for them (the
        same one they share): nobody queues more than one thing at a time."""
        if person is None:
            return
        held = self.busy.get(person)
        if held is not None and held != key:
            raise Refusal(words.ONE_AT_A_TIME)
        self.busy[person] = key

    def held_until(self, person: int | None, key: Hashable, task: asyncio.Future[Any]) -> None:
        """`person`'s place (`one_at_a_time`) is free again once `task` is done."""
        if person is None:
            return

        def release(_: object) -> None:
            if self.busy.get(person) == key:
                del self.busy[person]

        if task.done():
            release(task)
        else:
            task.add_done_callback(release)

    async def _judge(self, point: DecisionPoint) -> Decision:
        pool = self.workers.ai
        return await self._in_workers(lambda: pool().submit_judgement(point, self.budget))

    async def _in_workers(self, submit: Callable[[], Future[T]]) -> T:
        """One job in the AI workers, within the reviews' share of them; tried once more on a
        fresh pool if the worker doing it died."""
        async with self.judging:
            try:
                return await asyncio.wrap_future(submit())
            except WORKER_FAILURES as failure:
                log.warning("a review's worker failed (%r): trying once more", failure)
                return await asyncio.wrap_future(submit())

    async def _follow(
        self, interaction: discord.Interaction[Any], reviewing: Reviewing, w: Words
    ) -> None:
        """Edit the answer with the review's progress until it is done: when it changed, at
        most once every `PROGRESS_SECONDS` (the first as soon as the decisions are counted)."""
        task = reviewing.task
        assert task is not None
        loop = asyncio.get_running_loop()
        shown: tuple[bool, int, int | None] | None = None
        edited = loop.time() - PROGRESS_SECONDS
        while not task.done():
            state = reviewing.state()
            ready = reviewing.queued or bool(reviewing.total)  # nothing to count: no word
            if ready and state != shown and loop.time() - edited >= PROGRESS_SECONDS:
                shown, edited = state, loop.time()
                with contextlib.suppress(discord.HTTPException):
                    await interaction.edit_original_response(content=progress_text(reviewing, w))
            await asyncio.wait({task}, timeout=LOOK_SECONDS)

    # -- hints ------------------------------------------------------------------------------

    async def hint(
        self, interaction: discord.Interaction[Any], table_id: str, version: int
    ) -> None:
        """The Hint button: the expert's move in the clicker's own view, and why."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user.id
        async with self.bot.tables.read(table_id) as held:
            table: Table = held
            setup = table.setup
            if setup.rated:
                raise Refusal(texts.HINTS_NOT_RATED)
            if not setup.offers_hints:
                raise Refusal(texts.HINTS_OFF)
            if interaction.guild_id not in (None, table.guild_id):
                raise Refusal(texts.NOT_THIS_TABLE)
            seat = table.seat_of(user)
            if seat is None or table.match is None:
                raise Refusal(texts.NOT_SEATED)
            if table.phase is not Phase.PLAYING:
                raise Refusal(texts.NOT_PLAYING)
            if table.turn != seat:
                raise Refusal(texts.NOT_YOUR_TURN)
            if version != table.version:
                raise Refusal(texts.STALE_BUTTON)
            view = table.view(seat)  # the clicker's own: all the hint may read
            names = table.names()  # Mexican Train's moves name trains by their owners
        found = await self._hint_of((table_id, version, seat), view, user)
        w = mine(interaction)
        (label,), _ = move_labels((found.action,), w, view, names)
        tile = getattr(found.action, "tile", None)
        if isinstance(tile, Tile):  # the tile as its emoji, where uploaded
            label = tiles.with_emoji(label, tile, set_top(view))
        reason = words.reason_text(found.reason.key, found.reason.numbers, w)
        await interaction.followup.send(
            f"{w(words.HINT_MOVE, move=label)} {reason}", ephemeral=True
        )

    async def _hint_of(self, key: tuple[str, int, int], view: Any, person: int) -> Hint:
        """The hint at a position (`key`: table id, version, seat; `view`: that seat's): kept
        once searched, and one search for every press made while it is searched. A search that
        failed is forgotten (the next press searches again)."""
        task = self.hints.get(key)
        if task is None or (task.done() and (task.cancelled() or task.exception() is not None)):
            self.one_at_a_time(person, ("hint", *key))
            pool = self.workers.ai
            task = asyncio.create_task(
                self._in_workers(lambda: pool().submit_hint(view, self.hint_budget)), name="hint"
            )
            self.hints[key] = task
            while len(self.hints) > HINTS_KEPT:
                self.hints.popitem(last=False)
        elif not task.done():
            self.one_at_a_time(person, ("hint", *key))
        self.hints.move_to_end(key)
        self.held_until(person, ("hint", *key), task)
        return await asyncio.shield(task)


def progress_text(reviewing: Reviewing, w: Words) -> str:
    if reviewing.queued:
        return w(words.REVIEW_QUEUED)
    return w(words.REVIEW_PROGRESS, done=reviewing.done, total=reviewing.total or 0)
