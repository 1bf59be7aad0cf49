"""What one action of a table costs early and late in a long match: a move, a hand's end, and a
table loaded from the store, at hand 1 and at hand 250 of one partnership match.

A move is what the bot does on the event loop for a click: the model's change (`Table.play`
and the forced moves after it), the commit on a real store (`TableStore.commit`: the state
dumped and written in one transaction with its outbox keys and next job), the copy of the table
as committed that `Tables.act` hands back (`stored_copy`) and the board snapshot the publisher
takes to show it. A hand's end is the move that ends the hand with what showing it takes: the
board's snapshot, the score sheet's, and each of the four hands' (their view and how the hand
ended, `messages.hands.ending`). A load is a cache miss: the row read and the table rebuilt from it
(`TableStore.get` after `forget`), as after a restart; it is not an action
(it happens once per process and table) and is printed apart, outside the ratio.

Two such matches share one store (a SQLite file unless `--store` names a database): the early
one from its first hand, the late one played on by four random players, without commits, to
hand `--late` (the target is raised past the bot's bound, which the engine allows), then one
untimed commit makes its row current, as a running bot has it. The two tables then act in turn,
every action committed, until each has played `--hands-measured` hands, so that whatever else
loads the machine weighs on both alike. Medians are printed in milliseconds, of the process's
CPU time (the store's thread included: steadier on a busy machine) and of wall-clock time, with
late over early: the goal is a ratio within 2.

    python -m bench.match_length [--late 250] [--hands-measured 5] [--store URL]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cogs.tables.board import BoardSnapshot
from cogs.tables.rows import TableStore, stored_copy
from cogs.tables.seating import Lobby, Setup
from cogs.tables.table import Phase, Table
from data import Database

PLAYERS = (1, 2, 3, 4)
TARGET = 10_000  # the engine's own bound: no partnership match reaches it in 300 hands
SHOWN = ["board", "hands"]


@dataclass
class Costs:
    """Milliseconds per action, by what was measured: wall-clock time, and the CPU time of the
    whole process (the store's thread included), which other programs on the machine disturb
    less."""

    wall: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)

    def add(self, name: str, wall: float, cpu: float) -> None:
        self.wall.setdefault(name, []).append(1000 * wall)
        self.cpu.setdefault(name, []).append(1000 * cpu)

    def median(self, name: str, cpu: bool = False) -> float:
        values = (self.cpu if cpu else self.wall).get(name)
        return statistics.median(values) if values else float("nan")


def long_match(seed: str, table_id: str) -> Table:
    """A partnership table, its lobby full, whose match would run for hundreds of hands."""
    setup = Setup("partnership", {"target": TARGET}, seats=4)
    table = Table(id=table_id, lobby=Lobby(setup, host_id=PLAYERS[0]), seed=seed)
    for user in PLAYERS:
        table.join(user, f"player {user}")
    return table


def click(table: Table, rng: random.Random) -> None:
    """The seat to move clicks a random legal move (as a user does: `Table.play`)."""
    seat = table.turn
    assert seat is not None
    user = table.seats[seat].user_id
    assert user is not None
    legal = table.view(seat).legal
    table.play(user, table.version, rng.randrange(len(legal)), 0.0)


def show_hand_end(table: Table) -> None:
    """What showing a hand's end takes from the table: the board's and the score sheet's
    snapshots, and each seat's hand with how the hand ended (a snapshot each)."""
    BoardSnapshot.of(table, None, None)
    BoardSnapshot.of(table, None, None)
    for seat in range(len(table.seats)):
        table.view(seat)
        BoardSnapshot.of(table, None, None)


class Player:
    """One table of the benchmark, played and committed action by action."""

    def __init__(self, store: TableStore, table: Table, rng: random.Random) -> None:
        self.store, self.table, self.rng = store, table, rng
        self.costs = Costs()
        self.now = 0.0

    async def commit(self, was: Phase) -> None:
        self.now += 1.0
        table = self.table
        await self.store.commit(table, new=False, was=was, show=SHOWN, due=None, now=self.now)

    async def act(self) -> None:
        """One action, measured: a move (or the move that ends a hand, with its showing). The
        next hand, once one ended, is dealt and committed unmeasured."""
        table = self.table
        if table.phase is Phase.BETWEEN:
            table.next_hand(self.now)
            await self.commit(Phase.BETWEEN)
        wall, cpu = time.perf_counter(), time.process_time()
        click(table, self.rng)
        await self.commit(Phase.PLAYING)
        stored_copy(table)  # what `Tables.act` hands back to the click's answer
        ended = table.phase is not Phase.PLAYING
        if ended:
            show_hand_end(table)
        else:
            BoardSnapshot.of(table, None, None)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        self.costs.add("hand_end" if ended else "move", wall, cpu)

    async def load(self, times: int = 3) -> None:
        """The table read back from the store, as on a cache miss."""
        for _ in range(times):
            self.store.forget(self.table.id)
            wall, cpu = time.perf_counter(), time.process_time()
            self.table = await self.store.get(self.table.id)
            self.costs.add("load", time.perf_counter() - wall, time.process_time() - cpu)


def play_to(table: Table, hand: int, rng: random.Random) -> None:
    """Play on, without commits, until `hand` hands are finished and the next one is dealt."""
    assert table.match is not None
    while len(table.match.results) < hand:
        if table.phase is Phase.BETWEEN:
            table.next_hand(0.0)
        else:
            click(table, rng)
    if table.phase is Phase.BETWEEN:
        table.next_hand(0.0)


async def run(target: str, late: int, hands: int, seed: str) -> tuple[Costs, Costs]:
    """An early table (its first hands) and a late one (its hands from `late` on), in one
    store, acting in turn so that whatever else loads the machine weighs on both alike."""
    async with await Database.open(target) as db:
        store = TableStore(db)
        players = []
        for name in ("early", "late"):
            rng = random.Random(f"{seed}:{name}")
            table = long_match(f"{seed}:{name}", name)
            await store.commit(table, new=True, was=None, show=(), due=None, now=0.0)
            table.start(PLAYERS[0], 0.0)
            play_to(table, 0 if name == "early" else late - 1, rng)
            player = Player(store, table, rng)
            await player.commit(table.phase)  # the row current, as a running bot has it
            players.append(player)
        first, last = players
        ended = 0
        while ended < hands:
            for player in players:
                await player.act()
            ended = min(len(player.costs.wall.get("hand_end", [])) for player in players)
            assert last.table.match is not None and not last.table.match.over
        for player in players:
            await player.load()
    return first.costs, last.costs


def report(early: Costs, late: Costs, late_hand: int, say: Callable[[str], None] = print) -> None:
    say(
        f"| per action, ms (median) | hand 1, CPU | hand {late_hand}, CPU | ratio | hand 1, wall"
        f" | hand {late_hand}, wall | ratio |"
    )
    say("|---|---:|---:|---:|---:|---:|---:|")
    for name, label in (
        ("move", "a move"),
        ("hand_end", "a hand's end, shown"),
        ("load", "a load (cache miss, restart: not per action)"),
    ):
        cells = []
        for cpu in (True, False):
            before, after = early.median(name, cpu), late.median(name, cpu)
            cells.append(f"{before:.2f} | {after:.2f} | {after / before:.2f}")
        say(f"| {label} | {' | '.join(cells)} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--late", type=int, default=250, help="the late hand measured (1-based)")
    parser.add_argument("--hands-measured", type=int, default=5)
    parser.add_argument("--seed", default="match-length")
    parser.add_argument("--store", default="", help="a database URL (default: a SQLite file)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        target = args.store or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        early, late = asyncio.run(run(target, args.late, args.hands_measured, args.seed))
    report(early, late, args.late)


if __name__ == "__main__":
    main()
