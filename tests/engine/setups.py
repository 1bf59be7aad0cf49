"""Every variant at every player count it allows, plus the option sets that change how a game is
played (sets and teams of `gameroom`, `classic` in pairs, tight `pool` purses)."""

from __future__ import annotations

from typing import Any

from engine import all_variants

EXTRA: list[tuple[str, int, dict[str, Any]]] = [
    ("partnership", 4, {"pairs": "random", "target": 30}),
    ("classic", 4, {"teams": 2}),
    ("pool", 3, {"chips": 20, "stake": 10, "hands": 8}),
    ("pool", 4, {"chips": 10, "stake": 10}),
    ("gameroom", 4, {"teams": 2}),
    *(("gameroom", players, {"set": 9}) for players in range(2, 11)),
    *(("gameroom", players, {"set": 12}) for players in (2, 5, 10)),
    ("gameroom", 6, {"set": 9, "teams": 3}),
    ("gameroom", 8, {"set": 12, "teams": 4}),
    ("gameroom", 10, {"set": 9, "teams": 5}),
    ("gameroom", 10, {"set": 12, "teams": 2}),
    ("gameroom", 5, {"set": 9, "target": 25}),
    ("hungarian", 3, {"hands": 2}),
]


def setups() -> list[tuple[str, int, dict[str, Any]]]:
    plain = [
        (variant.id, players, {})
        for variant in all_variants()
        for players in variant.allowed_players()
    ]
    return plain + EXTRA


def setup_id(setup: tuple[str, int, dict[str, Any]]) -> str:
    variant, players, options = setup
    extra = ",".join(f"{key}={value}" for key, value in options.items())
    return f"{variant}-{players}" + (f"-{extra}" if extra else "")
