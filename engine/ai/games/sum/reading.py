"""Reading the other seats' plays in the sum game: how well a sampled world explains the tiles
they chose to add.

`easy` adds the tile whose gap (target minus the total it leaves) looks best to it
(`engine.ai.games.sum.easy.sum_value`): an exact hit, a gap nobody else can fill, else the gap the
others are least likely to hold a tile for, shedding heavy tiles and keeping varied ones. Which
tile it chose, among those it could add, says much about what it held: a seat that left a gap
of 9 when it could have hit the target held no tile to hit it; one that added a 2 where a safer
10 was allowed held no such 10. Information decides this game (a seat searching on the true
hidden tiles wins 42% of hands against three `easy` seats, where `easy` in its chair wins 22%),
and passes say little (only that a seat holds nothing small enough).

The model of a play is `engine.ai.reading`'s: odds `exp(SUM_BOOK * value)` among the tiles the
seat could add, judged by `sum_value`'s terms from what that seat knew then (the tiles it could
not see, the gaps at which the others had passed, their hand sizes), mixed with a slip; each
opponent is read under two hypotheses at once (by the book, or free). A seat's hand at a past
play is its tiles now plus the ones it added since (nothing is drawn in this game); the lead is
forced (the highest tile) and is not read. In `sum` a tile is its pips: the unseen tiles are a
count per pip value, and a world is judged in microseconds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import comb

from engine.actions import Pass, Play
from engine.ai.games.sum.easy import DANGER, SHED, VARIETY, WIN
from engine.ai.knowledge import Knowledge
from engine.ai.reading import Likelihoods
from engine.tiles import MAX_PIPS, Tile
from engine.view import SeatView

SUM_BOOK = 100.0  # odds per point of `sum_value` (a pip shed is worth 0.05 of a point)
SUM_FREE = 0.05  # the same for a seat that plays by reasons of its own
PIP_VALUES = 2 * MAX_PIPS + 1


class SumReading:
    """The plays of the other seats in this hand of `sum`, ready to be weighed in many worlds."""

    def __init__(self, view: SeatView, knowledge: Knowledge) -> None:
        self.plays: list[_SumPlay] = []
        self.laid: dict[int, list[int]] = {}  # per seat, the pips it added after the lead
        self.full = _counts(tile.pips for tile in knowledge.variant.full_set())
        players, seated = view.players, knowledge.seated
        target = int(dict(view.options)["target"])
        plays_left = [0] * players  # per seat, its plays still to come in the history
        for action in view.history:
            if isinstance(action, Play):
                plays_left[action.seat] += 1
        total = 0
        table = list(_counts(tile.pips for tile in knowledge.undealt))  # seen as on the table
        passed_at = [-1] * players  # per seat, the largest gap it passed at (it lacks <= that)
        for action in view.history:
            seat = action.seat
            if isinstance(action, Pass):
                passed_at[seat] = max(passed_at[seat], target - total)
                continue
            if not isinstance(action, Play):
                continue
            pips = action.tile.pips
            plays_left[seat] -= 1
            if total and seat != view.seat:  # the lead (the highest tile) is forced
                others = tuple(
                    (passed_at[other], knowledge.sizes[other] + plays_left[other])
                    for other in _after(seat, players, seated)
                )
                self.plays.append(_SumPlay(seat, pips, target - total, tuple(table), others))
                self.laid.setdefault(seat, []).append(pips)
            table[pips] += 1
            total += pips

    def weight(self, hands: Sequence[Sequence[Tile]]) -> float:
        """The likelihood of the other seats' plays if they held `hands` now."""
        if not self.plays:
            return 1.0
        held = {seat: [t.pips for t in hands[seat]] + laid for seat, laid in self.laid.items()}
        odds = Likelihoods(held, SUM_BOOK, SUM_FREE)
        for play in self.plays:
            hand = held[play.seat]
            odds.add(play.seat, *play.values(hand, self.full))
            hand.remove(play.pips)
        return odds.total()


class _SumPlay:
    """One play: who added a tile of how many pips into which gap, the tiles on the table
    then (a count per pip value), and per later seat in turn order the largest gap it had
    passed at and its hand size then."""

    __slots__ = ("gap", "others", "pips", "seat", "table")

    def __init__(
        self,
        seat: int,
        pips: int,
        gap: int,
        table: tuple[int, ...],
        others: tuple[tuple[int, int], ...],
    ) -> None:
        self.seat, self.pips, self.gap, self.table, self.others = seat, pips, gap, table, others

    def values(self, hand: list[int], full: tuple[int, ...]) -> tuple[list[float], int]:
        """`sum_value` of each tile the seat could add holding `hand` (as pips), and the index
        of one it added (tiles of equal pips are worth the same)."""
        gap = self.gap
        unseen = [full[p] - self.table[p] for p in range(PIP_VALUES)]
        for pips in hand:
            unseen[pips] -= 1
        kinds = set(hand)
        values: list[float] = []
        chosen = -1
        for pips in hand:
            if pips > gap:
                continue
            if pips == self.pips and chosen < 0:
                chosen = len(values)
            left = gap - pips
            if left == 0:
                values.append(WIN)
                continue
            danger = 0.0
            weight = 1.0
            fillable = False
            for passed, size in self.others:
                if size <= 0:
                    continue
                if any(unseen[p] for p in range(passed + 1, min(left, PIP_VALUES - 1) + 1)):
                    fillable = True
                danger += weight * _chance_to_hold(unseen, passed, size, left)
                weight /= 2
            if not fillable:
                values.append(WIN / 2)
                continue
            variety = len(kinds) - (1 if hand.count(pips) == 1 else 0)
            values.append(-DANGER * danger + VARIETY * variety + SHED * pips)
        return values, chosen


def _chance_to_hold(unseen: list[int], passed: int, size: int, pips: int) -> float:
    """`engine.ai.games.sum.easy.chance_to_hold_pips` on counts: the seat may hold the unseen
    tiles of more pips than the largest gap it passed at."""
    pool = sum(unseen[passed + 1 :])
    hits = unseen[pips] if passed < pips < PIP_VALUES else 0
    size = min(size, pool)
    if hits == 0 or size == 0:
        return 0.0
    return 1.0 - comb(pool - hits, size) / comb(pool, size)


def _after(seat: int, players: int, seated: Sequence[bool]) -> list[int]:
    """The other seated seats in turn order after `seat`."""
    following = ((seat + step) % players for step in range(1, players))
    return [other for other in following if seated[other]]


def _counts(pips: Iterable[int]) -> tuple[int, ...]:
    counts = [0] * PIP_VALUES
    for value in pips:
        counts[value] += 1
    return tuple(counts)
