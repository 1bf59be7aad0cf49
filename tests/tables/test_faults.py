"""Faults never lose or repeat a move, and what people see always comes back to what is stored.

Each case plays a table before and after a fault: the bot killed hard (`kill -9`) right after
a move was stored and before anything was shown, or in the middle of showing it, while an AI
seat's move or a turn timer was due; pictures that fail to draw; Discord answering 5xx; the
database refusing writes; a dead AI worker process. After recovering, people see the stored
table (`converged.assert_converged`), the player to move can move with their newest buttons,
the record holds exactly the moves people clicked (plus forced, AI and timer moves), nothing
twice and nothing refused, and each turn timer fired once.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import signal
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import discord
import pytest

from cogs import texts
from cogs.common import pictures
from cogs.runtime.delivery import LEASE_SECONDS
from data import database
from tests.emulator.clock import DISCORD_EPOCH_MS
from tests.emulator.emulator import Emulator
from tests.tables import conftest
from tests.tables.converged import (
    ENGLISH,
    TIME_RAN_OUT,
    Clicks,
    Stored,
    assert_converged,
    assert_moves_are_the_clicks,
    move_ids,
    moves_in_record,
    newest_moves,
    people_seats,
    record_moves,
    refusal_of,
    stored_table,
    timed_out_lines,
    timeouts_the_board_shows,
)
from tests.tables.play import board, board_words

DATABASE = "domino.sqlite3"
AI_DELAY = 120.0  # emulator seconds: an AI seat's move is due only when a test advances


def sends_or_edits(method: str, path: str) -> bool:
    """Any message the bot posts or edits in a channel or DM (not interaction answers)."""
    return method in ("POST", "PATCH") and path.startswith("/channels/") and "/messages" in path


# -- a table and its players ------------------------------------------------------------------


@pytest.fixture
async def slow_ai(emu: Emulator, store: str) -> AsyncIterator[discord.Client]:
    """The bot with AI seats that move `AI_DELAY` emulator seconds after their turn begins,
    and searching AI levels that think for a while (a move is pending long enough to kill)."""
    emu.rate_limiter.enabled = False
    settings = conftest.test_settings(emu, store, ai_delay=AI_DELAY, ai_budget_ms=800)
    async with conftest.running_bot(emu, settings) as client:
        yield client


async def open_table(
    emu: Emulator,
    humans: tuple[str, ...] = ("alice", "bob"),
    ai: tuple[str, ...] = (),
    **options: Any,
) -> list[Any]:
    host = emu.user(humans[0])
    lobby = (await host.slash("domino new", game="two-player", **options)).response
    for name in humans[1:]:
        await emu.user(name).click(lobby, "Join")
    for level in ai:
        await host.choose(lobby, level, placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await host.click(lobby, "Start")
    return [emu.user(name) for name in humans]


@dataclass
class Turn:
    person: Any
    seat: int
    message: Any  # their newest DM with move buttons, drawn for the stored version
    stored: Stored

    def buttons(self) -> list[str]:
        return [i for i in move_ids(self.message) if i.startswith("dm:")]


async def wait_stored(
    path: Path, condition: Callable[[Stored], bool], timeout: float = 15.0
) -> Stored:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        stored = await stored_table(path)
        if condition(stored):
            return stored
        if loop.time() > deadline:
            raise AssertionError(f"the database never held it: version {stored.version}")
        await asyncio.sleep(0.05)


def newer(version: int, stored: Stored) -> bool:
    return stored.version > version


async def person_to_move(
    emu: Emulator, path: Path, people: list[Any], *, timeout: float = 20.0
) -> Turn:
    """Wait until a person is to move and their newest DM offers the stored version's moves
    (pressing Ready between hands; advancing the clock past an AI seat's delay)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    nudged, ready = -1, set()
    while True:
        stored = await stored_table(path)
        seat = stored.turn
        if stored.phase == "between":
            shown = board(emu)
            for person in people:
                key = (person.name, stored.version)
                if shown is not None and "Ready" in shown.labels and key not in ready:
                    ready.add(key)
                    await person.click(shown, "Ready")
        elif seat is not None and stored.plays_itself(seat) and nudged != stored.version:
            nudged = stored.version
            emu.advance(AI_DELAY + 1)
        elif seat is not None and not stored.plays_itself(seat):
            user_id = stored.seats[seat]["user_id"]
            person = next(p for p in people if p.user.id == user_id)
            message = newest_moves(emu, person.name)
            if message is not None and all(
                i.split(":")[2] == str(stored.version) for i in move_ids(message)
            ):
                return Turn(person, seat, message, stored)
        if loop.time() > deadline:
            raise AssertionError(
                f"no person's turn came: phase {stored.phase}, seat {seat} to move,"
                f" version {stored.version}"
            )
        await asyncio.sleep(0.05)


async def play(
    emu: Emulator, path: Path, people: list[Any], clicks: Clicks, moves: int, seed: int = 1
) -> None:
    """People make `moves` moves (random legal ones), each stored before the next."""
    rng = random.Random(seed)
    for _ in range(moves):
        turn = await person_to_move(emu, path, people)
        if turn.stored.phase == "over":
            return
        await clicks.click(turn.person, turn.message, rng.choice(turn.buttons()), turn.seat)
        await wait_stored(path, lambda s, v=turn.stored.version: s.version > v)


async def their_newest_buttons_work(
    emu: Emulator, path: Path, people: list[Any], clicks: Clicks
) -> None:
    """No turn is lost: the person to move moves with the newest buttons they were sent."""
    turn = await person_to_move(emu, path, people)
    result = await clicks.click(turn.person, turn.message, turn.buttons()[0], turn.seat)
    assert refusal_of(result) is None, f"the newest buttons were refused: {refusal_of(result)}"
    await wait_stored(path, lambda s: s.version > turn.stored.version)


async def give_the_ai_a_choice(
    emu: Emulator, path: Path, people: list[Any], clicks: Clicks
) -> tuple[int, Stored]:
    """The person moves until, after their move, the AI seat is to move with a real choice
    (two legal moves or more: it searches its whole budget). Returns the AI seat and the
    table as stored then."""
    for _ in range(20):
        turn = await person_to_move(emu, path, people)
        await clicks.click(turn.person, turn.message, turn.buttons()[0], turn.seat)
        stored = await wait_stored(path, lambda s, v=turn.stored.version: s.version > v)
        seat, match = stored.turn, stored.match
        ai = seat is not None and stored.plays_itself(seat)
        if ai and match is not None and len(set(match.view_for(seat).legal)) >= 2:
            await emu.settle()
            return seat, stored
    raise AssertionError("the AI seat never had a choice")


async def assert_record_is_the_clicks(path: Path, clicks: Clicks, timeouts: int = 0) -> None:
    moves, people = await moves_in_record(path), await people_seats(path)
    assert_moves_are_the_clicks(moves, clicks, timeouts=timeouts, people=people)


# -- the bot killed hard ----------------------------------------------------------------------


async def plays_on_as_stored(emu: Emulator, path: Path, people: Any, clicks: Clicks) -> None:
    """After the recovery: the newest buttons work, two more moves are played, what people see
    is the stored table, and the record holds exactly the moves made."""
    await their_newest_buttons_work(emu, path, people, clicks)
    await play(emu, path, people, clicks, 2)
    await assert_converged(emu, path)
    await assert_record_is_the_clicks(path, clicks)


async def test_a_move_stored_but_never_shown_is_shown_after_a_crash(
    emu: Emulator, domino: discord.Client, store: str
) -> None:
    path, clicks = store, Clicks()
    people = await open_table(emu, turn_time=60)
    await play(emu, path, people, clicks, 2)
    turn = await person_to_move(emu, path, people)
    shown = board_words(board(emu))
    emu.hold(sends_or_edits)
    await clicks.click(turn.person, turn.message, turn.buttons()[0], turn.seat)
    await wait_stored(path, lambda s: s.version > turn.stored.version)
    assert board_words(board(emu)) == shown  # stored, shown to nobody yet
    await emu.kill_bot()
    assert board_words(board(emu)) == shown and not emu.held  # nothing was flushed
    emu.advance(20)  # a restart takes a while; less than the turn time
    await emu.start_bot()
    stored = await assert_converged(emu, path)
    assert stored.actions > turn.stored.actions
    assert timed_out_lines(emu, stored) == (0, 0)  # the next player's timer did not run out
    await plays_on_as_stored(emu, path, people, clicks)


async def test_a_crash_between_the_board_and_the_hands_still_delivers_the_hands(
    emu: Emulator, domino: discord.Client, store: str
) -> None:
    path, clicks = store, Clicks()
    people = await open_table(emu, turn_time=60)
    await play(emu, path, people, clicks, 2)
    turn = await person_to_move(emu, path, people)
    shown = board_words(board(emu))
    emu.hold(lambda method, path: method == "POST" and emu.is_dm(path))
    await clicks.click(turn.person, turn.message, turn.buttons()[0], turn.seat)
    # (30 s: on a loaded machine the board's edit and the next turn's DM take their time)
    await emu.wait_for(lambda: board_words(board(emu)) != shown and emu.held, timeout=30)
    hands = [dm_count(p) for p in people]
    await emu.kill_bot()  # the board went out, a hand did not
    assert [dm_count(p) for p in people] == hands and not emu.held  # and never will
    emu.advance(LEASE_SECONDS + 1)  # restarted once the dead process's lease ran out
    await emu.start_bot()
    await assert_converged(emu, path)
    await plays_on_as_stored(emu, path, people, clicks)


@pytest.mark.parametrize("when", ["due", "thinking"])
async def test_an_ai_move_cut_by_a_crash_happens_exactly_once(
    emu: Emulator, slow_ai: discord.Client, store: str, when: str
) -> None:
    path, clicks = store, Clicks()
    people = await open_table(emu, humans=("alice",), ai=("hard",), turn_time=600)
    ai_seat, before = await give_the_ai_a_choice(emu, path, people, clicks)
    if when == "thinking":
        emu.advance(AI_DELAY + 1)
        await asyncio.sleep(0.2)  # the AI is searching (0.8 s budget)
    await emu.kill_bot()
    assert (await stored_table(path)).turn == ai_seat  # killed before the AI's move was stored
    await emu.start_bot()
    # the move is due (its delay is up), or claimed by the dead process until its lease ends
    emu.advance(AI_DELAY + 1 if when == "due" else LEASE_SECONDS + 1)
    # The AI seat's move is stored (a lone move of hers that follows plays itself and gives
    # the AI seat the turn again: its next move waits for its delay).
    after = await wait_stored(path, lambda s: s.version > before.version)
    ai_moves = [m for m in await moves_in_record(path) if m.seat == ai_seat and not m.forced]
    moved_before = [
        m for m in record_moves(before.state["record"]) if m.seat == ai_seat and not m.forced
    ]
    assert len(ai_moves) == len(moved_before) + 1, "the AI seat moved more or less than once"
    assert after.phase in ("playing", "between", "over")
    await assert_converged(emu, path)
    await their_newest_buttons_work(emu, path, people, clicks)
    await assert_record_is_the_clicks(path, clicks)


async def test_a_turn_timer_cut_by_a_crash_fires_exactly_once(
    emu: Emulator, domino: discord.Client, store: str
) -> None:
    path, clicks = store, Clicks()
    people = await open_table(emu, turn_time=120)  # longer than every wait here
    await play(emu, path, people, clicks, 2)
    turn = await person_to_move(emu, path, people)
    emu.hold(sends_or_edits)
    emu.advance(121)  # the mover is away: their turn runs out
    await wait_stored(path, lambda s: s.version > turn.stored.version)
    await emu.kill_bot()  # the timer's move is stored, not shown
    assert timed_out_lines(emu, await stored_table(path))[1] == 0
    emu.advance(LEASE_SECONDS + 1)  # restarted once the dead process's lease ran out
    await emu.start_bot()
    stored = await assert_converged(emu, path)
    assert timed_out_lines(emu, stored) == (1, timeouts_the_board_shows(stored))
    await their_newest_buttons_work(emu, path, people, clicks)
    await play(emu, path, people, clicks, 2)
    await assert_converged(emu, path)
    await assert_record_is_the_clicks(path, clicks, timeouts=1)


# -- failures the bot lives through -----------------------------------------------------------


async def test_pictures_that_fail_to_draw_are_drawn_again(
    emu: Emulator, domino: discord.Client, store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, clicks = store, Clicks()
    people = await open_table(emu, turn_time=600)
    await play(emu, path, people, clicks, 2)
    failures: list[str] = []

    def failing(name: str, real: Callable[..., Any], times: int) -> Callable[..., Any]:
        async def draw(*args: Any, **kwargs: Any) -> Any:
            if failures.count(name) < times:
                failures.append(name)
                raise RuntimeError(f"{name} failed to draw")
            return await real(*args, **kwargs)

        return draw

    monkeypatch.setattr(pictures, "board", failing("board", pictures.board, 2))
    monkeypatch.setattr(pictures, "hand", failing("hand", pictures.hand, 2))
    await play(emu, path, people, clicks, 1)
    await assert_converged(emu, path, nudge=1.0)
    assert failures.count("board") == 2 and failures.count("hand") == 2
    await plays_on_as_stored(emu, path, people, clicks)


async def test_discord_outages_on_the_board_and_the_hands_are_retried(
    emu: Emulator, domino: discord.Client, store: str
) -> None:
    path, clicks = store, Clicks()
    people = await open_table(emu, turn_time=600)
    await play(emu, path, people, clicks, 2)
    emu.fail(lambda method, path: method == "PATCH" and not emu.is_dm(path), 503, times=2)
    emu.fail(lambda method, path: method == "POST" and emu.is_dm(path), 503, times=2)
    await play(emu, path, people, clicks, 1)
    await assert_converged(emu, path, nudge=1.0, timeout=20)
    assert emu.failed, "no outage was met"
    await plays_on_as_stored(emu, path, people, clicks)


async def test_a_rate_limit_that_outlasts_discord_py_is_tried_again_within_seconds(
    emu: Emulator, domino: discord.Client
) -> None:
    """Discord answers a table's thread creation 429 twenty times (discord.py itself waits and
    tries five times per request): the delivery tries again a second later each time, not
    after its growing pauses for outages (0.5, 2, 5, 15 s: 22.5 s), so the thread (and the
    board in it) is there within a few seconds of the bot's clock."""
    threads = lambda method, path: method == "POST" and path.endswith("/threads")  # noqa: E731
    emu.fail(threads, 429, times=20, retry_after=0.01)
    await open_table(emu)
    waited = 0
    while not emu.channel().threads:
        assert waited < 8, f"no thread after {waited}s of the bot's clock: {len(emu.failed)} 429s"
        emu.advance(1.0)
        waited += 1
        with contextlib.suppress(TimeoutError):
            await emu.wait_for(lambda: emu.channel().threads, 0.5)
    assert len(emu.failed) == 20


# -- a turn is timed from when it was shown ---------------------------------------------------

TURN = 60  # seconds a turn lasts at the tables below
#: A test of a turn nobody was told of needs a move that leaves someone to move: a move that
#: ends the hand (forced draws can empty the boneyard early) starts a pause, which runs on
#: its own clock, so the next move is tried, up to this many.
MOVES_TRIED = 5


def sent_at(message: Any) -> float:
    """When Discord took the message: its id's time (Unix seconds, the emulator's clock)."""
    return ((message.id >> 22) + DISCORD_EPOCH_MS) / 1000


def the_board_says(emu: Emulator) -> tuple[float | None, bool]:
    """The turn's deadline the board shows (its Discord timestamp), and whether it says the
    table waited for the turn to be shown."""
    text = board_words(board(emu))
    found = re.search(r"<t:(\d+):R>", text)
    return (float(found.group(1)) if found else None), ENGLISH(texts.TURN_WAITED) in text


async def nobody_timed_out(path: str, waiting: Turn) -> None:
    """The person told of their turn (`waiting`) is still to move: the timer played no move
    for them, counted no timeout, and no AI took their seat."""
    await asyncio.sleep(1.5)  # the bot's job loop looks at its clock every 50 ms
    stored = await stored_table(path)
    assert (stored.version, stored.turn) == (waiting.stored.version, waiting.seat)
    assert not any(TIME_RAN_OUT in line for line in stored.log), stored.log
    seat = stored.seats[waiting.seat]
    assert (seat["timeouts"], seat["ai"]) == (0, None), seat


async def has_the_whole_turn(emu: Emulator, path: str, turn: Turn, *, waited: bool) -> None:
    """The person to move was told by `turn.message`: the board counts their turn from it
    (and says whether the table `waited` for it), and all but the last seconds of it pass
    without a timeout."""
    told = sent_at(turn.message)
    # A board drawn before the alert was known is drawn again once it is (a queued round)
    with contextlib.suppress(TimeoutError):
        await emu.wait_for(
            lambda: abs((the_board_says(emu)[0] or 0) - (told + TURN)) <= 2, timeout=10
        )
    deadline, said_waited = the_board_says(emu)
    assert deadline is not None and abs(deadline - (told + TURN)) <= 2, (deadline, told)
    assert said_waited == waited
    emu.advance(max(told + TURN - 3 - emu.clock.wall(), 0.0))
    await nobody_timed_out(path, turn)


async def test_a_discord_outage_longer_than_a_turn_times_nobody_out(
    emu: Emulator, domino: discord.Client, store: str
) -> None:
    """Discord refuses every message (503) from a move on, for three turns' time: the next
    player is never told, so their turn never runs out (no timeout, no AI in their seat);
    once Discord is back their DM comes, the board says the table waited, and the whole turn
    is theirs from then."""
    path, clicks = store, Clicks()
    people = await open_table(emu, turn_time=TURN)
    await play(emu, path, people, clicks, 2)
    for _ in range(MOVES_TRIED):
        turn = await person_to_move(emu, path, people)
        emu.fail(sends_or_edits, 503, times=1_000_000)
        await clicks.click(turn.person, turn.message, turn.buttons()[0], turn.seat)
        await wait_stored(path, partial(newer, turn.stored.version))
        untold = await stored_table(path)
        if untold.phase == "playing":
            break
        emu.failing.clear()  # the move ended the hand: the outage is tried at the next one
        await assert_converged(emu, path, nudge=5.0, timeout=20)
    else:
        raise AssertionError(f"{MOVES_TRIED} moves in a row ended a hand")
    for _ in range(6):  # three turns of outage; the delivery keeps trying
        emu.advance(TURN / 2)
        await asyncio.sleep(0.3)
    assert emu.failed, "no outage was met"
    await nobody_timed_out(path, Turn(turn.person, untold.turn or 0, None, untold))
    emu.failing.clear()  # Discord is back
    await assert_converged(emu, path, nudge=5.0, timeout=20)
    told = await person_to_move(emu, path, people)
    assert told.stored.version == untold.version
    await has_the_whole_turn(emu, path, told, waited=True)
    await their_newest_buttons_work(emu, path, people, clicks)
    await assert_record_is_the_clicks(path, clicks)


async def test_a_bot_down_longer_than_a_turn_times_out_nobody_it_never_told(
    emu: Emulator, domino: discord.Client, store: str
) -> None:
    """The bot dies right after storing a move, before telling the next player, and stays
    down for five turns' time: restarted, it tells them, and their turn runs from then."""
    path, clicks = store, Clicks()
    people = await open_table(emu, turn_time=TURN)
    await play(emu, path, people, clicks, 2)
    for _ in range(MOVES_TRIED):
        turn = await person_to_move(emu, path, people)
        emu.hold(sends_or_edits)
        await clicks.click(turn.person, turn.message, turn.buttons()[0], turn.seat)
        stored = await wait_stored(path, partial(newer, turn.stored.version))
        if stored.phase == "playing":
            break
        emu.release()  # the move ended the hand: the bot is killed after the next one
        await assert_converged(emu, path)
    else:
        raise AssertionError(f"{MOVES_TRIED} moves in a row ended a hand")
    await emu.kill_bot()
    emu.advance(5 * TURN)
    await emu.start_bot()
    stored = await assert_converged(emu, path)
    assert timed_out_lines(emu, stored) == (0, 0)  # not timed out at once
    told = await person_to_move(emu, path, people)
    assert told.stored.version == stored.version
    await has_the_whole_turn(emu, path, told, waited=True)
    await plays_on_as_stored(emu, path, people, clicks)


async def test_a_turn_shown_late_times_out_on_time_from_when_it_was_shown(
    emu: Emulator, domino: discord.Client, store: str
) -> None:
    """The next player's DM reaches Discord 40 s after the move (the turn is 60 s): their turn
    does not run out 60 s after the move, but 60 s after the DM, exactly once."""
    path, clicks = store, Clicks()
    people = await open_table(emu, turn_time=TURN)
    await play(emu, path, people, clicks, 2)
    turn = await person_to_move(emu, path, people)
    emu.hold(lambda method, path: method == "POST" and emu.is_dm(path))
    await clicks.click(turn.person, turn.message, turn.buttons()[0], turn.seat)
    await wait_stored(path, lambda s: s.version > turn.stored.version)
    await emu.wait_for(lambda: emu.held)
    emu.advance(40)
    emu.release()
    told = await person_to_move(emu, path, people)
    await assert_converged(emu, path)
    await has_the_whole_turn(emu, path, told, waited=False)
    emu.advance(5)  # the turn's 60 s since the DM are up
    await wait_stored(path, lambda s: s.version > told.stored.version)
    stored = await assert_converged(emu, path)
    assert timed_out_lines(emu, stored) == (1, timeouts_the_board_shows(stored))
    await their_newest_buttons_work(emu, path, people, clicks)
    await assert_record_is_the_clicks(path, clicks, timeouts=1)


def dm_count(person: Any) -> int:
    """The messages the bot sent the person by DM (not the answers to their clicks)."""
    return sum(not message.ephemeral for message in person.dm.messages)


@asynccontextmanager
async def _refused_once(failures: list[int], real: Any, self: Any) -> AsyncIterator[Any]:
    if failures and failures[0] > 0:
        failures[0] -= 1
        raise sqlite3.OperationalError("database is locked")
    async with real(self) as connection:
        yield connection


async def test_a_move_the_database_refused_is_never_stored(
    emu: Emulator, domino: discord.Client, store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, clicks = store, Clicks()
    people = await open_table(emu, turn_time=600)
    await play(emu, path, people, clicks, 2)
    turn = await person_to_move(emu, path, people)
    while len(turn.buttons()) < 2:  # a turn with a choice: the refused move is not replayed
        await play(emu, path, people, clicks, 1)
        turn = await person_to_move(emu, path, people)
    shown, dms = board_words(board(emu)), [dm_count(p) for p in people]
    await emu.settle()  # nothing else is being written
    # The data layer's write doors (a block, and a body run where the connection lives)
    # refuse the next write transaction.
    left = [1]
    real, real_body = database.Database._write, database.Database._writing
    monkeypatch.setattr(database.Database, "_write", lambda self: _refused_once(left, real, self))

    async def refused_body(self: Any, body: Any) -> Any:
        async with _refused_once(left, real, self):  # refused, or a transaction of its own
            pass
        return await real_body(self, body)

    monkeypatch.setattr(database.Database, "_writing", refused_body)
    refused, other = turn.buttons()[0], turn.buttons()[1]
    result = await clicks.click(turn.person, turn.message, refused, turn.seat)
    assert left == [0] and refusal_of(result) == texts.NOT_SAVED
    await emu.settle()
    after = await stored_table(path)
    assert after.state == turn.stored.state  # nothing of it stored
    assert board_words(board(emu)) == shown  # nor shown
    assert [dm_count(p) for p in people] == dms
    await clicks.click(turn.person, turn.message, other, turn.seat)  # the next click works
    await wait_stored(path, lambda s: s.version > turn.stored.version)
    await play(emu, path, people, clicks, 4)
    await assert_converged(emu, path)
    await assert_record_is_the_clicks(path, clicks)


def spawned_children() -> dict[int, int]:
    """This process's children started by multiprocessing's spawn (worker processes), with
    the CPU time (clock ticks) each has used so far."""
    found: dict[int, int] = {}
    me = str(os.getpid())
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ")
        except OSError:
            continue
        if fields[1] == me and b"multiprocessing" in command and b"spawn" in command:
            found[int(entry)] = int(fields[11]) + int(fields[12])  # utime + stime
    return found


async def test_an_ai_seat_still_moves_when_its_worker_process_dies(
    emu: Emulator, slow_ai: discord.Client, store: str
) -> None:
    path, clicks = store, Clicks()
    people = await open_table(emu, humans=("alice",), ai=("hard",), turn_time=600)
    ai_seat, before = await give_the_ai_a_choice(emu, path, people, clicks)
    idle = spawned_children()
    emu.advance(AI_DELAY + 1)  # the AI seat's move is due: its worker searches (0.8 s)
    await asyncio.sleep(0.2)
    busy = spawned_children()
    thinking = max(busy, key=lambda pid: busy[pid] - idle.get(pid, 0), default=None)
    assert thinking is not None and busy[thinking] > idle.get(thinking, 0), "no worker thinks"
    os.kill(thinking, signal.SIGKILL)
    assert (await stored_table(path)).turn == ai_seat  # killed before the AI's move was stored
    await wait_stored(path, lambda s: s.version > before.version, timeout=10)
    await assert_converged(emu, path)
    await their_newest_buttons_work(emu, path, people, clicks)
    await assert_record_is_the_clicks(path, clicks)


async def test_a_graceful_restart_converges(
    emu: Emulator, domino: discord.Client, store: str
) -> None:
    """The harness itself: a restart without a fault converges, and play goes on."""
    path, clicks = store, Clicks()
    people = await open_table(emu, turn_time=60)
    await play(emu, path, people, clicks, 2)
    await assert_converged(emu, path)
    await emu.restart_bot()
    await assert_converged(emu, path)
    await plays_on_as_stored(emu, path, people, clicks)
