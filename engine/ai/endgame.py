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
from engine.fast import PIPS, FastHand
from engine.hand import HandState

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
