"""The fast path: line games on int bitmasks, for search and bulk playouts.

A `FastHand` is a `HandState` of a line game squeezed into ints: each hand is a bitmask of tile
indices (`Tile.index`), the table is its two open numbers, the boneyard a list of indices. It
plays by exactly the rules of the rich engine for the variants it `supports` (a line, plain
matching, any draw rule, keep-playing turns), and the test suite replays many random hands
through both, demanding identical legal moves and outcomes at every step.

Moves are `(tile index, end)` with `end` the number covered, or -1 when every placement gives the
same game (as `Play.end is None` in the rich engine).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final

from engine.errors import BadDeal
from engine.hand import HandState
from engine.layout import Shape
from engine.rules import DrawRule, End, HandOutcome, Lead
from engine.tiles import MAX_PIPS, Tile
from engine.variants.base import Variant

if TYPE_CHECKING:
    from engine.match import Match

TILES: Final = tuple(Tile(high, low) for high in range(MAX_PIPS + 1) for low in range(high + 1))
HIGH: Final = tuple(tile.high for tile in TILES)
LOW: Final = tuple(tile.low for tile in TILES)
PIPS: Final = tuple(tile.pips for tile in TILES)
WITH: Final = tuple(
    sum(1 << tile.index for tile in TILES if tile.has(number)) for number in range(MAX_PIPS + 1)
)
BIT: Final = tuple(1 << index for index in range(len(TILES)))
DOUBLES: Final = sum(1 << tile.index for tile in TILES if tile.is_double)
NO_MOVE: Final = -1

DRAW_NONE, DRAW_UNTIL, DRAW_ONE, DRAW_TWO = 0, 1, 2, 3
_DRAW_CODES = {
    DrawRule.NONE: DRAW_NONE,
    DrawRule.UNTIL_PLAYABLE: DRAW_UNTIL,
    DrawRule.ONE: DRAW_ONE,
    DrawRule.TWO: DRAW_TWO,
}


def supports(variant: Variant) -> bool:
    """Whether the fast path plays this variant by its exact rules."""
    return (
        variant.shape is Shape.LINE
        and not variant.wild_doubles
        and not variant.opens_doubles
        and type(variant).placements is Variant.placements
        and type(variant).can_place is Variant.can_place
        and type(variant).end_class is Variant.end_class
        and type(variant).play_ends_hand is Variant.play_ends_hand
        and type(variant).blocked is Variant.blocked
        and not variant.own_turns
        and not variant.scores_in_play
        and variant.fast_scoring()
    )


def mask_of(tiles: Iterable[Tile]) -> int:
    mask = 0
    for tile in tiles:
        mask |= 1 << tile.index
    return mask


_BYTE_TILES: Final = tuple(
    tuple(
        tuple(
            TILES[8 * chunk + bit]
            for bit in range(8)
            if byte >> bit & 1 and 8 * chunk + bit < len(TILES)
        )
        for byte in range(256)
    )
    for chunk in range((len(TILES) + 7) // 8)
)


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles of a mask, in index order (a byte of the mask at a time)."""
    found: tuple[Tile, ...] = ()
    chunk = 0
    while mask:
        found += _BYTE_TILES[chunk][mask & 255]
        mask >>= 8
        chunk += 1
    return found


