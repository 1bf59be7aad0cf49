"""Quadrille counts: a figure's solutions counted exactly, and what each count counts.

`engine.puzzles.quadrille.search` finds every solution once up to renaming the numbers.
Renaming by a permutation of the numbers gives a distinct
solution exactly when it moves a number that appears; `count` checks that every solution shows
every number, so fixed solutions = solutions up to renaming x 7!. The figure's symmetries are
the maps of the square (turns and mirrors) that carry its cells and squares onto themselves;
solutions up to symmetries are counted by Burnside's lemma (numbers fixed) and as orbits of
the renaming classes (both). For the classic figure:

    fixed placements and numbers          685,440 (= 136 x 7!)
    up to renaming the numbers                136
    up to the figure's symmetries         171,360 (4 symmetries: identity, both mirrors, half turn)
    up to renaming and symmetries              34
    up to one symmetry of order 2         342,720 (any one of the mirrors or the half turn)
    number patterns up to renaming             82 (54 of them with two tilings, 28 with one)

The rulebook's 342,720 is half of the fixed count: the fixed solutions counted with a
quadrille and its half turn (or its mirror image) as one, which no symmetric solution spoils,
since none of the 136 is symmetric. The search visits about 11,000 nodes (0.1 s of CPU).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from engine.puzzles.quadrille import Figure, Quadrille, Symmetry, empty_state, search


@dataclass(frozen=True)
class QuadrilleCount:
    """The counts of a figure's solutions; see the module docstring for what each counts.
    `up_to_each_symmetry` counts fixed solutions up to one symmetry alone (Burnside over the
    symmetry and the identity); `number_patterns` counts the squares' numbers up to renaming,
    whatever the tiling; `solutions` are the solutions up to renaming."""

    up_to_renaming: int
    renamings: int
    renamings_distinct: bool
    fixed: int
    symmetries: tuple[str, ...]
    up_to_symmetries: int
    up_to_renaming_and_symmetries: int
    up_to_each_symmetry: dict[str, int]
    symmetric_solutions: int
    number_patterns: int
    solutions: tuple[Quadrille, ...] = field(repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "fixed": self.fixed,
            "up_to_renaming": self.up_to_renaming,
            "renamings": self.renamings,
            "renamings_distinct": self.renamings_distinct,
            "symmetries": list(self.symmetries),
            "up_to_symmetries": self.up_to_symmetries,
            "up_to_renaming_and_symmetries": self.up_to_renaming_and_symmetries,
            "up_to_each_symmetry": dict(self.up_to_each_symmetry),
            "symmetric_solutions": self.symmetric_solutions,
            "number_patterns": self.number_patterns,
        }


def count(figure: Figure | None = None) -> QuadrilleCount:
    """Count the figure's solutions exactly (every way of counting in the module docstring)."""
    figure = figure or Figure()
    found = tuple(search(figure, empty_state(figure)))  # counted afresh, not the cache
    numbers = figure.top + 1
    # Renaming the numbers by a permutation gives a new solution iff it moves a number the
    # solution shows, so a solution showing k of the numbers has perm(numbers, k) renamings.
    # When every solution shows every number, that is numbers! each: checked, not assumed.
    distinct = all(set(solution.numbers) == set(range(numbers)) for solution in found)
    renamings = math.factorial(numbers)
    fixed = sum(math.perm(numbers, len(set(solution.numbers))) for solution in found)
    symmetries = figure.symmetries()
    keys = [_labelled_key(figure, solution) for solution in found]
    classes = [_class_key(key) for key in keys]
    moved = {symmetry.name: [_moved(key, symmetry) for key in keys] for symmetry in symmetries}
    # Burnside: a symmetry fixes a numbered solution iff it carries the solution onto itself
    # with every number in place; then it fixes all its renamings too.
    fixed_by = {
        name: sum(
            math.perm(numbers, len(set(solution.numbers)))
            for solution, key, image in zip(found, keys, images, strict=True)
            if key == image
        )
        for name, images in moved.items()
    }
    up_to_symmetries = sum(fixed_by.values()) // len(symmetries)
    orbits = {min(_class_key(images[i]) for images in moved.values()) for i in range(len(found))}
    symmetric = sum(
        1
        for i in range(len(found))
        if any(
            _class_key(images[i]) == classes[i]
            for name, images in moved.items()
            if name != "identity"
        )
    )
    each = {name: (fixed + fixed_by[name]) // 2 for name in moved if name != "identity"}
    return QuadrilleCount(
        up_to_renaming=len(found),
        renamings=renamings,
        renamings_distinct=distinct,
        fixed=fixed,
        symmetries=tuple(symmetry.name for symmetry in symmetries),
        up_to_symmetries=up_to_symmetries,
        up_to_renaming_and_symmetries=len(orbits),
        up_to_each_symmetry=each,
        symmetric_solutions=symmetric,
        number_patterns=len({solution.numbers for solution in found}),
        solutions=found,
    )


_Key = tuple[tuple[int, ...], frozenset[frozenset[int]]]


def _labelled_key(figure: Figure, solution: Quadrille) -> _Key:
    tiling = frozenset(
        frozenset((figure.index[first], figure.index[second]))
        for first, _, second, _ in solution.tiles
    )
    return (solution.cell_numbers(figure), tiling)


def _moved(key: _Key, symmetry: Symmetry) -> _Key:
    numbers, tiling = key
    image = symmetry.image
    moved = [0] * len(numbers)
    for cell, number in enumerate(numbers):
        moved[image[cell]] = number
    return (tuple(moved), frozenset(frozenset(image[cell] for cell in pair) for pair in tiling))


def _class_key(key: _Key) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The same solution with numbers renamed in order of first appearance (reading order)."""
    numbers, tiling = key
    renamed: dict[int, int] = {}
    for number in numbers:
        renamed.setdefault(number, len(renamed))
    return (
        tuple(renamed[number] for number in numbers),
        tuple(sorted(tuple(sorted(pair)) for pair in tiling)),
    )
