"""Tiles and sets.

A `Tile` is a small interned value: `Tile(4, 6) is Tile(6, 4)`, so equality is by identity and
is independent of the order of the halves. Its text form is the higher half first (`"6-4"`);
`Tile.parse` also reads `"4-6"`, `"4|6"` and `"[4|6]"`.

Each tile of a double-N set has a dense `index` (0-0 is 0, 1-0 is 1, 1-1 is 2, 2-0 is 3, ...),
the same in every set size, so hands fit in int bitmasks on the fast path.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import ClassVar, Final

from engine.errors import BadTile

MAX_PIPS: Final = 12
SET_SIZES: Final = (3, 4, 5, 6, 7, 8, 9, 12)


class Tile:
    """One domino. Immutable and interned: build it with `Tile(a, b)` or `Tile.parse(text)`."""

    __slots__ = ("high", "index", "is_double", "low", "pips")
    _interned: ClassVar[dict[tuple[int, int], Tile]] = {}

    high: int
    low: int
    pips: int
    is_double: bool
    index: int

    def __new__(cls, a: int, b: int) -> Tile:
        key = (a, b) if a >= b else (b, a)
        tile = cls._interned.get(key)
        if tile is not None:
            return tile
        if not (0 <= key[1] <= key[0] <= MAX_PIPS) or type(a) is not int or type(b) is not int:
            raise BadTile(
                "{a}-{b} is not a domino (halves run from 0 to {top})", a=a, b=b, top=MAX_PIPS
            )
        tile = super().__new__(cls)
        high, low = key
        object.__setattr__(tile, "high", high)
        object.__setattr__(tile, "low", low)
        object.__setattr__(tile, "pips", high + low)
        object.__setattr__(tile, "is_double", high == low)
        object.__setattr__(tile, "index", high * (high + 1) // 2 + low)
        cls._interned[key] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.high, self.low))

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: object) -> Tile:
        return self

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __hash__(self) -> int:
        return self.index

    @classmethod
    def parse(cls, text: object) -> Tile:
        """Read `6-4`, `4-6`, `4|6`, `[4|6]` or `4:6` (spaces allowed)."""
        if isinstance(text, Tile):
            return text
        if not isinstance(text, str):
            raise BadTile("{text} is not a tile: write it like 6-4", text=repr(text))
        cleaned = text.strip().strip("[]()").replace(" ", "")
        for separator in ("-", "|", ":", "/"):
            if separator in cleaned:
                left, _, right = cleaned.partition(separator)
                if left.isdigit() and right.isdigit():
                    return cls(int(left), int(right))
                break
        raise BadTile("{text} is not a tile: write it like 6-4", text=repr(text))

    @classmethod
    def from_index(cls, index: int) -> Tile:
        high = int(((8 * index + 1) ** 0.5 - 1) / 2)
        while high * (high + 1) // 2 > index:
            high -= 1
        while (high + 1) * (high + 2) // 2 <= index:
            high += 1
        return cls(high, index - high * (high + 1) // 2)

    def has(self, number: int) -> bool:
        return self.high == number or self.low == number

    def other(self, number: int) -> int:
        """The half that is left showing when this tile is laid on `number`."""
        if self.high == number:
            return self.low
        if self.low == number:
            return self.high
        raise BadTile("{tile} has no {number}", tile=self, number=number)

    @property
    def rank(self) -> tuple[int, bool, int]:
        """Order of "the highest tile": most pips, then a double first, then the higher half."""
        return (self.pips, self.is_double, self.high)


@cache
def domino_set(top: int) -> tuple[Tile, ...]:
    """Every tile of the double-`top` set, in index order (0-0, 1-0, 1-1, 2-0, ...)."""
    if top not in SET_SIZES:
        raise BadTile(
            "there is no double-{top} set here (sets: {sets})",
            top=top,
            sets=", ".join(map(str, SET_SIZES)),
        )
    return tuple(Tile(high, low) for high in range(top + 1) for low in range(high + 1))


def highest(tiles: Iterable[Tile]) -> Tile:
    """The highest tile: most pips, among equals a double first, then the higher half."""
    return max(tiles, key=lambda tile: tile.rank)


def highest_double(tiles: Iterable[Tile]) -> Tile | None:
    doubles = [tile for tile in tiles if tile.is_double]
    return max(doubles, key=lambda tile: tile.high) if doubles else None


def pips(tiles: Iterable[Tile]) -> int:
    return sum(tile.pips for tile in tiles)


def parse_tiles(texts: Iterable[str]) -> list[Tile]:
    return [Tile.parse(text) for text in texts]
