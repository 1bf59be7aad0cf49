"""Two `bot.py` processes, one PostgreSQL, the sharded emulator: the bot as it grows past one
process (README, "Growing past one process").

The emulator recommends two shards; process A runs shard 0 (the home server, and every DM),
process B shard 1 (the far server). A table in the far server is played from DMs, so its moves
land on A while its server's events (the lobby, the board's buttons) land on B. B is killed
with SIGKILL mid-match (its leases, open transaction and unsent edits die with it), a turn runs
out while it is down, then it is started again and the match is played to its end; meanwhile a
match in the home server is played against an AI seat. Nothing of the bot is in this process:
only the emulator's sockets and the database are shared.

Checked: the record's moves are exactly the clicks people made plus one move the timer made (no
move lost, none twice, the timer once), every click answered (none refused), what people see
is the stored table in both servers, and nothing either process started outlives a kill.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from cogs import texts
from tests.emulator import BotProcess, Emulator
from tests.emulator.seen import SeenChannel
from tests.tables.converged import (
    Clicks,
    Stored,
    assert_converged,
    assert_moves_are_the_clicks,
    move_ids,
    newest_moves,
    record_moves,
    refusal_of,
    stored_table,
)
from tests.tables.play import board

TURN_SECONDS = 10  # the shortest turn time a table may have (a real-time wait below)
LEASE_SECONDS = 10.0  # the runtime's leases: what a killed process claimed waits this long


async def next_turn(
    emu: Emulator,
    store: str,
    guild_id: int,
    channel: Any,
    people: list[Any],
    timeout: float = 60,
    *,
    ready: bool = True,
) -> tuple[Any, int, Any, Stored] | None:
    """(person, seat, their DM with moves for the stored version, the stored table) for the
    table of `guild_id`; Ready is pressed between hands (a server event: shard 1's process) if
    `ready` (not while no process serves the server: the next hand begins by itself); None
    once the match is over."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    readied: set[tuple[str, int]] = set()
    while loop.time() < deadline:
        stored = await stored_table(store, guild_id)
        if stored.phase == "over":
            return None
        shown = board(emu, channel)
        if ready and stored.phase == "between" and shown is not None:
            for person in people:
                if (person.name, stored.version) not in readied and "Ready" in shown.labels:
                    readied.add((person.name, stored.version))
                    await person.click(shown, "Ready")  # (the hand may begin by itself)
        seat = stored.turn
        if seat is not None and not stored.plays_itself(seat):
            user_id = stored.seats[seat]["user_id"]
            person = next(p for p in people if p.user.id == user_id)
            message = newest_moves(emu, person.name)
            if message is not None and all(
                i.split(":")[2] == str(stored.version) for i in move_ids(message)
            ):
                return person, seat, message, stored
        await asyncio.sleep(0.05)
    raise AssertionError(f"no turn came within {timeout}s")


async def stored_after(store: str, guild_id: int, version: int, timeout: float = 60) -> Stored:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        stored = await stored_table(store, guild_id)
        if stored.version > version:
            return stored
        await asyncio.sleep(0.05)
    raise AssertionError(f"the table never left version {version}")


async def play(
    emu: Emulator,
    store: str,
    guild_id: int,
    channel: Any,
    people: list[Any],
    clicks: Clicks,
    moves: int,
    rng: random.Random,
    *,
    ready: bool = True,
) -> None:
    """Up to `moves` random moves from people's DMs (the match may end first); none refused,
    each stored before the next (Ready pressed between hands if `ready`: see `next_turn`)."""
    for _ in range(moves):
        turn = await next_turn(emu, store, guild_id, channel, people, ready=ready)
        if turn is None:
            return
        person, seat, message, stored = turn
        buttons = [i for i in move_ids(message) if i.startswith("dm:")]
        result = await clicks.click(person, message, rng.choice(buttons), seat)
        assert refusal_of(result) is None, f"a click was refused: {refusal_of(result)}"
        await stored_after(store, guild_id, stored.version)


async def open_match(
    emu: Emulator, channel: Any, host: Any, guest: Any | None, **options: Any
) -> None:
    """`host` opens a two-player table in `channel`; `guest` joins (None: an easy AI seat)."""
    lobby = (await host.at(channel).slash("domino new", game="two-player", **options)).response
    if guest is not None:
        assert refusal_of(await guest.click(lobby, "Join")) is None
    else:
        await host.choose(lobby, "easy", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    assert refusal_of(await host.click(lobby, "Start")) is None


@pytest.mark.emulator(rate_limits=False)
async def test_two_processes_on_postgresql_lose_nothing_when_one_is_killed(
    emu: Emulator, pg_database: str, tmp_path: Path
) -> None:
    emu.shard_count = 2
    far = await emu.add_guild("Far Club", "general", shard=1, count=2)
    assert emu.shard_of(far) == 1 and emu.shard_of(emu.guild) == 0
    alice, bob, carol = emu.user("alice"), emu.user("bob"), emu.user("carol")
    for person in (alice, bob):
        emu.join(person, far)
    shared = {
        "DATABASE_URL": pg_database,
        "SHARD_COUNT": "2",
        "AI_DELAY_SECONDS": "0",
        "BETWEEN_HANDS_SECONDS": "2",
    }
    a = BotProcess(emu, database=tmp_path / "a.sqlite3", env=shared | {"SHARD_IDS": "0"})
    b = BotProcess(emu, database=tmp_path / "b.sqlite3", env=shared | {"SHARD_IDS": "1"})
    await a.start()
    await b.start()
    assert len(emu.command_syncs) == 1  # only shard 0's process syncs

    general = SeenChannel(
        emu, next(c for c in emu.world.channels.values() if c.guild_id == far.id), None
    )
    clicks, rng = Clicks(), random.Random(22)
    people = [alice, bob]
    await open_match(emu, general, alice, bob, target=50, turn_time=TURN_SECONDS)
    await play(emu, pg_database, far.id, general, people, clicks, 6, rng)

    # B (the far server's shard) dies mid-match, as under `kill -9`: no process of it is left.
    assert await b.kill() == {}
    # DMs: A plays on (Ready, a click in the far server, would reach nobody)
    await play(emu, pg_database, far.id, general, people, clicks, 3, rng, ready=False)
    # A turn runs out while B is down: A's job loop runs the timer (once its lease is free).
    turn = await next_turn(emu, pg_database, far.id, general, people, ready=False)
    assert turn is not None
    after_timer = await stored_after(
        pg_database, far.id, turn[3].version, timeout=TURN_SECONDS + LEASE_SECONDS + 30
    )
    # One turn ran out, on record (the log keeps a few lines only: moves played at once
    # after the timer's may have pushed its line out).
    assert sum(seat["missed"] for seat in after_timer.state["seats"]) == 1

    await b.start()  # a fresh process: it reads nothing ahead, serves the far server again
    await play(emu, pg_database, far.id, general, people, clicks, 400, rng)  # to the end
    stored = await assert_converged(emu, pg_database, channel=general, timeout=30)
    assert stored.phase == "over"
    assert_moves_are_the_clicks(record_moves(stored.state["record"]), clicks, timeouts=1)
    assert not clicks.refused

    # The home server's match (shard 0), against an AI seat whose moves either process makes.
    home_clicks = Clicks()
    await open_match(emu, emu.channel(), carol, None, target=30)
    await play(emu, pg_database, emu.guild.id, emu.channel(), [carol], home_clicks, 400, rng)
    home = await assert_converged(emu, pg_database, channel=emu.channel(), timeout=30)
    assert home.phase == "over"
    assert_moves_are_the_clicks(record_moves(home.state["record"]), home_clicks)

    # Interactions reached the process of their shard: A got the DMs and the home server's, B
    # the far server's (its lobby before the kill; Ready between hands, if a hand ended while it
    # was up and before the next began by itself), over both of B's starts.
    def guilds_clicked(process: BotProcess) -> set[str | None]:
        return {
            event.get("guild_id")
            for session in process.every_session
            for event in session.events("INTERACTION_CREATE")
        }

    assert guilds_clicked(a) == {None, str(emu.guild.id)}
    assert guilds_clicked(b) == {str(far.id)}
    assert await a.stop() == 0 and await b.stop() == 0
