"""What `Tables.act` hands back is the table as it was committed: a copy that the moves made
after it do not change (a click's answer is built from it while the next moves are stored)."""

from __future__ import annotations

import random

from cogs.tables.rows import stored_copy
from cogs.tables.seating import Lobby, Setup
from cogs.tables.state import dump
from cogs.tables.table import Phase, Table

PLAYERS = (1, 2, 3, 4)


def click(table: Table, rng: random.Random) -> None:
    seat = table.turn
    assert seat is not None
    user = table.seats[seat].user_id
    assert user is not None
    legal = table.view(seat).legal
    table.play(user, table.version, rng.randrange(len(legal)), 0.0)


def test_the_copy_stays_as_committed_while_the_table_plays_on() -> None:
    rng = random.Random(7)
    table = Table(id="t", lobby=Lobby(Setup("partnership", {}, seats=4), host_id=1), seed="s")
    for user in PLAYERS:
        table.join(user, f"player {user}")
    table.start(PLAYERS[0], 0.0)
    assert table.match is not None
    for _ in range(40):  # into the match: a hand or more over, one in play
        if table.phase is Phase.BETWEEN:
            table.next_hand(0.0)
        elif table.phase is Phase.PLAYING:
            click(table, rng)
    copy = stored_copy(table)
    state, views = dump(copy), [copy.view(seat) for seat in range(4)]
    assert state == dump(table)
    for _ in range(40):
        if table.phase is Phase.BETWEEN:
            table.next_hand(0.0)
        elif table.phase is Phase.PLAYING:
            click(table, rng)
        table.seats[0].dm_closed = True
        table.ready.add(2)
    assert dump(table) != state
    assert dump(copy) == state
    assert [copy.view(seat) for seat in range(4)] == views
