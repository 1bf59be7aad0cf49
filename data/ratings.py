"""Ratings: openskill's Plackett-Luce model over a match's scoring units, and their places.

Pure functions, no SQL. A unit is what scores in the engine (a player, or a pair/team); every
unit of a rated match is a team for openskill, so singles, pairs, teams and many-player games are
rated alike, ranked by their place. A leaderboard shows the conservative estimate
`mu - 3 * sigma` (openskill's ordinal): a newcomer starts at 0 and climbs by playing and winning.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from data.models import DataError, SeatResult

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    """An openskill belief about a player (or a fixed pair): mean `mu`, uncertainty `sigma`."""

    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        """The ordinal shown on leaderboards: mu less three sigmas."""
        return self.mu - 3.0 * self.sigma


NEWCOMER = Skill(_MODEL.mu, _MODEL.sigma)


def rate(units: Sequence[Sequence[Skill]], places: Sequence[int]) -> list[list[Skill]]:
    """New skills after a match: `units[i]` are the members of unit i, `places[i]` its finish
    (1 best, ties equal). A match of fewer than two units teaches nothing and changes nothing."""
    if len(units) != len(places):
        raise ValueError("every unit needs a place")
    if len(units) < 2:
        return [list(unit) for unit in units]
    teams = [[_MODEL.rating(mu=skill.mu, sigma=skill.sigma) for skill in unit] for unit in units]
    rated = _MODEL.rate(teams, ranks=[float(place) for place in places])
    return [[Skill(member.mu, member.sigma) for member in team] for team in rated]


def unit_places(seats: Sequence[SeatResult], scoring: str) -> dict[int, int]:
    """Each unit's place (1 best, ties share a place, competition style: 1, 2, 2, 4).

    Places given on the seats win; otherwise winners come first, then the other units by their
    final score in the variant's direction (`penalty`: fewer points is better; `reward`: more is
    better; `none`: the non-winners tie). Seats of one unit must agree on score and result; a
    seat whose player resigned and left may be no winner where its unit won (its place, and so
    its rating, is still the unit's), when places are given.
    """
    by_unit: dict[int, SeatResult] = {}
    for seat in seats:
        first = by_unit.setdefault(seat.unit, seat)
        placed = first.place is not None and seat.place is not None
        if (first.points, first.place) != (seat.points, seat.place) or (
            first.won != seat.won and not placed
        ):
            raise DataError(f"the seats of unit {seat.unit} disagree on the result")
        if seat.won and not first.won:
            by_unit[seat.unit] = seat  # the unit won (a seat that left did not)
    given = [seat.place for seat in by_unit.values()]
    if all(place is not None for place in given):
        if any(place is not None and place < 1 for place in given):
            raise DataError("places start at 1")
        return {unit: seat.place for unit, seat in by_unit.items() if seat.place is not None}
    if any(place is not None for place in given):
        raise DataError("give a place for every unit or for none")

    def key(seat: SeatResult) -> tuple[int, int]:
        if scoring == "penalty":
            score = seat.points
        elif scoring == "reward":
            score = -seat.points
        else:
            score = 0
        return (0 if seat.won else 1, score)

    ordered = sorted(by_unit.items(), key=lambda item: key(item[1]))
    places: dict[int, int] = {}
    for position, (unit, seat) in enumerate(ordered):
        previous = ordered[position - 1][1] if position else None
        if previous is not None and key(previous) == key(seat):
            places[unit] = places[ordered[position - 1][0]]
        else:
            places[unit] = position + 1
    return places
