"""How a hand and a match ended, in one sentence each: the one wording every place uses (the
board, the thread's message under the score sheet, the hand's message, the score sheet and its
alt text, /history). The decision of which sentence applies is `hand_kind`; the names it puts in
are the units that won (a pair by both its players), as the score sheet heads its columns."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from functools import cache
from typing import Any

from engine.errors import DominoError, UnknownVariant
from engine.rules import End, HandResult, Scoring, Tally
from engine.variants import get_variant
from engine.variants.base import Variant
from engine.variants.latin_scoring import DOUBLE_BLANK, facts_of
from engine.view import SeatView
from render.wording import ENGLISH, Wording


class HandKind(Enum):
    WENT_OUT = "went out"  # a player placed their last tile; their side won
    TARGET = "target"  # the `sum` game: the running total hit the target
    BLOCKED_WON = "blocked, won"  # nobody could move; the count gave the hand to someone
    BLOCKED_NONE = "blocked, nobody"  # nobody could move, and nobody won it (a tie)
    DRAWN = "drawn"  # the hand ended some other way with no winner


#: The games whose hands may earn the bonuses of RULES.md §4.1 (`bonus_lines`).
LATIN_GAMES = frozenset({"partnership", "latin", "dominican", "puerto-rico", "pr-500", "cuban"})


def hand_kind(result: HandResult) -> HandKind:
    if result.end == End.BLOCKED:
        # Every seat a winner (a void hand, a block where all tie): nobody won it over another.
        seated = {seat for seat, sits in enumerate(result.outcome.seated) if sits}
        nobody = len(seated) > 1 and set(result.winners) == seated
        return HandKind.BLOCKED_WON if result.winners and not nobody else HandKind.BLOCKED_NONE
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


def _rules_of(view: SeatView) -> Variant | type[Variant]:
    """The view's game as its options make it: an option may choose how points count
    (`partnership` with `scoring: opponents` counts points won, with `wins` hands won)."""
    return _variant(view.variant, view.players, view.options)


@cache
def _variant(
    name: str, players: int, options: tuple[tuple[str, Any], ...]
) -> Variant | type[Variant]:
    kind = get_variant(name)
    try:
        return kind(players, dict(options))
    except DominoError:
        return kind  # options of an older build: the game's own way of counting


def scoring_of(view: SeatView) -> Scoring:
    """How the view's game counts points (penalty points are bad: reaching the target loses)."""
    try:
        return _rules_of(view).scoring
    except UnknownVariant:
        return Scoring.REWARD


def penalty(view: SeatView) -> bool:
    """Whether the game's points are penalties (lowest is best)."""
    return scoring_of(view) is Scoring.PENALTY


def losing_target(view: SeatView) -> int | None:
    """The score at which a side loses (or, where the game eliminates, is out), in a game of
    penalty points with a target; None otherwise."""
    target = dict(view.options).get("target")
    if not penalty(view) or not isinstance(target, int) or isinstance(target, bool):
        return None
    return target


def eliminates(view: SeatView) -> bool:
    """Whether sides leave the match as they reach the target (the game room)."""
    try:
        return bool(get_variant(view.variant).eliminates)
    except UnknownVariant:
        return False


def eliminated_in(view: SeatView, number: int) -> list[int]:
    """The units the view's hand `number` (0-based, finished) put out of the match: their total
    reached the target in it. A unit that won the match in that hand (all the last ones reached
    it; the lowest won) is not out."""
    target = losing_target(view)
    if target is None or not eliminates(view) or number >= len(view.results):
        return []
    before = view.results[number - 1].scores if number > 0 else (0,) * len(view.units)
    after = view.results[number].scores
    winners = set(view.winners) if view.over and number == len(view.results) - 1 else set()
    return [
        unit
        for unit in range(len(view.units))
        if before[unit] < target <= after[unit] and not winners & set(view.units[unit])
    ]


def eliminated_units(view: SeatView) -> list[tuple[int, int]]:
    """Every unit out of the match so far, with the hand (0-based) that put it out."""
    return [
        (unit, number)
        for number in range(len(view.results))
        for unit in eliminated_in(view, number)
    ]


def out_sentence(
    view: SeatView, unit: int, names: Sequence[str], *, wording: Wording = ENGLISH
) -> str:
    """Why a unit is out of the match: its total and the limit (`eliminated_in`)."""
    target = losing_target(view)
    name = " & ".join(wording.seat_name(names, seat) for seat in view.units[unit])
    total = out_total(view, unit)
    return wording.say(wording.outcome_out, names=name, total=total, target=target or 0)


def out_total(view: SeatView, unit: int) -> int:
    """The total at which a unit went out of the match: its total now, since a side out of
    the match sits every later hand out and scores no more (read in constant time: a DM says
    it at every hand, on the event loop)."""
    return view.scores[unit]


def tally_of(view: SeatView) -> Tally:
    """What the view's game counts: points, chips (`pool`) or hands won (`sum`)."""
    try:
        return _rules_of(view).tally
    except UnknownVariant:
        return Tally.POINTS


