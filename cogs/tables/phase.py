"""Where a table is in its life: a lobby, a hand being played, the pause between hands, or
ended (played out or stopped, `OVER`; a lobby that never started, `CANCELLED`). A module of its
own so that the parts of the model (`cogs.tables.table`, `cogs.tables.offers`) share it without
importing each other."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    BETWEEN = "between"  # a hand is over, the next is not dealt yet
    OVER = "over"
    CANCELLED = "cancelled"