def mask_pips(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += PIPS[low.bit_length() - 1]
        mask ^= low
    return total


class FastHand:
    """One hand of a supported line game. Mutable; `copy()` is a handful of ints and lists."""

    __slots__ = (
        "draw_rule",
        "drawn",
        "draws_this_turn",
        "east",
        "end",
        "following",
        "hands",
        "keeps_playing",
        "last_placer",
        "lead_index",
        "leader",
        "placed",
        "reserve",
        "seated",
        "seats",
        "stock",
        "turn",
        "went_out",
        "west",
    )

    def __init__(self) -> None:
        self.hands: list[int] = []
        self.stock: list[int] = []
        self.seated: tuple[bool, ...] = ()
        self.seats = 0
        self.following: tuple[int, ...] = ()  # the seat after each seat in turn order
        self.drawn = 0
        self.reserve = 0
        self.draw_rule = DRAW_NONE
        self.keeps_playing = False
        self.west = -1  # -1: the table is empty
        self.east = -1
        self.turn = 0
        self.leader = 0
        self.lead_index = -1  # the tile the lead must be, or -1 for any
        self.draws_this_turn = 0
        self.placed = 0
        self.last_placer = -1
        self.end = ""  # "", "domino" or "blocked"
        self.went_out = -1

    @classmethod
    def from_hand(cls, hand: HandState) -> FastHand:
        """The fast twin of a rich hand (any point of it)."""
        variant = hand.variant
        if not supports(variant):
            raise ValueError(f"the fast path does not play {variant.id}")
        fast = cls()
        fast.hands = [mask_of(tiles) for tiles in hand.hands]
        fast.stock = [tile.index for tile in hand.boneyard]
        fast.drawn = hand.drawn
        fast.seat(hand.seated)
        fast.reserve = hand.reserve
        fast.draw_rule = _DRAW_CODES[variant.draw_rule]
        fast.keeps_playing = variant.keeps_playing
        if hand.layout.started:
            fast.west, fast.east = (arm.number for arm in hand.layout.arms.values())
        fast.turn = hand.turn
        fast.leader = hand.lead.seat
        fast.lead_index = hand.lead.tile.index if hand.lead.tile is not None else -1
        fast.draws_this_turn = hand.draws_this_turn
        fast.placed = hand.placed_this_turn
        fast.last_placer = -1 if hand.last_placer is None else hand.last_placer
        if hand.outcome is not None:
            fast.end = hand.outcome.end
            fast.went_out = -1 if hand.outcome.went_out is None else hand.outcome.went_out
        return fast

    def seat(self, seated: tuple[bool, ...]) -> None:
        self.seated = seated
        self.seats = players = len(seated)
        self.following = tuple(
            next(
                (seat + step) % players
                for step in range(1, players + 1)
                if seated[(seat + step) % players]
            )
            for seat in range(players)
        )

    def copy(self) -> FastHand:
        twin = FastHand.__new__(FastHand)
        twin.hands = list(self.hands)
        twin.stock = self.stock  # never changed in place: drawing moves `drawn`
        twin.seated, twin.seats, twin.following = self.seated, self.seats, self.following
        twin.drawn, twin.reserve, twin.draw_rule = self.drawn, self.reserve, self.draw_rule
        twin.keeps_playing, twin.west, twin.east = self.keeps_playing, self.west, self.east
        twin.turn, twin.leader, twin.lead_index = self.turn, self.leader, self.lead_index
        twin.draws_this_turn, twin.placed = self.draws_this_turn, self.placed
        twin.last_placer, twin.end, twin.went_out = self.last_placer, self.end, self.went_out
        return twin

    # -- rules ------------------------------------------------------------------------------

    def drawable(self) -> int:
        if self.draw_rule == DRAW_NONE:
            return 0
        return max(0, len(self.stock) - self.drawn - self.reserve)

    def may_draw(self) -> bool:
        if self.drawable() <= 0:
            return False
        return self.draw_rule == DRAW_UNTIL or self.draws_this_turn == 0

    def playable(self, seat: int) -> int:
        """The mask of `seat`'s tiles that fit an open end (or may lead)."""
        hand = self.hands[seat]
        if self.west < 0:
            if seat != self.turn:
                return 0
            return hand if self.lead_index < 0 else hand & (1 << self.lead_index)
        return hand & (WITH[self.west] | WITH[self.east])

    def plays(self) -> list[tuple[int, int]]:
        """The legal plays of the seat to act, as `(tile index, end)`."""
        if self.end:
            return []
        mask = self.playable(self.turn)
        west, east = self.west, self.east
        found = []
        while mask:
            low = mask & -mask
            index = low.bit_length() - 1
            mask ^= low
            if west >= 0 and west != east and HIGH[index] != LOW[index]:
                fits_west = (HIGH[index] == west) or (LOW[index] == west)
                fits_east = (HIGH[index] == east) or (LOW[index] == east)
                if fits_west and fits_east:
                    found.append((index, west))
                    found.append((index, east))
                    continue
            found.append((index, NO_MOVE))
        return found

    def blocked(self) -> bool:
        if self.west < 0 or self.drawable() > 0:
            return False
        ends = WITH[self.west] | WITH[self.east]
        return not any(hand & ends for hand in self.hands)

    def next_turn(self) -> None:
        self.turn = self.following[self.turn]
        self.draws_this_turn = 0
        self.placed = 0

    def play(self, index: int, end: int = NO_MOVE) -> None:
        seat = self.turn
        bit = 1 << index
        self.hands[seat] ^= bit
        high, low = HIGH[index], LOW[index]
        if self.west < 0:
            self.west, self.east = high, low
        else:
            west, east = self.west, self.east
            if end == NO_MOVE:
                end = west if (high == west or low == west) else east
            if end == west and (high == west or low == west):
                self.west = low if high == west else high
            else:
                self.east = low if high == east else high
        self.last_placer = seat
        self.placed += 1
        if not self.hands[seat]:
            self.end, self.went_out = End.DOMINO, seat
            return
        if not (self.keeps_playing and self.playable(seat)):
            self.next_turn()
        if self.blocked():
            self.end = End.BLOCKED

    def draw(self) -> None:
        take = min(2 if self.draw_rule == DRAW_TWO else 1, self.drawable())
        for index in self.stock[self.drawn : self.drawn + take]:
            self.hands[self.turn] |= 1 << index
        self.drawn += take
        self.draws_this_turn += 1
        if self.blocked():
            self.end = End.BLOCKED

    def pass_turn(self) -> None:
        self.next_turn()
        if self.blocked():
            self.end = End.BLOCKED

    def outcome(self) -> HandOutcome:
        # Positional arguments: a named tuple built by keyword costs twice as much.
        return HandOutcome(
            self.end,
            None if self.went_out < 0 else self.went_out,
            None if self.last_placer < 0 else self.last_placer,
            self.leader,
            tuple(map(tiles_of, self.hands)),
            self.seated,
        )

    # -- bulk playouts ----------------------------------------------------------------------

    def playout(self, rng: random.Random) -> None:
        """Play to the end of the hand, every seat choosing uniformly among the tiles it may
        place (and the end, where the choice matters). The loop is `plays`/`play`/`draw`/
        `pass_turn` inlined: the tests hold it to the same results."""
        if self.end:
            return
        if self.draw_rule == DRAW_NONE and not self.keeps_playing:
            self._playout_without_drawing(rng)
        else:
            self._playout_any(rng)

    def _playout_any(self, rng: random.Random) -> None:
        """`playout` for every supported game."""
        choose = rng.random
        with_number, highs, lows, lead_index = WITH, HIGH, LOW, self.lead_index
        hands, stock = self.hands, self.stock
        following = self.following
        west, east, turn = self.west, self.east, self.turn
        keeps, rule = self.keeps_playing, self.draw_rule
        drawn = self.drawn
        limit = len(stock) - self.reserve if rule else 0
        draws, placed, last_placer = self.draws_this_turn, self.placed, self.last_placer
        held = 0
        for hand in hands:
            held |= hand
        end = ""
        while True:
            hand = hands[turn]
            if west < 0:
                mask = hand if lead_index < 0 else hand & (1 << lead_index)
            else:
                mask = hand & (with_number[west] | with_number[east])
            if mask:
                count = mask.bit_count()
                if count > 1:
                    pick = int(choose() * count)
                    while pick:
                        mask &= mask - 1
                        pick -= 1
                low = mask & -mask
                index = low.bit_length() - 1
                hand ^= low
                hands[turn] = hand
                held ^= low
                high, small = highs[index], lows[index]
                if west < 0:
                    west, east = high, small
                elif high == west or small == west:
                    if west != east and (high == east or small == east) and choose() < 0.5:
                        east = small if high == east else high
                    else:
                        west = small if high == west else high
                else:
                    east = small if high == east else high
                last_placer = turn
                placed += 1
                if not hand:
                    end = "domino"
                    self.went_out = turn
                    break
                ends = with_number[west] | with_number[east]
                if keeps and hand & ends:
                    continue
                draws = placed = 0
                if drawn >= limit:
                    # Nothing to draw: the block test, then the forced passes, at once.
                    if not held & ends:
                        end = "blocked"
                        break
                    turn = following[turn]
                    while not hands[turn] & ends:
                        turn = following[turn]
                    continue
                turn = following[turn]
            elif drawn < limit and (rule == DRAW_UNTIL or not draws):
                take = 2 if rule == DRAW_TWO and drawn + 1 < limit else 1
                for index in stock[drawn : drawn + take]:
                    hands[turn] |= 1 << index
                    held |= 1 << index
                drawn += take
                draws += 1
            else:
                turn = following[turn]
                draws = placed = 0
            if drawn >= limit and west >= 0 and not held & (with_number[west] | with_number[east]):
                end = "blocked"
                break
        self.west, self.east, self.turn, self.drawn = west, east, turn, drawn
        self.draws_this_turn, self.placed, self.last_placer = draws, placed, last_placer
        self.end = end

    def _playout_without_drawing(self, rng: random.Random) -> None:
        """`playout` for the games with no boneyard and one tile a turn (`partnership`, `111`,
        `kids`, `classic` and `gameroom` with every tile dealt): the same moves with the same
        chances, without the bookkeeping of draws and of turns that go on."""
        choose = rng.random
        with_number, highs, lows = WITH, HIGH, LOW
        hands, following = self.hands, self.following
        west, east, turn = self.west, self.east, self.turn
        held = 0
        for hand in hands:
            held |= hand
        if west < 0:  # the lead
            hand = hands[turn]
            low = _random_bit(hand if self.lead_index < 0 else hand & BIT[self.lead_index], choose)
            index = low.bit_length() - 1
            hands[turn] = hand = hand ^ low
            held ^= low
            west, east = highs[index], lows[index]
            self.last_placer = turn
            if not hand:
                self.west, self.east, self.end, self.went_out, self.placed = (
                    west,
                    east,
                    "domino",
                    turn,
                    1,
                )
                return
            turn = following[turn]
        ends = with_number[west] | with_number[east]
        if not held & ends:
            self.west, self.east, self.turn, self.end = west, east, turn, "blocked"
            return
        while not hands[turn] & ends:  # forced passes
            turn = following[turn]
        while True:
            mask = hands[turn] & ends
            count = mask.bit_count()
            if count > 1:
                pick = int(choose() * count)
                while pick:
                    mask &= mask - 1
                    pick -= 1
            low = mask & -mask
            index = low.bit_length() - 1
            hands[turn] = hand = hands[turn] ^ low
            held ^= low
            high, small = highs[index], lows[index]
            if high == west or small == west:
                if west != east and (high == east or small == east) and choose() < 0.5:
                    east = small if high == east else high
                else:
                    west = small if high == west else high
            else:
                east = small if high == east else high
            if not hand:
                self.end, self.went_out, self.placed = "domino", turn, 1
                break
            ends = with_number[west] | with_number[east]
            if not held & ends:
                self.end = "blocked"
                break
            turn = following[turn]
            while not hands[turn] & ends:  # forced passes
                turn = following[turn]
        self.west, self.east, self.turn, self.last_placer = west, east, turn, turn


def _random_bit(mask: int, choose: Callable[[], float]) -> int:
    """One set bit of `mask`, uniformly (drawing a random number only if there is a choice)."""
    count = mask.bit_count()
    pick = int(choose() * count) if count > 1 else 0
    while pick:
        mask &= mask - 1
        pick -= 1
    return mask & -mask


class FastDealer:
    """Deals first hands of one variant straight into `FastHand`s, by the same deal, redeal and
    lead rules as `Match.start_hand` (the variant's own hooks), without building a rich hand.

    Deals use the caller's generator, not the seeded deal of `Match`, and are uniform:

    - every tile dealt to at most four seats (`partnership`, `111`, four-player `classic` and
      `gameroom`): each hand but seat 0's is a random mask of the tiles left, each bit set with
      a chance near hand size / tiles left, kept only when it holds exactly the hand size (so
      every set of that size is equally likely); seat 0 keeps the rest. No shuffle at all;
    - otherwise a Fisher-Yates shuffle driven by the mixed-radix digits of one big random number
      (uniform to within 2**-60), stopped once every position but seat 0's is filled: a hand is
      a set, so seat 0 keeps the tiles left over; the boneyard is the shuffled tail."""

    def __init__(self, variant: Variant, match: Match) -> None:
        self.variant = variant
        self.match = match
        self.players = players = variant.players
        self.indices = [tile.index for tile in variant.full_set()]
        self.full = mask_of(variant.full_set())
        self.size = size = variant.hand_size(players)
        self.dealt = players * size
        # the digits used: one per position from the last down to seat 0's, plus 64 of margin
        self.bits = 64 + sum(radix.bit_length() for radix in range(size + 1, len(self.indices) + 1))
        # The doubles limit is data, checked here on masks; any other redeal rule is the hook's.
        self.doubles_limit = variant.redeal_doubles
        self.redeal_hook = type(variant).redeal_reason is not Variant.redeal_reason
        opening = variant.opening_tile
        self.opening = opening
        self.opening_bit = BIT[opening.index] if opening is not None else 0
        self.opening_leads = [Lead(seat, opening) for seat in range(players)]
        self.template = FastHand()
        self.template.seat((True,) * players)
        self.template.draw_rule = _DRAW_CODES[variant.draw_rule]
        self.template.keeps_playing = variant.keeps_playing
        self.reserve = variant.reserve(players) if variant.draw_rule is not DrawRule.NONE else 0
        every_tile_dealt = self.dealt == len(self.indices) and players <= 4
        self.deal_masks = self.deal_all if every_tile_dealt else self.shuffle

    def deal_all(self, rng: random.Random) -> list[int]:
        """Each seat's mask when every tile is dealt to at most four seats (see the class)."""
        getrandbits, size, width = rng.getrandbits, self.size, len(self.indices)
        rest = self.full
        masks = [0] * self.players
        for seat in range(self.players - 1, 0, -1):
            # seat + 1 hands share `rest`: bits set with chance 1/2, 3/8 or 1/4 (2, 3, 4 hands)
            while True:
                if seat == 1:
                    mask = getrandbits(width) & rest
                elif seat == 2:
                    mask = getrandbits(width) & (getrandbits(width) | getrandbits(width)) & rest
                else:
                    mask = getrandbits(width) & getrandbits(width) & rest
                if mask.bit_count() == size:
                    break
            masks[seat] = mask
            rest ^= mask
        masks[0] = rest
        return masks

    def shuffle(self, rng: random.Random) -> list[int]:
        """Shuffle `indices` (boneyard last, in drawing order) and return each seat's mask."""
        items, size, dealt = self.indices, self.size, self.dealt
        number = rng.getrandbits(self.bits)
        position = len(items) - 1
        while position >= dealt:  # the boneyard
            number, other = divmod(number, position + 1)
            items[position], items[other] = items[other], items[position]
            position -= 1
        masks = [0] * self.players
        rest = self.full
        for seat in range(self.players - 1, 0, -1):
            mask = 0
            for _ in range(size):
                number, other = divmod(number, position + 1)
                tile = items[other]
                items[other] = items[position]
                items[position] = tile
                mask |= 1 << tile
                position -= 1
            masks[seat] = mask
            rest ^= mask
        masks[0] = rest if dealt == len(items) else sum(map(BIT.__getitem__, items[:size]))
        return masks

    def deal(self, rng: random.Random) -> FastHand:
        variant, limit, opening, deal_masks = (
            self.variant,
            self.doubles_limit,
            self.opening,
            self.deal_masks,
        )
        while True:
            masks = deal_masks(rng)
            if limit and max([(mask & DOUBLES).bit_count() for mask in masks]) >= limit:
                continue
            if opening is not None and not self.redeal_hook:
                break  # no rule needs the tiles themselves
            hands = [list(tiles_of(mask)) for mask in masks]
            if not self.redeal_hook or variant.redeal_reason(hands) is None:
                break
        if opening is not None:
            bit = self.opening_bit
            for seat, mask in enumerate(masks):
                if mask & bit:
                    lead = self.opening_leads[seat]
                    break
            else:
                raise BadDeal("nobody holds {tile}, which leads", tile=opening)
        else:
            lead = variant.lead(self.match, hands)
        fast = self.template.copy()
        fast.hands = masks
        if fast.draw_rule != DRAW_NONE:
            fast.stock = self.indices[self.dealt :]
            fast.reserve = self.reserve
        fast.turn = fast.leader = lead.seat
        fast.lead_index = -1 if lead.tile is None else lead.tile.index
        return fast
