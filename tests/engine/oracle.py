"""A second, independent reading of RULES.md's scoring: who wins a finished hand and what each
unit scores, and when a match is over and who wins it, written from the rulebook without the
engine's variant code. The random playouts compare the engine with it after every hand.

Only the twelve line games are known here; for any other game `hand_verdict` returns `None`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.rules import HandOutcome
from engine.tiles import Tile

ZERO_ZERO = Tile(0, 0)
Verdict = tuple[tuple[int, ...], tuple[int, ...]]  # (winning seats, points per unit)


def pips(tiles: Sequence[Tile]) -> int:
    return sum(tile.high + tile.low for tile in tiles)


def units_of(variant: str, players: int, options: dict[str, Any]) -> list[list[int]]:
    if variant in ("partnership", "111"):
        return [[0, 2], [1, 3]]
    teams = int(options.get("teams", 0))
    if variant in ("classic", "gameroom") and teams:
        return [[seat for seat in range(players) if seat % teams == team] for team in range(teams)]
    return [[seat] for seat in range(players)]


# The options of RULES.md §4.1 this oracle does not read: with any of them set, `partnership`
# is left to tests/engine/test_latin*.py.
LATIN_OPTIONS = {"pairs", "target"}


def latin(variant: str, options: dict[str, Any]) -> bool:
    return variant == "partnership" and not set(options) <= LATIN_OPTIONS


def hand_verdict(
    variant: str, players: int, options: dict[str, Any], outcome: HandOutcome
) -> Verdict | None:
    if latin(variant, options):
        return None
    units = units_of(variant, players, options)
    unit_of = {seat: index for index, unit in enumerate(units) for seat in unit}
    left = outcome.hands
    seated = [seat for seat in range(players) if outcome.seated[seat]]
    counts = {seat: pips(left[seat]) for seat in seated}
    domino = outcome.end == "domino"
    out = outcome.went_out if outcome.went_out is not None else -1
    last_placer = outcome.last_placer if outcome.last_placer is not None else -1
    zero = (0,) * len(units)

    def only(unit: int, points: int) -> tuple[int, ...]:
        return tuple(points if index == unit else 0 for index in range(len(units)))

    if variant == "partnership":
        sums = [counts[a] + counts[b] for a, b in units]
        if domino:
            win = unit_of[out]
        elif sums[0] != sums[1]:
            win = sums.index(min(sums))
        else:
            win = unit_of[last_placer]
        return tuple(units[win]), only(1 - win, sums[1 - win])
    if variant == "111":
        fewest = min(counts.values())
        tied_pairs = {unit_of[seat] for seat in seated if counts[seat] == fewest}
        if domino:
            win = unit_of[out]
        elif len(tied_pairs) == 1:
            win = tied_pairs.pop()
        else:
            win = unit_of[last_placer]
        return tuple(units[win]), only(win, sum(counts.values()))
    if variant in ("traditional", "two-player", "home-and-away", "french"):
        if domino:
            return (out,), only(out, sum(counts.values()) - counts[out])
        fewest = min(counts.values())
        tied = tuple(seat for seat in seated if counts[seat] == fewest)
        if len(tied) > 1:
            return tied, zero
        return tied, only(tied[0], sum(count - fewest for count in counts.values()))
    if variant == "kids":
        if domino:
            return (out,), zero
        fewest = min(counts.values())
        return tuple(seat for seat in seated if counts[seat] == fewest), zero
    if variant == "pool":
        stake = int(options.get("stake", 10))
        if domino:
            winners: tuple[int, ...] = (out,)
        else:
            fewest = min(counts.values())
            winners = tuple(seat for seat in seated if counts[seat] == fewest)
        pot = stake * len(seated)
        points = [0] * players
        for seat in seated:
            points[seat] = -stake
        for rank, seat in enumerate(winners):
            points[seat] += pot // len(winners) + (1 if rank < pot % len(winners) else 0)
        return winners, tuple(points)
    if variant == "beginner":
        if domino:
            return (out,), only(out, sum(counts.values()))
        key = {seat: (len(left[seat]), counts[seat]) for seat in seated}
        best = min(key.values())
        tied = tuple(seat for seat in seated if key[seat] == best)
        if len(tied) > 1:
            return tied, zero
        return tied, only(tied[0], sum(counts.values()) - counts[tied[0]])
    if variant == "hungarian":
        fewest = min(counts.values())
        points = [counts.get(seat, 0) for seat in range(players)]
        return tuple(seat for seat in seated if counts[seat] == fewest), tuple(points)
    if variant == "classic":
        sums = [sum(counts[seat] for seat in unit) for unit in units]
        if domino:
            win = unit_of[out]
        else:
            fewest = min(sums)
            order = [(outcome.leader + step) % players for step in range(players)]
            win = next(unit_of[seat] for seat in order if sums[unit_of[seat]] == fewest)
        in_pairs = options.get("teams") == 2  # pairs score all four hands, singles the others'
        gain = sum(sums) if in_pairs else sum(sums) - sums[win]
        return tuple(units[win]), only(win, gain)
    if variant == "gameroom":
        worth = {
            seat: 10 if list(left[seat]) == [ZERO_ZERO] else pips(left[seat]) for seat in seated
        }
        playing = [index for index, unit in enumerate(units) if any(s in seated for s in unit)]
        own = [sum(worth.get(seat, 0) for seat in unit) for unit in units]
        points = [0] * len(units)
        if domino:
            win = unit_of[out]
            for index in playing:
                if index != win:
                    points[index] = own[index] + own[win]
            return tuple(units[win]), tuple(points)
        for index in playing:
            points[index] = own[index]
        fewest = min(points[index] for index in playing)
        winners = sorted(
            seat for index in playing if points[index] == fewest for seat in units[index]
        )
        return tuple(winners), tuple(points)
    return None


def match_verdict(
    variant: str,
    players: int,
    options: dict[str, Any],
    scores: Sequence[int],
    hands_played: int,
    last_seated: Sequence[bool],
) -> tuple[bool, tuple[int, ...]] | None:
    """Whether the match is over after this many hands with these scores, and its winners."""
    if latin(variant, options):
        return None
    units = units_of(variant, players, options)

    def seats(indices: Sequence[int]) -> tuple[int, ...]:
        return tuple(sorted(seat for index in indices for seat in units[index]))

    target = options.get("target")
    if variant in ("traditional", "two-player", "french", "beginner", "classic", "111"):
        target = target or (111 if variant == "111" else 100)
        best = max(scores)
        if best < target:
            return False, ()
        return True, seats([index for index, score in enumerate(scores) if score == best])
    if variant == "partnership":
        target = target or 100
        losers = [index for index, score in enumerate(scores) if score >= target]
        if not losers:
            return False, ()
        return True, seats([index for index in range(2) if index not in losers])
    if variant == "kids":
        return None  # the hand's winners, checked by `hand_verdict`
    if variant == "home-and-away":
        if hands_played < 2:
            return False, ()
        if scores[0] == scores[1]:
            return True, ()
        return True, ((0,) if scores[0] > scores[1] else (1,))
    if variant == "hungarian":
        if hands_played < (options.get("hands") or players):
            return False, ()
        fewest = min(scores)
        return True, seats([index for index, score in enumerate(scores) if score == fewest])
    if variant == "pool":
        stake = int(options.get("stake", 10))
        can_pay = sum(1 for score in scores if score >= stake)
        if hands_played < int(options.get("hands", 5)) and can_pay >= 2:
            return False, ()
        most = max(scores)
        return True, seats([index for index, score in enumerate(scores) if score == most])
    if variant == "gameroom":
        target = target or 100
        still_in = [index for index, score in enumerate(scores) if score < target]
        if len(still_in) > 1:
            return False, ()
        if still_in:
            return True, seats(still_in)
        last_in = [index for index, unit in enumerate(units) if any(last_seated[s] for s in unit)]
        fewest = min(scores[index] for index in last_in)
        return True, seats([index for index in last_in if scores[index] == fewest])
    return None
