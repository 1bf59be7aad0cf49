"""Dominosa by reasoning: the deductions a player makes, in levels, for hints and grading.

Every cell and every tile is a *constraint*: exactly one tile must cover the cell, and exactly
one spot must hold the tile (see `dominosa_board`). The deductions, easiest first:

- **Level 1 (easy)** — a constraint with one spot left: "the 5-3 can only go at (2,4)-(3,4)", or
  "(0,0) can only pair with (1,0)". Place it.
- **Level 2 (medium)** — every spot left for a constraint blocks some other spot (shares a cell
  with it or shows the same tile): "wherever the 3-3 goes, it covers (2,2), so (2,2)-(2,3) is
  out". Rule that spot out. This covers "a tile's every position uses one cell" and "a cell's
  every partner gives a tile that appears elsewhere".
- **Level 3 (hard)** — a chain: suppose a tile lies on a spot, follow levels 1 and 2 from there,
  and reach a cell or tile with no spot left. Rule the spot out.

`reason` always takes the easiest deduction that applies, so the highest level a whole solve
needs is the puzzle's grade. Every deduction is sound: it only removes spots that no solution
uses, so a grid the reasoning fills completely has exactly one solution.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.puzzles.dominosa_board import DominosaBoard

EASY, MEDIUM, HARD = 1, 2, 3


class Rule(Enum):
    ONLY_SPOT = "only-spot"  # level 1: a constraint has one spot left
    BLOCKED_EVERY_WAY = "blocked-every-way"  # level 2
    CHAIN = "chain"  # level 3: a supposition runs into a dead end


@dataclass(frozen=True)
class DeadEnd:
    """A constraint left with no spot: `constraint` is a cell or a tile (see the board), after
    `forced` deductions from the supposition that led there."""

    constraint: int
    forced: int = 0


@dataclass(frozen=True)
class Deduction:
    """One step of reasoning. `place` is the spot it places, or `None` for a step that only rules
    spots out (`ruled_out`, a mask). `constraint` is the cell or tile it is about and `options`
    the spots that constraint had left; a chain also names the `dead_end` it ran into."""

    level: int
    rule: Rule
    constraint: int
    options: int
    place: int | None = None
    ruled_out: int = 0
    dead_end: DeadEnd | None = None


class LogicState:
    """A partly reasoned grid: the spots placed (`taken`), the spots still possible (`alive`,
    placed ones excluded) and the constraints not yet met. Mutable; `copy` for suppositions."""

    __slots__ = ("alive", "board", "open", "taken")

    def __init__(self, board: DominosaBoard, placed: tuple[int, ...] = ()) -> None:
        self.board = board
        self.alive = (1 << len(board.spot_cells)) - 1
        self.taken = 0
        self.open = list(range(len(board.constraint_spots)))
        for spot in placed:
            self.place(spot)

    def copy(self) -> LogicState:
        twin = LogicState.__new__(LogicState)
        twin.board, twin.alive, twin.taken, twin.open = (
            self.board,
            self.alive,
            self.taken,
            list(self.open),
        )
        return twin

    @property
    def solved(self) -> bool:
        return not self.open

    def placed(self) -> tuple[int, ...]:
        return tuple(spot for spot in range(len(self.board.spot_cells)) if self.taken >> spot & 1)

    def place(self, spot: int) -> None:
        """Place a tile on `spot` (which must be alive)."""
        bit = 1 << spot
        if not self.alive & bit:
            raise ValueError(f"spot {spot} is not possible here")
        self.alive &= ~(self.board.blocks[spot] | bit)
        self.taken |= bit
        a, b, t = self.board.spot_constraints[spot]
        self.open = [k for k in self.open if k != a and k != b and k != t]

    def apply(self, deduction: Deduction) -> None:
        if deduction.place is not None:
            self.place(deduction.place)
        self.alive &= ~deduction.ruled_out

    def dead_end(self) -> DeadEnd | None:
        masks, alive = self.board.constraint_spots, self.alive
        for constraint in self.open:
            if not alive & masks[constraint]:
                return DeadEnd(constraint)
        return None


def _tiles_first(state: LogicState) -> list[int]:
    # Players look for a tile with one place left before a cell with one partner left.
    cells = state.board.cell_count
    return [k for k in state.open if k >= cells] + [k for k in state.open if k < cells]


def next_deduction(state: LogicState, max_level: int = HARD) -> Deduction | DeadEnd | None:
    """The easiest deduction (at most `max_level`) from `state`; a `DeadEnd` if some cell or tile
    has no spot left (the placements so far fit no solution); `None` if nothing applies."""
    board, alive = state.board, state.alive
    masks = board.constraint_spots
    order = _tiles_first(state)
    for constraint in order:
        spots = alive & masks[constraint]
        if not spots:
            return DeadEnd(constraint)
        if not spots & (spots - 1):
            return Deduction(EASY, Rule.ONLY_SPOT, constraint, spots, place=spots.bit_length() - 1)
    if max_level >= MEDIUM:
        found = _blocked_every_way(state, order)
        if found is not None:
            return found
    if max_level >= HARD:
        return _chain(state)
    return None


def _blocked_every_way(state: LogicState, order: list[int]) -> Deduction | None:
    blocks, alive, masks = state.board.blocks, state.alive, state.board.constraint_spots
    for constraint in order:
        spots = alive & masks[constraint]
        common = -1
        rest = spots
        while rest and common:
            bit = rest & -rest
            rest ^= bit
            common &= blocks[bit.bit_length() - 1]
        ruled_out = common & alive
        if ruled_out:
            return Deduction(MEDIUM, Rule.BLOCKED_EVERY_WAY, constraint, spots, ruled_out=ruled_out)
    return None


def _chain(state: LogicState) -> Deduction | None:
    """Suppose each possible spot in turn (spots of the tightest constraints first) and follow
    the easy and medium deductions; the first supposition that dead-ends is ruled out."""
    board, alive = state.board, state.alive
    masks = board.constraint_spots
    ranked = sorted(state.open, key=lambda k: (alive & masks[k]).bit_count())
    tried = 0
    for constraint in ranked:
        spots = alive & masks[constraint] & ~tried
        tried |= spots
        while spots:
            bit = spots & -spots
            spots ^= bit
            spot = bit.bit_length() - 1
            supposed = state.copy()
            supposed.place(spot)
            dead_end = follow(supposed, MEDIUM)
            if dead_end is not None:
                return Deduction(
                    HARD,
                    Rule.CHAIN,
                    constraint,
                    alive & masks[constraint],
                    ruled_out=bit,
                    dead_end=dead_end,
                )
    return None


def follow(state: LogicState, max_level: int = MEDIUM) -> DeadEnd | None:
    """Apply every easy (and, with `max_level` MEDIUM, medium) deduction until stuck or solved;
    the dead end met, if any, whose `forced` counts the deductions made on the way.

    Works in sweeps over all constraints rather than one deduction at a time, for speed (chains
    call it for every supposition). It reaches the same result: the rules only ever remove
    spots, and removing spots never stops a rule from applying, so every order of applying them
    ends in the same state, or in a dead end if any order meets one."""
    board = state.board
    masks, blocks, spot_constraints = board.constraint_spots, board.blocks, board.spot_constraints
    alive, taken, open_constraints = state.alive, state.taken, state.open
    steps = 0
    dead_end: DeadEnd | None = None
    while open_constraints and dead_end is None:
        forced = 0
        for constraint in open_constraints:
            spots = alive & masks[constraint]
            if not spots:
                dead_end = DeadEnd(constraint, steps)
                break
            if not spots & (spots - 1):
                forced |= spots
        if dead_end is not None:
            break
        if forced:
            closed = 0
            while forced:
                bit = forced & -forced
                forced ^= bit
                if not alive & bit:
                    continue  # blocked by another forced spot: the next sweep meets the dead end
                spot = bit.bit_length() - 1
                alive &= ~(blocks[spot] | bit)
                taken |= bit
                a, b, t = spot_constraints[spot]
                closed |= 1 << a | 1 << b | 1 << t
                steps += 1
            open_constraints = [k for k in open_constraints if not closed >> k & 1]
            continue
        if max_level < MEDIUM:
            break
        before = alive
        for constraint in open_constraints:
            spots = alive & masks[constraint]
            if not spots:
                break  # the next sweep reports it
            common = -1
            while spots and common:
                bit = spots & -spots
                spots ^= bit
                common &= blocks[bit.bit_length() - 1]
            if common & alive:
                alive &= ~common
                steps += 1
        if alive == before:
            break
    state.alive, state.taken, state.open = alive, taken, open_constraints
    return dead_end


@dataclass(frozen=True)
class Reasoning:
    """A whole solve by reasoning: the deductions in order, whether they filled the grid, and
    the highest level used (0 when nothing was needed)."""

    steps: tuple[Deduction, ...]
    solved: bool
    level: int
    state: LogicState


def reason(
    board: DominosaBoard,
    placed: tuple[int, ...] = (),
    max_level: int = HARD,
    *,
    start: LogicState | None = None,
) -> Reasoning:
    """Reason from the placed spots (or from a copy of the state `start`) until the grid is full
    or no deduction up to `max_level` applies. Raises `ValueError` if the placements already
    fit no solution. `level` is the hardest deduction among the steps made here."""
    state = start.copy() if start is not None else LogicState(board, placed)
    steps: list[Deduction] = []
    while not state.solved:
        found = next_deduction(state, max_level)
        if found is None:
            break
        if isinstance(found, DeadEnd):
            raise ValueError(f"{board.constraint_text(found.constraint)} has no place left")
        state.apply(found)
        steps.append(found)
    level = max((step.level for step in steps), default=0)
    return Reasoning(tuple(steps), state.solved, level, state)
