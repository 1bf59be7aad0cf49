"""Shared steps of the standings end-to-end tests: moderators, recorded matches, answers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from data import RecordOutcome
from tests.emulator.emulator import Emulator
from tests.emulator.world import Role
from tests.standings.records import finished, played_record

MANAGE_GUILD = 1 << 5


def make_moderator(emu: Emulator, person: Any) -> Any:
    """Give `person` a role with Manage Server, as a server owner would."""
    role = Role(emu.clock.snowflake(), "Moderators", MANAGE_GUILD)
    emu.guild.roles[role.id] = role
    emu.guild.members[person.id].role_ids.append(role.id)
    return person


def answer(result: Any) -> Any:
    """The message an interaction answered with (a deferred answer's placeholder, once filled)."""
    if result.response is not None and not result.response.loading:
        return result.response
    return result.followups[-1]


def ephemeral_text(result: Any) -> str:
    messages = [m for m in [result.response, *result.followups] if m is not None and m.ephemeral]
    assert messages, f"no ephemeral answer in {result}"
    return str(messages[-1].text)


_RECORDS: dict[tuple[str, int, int], dict[str, Any]] = {}


def record_of(variant: str, players: int, seed: int, target: int) -> dict[str, Any]:
    key = (variant, players, seed)
    if key not in _RECORDS:
        _RECORDS[key] = played_record(variant, players, {"target": target}, seed=seed)
    return _RECORDS[key]


async def record_singles(
    emu: Emulator,
    bot: discord.Client,
    table_id: str,
    winner: Any,
    loser: Any,
    *,
    seed: int = 1,
    rated: bool = True,
) -> RecordOutcome:
    """A finished two-player match that `winner` won, recorded as the bot records one: the
    players are put in the seats the record's replay says won and lost."""
    record = record_of("two-player", 2, seed, 50)
    won = [seat.won for seat in finished("x", 0, record, [(1, "a"), (2, "b")], at=0).seats]
    seats: list[tuple[int | None, str]] = [(0, "")] * 2
    seats[won.index(True)] = (winner.id, winner.name)
    seats[won.index(False)] = (loser.id, loser.name)
    match = finished(table_id, emu.guild.id, record, seats, at=emu.clock.wall(), rated=rated)
    return await bot.db.record_match(match)  # type: ignore[attr-defined,no-any-return]


async def record_partnership(
    emu: Emulator,
    bot: discord.Client,
    table_id: str,
    winners: Sequence[Any],
    losers: Sequence[Any],
    *,
    seed: int = 2,
) -> RecordOutcome:
    """A finished partnership match that the pair `winners` won against `losers`."""
    record = record_of("partnership", 4, seed, 30)
    probe = finished("x", 0, record, [(n, str(n)) for n in range(4)], at=0).seats
    winning_seats = [seat.seat for seat in probe if seat.won]
    losing_seats = [seat.seat for seat in probe if not seat.won]
    seats: list[tuple[int | None, str]] = [(0, "")] * 4
    for seat, person in zip(winning_seats, winners, strict=True):
        seats[seat] = (person.id, person.name)
    for seat, person in zip(losing_seats, losers, strict=True):
        seats[seat] = (person.id, person.name)
    match = finished(table_id, emu.guild.id, record, seats, at=emu.clock.wall())
    return await bot.db.record_match(match)  # type: ignore[attr-defined,no-any-return]


def leaderboard_names(message: Any) -> list[str]:
    """The names on a leaderboard page, top to bottom ("a & b" for a pair)."""
    lines = (message.embed.get("description") or "").splitlines()
    return [line.split("** ", 1)[1].split(" — ")[0] for line in lines if line.startswith("**")]


def line_of(message: Any, name: str) -> str:
    """The leaderboard line of `name`."""
    for line in (message.embed.get("description") or "").splitlines():
        if f"** {name} — " in line:
            return str(line)
    raise AssertionError(f"{name} is not on {message.text!r}")
