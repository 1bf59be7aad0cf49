"""Every variant at every player count it allows, plus the option sets that change how a game is
played (sets and teams of `gameroom`, `classic` in pairs, tight `pool` purses)."""

from __future__ import annotations

from typing import Any

from engine import all_variants

# A spread of RULES.md §4.1's options on `partnership` (the presets are variants of their own).
LATIN_COMBINATIONS: list[dict[str, Any]] = [
    {"scoring": "all", "tranque": "player", "tranque-tie": "none", "capicua": "x2", "pase": 5},
    {"scoring": "opponents", "capicua": 25, "capicua-ends": "different", "target": 60},
    {"wins": 3, "tranque-tie": "none", "lead": "rotate"},
    {"set": 9, "tranque": "blocker", "tranque-tie": "leader", "chuchazo": 50, "pase-corrido": 10},
    {"pase-salida": 10, "pase-corrido": 10, "hand-bonus": [10, 5], "tranque-tie": "none"},
    {"set": 9, "scoring": "all", "tranque": "player", "tranque-tie": "none", "lead": "rotate"},
]

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
    *(("partnership", 4, options) for options in LATIN_COMBINATIONS),
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
