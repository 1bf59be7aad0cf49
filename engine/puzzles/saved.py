"""Saved puzzle games, shared by Dominosa and Quadrille: the JSON read back, and the recorded
actions replayed through the game's own checks, so a tampered save is refused with the index of
the first action that does not hold."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Protocol

from engine.errors import IllegalAction
from engine.puzzles.cells import BadPuzzle


class Replays(Protocol):
    def replay(self, action: object) -> None: ...


def read_saved(data: Mapping[str, Any] | str) -> Mapping[str, Any]:
    """A saved game as a mapping, from itself or from its JSON text."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as error:
            raise BadPuzzle(
                "the saved game is not valid JSON ({problem})", problem=error.msg
            ) from None
    if not isinstance(data, Mapping):
        raise BadPuzzle("a saved game is a JSON object")
    return data


def replay_actions(game: Replays, data: Mapping[str, Any]) -> None:
    """Replay `data["actions"]` on `game`; a refusal names the 0-based action index."""
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise BadPuzzle("actions must be a list")
    for index, action in enumerate(actions):
        try:
            game.replay(action)
        except (IllegalAction, BadPuzzle) as error:
            raise BadPuzzle("action {index}: {reason}", index=index, reason=error.message) from None
