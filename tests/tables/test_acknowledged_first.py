"""Commands that write acknowledge first: `/domino settings` and `/domino config language`
answer Discord (a deferral) before anything is written, so a slow store never costs the
player their interaction (Discord's 3 s)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from cogs import texts
from cogs.lang import Command
from data import Database
from tests.emulator.emulator import Emulator

#: Each write, and whether every interaction of the emulator had been answered by then.
Writes = list[tuple[str, bool]]


@pytest.fixture
def writes(emu: Emulator, monkeypatch: pytest.MonkeyPatch) -> Writes:
    seen: Writes = []
    for name in ("set_hands_place", "set_guild_language"):
        real = getattr(Database, name)

        async def write(self: Database, *args: Any, _real: Any = real, _name: str = name) -> Any:
            answered = all(i.acknowledged for i in emu.interactions.values())
            seen.append((_name, answered))
            return await _real(self, *args)

        monkeypatch.setattr(Database, name, write)
    return seen


async def test_settings_are_acknowledged_before_they_are_written(
    emu: Emulator, domino: discord.Client, writes: Writes
) -> None:
    alice = emu.user("alice")
    answer = (await alice.slash("domino settings", hands="thread")).response
    # Where hands go, then how turns with a single move are played (the answer's two lines).
    where = texts.HANDS_IN_THREAD.format(command=Command("domino settings"))
    assert answer.text.splitlines()[0] == where
    owner = emu.user("owner")
    chosen = await owner.slash("domino config language", language="es")
    assert chosen.response is not None
    assert writes == [("set_hands_place", True), ("set_guild_language", True)]
