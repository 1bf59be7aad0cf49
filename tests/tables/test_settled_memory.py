"""Once ready, the bot collects its garbage once and freezes what it holds, so that the garbage
collector's full passes (which stalled the event loop for up to 250 ms at 200 tables) walk only
what came after; closing unfreezes it."""

from __future__ import annotations

import gc
from pathlib import Path

from tests.emulator.emulator import Emulator
from tests.tables.conftest import running_bot
from tests.tables.conftest import test_settings as settings_for


async def test_what_the_bot_loaded_at_start_is_frozen_until_it_closes(
    emu: Emulator, tmp_path: Path
) -> None:
    gc.unfreeze()
    settings = settings_for(emu, f"sqlite:///{tmp_path}/domino.sqlite3", settle_memory=True)
    async with running_bot(emu, settings) as client:
        await emu.wait_for(lambda: getattr(client, "memory_settled", False))
        assert gc.get_freeze_count() > 10_000
        # The bot's own objects are among the frozen (out of the collector's generations):
        # its command tree, its table runtime.
        tree, tables = client.tree, client.tables  # type: ignore[attr-defined]
        assert not any(found is tree or found is tables for found in gc.get_objects())
    assert gc.get_freeze_count() == 0


async def test_the_tests_bots_leave_memory_as_it_was(emu: Emulator, tmp_path: Path) -> None:
    gc.unfreeze()
    settings = settings_for(emu, f"sqlite:///{tmp_path}/domino.sqlite3")
    async with running_bot(emu, settings) as client:
        assert not getattr(client, "memory_settled", False)
        assert gc.get_freeze_count() == 0
