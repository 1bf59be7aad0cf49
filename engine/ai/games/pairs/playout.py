"""Playouts of the pairs game for the search levels: pip sums instead of tiles.

A uniform player picks among every set of pairs, mostly laying fewer than it could, which is
too far from any real player for a playout to judge a move: here every seat lays as many pairs
as it can, and exchanges as `easy` does.

In `pairs` a tile matters only by its pip sum: two tiles pair when their sums are equal, and the
hand ends by counts of pairs (`engine.variants.pairs`). So a hand is a count of tiles per sum, the
stock a queue of sums, and a playout needs no `HandState`: it is many times faster than the
generic one, and the search samples that many more worlds in its budget (`pairs_world`). Every
seat lays every pair it can (all the largest sets of pairs leave the same sums in hand, so which
one is no choice), else exchanges, while the stock lasts, a tile of the sum with the fewest
unseen partners (as `easy` does), else passes. The hand ends as the rules
say: 5 pairs laid wins at once; it is blocked after 100 turns in a row without a pair, when the
stock is empty and no hand holds a pair, or when no two unlaid tiles have equal sums; then more
pairs laid wins, and equal is a draw. `pairs_policy` plays the same way in a generic playout
(the exact endgame's fallback).
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Sequence

from engine.actions import Action
from engine.ai.games.pairs.known import turns_without_pairs
from engine.ai.judge import Judge
from engine.ai.knowledge import Knowledge
from engine.ai.sampling import with_known_places
from engine.hand import HandState
from engine.rules import End, HandOutcome
from engine.tiles import Tile
from engine.variants.pairs import HAND_TILES, IDLE_TURNS, PAIRS_TO_WIN, Exchange, LayPairs
from engine.view import SeatView

SUMS = 13  # pip sums 0 to 12 (double-six)


class PairsWorld:
    """One hand of `pairs` as counts of pip sums. Mutable; build one per playout."""

    __slots__ = ("counts", "end", "idle", "laid", "sizes", "stock", "totals", "went_out")

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        stock: Sequence[int],
        laid: Sequence[int],
        idle: int,
    ) -> None:
        """`hands`: each seat's tiles as pip sums; `stock`: the stock's sums in drawing order;
        `laid`: pairs laid per seat; `idle`: turns in a row without a pair so far."""
        self.counts = [[0] * SUMS for _ in hands]
        for seat, held in enumerate(hands):
            for pips in held:
                self.counts[seat][pips] += 1
        self.sizes = [len(held) for held in hands]
        self.stock = deque(stock)
        self.laid = list(laid)
        self.idle = idle
        self.totals = [0] * SUMS  # unlaid tiles per sum, hands and stock
        for counts in self.counts:
            for pips, count in enumerate(counts):
                self.totals[pips] += count
        for pips in stock:
            self.totals[pips] += 1
        self.end = ""
        self.went_out = -1

    def lay(self, seat: int, sums: Sequence[int]) -> None:
        """`seat` lays pairs whose tiles have these sums, and draws back up to six."""
        counts = self.counts[seat]
        for pips in sums:
            counts[pips] -= 1
            self.totals[pips] -= 1
        self.sizes[seat] -= len(sums)
        self.laid[seat] += len(sums) // 2
        self.idle = 0
        self._draw(seat, HAND_TILES - self.sizes[seat])
        if self.laid[seat] >= PAIRS_TO_WIN:
            self.end, self.went_out = End.DOMINO, seat
            return
        self._check_block()

    def exchange(self, seat: int, pips: int) -> None:
        """`seat` puts a tile of `pips` under the stock and draws the top one."""
        self.counts[seat][pips] -= 1
        self.stock.append(pips)
        self.counts[seat][self.stock.popleft()] += 1
        self.idle += 1
        self._check_block()

    def pass_turn(self) -> None:
        self.idle += 1
        self._check_block()

    def _draw(self, seat: int, wanted: int) -> None:
        counts, stock = self.counts[seat], self.stock
        take = min(wanted, len(stock))
        for _ in range(take):
            counts[stock.popleft()] += 1
        self.sizes[seat] += take

    def _check_block(self) -> None:
        stuck = not self.stock and not any(max(counts) >= 2 for counts in self.counts)
        if stuck or self.idle >= IDLE_TURNS or max(self.totals) < 2:
            self.end = End.BLOCKED

    def play_turn(self, seat: int, rng: random.Random) -> None:
        """`seat`'s turn as the playout policy plays it."""
        counts = self.counts[seat]
        sums = [pips for pips, count in enumerate(counts) for _ in range(count - count % 2)]
        if sums:
            self.lay(seat, sums)
        elif self.stock:
            # as `easy`: the tile with the fewest partners this seat cannot see (unlaid tiles of
            # its sum in the other hand and the stock), at random among equals
            totals = self.totals
            partners = [
                (totals[pips] - count, rng.random(), pips)
                for pips, count in enumerate(counts)
                if count
            ]
            self.exchange(seat, min(partners)[2])
        else:
            self.pass_turn()

    def playout(self, turn: int, rng: random.Random) -> None:
        """Play to the end of the hand from `turn`'s turn."""
        seats = len(self.counts)
        while not self.end:
            self.play_turn(turn, rng)
            turn = (turn + 1) % seats

    def winner(self) -> int | None:
        """The seat that won the finished hand, or None for a draw."""
        if self.end == End.DOMINO:
            return self.went_out
        most = max(self.laid)
        leaders = [seat for seat, count in enumerate(self.laid) if count == most]
        return leaders[0] if len(leaders) == 1 else None


