"""Reading the other seats' plays: how well a sampled world explains the tiles they chose.

Passes and draws give certainties (`engine.ai.knowledge`); plays give likelihoods. Domino
players are taught the same rules of thumb (`engine.ai.heuristics`: heavy tiles and doubles
first, keep variety, show numbers you hold, shut out an opponent who passed, never your
partner), so a seat that laid 2-1 where 6-5 fitted probably held no 6-5, and one that showed a
4 probably holds more 4s. The `expert` weighs each sampled world by the probability that the
other seats, holding the tiles that world gives them, would have made the plays they made.

The model of a play: the seat picks among its legal placements with odds `exp(BOOK * value)`,
`value` being `position_value`'s judgement of the position each leaves (computed here on
bitmasks: the same terms and weights, the passes it knew of included), and with a small chance
(`SLIP`) plays any placement instead. Not every opponent plays by the book (a searching AI, a
human with ideas of its own), and reading such a seat sharply believes the worlds where its
plays happen to look bookish: so each opponent is read under two hypotheses at once, by the
book or free (odds `FREE`, slip `FREE_SLIP`), its weight in a world their even mixture over
all its plays (a Bayesian choice between two kinds of player, not a blend play by play). A
bookish seat's plays are explained far better by the first in the worlds that hold its true
tiles, and reading is sharp; a free one's by neither, the second carries every world, and
reading stays mild. A partner is an `expert` too, whose search often overrules the rules of
thumb: its plays are read by the book with a large slip (`PARTNER_SLIP`).

Measured in the arena (partnership, `expert` against `easy`, 200 duplicate deals at 100 ms of
CPU, seed `s13`): plain search 70.0% of hands; reading by the book alone with odds 5 and slip
3% 73.2%, odds 10 and slip 1% 75.5%, odds 20 and slip 0.3% 72.5%; partner slip 25% instead of
50% 69.8%; with the free hypothesis 71.2%. At full budgets the book alone lost to `hard`
(41.5% of hands, 100 deals, seed `final`) where the mixture did not lose (55.5% on the same
deals, 47.5% on 100 of seed `arena`: level), and
against `easy` the mixture won 75.8% of 200 deals (seed `final`) to the book alone's 72.2%:
the mixture is what ships.

The reading applies where a seat's hand at each past play can be rebuilt from the world alone:
line games on the fast path without drawing and one tile a turn (the hand then is its tiles now
plus the ones it laid since). The lead is left out (it may be forced). Elsewhere every world
weighs 1.
"""

from __future__ import annotations

import math
from collections.abc import Container, Iterable, Sequence

from engine.actions import Pass, Play
from engine.ai.heuristics import (
    CONTROL,
    DOUBLE_COST,
    NEXT_OPPONENT_LACKS,
    OPPONENT_LACKS,
    PARTNER_LACKS,
    VARIETY,
)
from engine.ai.knowledge import Knowledge
from engine.fast import HIGH, LOW, PIPS, WITH, mask_of, supports
from engine.layout import Shape
from engine.rules import DrawRule
from engine.tiles import Tile
from engine.view import SeatView

BOOK = 10.0  # odds per point of `position_value`
SLIP = 0.01  # the chance that an opponent plays any placement, whatever its value
PARTNER_SLIP = 0.5
FREE = 1.0  # the same for an opponent that plays by reasons of its own
FREE_SLIP = 0.3
BOOK_SHARE = 0.5  # the prior chance that an opponent plays by the book
TIE = 0.001  # `easy` takes the heavier of two otherwise equal plays (`_tile_bonus`)


class PlayReading:
    """The plays of the other seats in this hand, ready to be weighed in many worlds."""

    def __init__(self, view: SeatView, knowledge: Knowledge) -> None:
        variant = knowledge.variant
        self.active = (
            supports(variant)
            and variant.draw_rule is DrawRule.NONE
            and not variant.keeps_playing
            and view.layout.shape is Shape.LINE
        )
        # Every play of another seat after the lead, with what the player knew when it made it.
        self.plays: list[_Play] = []
        self.laid: dict[int, int] = {}  # per seat, the tiles it laid after the lead
        self.full = mask_of(variant.full_set())
        self.partners: set[int] = set()
        if not self.active:
            return
        unit_of = variant.unit_of
        seated = view.seated
        players = view.players
        self.partners = {
            seat
            for seat in range(players)
            if seat != view.seat and unit_of[seat] == unit_of[view.seat]
        }
        following = [
            next((s + k) % players for k in range(1, players + 1) if seated[(s + k) % players])
            for s in range(players)
        ]
        # per seat, the tiles that fitted when it passed (and those the lead shows undealt)
        passed_on = [mask_of(knowledge.undealt)] * players
        table = 0
        west = east = -1
        placements = iter(view.layout.placements)
        for action in view.history:
            seat = action.seat
            if isinstance(action, Pass):
                if west >= 0:
                    passed_on[seat] |= WITH[west] | WITH[east]
                continue
            if not isinstance(action, Play):
                continue
            placement = next(placements)
            index = placement.tile.index
            if placement.arm is None:
                west, east = HIGH[index], LOW[index]
                table |= 1 << index
                continue
            before = (west, east)
            assert placement.shows is not None
            if placement.arm == "W":
                west = placement.shows
            else:
                east = placement.shows
            if seat != view.seat:
                watched = tuple(
                    (passed_on[other], _lack_worth(unit_of, following, seat, other))
                    for other in range(players)
                    if other != seat and seated[other] and passed_on[other]
                )
                self.plays.append(_Play(seat, index, before, (west, east), table, watched))
                self.laid[seat] = self.laid.get(seat, 0) | 1 << index
            table |= 1 << index

    def weight(self, hands: Sequence[Sequence[Tile]]) -> float:
        """The likelihood of the other seats' plays if they held `hands` now."""
        if not self.plays:
            return 1.0
        held = {seat: mask_of(hands[seat]) | laid for seat, laid in self.laid.items()}
        odds = Likelihoods(held, BOOK, FREE, self.partners)
        for play in self.plays:
            hand = held[play.seat]
            odds.add(play.seat, *play.values(hand, self.full))
            held[play.seat] = hand ^ (1 << play.tile)
        return odds.total()


