"""The exact endgame solver: best play by every seat in one world where every tile is known.

Two sides: the seat's unit maximises its `Judge.utility`, every other seat minimises it. In
games of two units (two players, or two pairs) this is exact, since the game is then zero-sum;
with more units it is the safe ("paranoid") value, which assumes the others play against the
seat. Alpha-beta with heaviest tiles tried first; on the fast path a transposition table keeps
what is known of positions reached by different orders of play.

A node limit keeps the solver inside the move's time budget: past it `SearchLimit` is raised
and the caller estimates that world by playouts instead.
"""

from __future__ import annotations

from engine.actions import Action, Play
from engine.ai.judge import Judge
from engine.fast import HIGH, LOW, PIPS, WITH, FastHand, tiles_of
from engine.hand import HandState
from engine.rules import End, HandOutcome

EXACT, LOWER, UPPER = 0, 1, 2


class SearchLimit(Exception):
    """The position is too large for the solver's node limit."""


class FastSolver:
    """Exact values of positions of a fast-path game (line games on bitmasks)."""

    def __init__(self, judge: Judge, node_limit: int = 50_000) -> None:
        self.judge = judge
        self.unit_of = judge.variant.unit_of
        self.unit = judge.unit
        self.node_limit = node_limit
        self.nodes = 0
        self.table: dict[tuple[object, ...], tuple[float, int]] = {}

    def value(self, fast: FastHand, alpha: float = -1e9, beta: float = 1e9) -> float:
        if fast.end:
            return self.judge.utility(fast.outcome())
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchLimit
        key = (
            tuple(fast.hands),
            fast.west,
            fast.east,
            fast.turn,
            fast.drawn,
            fast.draws_this_turn,
            fast.placed,
            fast.last_placer,
        )
        known = self.table.get(key)
        if known is not None:
            stored, bound = known
            if bound == EXACT:
                return stored
            if bound == LOWER and stored >= beta:
                return stored
            if bound == UPPER and stored <= alpha:
                return stored
        plays = fast.plays()
        if not plays:
            child = fast.copy()
            if fast.may_draw():
                child.draw()
            else:
                child.pass_turn()
            return self.value(child, alpha, beta)  # a forced step: nothing worth storing
        plays.sort(key=lambda move: -PIPS[move[0]])
        maximising = self.unit_of[fast.turn] == self.unit
        low, high = alpha, beta
        best = -1e9 if maximising else 1e9
        for index, end in plays:
            child = fast.copy()
            child.play(index, end)
            result = self.value(child, alpha, beta)
            if maximising:
                best = max(best, result)
                alpha = max(alpha, best)
            else:
                best = min(best, result)
                beta = min(beta, best)
            if alpha >= beta:
                break
        if best <= low:
            self.table[key] = (best, UPPER)
        elif best >= high:
            self.table[key] = (best, LOWER)
        else:
            self.table[key] = (best, EXACT)
        return best


class RichSolver:
    """Exact values of positions of any game, through `HandState.legal_actions/apply/copy`."""

    def __init__(self, judge: Judge, node_limit: int = 20_000) -> None:
        self.judge = judge
        self.unit_of = judge.variant.unit_of
        self.unit = judge.unit
        self.node_limit = node_limit
        self.nodes = 0

    def value(self, state: HandState, alpha: float = -1e9, beta: float = 1e9) -> float:
        if state.outcome is not None:
            return self.judge.utility(state.outcome)
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchLimit
        actions = state.legal_actions()
        actions.sort(key=_heaviness, reverse=True)
        maximising = self.unit_of[state.turn] == self.unit
        best = -1e9 if maximising else 1e9
        for action in actions:
            child = state.copy()
            child.apply(action)
            result = self.value(child, alpha, beta)
            if maximising:
                best = max(best, result)
                alpha = max(alpha, best)
            else:
                best = min(best, result)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best


def _heaviness(action: Action) -> int:
    return action.tile.pips if isinstance(action, Play) else -1


