"""Tables in progress: one row per unfinished table (or puzzle attempt), holding the bot's whole
state as JSON and its revision, so every table comes back after a restart, in any process. One
corrupt row never stops the others.

The people a table counts for (its host and seated players, while it is unfinished) are rows of
`table_people`, written with the table's row in the same transaction and gone with it, so every
process counts the same tables against a person's caps (`open_tables_of`). A change that places
someone anew counts their places in its own transaction, before it writes (`check_caps`).

A table's finished hands are rows of `live_hands`, each written once, in the transaction of the
action that ended the hand (`LiveTable.hands`): the table's row keeps the hand being played, so
an action writes as much at the match's last hand as at its first. Reading a table reads its
hands back with it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

import orjson

from data.models import Cap, DataError, LiveTable, OverCap
from data.sql import Connection, Row

log = logging.getLogger(__name__)

KINDS = ("table", "puzzle")
_COLUMNS = (
    "id, guild_id, channel_id, thread_id, board_message_id, state, updated_at, revision, kind"
)


#: A state is written by orjson (a tenth of `json.dumps`' time: every move writes its table) as
#: `json.dumps` wrote it: keys that are numbers become strings, and what is not JSON (a date, a
#: dataclass, any object) is refused rather than written in a form of orjson's own.
_AS_JSON = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
)


def encode(table: LiveTable) -> str:
    """The table's state as JSON text; refused (before any write) if it is not JSON, or if the
    table's kind or people are not what a table has."""
    if table.kind not in KINDS:
        raise DataError(f"a live table is a {' or a '.join(KINDS)}, not a {table.kind!r}")
    if not all(type(person) is int for person in table.people):
        raise DataError("a table's people are user ids")
    if not all(type(hand) is str for hand in table.hands) or table.hands_from < 0:
        raise DataError("a table's finished hands are JSON texts, numbered from 0")
    try:
        return orjson.dumps(table.state, option=_AS_JSON).decode()
    except (TypeError, ValueError) as error:  # orjson.JSONEncodeError is a TypeError
        raise DataError(f"the table's state is not JSON: {error}") from None


async def save(connection: Connection, table: LiveTable, state: str) -> None:
    """Insert the row at `table.revision`, or replace it and raise its revision by one: any
    write, even one that does not go through `Database.commit`, makes the copies read before it
    stale."""
    await _server(connection, table)
    await connection.execute(
        f"INSERT INTO live_tables ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (id) DO UPDATE SET guild_id = excluded.guild_id,"
        " channel_id = excluded.channel_id, thread_id = excluded.thread_id,"
        " board_message_id = excluded.board_message_id, state = excluded.state,"
        " updated_at = excluded.updated_at, revision = live_tables.revision + 1,"
        " kind = excluded.kind",
        _values(table, state),
    )
    await _people(connection, table, new=False)
    await _hands(connection, table)


async def insert(connection: Connection, table: LiveTable, state: str) -> bool:
    """Insert a new table's row; False (nothing written) if a row with its id exists."""
    await _server(connection, table)
    written = await connection.execute(
        f"INSERT INTO live_tables ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (id) DO NOTHING",
        _values(table, state),
    )
    if written:
        await _people(connection, table, new=True)
        await _hands(connection, table)
    return written > 0


async def update(connection: Connection, table: LiveTable, state: str, expected: int) -> bool:
    """Write the table's row at `table.revision` only if its revision is still `expected`;
    False (nothing written) if it changed or the row is gone."""
    await _server(connection, table)
    written = await connection.execute(
        "UPDATE live_tables SET guild_id = ?, channel_id = ?, thread_id = ?,"
        " board_message_id = ?, state = ?, updated_at = ?, revision = ?, kind = ?"
        " WHERE id = ? AND revision = ?",
        (*_values(table, state)[1:], table.id, expected),
    )
    if written:
        await _people(connection, table, new=False)
        await _hands(connection, table)
    return written > 0


