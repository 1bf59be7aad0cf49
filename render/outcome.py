"""How a hand and a match ended, in one sentence each: the one wording every place uses (the
board, the thread's message under the score sheet, the hand's message, the score sheet and its
alt text, /history). The decision of which sentence applies is `hand_kind`; the names it puts in
are the units that won (a pair by both its players), as the score sheet heads its columns."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from engine.rules import End, HandResult
from engine.view import SeatView
from render.wording import ENGLISH, Wording


class HandKind(Enum):
    WENT_OUT = "went out"  # a player placed their last tile; their side won
    TARGET = "target"  # the `sum` game: the running total hit the target
    BLOCKED_WON = "blocked, won"  # nobody could move; the count gave the hand to someone
    BLOCKED_NONE = "blocked, nobody"  # nobody could move, and nobody won it (a tie)
    DRAWN = "drawn"  # the hand ended some other way with no winner


def hand_kind(result: HandResult) -> HandKind:
    if result.end == End.BLOCKED:
        return HandKind.BLOCKED_WON if result.winners else HandKind.BLOCKED_NONE
    if not result.winners:
        return HandKind.DRAWN
    if result.end == End.TARGET:
        return HandKind.TARGET
    return HandKind.WENT_OUT


def winning_units(units: Sequence[Sequence[int]], seats: Sequence[int]) -> list[int]:
    """The units with a seat among `seats` (a pair wins as a pair), in the units' order."""
    won = set(seats)
    return [index for index, unit in enumerate(units) if won & set(unit)]


def units_named(
    units: Sequence[Sequence[int]],
    seats: Sequence[int],
    names: Sequence[str],
    wording: Wording = ENGLISH,
) -> str:
    """`seats`' units by name: `alice & bob and carol & dan` (each unit as the sheet heads its
    column)."""
    return wording.and_list(
        [
            " & ".join(wording.seat_name(names, seat) for seat in units[index])
            for index in winning_units(units, seats)
        ]
    )


def pairs_laid(result: HandResult) -> tuple[int, ...] | None:
    """The pairs each seat laid, in a hand of the pairs game (which counts them, not pips);
    None in every other game."""
    laid = result.outcome.extra.get("laid")
    return tuple(laid) if laid is not None else None


def hand_sentence(
    view: SeatView, result: HandResult, names: Sequence[str], *, wording: Wording = ENGLISH
) -> str:
    """How `result` (a finished hand of `view`'s match) ended, and who won it."""
    kind = hand_kind(result)
    number = wording.number(result.number + 1)
    won = units_named(view.units, result.winners, names, wording)
    laid = pairs_laid(result)
    if laid is not None:
        return _pairs_sentence(kind, result, laid, number, won, names, wording)
    if kind is HandKind.WENT_OUT:
        out = result.outcome.went_out
        who = wording.seat_name(names, out) if out is not None else won
        if who == won:  # a player alone: naming them twice would read oddly
            return wording.say(wording.outcome_went_out, number=number, out=who)
        return wording.say(wording.outcome_went_out_for, number=number, names=won, out=who)
    if kind is HandKind.TARGET:
        return wording.say(wording.outcome_target, number=number, names=won)
    if kind is HandKind.BLOCKED_WON:
        return wording.say(wording.outcome_blocked_won, number=number, names=won)
    if kind is HandKind.BLOCKED_NONE:
        return wording.say(wording.outcome_blocked_none, number=number)
    return wording.say(wording.outcome_hand_drawn, number=number)


def _pairs_sentence(
    kind: HandKind,
    result: HandResult,
    laid: Sequence[int],
    number: str,
    won: str,
    names: Sequence[str],
    wording: Wording,
) -> str:
    """The pairs game's hand in its own words: nobody "goes out" (a player who lays their
    fifth pair wins, tiles still in hand), and a blocked hand goes to who laid more pairs."""
    out = result.outcome.went_out
    if kind is HandKind.WENT_OUT and out is not None:
        count = laid[out]
        who = wording.seat_name(names, out)
        return wording.plural(wording.outcome_pairs_won, count, number=number, out=who, count=count)
    if result.winners:
        return wording.say(wording.outcome_pairs_blocked_won, number=number, names=won)
    return wording.say(wording.outcome_pairs_blocked_none, number=number)


def match_sentence(
    view: SeatView, winners: Sequence[int], names: Sequence[str], *, wording: Wording = ENGLISH
) -> str:
    """How the match ended: `winners` are the seats that won it (none: a draw), as the table or
    the record has them (which also covers a resignation)."""
    if not winners:
        return wording.outcome_match_drawn
    won = units_named(view.units, winners, names, wording)
    return wording.say(wording.outcome_match_won, names=won)
