"""Dominosa in words: deductions, dead ends and hints phrased for a player.

Every sentence the Dominosa checker and hints show is made here, so the bot can translate them
in one place. Cells are written `(row,col)`, spots `(row,col)-(row,col)`, tiles `5-3`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.messages import Message, Plural
from engine.puzzles.cells import Cell, cell_text
from engine.puzzles.dominosa_board import DominosaBoard, solve
from engine.puzzles.dominosa_logic import (
    HARD,
    MEDIUM,
    DeadEnd,
    Deduction,
    LogicState,
    Rule,
    follow,
    next_deduction,
)
from engine.tiles import Tile

# A hint quotes at most this many of the deductions that lead to its tile.
QUOTED_STEPS = 3


@dataclass(frozen=True)
class Hint:
    """The next tile reasoning can place: where (`placement`, two cells), which `tile`, and why.
    `steps` are the deductions on the way, in order, the last one placing the tile; `text` is
    what to show the player; `level` is the hardest deduction used (1 easy .. 3 hard, 4 for a
    tile revealed from the solution because reasoning found nothing). A hint that
    `takes_away` names a misplaced tile instead (no steps, level 0)."""

    placement: tuple[Cell, Cell]
    tile: Tile
    text: Message
    steps: tuple[Message, ...]
    level: int
    takes_away: bool = False  # the tile is on the board where it does not belong: take it away


def _spots(board: DominosaBoard, mask: int) -> list[int]:
    found = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        found.append(bit.bit_length() - 1)
    return found


def _join(parts: Sequence[str], last: str = "or") -> str:
    """`a, b or c` (`last`: "or" or "and"), as nested messages a language joins its own way."""
    if len(parts) <= 1:
        return "".join(parts)
    if len(parts) > 2:
        return Message("{first}, {others}", first=parts[0], others=_join(parts[1:], last))
    if last == "and":
        return Message("{first} and {others}", first=parts[0], others=parts[1])
    return Message("{first} or {others}", first=parts[0], others=parts[1])


def dead_end_text(board: DominosaBoard, dead_end: DeadEnd, *, would: bool = False) -> Message:
    """`(2,3) has no partner left` / `the 4-4 has no place left` (`would`: the conditional)."""
    name = board.constraint_text(dead_end.constraint)
    if dead_end.constraint < board.cell_count:
        if would:
            return Message("{name} would have no partner left", name=name)
        return Message("{name} has no partner left", name=name)
    if would:
        return Message("{name} would have no place left", name=name)
    return Message("{name} has no place left", name=name)


def deduction_text(board: DominosaBoard, step: Deduction) -> Message:
    """One deduction as a sentence."""
    about = board.constraint_text(step.constraint)
    options = _spots(board, step.options)
    ruled_out = _join([board.spot_text(spot) for spot in _spots(board, step.ruled_out)], "and")
    is_cell = step.constraint < board.cell_count
    tile = None if is_cell else Tile.from_index(step.constraint - board.cell_count)
    if step.rule is Rule.ONLY_SPOT:
        assert step.place is not None
        where = board.spot_text(step.place)
        if is_cell:
            return Message(
                "{cell} can only pair with {partner}: the {tile} goes at {place}.",
                cell=about,
                partner=_partner_text(board, step.place, step.constraint),
                tile=board.tile(step.place),
                place=where,
            )
        return Message("The {tile} can only go at {place}.", tile=tile, place=where)
    if step.rule is Rule.BLOCKED_EVERY_WAY:
        if is_cell:
            tiles = {board.spot_tile[spot] for spot in options}
            partners = [_partner_text(board, spot, step.constraint) for spot in options]
            if len(tiles) == 1:
                return Message(
                    "{cell} can only be part of the {tile} (with {partners}), so {ruled_out} "
                    "cannot hold a tile.",
                    cell=about,
                    tile=board.tile(options[0]),
                    partners=_join(partners),
                    ruled_out=ruled_out,
                )
            described = [
                Message("{partner} (the {tile})", partner=partner, tile=board.tile(spot))
                for partner, spot in zip(partners, options, strict=True)
            ]
            return Message(
                "{cell} pairs with {partners}; either way {ruled_out} cannot hold a tile.",
                cell=about,
                partners=_join(described),
                ruled_out=ruled_out,
            )
        places = _join([board.spot_text(spot) for spot in options])
        shared = set(board.spot_cells[options[0]])
        for option in options[1:]:
            shared &= set(board.spot_cells[option])
        if shared:
            return Message(
                "The {tile} covers {cell} wherever it goes ({places}), so {ruled_out} "
                "cannot hold a tile.",
                tile=tile,
                cell=board.constraint_text(shared.pop()),
                places=places,
                ruled_out=ruled_out,
            )
        return Message(
            "Wherever the {tile} goes ({places}), {ruled_out} can no longer hold a tile.",
            tile=tile,
            places=places,
            ruled_out=ruled_out,
        )
    assert step.dead_end is not None
    supposed = _spots(board, step.ruled_out)[0]
    consequence = dead_end_text(board, step.dead_end, would=True)
    if step.dead_end.forced:
        consequence = Plural(
            "after {count} forced step {consequence}",
            "after {count} forced steps {consequence}",
            count=step.dead_end.forced,
            consequence=consequence,
        )
    return Message(
        "If the {tile} went at {place}, {consequence}; so it does not go there.",
        tile=board.tile(supposed),
        place=board.spot_text(supposed),
        consequence=consequence,
    )


def _partner_text(board: DominosaBoard, spot: int, cell: int) -> str:
    first, second = board.spot_pair(spot)
    partner = second if board.cell_id(first) == cell else first
    return cell_text(partner)


def no_solution_text(board: DominosaBoard, placed: tuple[int, ...]) -> Message:
    """Why no solution keeps the spots `placed` (the last one is the new placement)."""
    state = LogicState(board, placed)
    dead_end = state.dead_end() or follow(state, MEDIUM)
    if dead_end is None:
        return Message(
            "no solution keeps this placement: the tiles left cannot all be placed around it"
        )
    if dead_end.forced == 0:
        return Message(
            "no solution keeps this placement: then {dead_end}",
            dead_end=dead_end_text(board, dead_end),
        )
    return Plural(
        "no solution keeps this placement: after {count} forced step, {dead_end}",
        "no solution keeps this placement: after {count} forced steps, {dead_end}",
        count=dead_end.forced,
        dead_end=dead_end_text(board, dead_end),
    )


def _sentences(sentences: Sequence[str]) -> str:
    """Sentences one after the other, as nested messages (a language may space them its way)."""
    if len(sentences) == 1:
        return sentences[0]
    return Message("{first} {others}", first=sentences[0], others=_sentences(sentences[1:]))


def next_hint(board: DominosaBoard, placed: tuple[int, ...]) -> Hint:
    """The next tile reasoning places from the spots `placed` (which must fit the solution),
    with the deductions that lead to it: those that took places away from the cell or tile
    that ends with one place left (other deductions made on the way are left out)."""
    state = LogicState(board, placed)
    start = state.alive
    ruling_out: list[Deduction] = []
    while True:
        found = next_deduction(state, HARD)
        if found is None or isinstance(found, DeadEnd):
            return _revealed(board, state, placed)
        if found.place is not None:
            break
        ruling_out.append(found)
        state.apply(found)
    options = start & board.constraint_spots[found.constraint]
    relevant = [step for step in ruling_out if step.ruled_out & options]
    steps = (*[deduction_text(board, step) for step in relevant], deduction_text(board, found))
    level = max(step.level for step in (*relevant, found))
    text = steps[-1]
    if relevant:
        quoted: list[Message] = list(steps[: min(len(relevant), QUOTED_STEPS - 1)])
        skipped = len(relevant) - len(quoted)
        if skipped:
            quoted.append(
                Plural(
                    "({count} more step like it.)", "({count} more steps like it.)", count=skipped
                )
            )
        text = Message("{steps} Then: {step}", steps=_sentences(quoted), step=text)
    spot = found.place
    return Hint(board.spot_pair(spot), board.tile(spot), text, steps, level)


def _revealed(board: DominosaBoard, state: LogicState, placed: tuple[int, ...]) -> Hint:
    # Reasoning found nothing: name a tile of the solution, on the tightest cell or tile.
    solution = solve(board, placed=placed, cap=1)
    if not solution.count:
        raise ValueError("the placements fit no solution")
    spots = set(solution.found[0]) - set(placed)
    masks = board.constraint_spots
    constraint = min(state.open, key=lambda k: (state.alive & masks[k]).bit_count())
    spot = next(s for s in sorted(spots) if masks[constraint] >> s & 1)
    text = Message(
        "The {tile} goes at {place} (no short chain of reasoning finds the next tile here).",
        tile=board.tile(spot),
        place=board.spot_text(spot),
    )
    return Hint(board.spot_pair(spot), board.tile(spot), text, (text,), HARD + 1)