async def _server(connection: Connection, table: LiveTable) -> None:
    await connection.execute(
        "INSERT INTO servers (guild_id) VALUES (?) ON CONFLICT DO NOTHING", (table.guild_id,)
    )


def _values(table: LiveTable, state: str) -> tuple[Any, ...]:
    """The row's values in the order of `_COLUMNS`."""
    return (
        table.id,
        table.guild_id,
        table.channel_id,
        table.thread_id,
        table.board_message_id,
        state,
        table.updated_at,
        table.revision,
        table.kind,
    )


async def _people(connection: Connection, table: LiveTable, new: bool) -> None:
    """Make the table's `table_people` rows its `people`, in their order."""
    if not new:
        await connection.execute("DELETE FROM table_people WHERE table_id = ?", (table.id,))
    await connection.executemany(
        "INSERT INTO table_people (table_id, position, user_id) VALUES (?, ?, ?)",
        [(table.id, position, person) for position, person in enumerate(table.people)],
    )


async def _hands(connection: Connection, table: LiveTable) -> None:
    """Add the table's finished hands it brings (`LiveTable.hands`): rows of their own, each
    written once (the same hand written again is the same record: the later write wins)."""
    if not table.hands:
        return
    await connection.executemany(
        "INSERT INTO live_hands (table_id, number, record) VALUES (?, ?, ?)"
        " ON CONFLICT (table_id, number) DO UPDATE SET record = excluded.record",
        [(table.id, table.hands_from + at, hand) for at, hand in enumerate(table.hands)],
    )


async def load(connection: Connection, guild_id: int | None) -> list[LiveTable]:
    """Every unfinished table (of one server, if given), oldest update first. A row whose state
    is not a JSON object is skipped with a logged warning."""
    if guild_id is None:
        rows = await connection.fetch(f"SELECT {_COLUMNS} FROM live_tables ORDER BY updated_at, id")
        listed = await connection.fetch(
            "SELECT table_id, user_id FROM table_people ORDER BY table_id, position"
        )
        finished = await connection.fetch(
            "SELECT table_id, record FROM live_hands ORDER BY table_id, number"
        )
    else:
        rows = await connection.fetch(
            f"SELECT {_COLUMNS} FROM live_tables WHERE guild_id = ? ORDER BY updated_at, id",
            (guild_id,),
        )
        listed = await connection.fetch(
            "SELECT p.table_id, p.user_id FROM table_people AS p"
            " JOIN live_tables AS t ON t.id = p.table_id WHERE t.guild_id = ?"
            " ORDER BY p.table_id, p.position",
            (guild_id,),
        )
        finished = await connection.fetch(
            "SELECT h.table_id, h.record FROM live_hands AS h"
            " JOIN live_tables AS t ON t.id = h.table_id WHERE t.guild_id = ?"
            " ORDER BY h.table_id, h.number",
            (guild_id,),
        )
    people: dict[str, list[int]] = {}
    for table_id, person in listed:
        people.setdefault(table_id, []).append(person)
    hands: dict[str, list[str]] = {}
    for table_id, record in finished:
        hands.setdefault(table_id, []).append(record)
    return [
        table
        for row in rows
        if (table := _decode(row, people.get(row[0], []), hands.get(row[0], []))) is not None
    ]


async def load_one(connection: Connection, table_id: str) -> LiveTable | None:
    """The table's row; None if there is none or its state is not a JSON object (logged)."""
    row = await connection.fetch_one(
        f"SELECT {_COLUMNS} FROM live_tables WHERE id = ?", (table_id,)
    )
    if row is None:
        return None
    people = await connection.fetch(
        "SELECT user_id FROM table_people WHERE table_id = ? ORDER BY position", (table_id,)
    )
    hands = await connection.fetch(
        "SELECT record FROM live_hands WHERE table_id = ? ORDER BY number", (table_id,)
    )
    return _decode(row, [person for (person,) in people], [record for (record,) in hands])


