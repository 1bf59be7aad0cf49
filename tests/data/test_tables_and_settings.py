"""Tables in progress survive restarts (and one corrupt row never stops the others); server
settings default until changed, and bad changes are refused."""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from data import Change, Database, DataError, LiveTable, ServerSettings
from data.models import Cap
from tests.data.conftest import GUILD, raw_execute, raw_rows


def table(table_id: str, updated_at: float, **state: object) -> LiveTable:
    return LiveTable(table_id, GUILD, 10, 20, 30, dict(state), updated_at)


async def test_live_tables_come_back_after_a_restart(target: str) -> None:
    async with await Database.open(target) as db:
        await db.save_live_table(table("a", 2.0, record={"variant": "partnership"}, turn=3))
        await db.save_live_table(table("b", 1.0, record={}))
        await db.save_live_table(table("a", 3.0, record={"variant": "partnership"}, turn=4))
    async with await Database.open(target) as db:
        tables = await db.live_tables()
        assert [t.id for t in tables] == ["b", "a"]
        # saved twice: the replacing save raised the revision
        expected = table("a", 3.0, record={"variant": "partnership"}, turn=4)
        assert tables[1] == replace(expected, revision=1)
        assert tables[0].revision == 0
        assert await db.delete_live_table("b") is True
        assert await db.delete_live_table("b") is False
        assert [t.id for t in await db.live_tables()] == ["a"]
        assert await db.live_tables(GUILD + 1) == []


async def test_a_tables_finished_hands_are_written_once_and_come_back_with_it(
    target: str,
) -> None:
    """A table's row keeps the hand in play; each finished hand is a row of its own, added by
    the action that ended it and never written again, read back with the table in order, and
    gone with it."""
    first = replace(table("a", 1.0, turn=1), hands=('{"hand":0}',))
    async with await Database.open(target) as db:
        assert await db.commit(Change(first, None))
        later = replace(first, state={"turn": 2}, revision=1, hands=('{"hand":1}', '{"hand":2}'))
        assert await db.commit(Change(replace(later, hands_from=1), 0))
        # A stale action (the revision moved on) adds no hand either.
        stale = replace(first, revision=1, hands=('{"hand":9}',), hands_from=3)
        assert not await db.commit(Change(stale, 0))
        assert await db.commit(Change(replace(first, state={"turn": 3}, revision=2, hands=()), 1))
    async with await Database.open(target) as db:
        kept = ('{"hand":0}', '{"hand":1}', '{"hand":2}')
        loaded = await db.load_table("a")
        assert loaded is not None and (loaded.state, loaded.hands) == ({"turn": 3}, kept)
        assert [t.hands for t in await db.live_tables()] == [kept]
        assert [t.hands for t in await db.live_tables(GUILD)] == [kept]
        assert await db.delete_live_table("a")
    assert await raw_rows(target, "SELECT COUNT(*) FROM live_hands") == [(0,)]


async def test_a_corrupt_table_is_skipped_with_a_warning(
    target: str, caplog: pytest.LogCaptureFixture
) -> None:
    async with await Database.open(target) as db:
        await db.save_live_table(table("good", 1.0, turn=1))
        await db.save_live_table(table("bad", 2.0, turn=1))
        await db.save_live_table(table("list", 3.0, turn=1))
    await raw_execute(
        target,
        "UPDATE live_tables SET state = '{\"turn\": ' WHERE id = 'bad'",
        "UPDATE live_tables SET state = '[1, 2]' WHERE id = 'list'",
    )
    async with await Database.open(target) as db:
        with caplog.at_level(logging.WARNING, logger="data.live"):
            tables = await db.live_tables()
    assert [t.id for t in tables] == ["good"]
    assert "live table bad skipped" in caplog.text
    assert "live table list skipped" in caplog.text


async def test_a_state_that_is_not_json_is_refused_and_nothing_is_saved(db: Database) -> None:
    with pytest.raises(DataError, match="not JSON"):
        await db.save_live_table(table("a", 1.0, when=object()))
    assert await db.live_tables() == []


@pytest.mark.parametrize(
    "kept",
    [
        datetime(2026, 11, 28, tzinfo=UTC),  # orjson would write these in a form of its own
        Cap(1, 2),
        2**64,  # past 64 bits (ids and scores never are): refused, not written
        {1, 2},
    ],
    ids=["a date", "a dataclass", "a huge number", "a set"],
)
async def test_a_state_orjson_would_write_its_own_way_is_refused(
    db: Database, kept: object
) -> None:
    with pytest.raises(DataError, match="not JSON"):
        await db.save_live_table(table("a", 1.0, kept=kept))
    assert await db.live_tables() == []


async def test_a_state_comes_back_as_json_reads_it(target: str) -> None:
    """Numbers as keys become strings, tuples lists, and any language's letters stay as they
    were: what `json.dumps` made of a state is what the store gives back."""
    state = {"scores": {0: 12, 1: 30}, "names": ["Zoë", "Łukasz", "José"], "ends": (6, 4)}
    async with await Database.open(target) as db:
        await db.save_live_table(table("a", 1.0, **state))
    async with await Database.open(target) as db:
        (loaded,) = await db.live_tables()
    assert loaded.state == json.loads(json.dumps(state))


async def test_settings_default_until_a_moderator_changes_them(db: Database) -> None:
    assert await db.server_settings(GUILD) == ServerSettings(GUILD)
    changed = await db.update_server_settings(GUILD, language="es", turn_seconds=45)
    assert changed == ServerSettings(GUILD, language="es", turn_seconds=45)
    assert await db.server_settings(GUILD) == changed
    again = await db.update_server_settings(GUILD, season_days=14)
    assert (again.language, again.season_days) == ("es", 14)


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"colour": "red"}, "no setting 'colour'"),
        ({"turn_seconds": 5}, "from 10 to 3600"),
        ({"turn_seconds": True}, "from 10 to 3600"),
        ({"rated_by_default": 1}, "true or false"),
        ({"language": "es", "season_days": 0}, "days from 1"),
    ],
)
async def test_bad_settings_are_refused_and_nothing_changes(
    db: Database, changes: dict[str, object], reason: str
) -> None:
    with pytest.raises(DataError, match=reason):
        await db.update_server_settings(GUILD, **changes)
    assert await db.server_settings(GUILD) == ServerSettings(GUILD)


async def test_the_database_folder_is_created_when_missing(tmp_path: Path) -> None:
    async with await Database.open(tmp_path / "new" / "folder" / "domino.sqlite3") as db:
        assert await db.live_tables() == []


async def test_a_file_that_is_not_a_database_is_refused_clearly(tmp_path: Path) -> None:
    junk = tmp_path / "notes.sqlite3"
    junk.write_bytes(b"these are my notes, not a database" * 100)
    with pytest.raises(DataError, match="cannot open the database"):
        await Database.open(junk)


async def test_a_players_setting_for_single_moves_defaults_to_playing_them(target: str) -> None:
    async with await Database.open(target) as db:
        assert await db.plays_forced(7) is True  # never chosen: played for them
        await db.set_forced_moves(7, "ask", 1.0)
        with pytest.raises(DataError):
            await db.set_forced_moves(7, "sometimes", 2.0)
    async with await Database.open(target) as db:  # kept across a restart
        assert await db.plays_forced(7) is False and await db.plays_forced(8) is True
        await db.set_forced_moves(7, "auto", 3.0)
        assert await db.plays_forced(7) is True
