"""A server's chosen language and each player's remembered language (migration 0006)."""

from __future__ import annotations

import pytest

from data import Database, DataError
from tests.data.conftest import GUILD


async def test_a_server_without_a_chosen_language_has_none(db: Database) -> None:
    assert await db.guild_language(GUILD) is None


async def test_a_chosen_server_language_is_kept_across_a_restart(target: str) -> None:
    async with await Database.open(target) as db:
        await db.set_guild_language(GUILD, "es", 1.0)
        await db.set_guild_language(GUILD, "pl", 2.0)
        await db.set_guild_language(GUILD + 1, "de", 3.0)
    async with await Database.open(target) as db:
        assert await db.guild_language(GUILD) == "pl"
        assert await db.guild_language(GUILD + 1) == "de"


async def test_forgetting_the_server_language_goes_back_to_none(db: Database) -> None:
    await db.set_guild_language(GUILD, "it", 1.0)
    await db.set_guild_language(GUILD, None, 2.0)
    assert await db.guild_language(GUILD) is None


async def test_a_player_language_is_the_latest_one_seen(db: Database) -> None:
    assert await db.player_language(7) is None
    await db.set_player_language(7, "pt", 1.0)
    await db.set_player_language(7, "es", 2.0)
    assert await db.player_language(7) == "es"
    assert await db.player_language(8) is None


@pytest.mark.parametrize("bad", ["", "Spanish", "e", "es_ES!", "12"])
async def test_a_malformed_language_code_is_refused_and_changes_nothing(
    db: Database, bad: str
) -> None:
    await db.set_guild_language(GUILD, "de", 1.0)
    with pytest.raises(DataError):
        await db.set_guild_language(GUILD, bad, 2.0)
    with pytest.raises(DataError):
        await db.set_player_language(7, bad, 2.0)
    assert await db.guild_language(GUILD) == "de"
    assert await db.player_language(7) is None
