"""Finding a puzzle's message: `/domino puzzle` answers in the channel with a line that starts
the attempt's thread, and the puzzle (picture, buttons, menus) is played in that thread."""

from __future__ import annotations

from typing import Any

from engine.puzzles.cells import Cell, cell_text, pair_text
from tests.emulator.emulator import Emulator
from tests.tables.play import table_channel


def opened(emu: Emulator, result: Any, channel: Any = None) -> Any:
    """The puzzle message the `/domino puzzle` answered with `result` opened: in the newest
    thread of `channel` (the home channel by default), or in the channel when it has none."""
    assert result.response is not None, "the command is answered in the channel"
    place = table_channel(emu, channel)
    return next(m for m in reversed(place.messages) if m.embeds and m.files)


async def choose_tile(person: Any, puzzle: Any, cells: tuple[Cell, Cell], verb: str) -> Any:
    """Pick the row of the tile's first cell on the puzzle message, then the tile in the menu
    the player is answered with; returns that (ephemeral) menu message."""
    first = min(cells)
    rows = puzzle.selects[0]
    answer = await person.choose(puzzle, str(first[0]), custom_id=rows.custom_id)
    menu = answer.response
    assert menu is not None and menu.ephemeral
    tiles = menu.selects[0]
    wanted = (
        f"place {pair_text(*sorted(cells))}" if verb == "place" else f"remove {cell_text(first)}"
    )
    assert wanted in tiles.values, (wanted, tiles.values)
    await person.choose(menu, wanted, custom_id=tiles.custom_id)
    return menu