class LineSolver:
    """Exact values of line-game positions in which nobody can draw and a turn is one tile
    (`partnership`, `111`, and any fast-path game once its boneyard is spent), several times
    faster per node than `FastSolver`: a position is a tuple of hand masks, the two open numbers
    and the seat to play, forced passes are skipped at once, and the two ends are stored in either
    order under one key. The last seat to place is left out of the key: in these games a hand
    that goes on ends right after a placement, so the value of a position to come never depends
    on who placed before it.

    One solver serves every action of one world (`value_of`), sharing what it has learnt."""

    def __init__(self, judge: Judge, root: FastHand, node_limit: int = 50_000) -> None:
        unit_of = judge.variant.unit_of
        self.judge = judge
        self.mine = tuple(unit_of[seat] == judge.unit for seat in range(root.seats))
        self.following = root.following
        self.leader = root.leader
        self.seated = root.seated
        self.node_limit = node_limit
        self.nodes = 0
        self.table: dict[tuple[tuple[int, ...], int, int, int], tuple[float, int]] = {}

    @staticmethod
    def applies(fast: FastHand) -> bool:
        return not fast.keeps_playing and fast.drawable() == 0 and fast.west >= 0

    def value_of(self, fast: FastHand) -> float:
        """The exact value of `fast` (a position `applies` to, or a finished hand)."""
        if fast.end:
            return self.judge.utility(fast.outcome())
        hands = tuple(fast.hands)
        west, east, turn = fast.west, fast.east, fast.turn
        ends = WITH[west] | WITH[east]
        while not hands[turn] & ends:  # forced passes (the hand is not blocked: someone can play)
            turn = self.following[turn]
        return self._value(hands, west, east, turn, -1e9, 1e9)

    def _leaf(self, end: str, hands: tuple[int, ...], went_out: int, last: int) -> float:
        outcome = HandOutcome(
            end,
            None if went_out < 0 else went_out,
            last,
            self.leader,
            tuple(map(tiles_of, hands)),
            self.seated,
        )
        return self.judge.utility(outcome)

    def _value(
        self, hands: tuple[int, ...], west: int, east: int, turn: int, alpha: float, beta: float
    ) -> float:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchLimit
        key = (hands, west, east, turn) if west <= east else (hands, east, west, turn)
        known = self.table.get(key)
        if known is not None:
            stored, bound = known
            if bound == EXACT:
                return stored
            if bound == LOWER and stored >= beta:
                return stored
            if bound == UPPER and stored <= alpha:
                return stored
        hand = hands[turn]
        mask = hand & (WITH[west] | WITH[east])
        moves: list[tuple[int, int, int, int]] = []  # (pips, tile index, open numbers after)
        while mask:
            low = mask & -mask
            mask ^= low
            index = low.bit_length() - 1
            high, small = HIGH[index], LOW[index]
            if high == west or small == west:  # it covers the west end...
                moves.append((PIPS[index], index, small if high == west else high, east))
                if west != east and high != small and (high == east or small == east):
                    # ...or, fitting both different ends, the east one: two different games
                    moves.append((PIPS[index], index, west, small if high == east else high))
            else:
                moves.append((PIPS[index], index, west, small if high == east else high))
        moves.sort(reverse=True)  # heaviest first: the likely best, for early cut-offs
        maximising = self.mine[turn]
        low_bound, high_bound = alpha, beta
        best = -1e9 if maximising else 1e9
        following = self.following
        for _, index, new_west, new_east in moves:
            left = hand ^ (1 << index)
            after = (*hands[:turn], left, *hands[turn + 1 :])
            if not left:
                result = self._leaf(End.DOMINO, after, turn, turn)
            else:
                ends = WITH[new_west] | WITH[new_east]
                if not any(held & ends for held in after):
                    result = self._leaf(End.BLOCKED, after, -1, turn)
                else:
                    following_seat = following[turn]
                    while not after[following_seat] & ends:
                        following_seat = following[following_seat]
                    result = self._value(after, new_west, new_east, following_seat, alpha, beta)
            if maximising:
                if result > best:
                    best = result
                    alpha = max(alpha, best)
            elif result < best:
                best = result
                beta = min(beta, best)
            if alpha >= beta:
                break
        if best <= low_bound:
            self.table[key] = (best, UPPER)
        elif best >= high_bound:
            self.table[key] = (best, LOWER)
        else:
            self.table[key] = (best, EXACT)
        return best
