"""The bot as several processes sharing one store: two instances in this loop, one database file,
`shared_store` on, one emulator.

Discord gives each interaction to one process: unsharded here, the test says which instance
gets the next interactions (`Router.to`), or lets each go to one picked at random among the
live ones. Every other event reaches both. Then:
- any click works whichever instance gets it (none refused as out of date: each instance
  checks its cached table against the store before it acts), AI moves and turn timers happen
  once, and what people see is the stored table;
- the per-person caps and `/domino end` see the tables of both instances;
- an instance killed hard mid-match loses nothing: the other shows what it left unshown (once
  the dead one's leases end) and plays the match to its end, no move twice;
- sharded (SHARD_COUNT=2, one shard each): a table in the second shard's server is played
  from DMs, which Discord sends to shard 0, the other instance.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import discord
import pytest

from cogs import texts
from cogs.common.bot import COMMANDS_SYNCED, DominoBot, redirect_discord
from cogs.common.settings import Settings
from cogs.lang import words
from cogs.tables.runner import Tables
from data import Database, Job
from tests.data.conftest import BACKENDS, raw_rows
from tests.emulator.emulator import Emulator
from tests.emulator.gateway import Session
from tests.emulator.runner import BotRunner
from tests.pg import pg_cluster, pg_database
from tests.tables import conftest
from tests.tables.converged import (
    Clicks,
    Stored,
    assert_converged,
    assert_moves_are_the_clicks,
    move_ids,
    moves_in_record,
    newest_moves,
    people_seats,
    refusal_of,
    stored_table,
)
from tests.tables.play import (
    board,
    board_title,
    board_words,
    move_message,
    play_one,
    private_answer,
    table_channel,
)

__all__ = ["pg_cluster", "pg_database"]  # the fixtures of a PostgreSQL store

DATABASE = "domino.sqlite3"
LEASE_SECONDS = 10.0  # the runtime's leases of outbox items and jobs (emulator seconds)
TURN_SECONDS = 600


@dataclass
class Instance:
    """One bot process: its runner and its gateway session."""

    name: str
    runner: BotRunner
    session: Session | None = None

    @property
    def client(self) -> Any:
        return self.runner.client

    async def start(self, emu: Emulator, shards: int = 1) -> None:
        since = emu.gateway.identifies
        await self.runner.start()
        self.session = (await emu.wait_sessions(shards, since=since))[0]

    async def kill(self) -> None:
        await self.runner.kill()
        self.session = None


@dataclass
class Router:
    """Which instance gets each interaction: `to`, or (None) one picked at random among the
    live ones. `took` names the instance that got each."""

    emu: Emulator
    instances: list[Instance] = field(default_factory=list)
    to: Instance | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    took: list[str] = field(default_factory=list)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        gateway = self.emu.gateway
        everywhere = gateway.dispatch

        async def dispatch(event: str, data: dict[str, Any], *, intent: int = 0) -> None:
            if event != "INTERACTION_CREATE":
                await everywhere(event, data, intent=intent)
                return
            live = [i for i in self.instances if i.session is not None]
            target = self.to if self.to is not None else self.rng.choice(live)
            assert target.session is not None, f"{target.name} is not running"
            self.took.append(target.name)
            await gateway._send(target.session, event, data)

        monkeypatch.setattr(gateway, "dispatch", dispatch)


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The store both instances share: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / DATABASE}"
    return str(request.getfixturevalue("pg_database"))


@pytest.fixture
async def two(emu: Emulator, store: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Router]:
    """Two unsharded instances on one store, both syncing commands when they changed."""
    emu.rate_limiter.enabled = False
    settings = conftest.test_settings(
        emu,
        store,
        shared_store=True,
        tables_per_user=2,
        puzzles_per_user=1,
        sync_commands=True,
    )
    redirect_discord(settings.api_base, settings.gateway_url)
    router = Router(emu)
    for name in ("a", "b"):
        instance = Instance(name, BotRunner(emu, lambda: DominoBot(settings)))
        router.instances.append(instance)
        await instance.start(emu)
    router.install(monkeypatch)
    yield router
    for instance in router.instances:
        await instance.runner.stop()


@pytest.fixture
def component_ids(emu: Emulator) -> list[str]:
    """The custom id of every component of every version of every message the bot sends."""
    found: list[str] = []

    def walk(components: list[Any]) -> None:
        for component in components:
            if isinstance(component, dict):
                if "custom_id" in component:
                    found.append(str(component["custom_id"]))
                walk(list(component.get("components") or []))

    def seen(kind: str, message: Any) -> None:
        if kind in ("create", "edit"):
            walk(list(getattr(message, "components", None) or []))

    emu.observers.append(seen)
    return found


def rebuilt_by(client: Any) -> list[Any]:
    """The templates an instance rebuilds a click's component from (its `DynamicItem`s)."""
    return list(client._connection._view_store._dynamic_items)


