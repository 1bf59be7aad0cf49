"""What the people in a lobby do before the match starts: take or leave a seat, add or remove
AI seats, choose the game's options, and the host's cancel (or the lobby's expiry). Each is
refused outside the lobby, carried out by the pure `cogs.tables.seating.Lobby`, and bumps the
table's `version` (the lobby's buttons and menus are drawn for it).

`LobbyActions` is a base class of `Table`, so callers say `table.join(...)`; starting the match
(`Table.start`) and a rematch's new lobby (`Table.rematch_lobby`) make the match and the table,
so they stay with the table.
"""

from __future__ import annotations

from typing import Any

from cogs import texts
from cogs.common.refusal import Refusal
from cogs.tables import ending as endings
from cogs.tables.ending import Ending, EndKind
from cogs.tables.phase import Phase
from cogs.tables.seating import Lobby


class LobbyActions:
    """The lobby's actions of a `Table` (which holds the fields named here)."""

    lobby: Lobby
    phase: Phase
    version: int
    ending: Ending | None

    def _require_lobby(self) -> None:
        if self.phase is not Phase.LOBBY:
            raise Refusal(texts.NOT_IN_LOBBY)

    def join(
        self, user_id: int, name: str, seat: int | None = None, *, plays_forced: bool = True
    ) -> int:
        self._require_lobby()
        number = self.lobby.join(user_id, name, seat, plays_forced=plays_forced)
        self.version += 1
        return number

    def leave_lobby(self, user_id: int) -> None:
        self._require_lobby()
        self.lobby.leave(user_id)
        self.version += 1

    def add_ai(self, user_id: int, level: str, levels: tuple[str, ...]) -> None:
        self._require_lobby()
        self.lobby.add_ai(user_id, level, levels)
        self.version += 1

    def fill_with_ai(self, user_id: int, level: str, levels: tuple[str, ...]) -> None:
        self._require_lobby()
        self.lobby.fill_with_ai(user_id, level, levels)
        self.version += 1

    def remove_ai(self, user_id: int, seat: int) -> None:
        self._require_lobby()
        self.lobby.remove_ai(user_id, seat)
        self.version += 1

    def choose_option(self, user_id: int, name: str, value: Any) -> None:
        self._require_lobby()
        self.lobby.choose_option(user_id, name, value)
        self.version += 1

    def cancel(self, user_id: int) -> None:
        self._require_lobby()
        if user_id != self.lobby.host_id:
            raise Refusal(texts.NOT_HOST)
        self.phase = Phase.CANCELLED
        self.ending = endings.unranked(EndKind.CANCELLED)
        self.version += 1

    def expire(self) -> None:
        """The lobby waited too long."""
        self._require_lobby()
        self.phase = Phase.CANCELLED
        self.ending = endings.unranked(EndKind.EXPIRED)
        self.version += 1
