"""Finding a puzzle's message: `/domino puzzle` answers in the channel with a line that starts
the attempt's thread, and the puzzle (picture, buttons, menus) is played in that thread."""

from __future__ import annotations

from typing import Any

from tests.emulator.emulator import Emulator
from tests.tables.play import table_channel


def opened(emu: Emulator, result: Any, channel: Any = None) -> Any:
    """The puzzle message the `/domino puzzle` answered with `result` opened: in the newest
    thread of `channel` (the home channel by default), or in the channel when it has none."""
    assert result.response is not None, "the command is answered in the channel"
    place = table_channel(emu, channel)
    return next(m for m in reversed(place.messages) if m.embeds and m.files)