@pytest.fixture
def jobs_run(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, int]]:
    """Every job run, by any instance: (table, kind, revision)."""
    ran: list[tuple[str, str, int]] = []
    real = Tables.run_job

    async def run_job(self: Tables, job: Job) -> None:
        ran.append((job.table_id, job.kind, job.revision))
        await real(self, job)

    monkeypatch.setattr(Tables, "run_job", run_job)
    return ran


# -- playing ----------------------------------------------------------------------------------


@dataclass
class Turn:
    person: Any
    seat: int
    message: Any
    stored: Stored


async def next_turn(
    emu: Emulator, path: str | Path, people: list[Any], timeout: float = 30.0, until: Any = None
) -> Any:
    """The person to move with their newest DM drawn for the stored version (Ready pressed
    between hands); None once the match is over (or `until`, a person, is to move)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    ready: set[tuple[str, int]] = set()
    while loop.time() < deadline:
        stored = await stored_table(path)
        seat = stored.turn
        if stored.phase == "over":
            return None
        if stored.phase == "between" and (shown := board(emu)) is not None:
            for person in people:
                if "Ready" in shown.labels and (person.name, stored.version) not in ready:
                    ready.add((person.name, stored.version))
                    await person.click(shown, "Ready")
        elif seat is not None and not stored.plays_itself(seat):
            user_id = stored.seats[seat]["user_id"]
            if until is not None and until.user.id == user_id:
                return None
            person = next(p for p in people if p.user.id == user_id)
            message = newest_moves(emu, person.name)
            if message is not None and all(
                i.split(":")[2] == str(stored.version) for i in move_ids(message)
            ):
                return Turn(person, seat, message, stored)
        await asyncio.sleep(0.05)
    raise AssertionError(f"no turn came: {(await stored_table(path)).phase}")


async def wait_stored(path: str | Path, condition: Callable[[Stored], bool]) -> Stored:
    for _ in range(400):
        stored = await stored_table(path)
        if condition(stored):
            return stored
        await asyncio.sleep(0.05)
    raise AssertionError("the database never held it")


async def play(
    emu: Emulator, path: str | Path, people: list[Any], clicks: Clicks, moves: int, seed: int = 1
) -> None:
    """People make up to `moves` random moves (the match may end first), each stored before the
    next; none is refused."""
    rng = random.Random(seed)
    for _ in range(moves):
        turn = await next_turn(emu, path, people)
        if turn is None:
            return
        buttons = [i for i in move_ids(turn.message) if i.startswith("dm:")]
        result = await clicks.click(turn.person, turn.message, rng.choice(buttons), turn.seat)
        assert refusal_of(result) is None, f"a click was refused: {refusal_of(result)}"
        await wait_stored(path, lambda s, v=turn.stored.version: s.version > v)


async def nothing_to_show(store: str) -> None:
    """Until every outbox item is shown (nobody is showing anything when the clock jumps)."""
    for _ in range(400):
        if (await raw_rows(store, "SELECT COUNT(*) FROM outbox"))[0][0] == 0:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the outbox never emptied")


async def open_three(
    emu: Emulator, router: Router, first: Instance, second: Instance, target: int = 10
) -> Any:
    """alice opens a table through `first`; bob joins, an AI is added and the match starts
    through `second`."""
    alice, bob = emu.user("alice"), emu.user("bob")
    router.to = first
    lobby = (
        await alice.slash("domino new", game="traditional", target=target, turn_time=TURN_SECONDS)
    ).response
    router.to = second
    for result in (
        await bob.click(lobby, "Join"),
        await alice.choose(lobby, "easy", placeholder=texts.AI_LEVEL_PLACEHOLDER),
        await alice.click(lobby, "Start"),
    ):
        assert refusal_of(result) is None, refusal_of(result)
    router.to = None
    return [alice, bob]


# -- two instances, unsharded -----------------------------------------------------------------


async def test_any_instance_takes_any_click_and_jobs_run_once(
    emu: Emulator,
    two: Router,
    store: str,
    jobs_run: list[tuple[str, str, int]],
    component_ids: list[str],
) -> None:
    path, clicks = store, Clicks()
    a, b = two.instances
    templates = rebuilt_by(b.client)  # as started: before it sent any view itself
    assert len(emu.command_syncs) == 1  # the second instance found the sync in the store
    assert await a.client.db.bot_value(COMMANDS_SYNCED) == await a.client.command_fingerprint()
    people = await open_three(emu, two, a, b, target=100)  # a turn after a few moves
    await play(emu, path, people, clicks, 4)
    # A person's turn runs out while both instances are up: the timer moves once.
    turn = await next_turn(emu, path, people)
    assert turn is not None
    await emu.settle()
    await nothing_to_show(path)
    emu.advance(TURN_SECONDS + 1)
    await wait_stored(path, lambda s: s.version > turn.stored.version)
    await assert_converged(emu, path)  # (the timer's move: one, see the record below)
    await play(emu, path, people, clicks, 200)  # to the end of the match
    stored = await assert_converged(emu, path)
    assert stored.phase == "over"
    assert_moves_are_the_clicks(await moves_in_record(path), clicks, timeouts=1)
    assert {"a", "b"} <= set(two.took)  # both instances took clicks of the one table
    moved = [(t, k, r) for t, k, r in jobs_run if k in ("ai", "timer")]
    assert moved and len(moved) == len(set(moved)), "a job ran twice"
    # (an AI job set at a revision the table left, a board moved, finds nothing to do)
    ai_seat = next(n for n, seat in enumerate(stored.seats) if seat.get("ai") is not None)
    ai_moves = [m for m in await moves_in_record(path) if m.seat == ai_seat and not m.forced]
    assert len(ai_moves) <= len([1 for _, k, _ in moved if k == "ai"])
    # Every button and menu sent works from an instance that never sent it: none lives in
    # one process's memory.
    assert component_ids
    assert [i for i in component_ids if not any(t.fullmatch(i) for t in templates)] == []


async def test_caps_and_domino_end_count_the_tables_of_every_instance(
    emu: Emulator, two: Router
) -> None:
    a, b = two.instances
    alice, bob, owner = emu.user("alice"), emu.user("bob"), emu.user("owner")
    full = texts.TOO_MANY_TABLES.format(most=2)
    two.to = a
    await alice.slash("domino new", game="two-player")
    two.to = b
    await alice.slash("domino new", game="two-player")  # alice's second, through the other
    for instance in (a, b):
        two.to = instance
        assert refusal_of(await alice.slash("domino new", game="two-player")) == full
    lobby = (await bob.slash("domino new", game="two-player")).response  # through b
    two.to = a
    assert refusal_of(await alice.click(lobby, "Join")) == full
    assert "alice" not in lobby.text
    # a moderator ends, through a, the newest table here: bob's, which only b has seen
    answer = await owner.slash("domino end")
    assert refusal_of(answer) == texts.TABLE_ENDED
    await emu.wait_for(lambda: not lobby.buttons)
    assert await a.client.db.open_tables_of(bob.user.id, "table") == []
    # puzzles: one each at most, whichever instance opened it
    await alice.slash("domino puzzle", game="quadrille")
    two.to = b
    answer = await alice.slash("domino puzzle", game="quadrille")
    seen = [m.text for m in [answer.response, *answer.followups] if m is not None]
    assert texts.TOO_MANY_PUZZLES.format(most=1) in seen


@pytest.mark.parametrize("store", ["sqlite"], indirect=True)  # a kill here closes SQLite's
async def test_a_killed_instance_loses_nothing_and_the_other_finishes_the_match(
    emu: Emulator, two: Router, store: str, jobs_run: list[tuple[str, str, int]]
) -> None:
    path, clicks = store, Clicks()
    a, b = two.instances
    people = await open_three(emu, two, b, a, target=100)  # a turn after a few moves
    await play(emu, path, people, clicks, 3)
    turn = await next_turn(emu, path, people)
    assert turn is not None
    shown = board_words(board(emu))
    # a stores the move (and maybe the AI's after it) but shows nothing before it dies
    emu.hold(lambda method, path: method in ("POST", "PATCH") and path.startswith("/channels/"))
    two.to = a
    buttons = [i for i in move_ids(turn.message) if i.startswith("dm:")]
    await clicks.click(turn.person, turn.message, buttons[0], turn.seat)
    await wait_stored(path, lambda s: s.version > turn.stored.version)
    await a.kill()
    assert board_words(board(emu)) == shown and not emu.held
    two.to = b
    emu.advance(LEASE_SECONDS + 1)  # what a claimed is b's once its leases end
    await assert_converged(emu, path, timeout=20)
    await play(emu, path, people, clicks, 2)
    # a starts again (a process manager): nothing is read ahead, every click goes anywhere
    await a.start(emu)
    assert len(a.client.tables.tables) == 0 and len(emu.command_syncs) == 1
    two.to = a
    await play(emu, path, people, clicks, 1)
    two.to = None
    await play(emu, path, people, clicks, 200)
    stored = await assert_converged(emu, path)
    assert stored.phase == "over"
    assert_moves_are_the_clicks(await moves_in_record(path), clicks)
    ai_seat = next(n for n, seat in enumerate(stored.seats) if seat.get("ai") is not None)
    ai_moves = [m for m in await moves_in_record(path) if m.seat == ai_seat and not m.forced]
    # A job cut by the kill may run again (its revision check keeps its move to one).
    assert len(ai_moves) <= len([1 for _, kind, _ in jobs_run if kind == "ai"])


async def test_what_people_choose_through_one_instance_shows_through_the_other(
    emu: Emulator, two: Router, store: str
) -> None:
    """The server's language, a player's language and where a player's hand goes, chosen
    through a; an ephemeral "Your hand" answered by a: b shows the table (a shows nothing)."""
    path, clicks = store, Clicks()
    a, b = two.instances
    await a.client.tables.delivery.stop()  # b shows everything from here on
    people = await open_three(emu, two, a, b, target=200)
    alice, bob = people
    for person in people:  # each turn waits for a click: the thread's turn alert is found
        await person.slash("domino settings", single_moves="ask")
    await play(emu, path, people, clicks, 3)  # b has shown hands, in English
    while (turn := await next_turn(emu, path, people)).person is not bob:
        await clicks.click(alice, turn.message, move_ids(turn.message)[0], turn.seat)
        await wait_stored(path, lambda s, v=turn.stored.version: s.version > v)
    es = words("es")
    two.to = a
    await emu.user("owner").slash("domino config language", language="es")
    emu.user("bob", locale="es-ES")
    await bob.slash("domino help")  # a hears bob's new language
    await alice.slash("domino settings", hands="thread")
    # bob moves; b takes the moves off his DM, in his new language
    await clicks.click(bob, turn.message, move_ids(turn.message)[0], turn.seat)
    await emu.wait_for(lambda: not move_ids(turn.message))
    assert turn.message.embed["title"] == es(texts.YOUR_TILES, where=es.game_name("traditional"))
    # until alice's turn (bob's by DM): her turn alert comes in the thread, in Spanish
    mention = f"<@{alice.user.id}>"
    while (turn := await next_turn(emu, path, people, until=alice)) is not None:
        await clicks.click(bob, turn.message, move_ids(turn.message)[0], turn.seat)
        await wait_stored(path, lambda s, v=turn.stored.version: s.version > v)
    stored = await stored_table(path)
    alert = await emu.wait_for(
        lambda: next((m for m in table_channel(emu).messages if mention in m.content), None)
    )
    assert alert.content == es(texts.YOUR_TURN_IN_THREAD, mention=mention)
    assert es(texts.YOUR_HAND) in board(emu).labels
    dm = newest_moves(emu, "alice")
    assert dm is None or move_ids(dm)[0].split(":")[2] != str(stored.version)
    # Her hand, answered by a with its moves; her turn runs out and b shows the table: a
    # takes the moves off its answer.
    answer = private_answer(await alice.click(alert, es(texts.YOUR_HAND)))
    assert move_ids(answer)
    await emu.settle()
    await nothing_to_show(path)
    emu.advance(TURN_SECONDS + 1)
    await wait_stored(path, lambda s: s.version > stored.version)
    await emu.wait_for(lambda: not move_ids(answer), timeout=15)


#: The games of RULES.md §4, short: each is played to its end through both instances.
COMMUNITY_GAMES = [
    ("all-fives", "target=20"),
    ("fives-threes", "target=15 exact=no"),
    ("mexican-train", "hands=1 set=9"),
    ("dominican", "target=30"),
    ("cuban", "target=30"),
]


@pytest.mark.parametrize(("game", "options"), COMMUNITY_GAMES)
async def test_the_community_games_play_to_the_end_through_either_instance(
    emu: Emulator, two: Router, store: str, game: str, options: str
) -> None:
    """Scores during play, a match won inside a hand, trains and their markers, the Latin
    bonuses: what one instance stores the other shows and plays on from, click by click."""
    path, clicks = store, Clicks()
    a, b = two.instances
    alice, bob = emu.user("alice"), emu.user("bob")
    for person in (alice, bob):  # every turn of theirs is a click
        await person.slash("domino settings", single_moves="ask")
    two.to = a
    lobby = (
        await alice.slash("domino new", {"options": options}, game=game, turn_time=TURN_SECONDS)
    ).response
    two.to = b
    for result in (
        await bob.click(lobby, "Join"),
        await alice.choose(lobby, "easy", placeholder=texts.AI_LEVEL_PLACEHOLDER),
        await alice.choose(lobby, "easy", placeholder=texts.AI_LEVEL_PLACEHOLDER),
        await alice.click(lobby, "Start"),
    ):
        assert refusal_of(result) is None, refusal_of(result)
    two.to = None  # every click and job goes to either
    await play(emu, path, [alice, bob], clicks, 2000)
    stored = await assert_converged(emu, path, timeout=20)
    assert stored.phase == "over" and stored.state["record"]["variant"] == game
    assert clicks.made and not clicks.refused
    moves, people = await moves_in_record(path), await people_seats(path)
    # A train's name on a button depends on who reads it ("your train", "AI 1's train"): the
    # tile and who placed it say which move it was (each tile is placed once a round).
    tiles = Clicks(made=[(seat, label.split(" on ")[0]) for seat, label in clicks.made])
    placed = [replace(move, label=move.label.split(" on ")[0]) for move in moves]
    assert_moves_are_the_clicks(placed, tiles, people=people)


# -- sharded: one shard each ------------------------------------------------------------------


def board_in(channel: Any) -> Any:
    """The newest board of the table that plays in `channel` (or its thread)."""
    where = channel.threads[-1] if channel.threads else channel
    for message in reversed(where.messages):
        if (message.embeds or message.files) and any(
            (b.custom_id or "").startswith("dt:") for b in message.buttons
        ):
            return message
    return None


async def play_to_the_end(channel: Any, people: list[Any], seed: int) -> list[str]:
    """Every person plays a random move from their DMs whenever they have one, Ready between
    hands, until the board offers Rematch. Returns every refusal met (none expected)."""
    rng = random.Random(seed)
    played: dict[str, int] = {}
    refused: list[str] = []
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 120
    while loop.time() < deadline:
        shown = board_in(channel)
        if shown is not None and "Rematch" in shown.labels:
            return refused
        acted = False
        if shown is not None and "Ready" in shown.labels:
            for person in people:
                if played.get(f"ready:{person.name}") != board_title(shown):
                    played[f"ready:{person.name}"] = board_title(shown)
                    await person.click(shown, "Ready")
                    acted = True
        for person in people:
            message = move_message(person.dm.messages)
            version = int(move_ids(message)[0].split(":")[2]) if message is not None else -1
            if message is None or played.get(person.name) == version:
                continue
            played[person.name] = version
            answer = refusal_of(await play_one(person, message, rng))
            if answer is not None:
                refused.append(answer)
            acted = True
        if not acted:
            await asyncio.sleep(0.05)
    raise AssertionError("the match did not end")


async def start_sharded(emu: Emulator, store: str) -> list[Instance]:
    """Two instances, shards 0 and 1 of 2, with the settings each process reads from its
    environment (shared store and who syncs follow from the shards)."""
    instances = []
    for shard in (0, 1):
        env = {"DISCORD_TOKEN": emu.token, "SHARD_COUNT": "2", "SHARD_IDS": str(shard)}
        read = Settings.from_environment(env)
        settings = conftest.test_settings(
            emu,
            store,
            shard_count=read.shard_count,
            shard_ids=read.shard_ids,
            shared_store=read.shared_store,
            sync_commands=read.sync_commands,
        )
        redirect_discord(settings.api_base, settings.gateway_url)
        instance = Instance(f"shard {shard}", BotRunner(emu, lambda s=settings: DominoBot(s)))
        await instance.start(emu)
        instances.append(instance)
    return instances


async def test_sharded_instances_play_a_table_from_dms_sent_to_the_other_shard(
    emu: Emulator, store: str
) -> None:
    emu.rate_limiter.enabled = False
    path = store
    other = await emu.add_guild("Other Club", "general", shard=1, count=2)
    alice, bob, carol = emu.user("alice"), emu.user("bob"), emu.user("carol")
    for person in (alice, bob):
        emu.join(person, other)
    instances = await start_sharded(emu, path)
    first, second = instances
    try:
        assert isinstance(second.client, discord.AutoShardedClient)
        assert second.client.settings.shared_store and not second.client.settings.sync_commands
        assert [g.id for g in second.client.guilds] == [other.id]
        assert len(emu.command_syncs) == 1  # shard 0's process synced
        # A table in each server: the second shard's through its instance, the home one's
        # through the first.
        general = emu.channel("general")
        lobby = (await alice.at(general).slash("domino new", game="two-player", target=30)).response
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        # One move by DM (the first instance), then a click on the board (the second): each
        # instance acts on the table after the other changed it.
        mover = await emu.wait_for(
            lambda: next((p for p in (alice, bob) if move_message(p.dm.messages)), None)
        )
        first_move = await play_one(mover, move_message(mover.dm.messages), random.Random(1))
        assert refusal_of(first_move) is None
        await emu.settle()
        shown = await emu.wait_for(lambda: board_in(general))
        offered = refusal_of(await bob.click(shown, texts.OFFER_DRAW))
        assert offered is not None and "bob offers a draw" in offered
        home = (await carol.slash("domino new", game="two-player", target=10)).response
        await carol.choose(home, "easy", placeholder=texts.AI_LEVEL_PLACEHOLDER)
        await carol.click(home, "Start")
        # One after the other: each click waits for the bot to settle, which another table
        # played at the same moment may never let it do on a slow machine.
        refused = [
            await play_to_the_end(general, [alice, bob], seed=3),
            await play_to_the_end(emu.channel(), [carol], seed=4),
        ]
        assert refused == [[], []]
        async with await Database.open(path) as db:
            tables = {t.guild_id: t for t in await db.live_tables()}
        there = tables[other.id]
        # Its moves came by DM, to shard 0: the first instance, which never saw the table made.
        dm_clicks = [
            event["data"]["custom_id"]
            for event in first.session.events("INTERACTION_CREATE")
            if event.get("guild_id") is None
        ]
        assert any(i.startswith(f"dm:{there.id}:") for i in dm_clicks)
        assert not any(
            event.get("guild_id") == str(other.id)
            for event in first.session.events("INTERACTION_CREATE")
        )
        assert there.state["phase"] == tables[emu.guild.id].state["phase"] == "over"
    finally:
        for instance in instances:
            await instance.runner.stop()


async def test_a_thread_is_opened_by_an_instance_that_does_not_serve_the_tables_server(
    emu: Emulator, store: str
) -> None:
    """The instance of shard 1 stores a started table and dies before opening its thread; the
    instance of shard 0, which never sees that server (not in its cache), opens it once the
    dead one's lease ends: showing needs nothing but the store and Discord's routes."""
    emu.rate_limiter.enabled = False
    other = await emu.add_guild("Other Club", "general", shard=1, count=2)
    alice, bob = emu.user("alice"), emu.user("bob")
    for person in (alice, bob):
        emu.join(person, other)
    instances = await start_sharded(emu, store)
    first, second = instances
    try:
        assert other.id not in [g.id for g in first.client.guilds]
        general = emu.channel("general")
        lobby = (await alice.at(general).slash("domino new", game="two-player")).response
        await bob.click(lobby, "Join")
        emu.hold(lambda method, path: method == "POST" and path.endswith("/threads"))
        await alice.click(lobby, "Start")  # the server's click: the second instance stores it
        await emu.wait_for(lambda: emu.held)
        await second.kill()  # its thread request dies with it; its claim lasts its lease
        emu.release()
        emu.advance(LEASE_SECONDS + 1)
        first.client.tables.delivery.wake()
        thread = await emu.wait_for(lambda: general.threads[-1] if general.threads else None)
        assert board_in(general) is not None and thread.messages
    finally:
        for instance in instances:
            await instance.runner.stop()
