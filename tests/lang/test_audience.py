"""Who reads in which language: the acting user in their interaction's, a player's DMs in the
language of their latest interaction (remembered across restarts), a server's public messages
in the language a moderator chose, else the server's Discord locale, else English."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cogs import audience as audience_module
from cogs.audience import Audience, mine
from data import Database

GUILD = 77


def interaction(user: int, locale: str | None, guild_locale: str | None = "en-US") -> Any:
    return SimpleNamespace(
        user=SimpleNamespace(id=user), locale=locale, guild_locale=guild_locale, guild_id=GUILD
    )


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "domino.sqlite3")
    yield database
    await database.close()


def test_what_only_the_actor_sees_is_in_their_interactions_language() -> None:
    assert mine(interaction(1, "es-419")).language == "es"
    assert mine(interaction(1, "ko")).language == "en"


async def test_a_players_dms_follow_their_latest_interaction_even_after_a_restart(
    db: Database,
) -> None:
    audience = Audience(db, lambda: 1.0)
    assert (await audience.player(5)).language == "en"  # never seen
    await audience.heard(interaction(5, "pl"))
    assert (await audience.player(5)).language == "pl"
    await audience.heard(interaction(5, "de"))
    restarted = Audience(db, lambda: 2.0)
    assert (await restarted.player(5)).language == "de"


async def test_a_servers_public_language_is_the_chosen_one_else_its_locale_else_english(
    db: Database,
) -> None:
    audience = Audience(db, lambda: 1.0)
    assert (await audience.server(GUILD)).language == "en"
    await audience.heard(interaction(5, "pl", guild_locale="it"))
    assert (await audience.server(GUILD)).language == "it"  # the locale last seen
    assert (await audience.server(GUILD, "pt-BR")).language == "pt"  # the interaction's own
    await audience.choose(GUILD, "es")
    assert (await audience.server(GUILD, "pt-BR")).language == "es"
    assert (await Audience(db, lambda: 2.0).server(GUILD)).language == "es"  # kept
    await audience.choose(GUILD, None)
    assert (await audience.server(GUILD, "de")).language == "de"


async def test_only_the_players_seen_last_are_kept_in_memory_the_rest_read_again(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(audience_module, "PLAYERS_KEPT", 2)
    audience = Audience(db, lambda: 1.0)
    await audience.heard(interaction(1, "pl"))
    await audience.heard(interaction(2, "de"))
    assert (await audience.player(1)).language == "pl"  # seen again: 2 is now the oldest
    await audience.heard(interaction(3, "it"))
    assert sorted(audience._players) == [1, 3]
    assert (await audience.player(2)).language == "de"  # from the database
    assert sorted(audience._players) == [2, 3]