def points_sentence(
    view: SeatView, result: HandResult, names: Sequence[str], *, wording: Wording = ENGLISH
) -> str:
    """The points of a finished hand: only the sides whose score changed, each with its total
    (`result.scores`); penalty points are named so, with the score that loses, and carry no
    plus sign (they are not a gain). A game that counts chips says chips won or lost and the
    chips left; one that counts hands won says every side's count and the count that wins."""
    wording = wording.for_variant(view.variant)
    heads = [" & ".join(wording.seat_name(names, seat) for seat in unit) for unit in view.units]
    tally = tally_of(view)
    if tally is Tally.HANDS:
        wins = dict(view.options).get("wins", 0)
        counts = ", ".join(
            f"{head} {wording.number(total)}"
            for head, total in zip(heads, result.scores, strict=True)
        )
        return wording.say(wording.outcome_hands_won, units=counts, wins=wins)
    if tally is Tally.CHIPS:
        chips = ", ".join(
            wording.say(
                wording.outcome_chips_unit,
                name=heads[index],
                chips=wording.signed(points),
                total=result.scores[index],
            )
            for index, points in enumerate(result.points)
            if points
        )
        return (
            wording.say(wording.outcome_chips, units=chips) if chips else wording.outcome_no_points
        )
    bad = penalty(view)
    units = ", ".join(
        wording.say(
            wording.alt_sheet_unit,
            name=heads[index],
            points=wording.number(points) if bad else wording.signed(points),
            total=result.scores[index],
        )
        for index, points in enumerate(result.points)
        if points
    )
    if not units:
        return wording.outcome_no_points
    if not bad:
        return wording.say(wording.alt_sheet_points, units=units)
    target = losing_target(view)
    if target is None:
        return wording.say(wording.outcome_penalty_points, units=units)
    return wording.say(wording.outcome_penalty_target, units=units, target=target)


def pairs_laid(result: HandResult) -> tuple[int, ...] | None:
    """The pairs each seat laid, in a hand of the pairs game (which counts them, not pips);
    None in every other game."""
    laid = result.outcome.extra.get("laid")
    return tuple(laid) if laid is not None else None


def hand_sentence(
    view: SeatView, result: HandResult, names: Sequence[str], *, wording: Wording = ENGLISH
) -> str:
    """How `result` (a finished hand of `view`'s match) ended, and who won it."""
    wording = wording.for_variant(view.variant)
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
    if kind is HandKind.TARGET and get_variant(view.variant).scores_in_play:
        return wording.say(wording.outcome_reached, number=number, names=won)
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
    # Many winning sides and one that did not win: it is the one named (a whole table listed
    # says less than "everyone but alice").
    won = winning_units(view.units, winners)
    if len(won) > 2 and len(view.units) - len(won) == 1:
        lost = next(index for index in range(len(view.units)) if index not in won)
        loser = " & ".join(wording.seat_name(names, seat) for seat in view.units[lost])
        return wording.say(wording.outcome_match_won_but, names=loser)
    won_by = units_named(view.units, winners, names, wording)
    return wording.say(wording.outcome_match_won, names=won_by)


def bonus_lines(
    view: SeatView, result: HandResult, names: Sequence[str], *, wording: Wording = ENGLISH
) -> list[str]:
    """The bonuses of a hand of the Latin partnership scorings (RULES.md §4.1), one short line
    each: a capicúa, a chuchazo, each pair's pass bonuses, a hand bonus, and in a match of hands
    won what a void hand makes the next worth. Under penalty scoring a bonus is added to the
    other pair's score: the points line says so by its numbers; these name who earned it."""
    options: dict[str, Any] = dict(view.options)
    if view.variant not in LATIN_GAMES or len(view.units) != 2:
        return []
    lines: list[str] = []
    facts = facts_of(result.outcome.extra)
    winners = units_named(view.units, result.winners, names, wording)
    void = len(result.winners) == sum(map(len, view.units))
    domino = result.end == End.DOMINO
    capicua = options.get("capicua", 0)
    counts = options.get("capicua-ends") == "any" or facts.capicua_different
    if domino and capicua and facts.capicua and counts:
        if capicua == "x2":
            lines.append(wording.say(wording.outcome_capicua_double, names=winners))
        else:
            lines.append(wording.say(wording.outcome_capicua, names=winners, points=capicua))
    chuchazo = options.get("chuchazo", 0)
    if domino and chuchazo and facts.last_tile == DOUBLE_BLANK:
        lines.append(wording.say(wording.outcome_chuchazo, names=winners, points=chuchazo))
    rates = (options.get("pase-salida", 0), options.get("pase-corrido", 0), options.get("pase", 0))
    for unit, seats in enumerate(view.units):
        earned = (
            facts.salida[unit] * rates[0]
            + facts.corrido[unit] * rates[1]
            + facts.passes[unit] * rates[2]
        )
        if earned:
            pair = units_named(view.units, seats, names, wording)
            lines.append(wording.say(wording.outcome_pass_bonus, names=pair, points=earned))
    bonuses = options.get("hand-bonus", ())
    if not void and result.number < len(bonuses):
        number = wording.number(result.number + 1)
        points = bonuses[result.number]
        lines.append(wording.say(wording.outcome_hand_bonus, number=number, points=points))
    if void and options.get("wins"):
        worth = 1
        for earlier in reversed(view.results):
            if len(earlier.winners) != len(result.winners):
                break
            worth += 1
        lines.append(wording.say(wording.outcome_void_derby, count=worth))
    return lines