def _decode(row: Row, people: Sequence[int], hands: Sequence[str] = ()) -> LiveTable | None:
    table_id, guild, channel, thread, board, text, updated_at, revision, kind = row
    try:
        state = json.loads(text)
    except (TypeError, ValueError) as error:
        log.warning("live table %s skipped: its state is not JSON (%s)", table_id, error)
        return None
    if not isinstance(state, dict):
        log.warning("live table %s skipped: its state is not a JSON object", table_id)
        return None
    return LiveTable(
        table_id,
        guild,
        channel,
        thread,
        board,
        state,
        updated_at,
        revision,
        tuple(people),
        kind,
        tuple(hands),
    )


async def delete(connection: Connection, table_id: str) -> bool:
    """Delete the table's row (its people go with it)."""
    return await connection.execute("DELETE FROM live_tables WHERE id = ?", (table_id,)) > 0


async def revision(connection: Connection, table_id: str) -> int | None:
    row = await connection.fetch_one("SELECT revision FROM live_tables WHERE id = ?", (table_id,))
    return None if row is None else int(row[0])


async def open_tables_of(connection: Connection, user_id: int, kind: str) -> list[str]:
    rows = await connection.fetch(
        "SELECT DISTINCT p.table_id FROM table_people AS p"
        " JOIN live_tables AS t ON t.id = p.table_id WHERE p.user_id = ? AND t.kind = ?",
        (user_id, kind),
    )
    return sorted(table_id for (table_id,) in rows)


async def check_caps(connection: Connection, table: LiveTable, caps: Sequence[Cap]) -> None:
    """Refuse (`OverCap`) to place anyone of `caps` at `table` who already counts in their cap's
    number of other open places of its kind. Runs first in the transaction that writes the
    table: on PostgreSQL each person's lock is taken (in the order of their ids, before
    anything is written), so two changes placing one person count one after the other, each
    seeing what the other wrote; SQLite's writer already holds the whole file."""
    for cap in caps:
        if cap.user_id not in table.people:
            raise DataError(f"table {table.id}: a cap for {cap.user_id}, who is not placed there")
    ordered = sorted(caps, key=lambda cap: cap.user_id)
    for cap in ordered:
        await connection.serialize("person", cap.user_id)
    for cap in ordered:
        row = await connection.fetch_one(
            "SELECT COUNT(DISTINCT p.table_id) FROM table_people AS p"
            " JOIN live_tables AS t ON t.id = p.table_id"
            " WHERE p.user_id = ? AND t.kind = ? AND p.table_id <> ?",
            (cap.user_id, table.kind, table.id),
        )
        if row is not None and int(row[0]) >= cap.most:
            raise OverCap(cap.user_id, cap.most)


async def puzzles_in_channel(
    connection: Connection, channel_id: int, message_ids: Sequence[int] | None
) -> list[str]:
    """The puzzles shown in the channel or in a thread of it, or in that thread (only those on
    `message_ids`, if given)."""
    rows = await connection.fetch(
        "SELECT id, board_message_id FROM live_tables WHERE kind = 'puzzle'"
        " AND (channel_id = ? OR thread_id = ?)",
        (channel_id, channel_id),
    )
    wanted = None if message_ids is None else set(message_ids)
    return sorted(
        str(puzzle_id)
        for puzzle_id, message_id in rows
        if wanted is None or (message_id is not None and int(message_id) in wanted)
    )


async def tables_in_channel(connection: Connection, channel_id: int) -> list[str]:
    rows = await connection.fetch(
        "SELECT id FROM live_tables WHERE kind = 'table' AND channel_id = ?"
        " UNION SELECT id FROM live_tables WHERE kind = 'table' AND thread_id = ?",
        (channel_id, channel_id),
    )
    return sorted(table_id for (table_id,) in rows)