def pairs_world(
    view: SeatView,
    knowledge: Knowledge,
    hands: list[list[Tile]],
    stock: list[Tile],
    actions: list[Action],
    judge: Judge,
    rng: random.Random,
) -> list[float]:
    """Each action's value in one sampled world by playouts on pip sums (`PairsWorld`): the
    variant's own scoring of the hand's end (`Judge.utility`)."""
    me = view.seat
    laid = [len(pairs) for pairs in view.laid_pairs] or [0] * view.players
    idle = turns_without_pairs(view.history)
    in_stock = [tile.pips for tile in with_known_places(stock, knowledge)[: knowledge.boneyard]]
    sums = [[tile.pips for tile in held] for held in hands]
    stream = rng.random()  # common random numbers: the actions differ by what they do
    values: list[float] = []
    for action in actions:
        rng = random.Random(stream)
        world = PairsWorld(sums, in_stock, laid, idle)
        if isinstance(action, LayPairs):
            world.lay(me, [tile.pips for tile in action.from_hand()])
        elif isinstance(action, Exchange):
            world.exchange(me, action.tile.pips)
        else:
            world.pass_turn()
        world.playout((me + 1) % view.players, rng)
        values.append(_pairs_utility(judge, world, view.seated))
    return values


def _pairs_utility(judge: Judge, world: PairsWorld, seated: tuple[bool, ...]) -> float:
    key = (world.end, world.went_out, tuple(world.laid))
    known = judge.memo.get(key)
    if known is None:
        went_out = None if world.went_out < 0 else world.went_out
        empty = tuple(() for _ in seated)
        outcome = HandOutcome(world.end, went_out, None, 0, empty, seated, {"laid": key[2]})
        known = judge.memo[key] = judge.utility(outcome)
    return known


def pairs_policy(state: HandState, actions: Sequence[Action], rng: random.Random) -> Action:
    """A seat's action in a generic playout: as many pairs as it can lay (which of the largest
    sets, at random), else the exchange `easy` makes (the tile with the fewest unseen partners,
    at random among equals), else the pass."""
    most = max((len(a.pairs) for a in actions if isinstance(a, LayPairs)), default=0)
    if most:
        actions = [a for a in actions if isinstance(a, LayPairs) and len(a.pairs) == most]
        return actions[int(rng.random() * len(actions))]
    exchanges = [a for a in actions if isinstance(a, Exchange)]
    if not exchanges:
        return actions[0]  # a pass
    unseen = Counter(t.pips for t in state.stock)
    for seat, held in enumerate(state.hands):
        if seat != state.turn:
            unseen.update(t.pips for t in held)
    fewest = min(unseen[a.tile.pips] for a in exchanges)
    choices = [a for a in exchanges if unseen[a.tile.pips] == fewest]
    return choices[int(rng.random() * len(choices))]