class _Play:
    __slots__ = ("after", "before", "seat", "table", "tile", "watched")

    def __init__(
        self,
        seat: int,
        tile: int,
        before: tuple[int, int],
        after: tuple[int, int],
        table: int,
        watched: tuple[tuple[int, float], ...],
    ) -> None:
        self.seat, self.tile, self.before, self.after = seat, tile, before, after
        self.table, self.watched = table, watched

    def values(self, hand: int, full: int) -> tuple[list[float], int]:
        """`position_value` of each placement the seat could make holding `hand` (up to terms
        that are the same for all), and the index of the one it made (-1 if none matches)."""
        west, east = self.before
        lacking = self.lacking(hand, full)
        values: list[float] = []
        chosen = -1
        choices = hand & (WITH[west] | WITH[east])
        while choices:
            low = choices & -choices
            choices ^= low
            tile = low.bit_length() - 1
            high, small = HIGH[tile], LOW[tile]
            rest = hand ^ low
            # shedding its pips (plus easy's whisker for the heavier tile), a double, variety
            base = PIPS[tile] * (1 + TIE) + (DOUBLE_COST if high == small else 0.0)
            if not rest & WITH[high]:
                base -= VARIETY
            if small != high and not rest & WITH[small]:
                base -= VARIETY
            for covered in (west, east) if west != east else (west,):
                if high != covered and small != covered:
                    continue
                shows = small if high == covered else high
                ends = (shows, east) if covered == west else (west, shows)
                if not rest:
                    value = 1000.0  # going out
                else:
                    value = base
                    for number in {ends[0], ends[1]}:
                        value += CONTROL * min(2, (rest & WITH[number]).bit_count())
                        value += lacking[number]
                if tile == self.tile and sorted(ends) == sorted(self.after):
                    chosen = len(values)
                values.append(value)
        return values, chosen

    def lacking(self, hand: int, full: int) -> list[float]:
        """Per number, what the seat's knowledge of others' passes made an end showing it worth:
        a seat `lacks` a number when every tile carrying it that the player could not see
        fitted when that seat passed (as `Knowledge.lacks_number`, through its unseen tiles)."""
        numbers = range(HIGH[full.bit_length() - 1] + 1)  # the set's numbers (double-nine too)
        worth = [0.0] * len(numbers)
        if not self.watched:
            return worth
        unseen = full & ~(self.table | hand)
        for passed_on, value in self.watched:
            if not passed_on & unseen:
                continue  # nothing it was seen to lack is still unseen: no knowledge
            free = unseen & ~passed_on
            for number in numbers:
                if not WITH[number] & free:
                    worth[number] += value
        return worth


class Likelihoods:
    """Per seat, the likelihood of its plays read by the book (odds `book` per point of value,
    slip `SLIP`) and free (odds `free`, slip `FREE_SLIP`); a partner's by the book only, with
    the slip `PARTNER_SLIP`. `total` mixes the two kinds of player per opponent."""

    def __init__(
        self, seats: Iterable[int], book: float, free: float, partners: Container[int] = ()
    ) -> None:
        self.odds = (book, free)
        self.partners = partners
        self.book = dict.fromkeys(seats, 1.0)
        self.free = dict.fromkeys(self.book, 1.0)

    def add(self, seat: int, values: list[float], chosen: int) -> None:
        """One play of `seat`: the values of the moves it had and the index of the one made."""
        if len(values) < 2:
            return  # no choice: no evidence
        book, free = self.odds
        if seat in self.partners:
            self.book[seat] *= _chance(values, chosen, book, PARTNER_SLIP)
        else:
            self.book[seat] *= _chance(values, chosen, book, SLIP)
            self.free[seat] *= _chance(values, chosen, free, FREE_SLIP)

    def total(self) -> float:
        """The likelihood of all the seats' plays: a partner's by the book, an opponent's by
        the even mixture of the two kinds of player (`BOOK_SHARE`)."""
        likelihood = 1.0
        for seat, by_book in self.book.items():
            if seat in self.partners:
                likelihood *= by_book
            else:
                likelihood *= BOOK_SHARE * by_book + (1 - BOOK_SHARE) * self.free[seat]
        return likelihood


def _lack_worth(unit_of: tuple[int, ...], following: list[int], seat: int, other: int) -> float:
    if unit_of[other] == unit_of[seat]:
        return -PARTNER_LACKS
    return OPPONENT_LACKS + (NEXT_OPPONENT_LACKS if other == following[seat] else 0.0)


def _chance(values: list[float], chosen: int, odds: float, slip: float) -> float:
    """The chance of the `chosen` placement among `values` under a softmax with `odds` per
    point, mixed with a `slip` chance of any placement."""
    top = max(values)
    total = sum(math.exp(odds * (value - top)) for value in values)
    picked = math.exp(odds * (values[chosen] - top)) / total if chosen >= 0 else 0.0
    return slip / len(values) + (1 - slip) * picked
