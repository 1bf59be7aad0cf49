"""Whole matches played by the engine with random legal moves, written as game records: real
records (they replay), made in milliseconds, for the standings tests."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from data import FinishedMatch, seats_from_record
from engine import Match
from engine.record import write


def played_record(
    variant: str, players: int, options: Mapping[str, Any] | None = None, *, seed: int = 0
) -> dict[str, Any]:
    """A finished match of `variant`, every seat playing a random legal move."""
    match = Match(variant, players, options, seed=seed)
    rng = random.Random(seed)
    while not match.over:
        hand = match.start_hand()
        while not hand.over:
            match.apply(rng.choice(match.legal_actions()))
    return write(match)


def finished(
    table_id: str,
    guild_id: int,
    record: dict[str, Any],
    players: Sequence[tuple[int | None, str]],
    *,
    at: float,
    rated: bool = True,
) -> FinishedMatch:
    """The match as the bot records it: seats and results read from the record's replay."""
    return FinishedMatch(
        table_id=table_id,
        guild_id=guild_id,
        variant=record["variant"],
        options=dict(record.get("options") or {}),
        record=record,
        seats=seats_from_record(record, players),
        rated=rated,
        finished_at=at,
    )
