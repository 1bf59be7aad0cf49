"""Deriving a finished match's seat results from its game record, through the engine's replay,
so the results stored are the ones the rules give and never a second opinion."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from data.models import DataError, SeatResult
from engine.errors import DominoError
from engine.record import replay


def seats_from_record(
    record: Mapping[str, Any], players: Sequence[tuple[int | None, str]]
) -> list[SeatResult]:
    """The results of a finished match: `players[seat]` is that seat's (user id or `None` for
    an AI, display name). Each seat gets its unit, its unit's final score and whether it won;
    places are left for `record_match` to derive. Refuses a record that does not replay or
    whose match is not over."""
    try:
        match = replay(record).match
    except DominoError as error:
        raise DataError(f"the record does not replay: {error}") from None
    if not match.over:
        raise DataError("the match in this record is not finished")
    if len(players) != match.players:
        raise DataError(f"the record has {match.players} seats, not {len(players)}")
    winners = set(match.winners)
    return [
        SeatResult(
            seat=seat,
            user_id=user_id,
            name=name,
            unit=match.unit_of(seat),
            points=match.scores[match.unit_of(seat)],
            won=seat in winners,
        )
        for seat, (user_id, name) in enumerate(players)
    ]
