"""Bursts against the per-person caps: a person who sends `/domino new`, `/domino puzzle` or
Join many times at the same instant ends up with no more open places than their cap, on either
store. Each refused one hears why, and what a refused command posted is taken down."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from cogs import texts
from data.sql import open_store
from tests.emulator.emulator import Emulator
from tests.tables.test_processes import refusal_of

BURST = 7
MOST = 3  # TABLES_PER_USER and PUZZLES_PER_USER, by default
BUSY_SECONDS = 1.0  # how long a slow store keeps writes waiting


def refusals(results: list[Any]) -> list[str | None]:
    return [refusal_of(result) for result in results]


async def test_a_burst_of_new_tables_opens_no_more_than_the_cap(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    results = await asyncio.gather(
        *(alice.slash("domino new", game="two-player") for _ in range(BURST))
    )
    await emu.settle()
    opened = await domino.db.open_tables_of(alice.user.id, "table")  # type: ignore[attr-defined]
    assert len(opened) == MOST
    assert refusals(results).count(texts.TOO_MANY_TABLES.format(most=MOST)) == BURST - MOST
    # only the stored lobbies are left to join
    lobbies = [m for m in emu.channel().messages if "Join" in m.labels and not m.deleted]
    assert len(lobbies) == MOST


async def test_a_burst_of_puzzles_opens_no_more_than_the_cap(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    results = await asyncio.gather(
        *(alice.slash("domino puzzle", game="quadrille") for _ in range(BURST))
    )
    await emu.settle()
    opened = await domino.db.open_tables_of(alice.user.id, "puzzle")  # type: ignore[attr-defined]
    assert len(opened) == MOST
    seen = [[m.text for m in [r.response, *r.followups] if m is not None] for r in results]
    full = texts.TOO_MANY_PUZZLES.format(most=MOST)
    assert sum(1 for texts_seen in seen if full in texts_seen) == BURST - MOST
    # Each puzzle plays in its thread; a refused one leaves no line, thread or message behind.
    playable = [
        m
        for thread in emu.channel().threads
        for m in thread.messages
        if m.buttons and not m.deleted
    ]
    assert len(playable) == MOST
    lines = [m for m in emu.channel().messages if not m.deleted and "thread" in m.text]
    assert len(lines) == MOST


@asynccontextmanager
async def busy(store: str) -> AsyncIterator[None]:
    """A slow store: another writer (a backup, a copy, a long transaction of another process)
    holds the people's rows for a while. Reads go on; writes wait for it."""
    async with await open_store(store) as other, other.write() as connection:
        if other.dialect == "postgresql":
            await connection.execute("LOCK TABLE table_people IN EXCLUSIVE MODE")
        yield  # (SQLite: the writer's BEGIN IMMEDIATE holds the whole file)


async def test_a_burst_of_joins_seats_one_person_at_no_more_tables_than_the_cap(
    emu: Emulator, domino: discord.Client, store: str
) -> None:
    hosts = [emu.user(f"host{number}") for number in range(10)]
    lobbies = [(await host.slash("domino new", game="two-player")).response for host in hosts]
    alice = emu.user("alice")
    async with busy(store):  # every Join reads at once; none is written before the others read
        joins = asyncio.gather(*(alice.click(lobby, "Join") for lobby in lobbies))
        await asyncio.sleep(BUSY_SECONDS)
    results = await joins
    await emu.settle()
    seated = await domino.db.open_tables_of(alice.user.id, "table")  # type: ignore[attr-defined]
    assert len(seated) == MOST
    assert refusals(results).count(texts.TOO_MANY_TABLES.format(most=MOST)) == 10 - MOST
    assert sum(1 for lobby in lobbies if "alice" in lobby.text) == MOST
