"""The table: arms of tiles growing from the first tile (the lead).

Every open end of the table is the outer end of an **arm**. An arm starts empty at the lead (or at
a double that opens its sides) showing the number it grows from, and each tile placed on it covers
the number showing and leaves its other half showing. Arms carry stable ids, which records,
buttons and pictures share:

- line lead: `W` and `E` (a lead 6-4 shows 6 on `W` and 4 on `E`);
- spinner lead: `N`, `E`, `S`, `W` (its two long sides and two short ends are alike);
- star lead (the Cyprus 9-9): `N`, `NE`, `E`, `SE`, `S`, `SW`, `W`, `NW`;
- a double that opens its sides, placed as tile number k of arm `A` (counting from 1), adds the
  arms `Aka` and `Akb` (for example `N2a`, `N2b`); arm `A` goes on past it;
- a row (`sum`, `pairs`) has no arms and no open ends: tiles are laid side by side in order.

The games that use them: the line games `W`/`E`; `cross`, `double-cross`, `maltese`,
`sebastopol` and `cross-nine` the spinner's `N`/`E`/`S`/`W` (`cross-nine` also the branch arms of
its doubles); `cyprus` the eight star places. A record names an arm only where two open ends show
the same number and the choice changes the game (in `cyprus`: an empty star place against an arm
end showing 9); the spinner's empty sides, the star's empty places and the three ends left by an
opened double are interchangeable and never named.

What a rule may look at is the arm's number, whether it is still empty, its kind and its tiles; a
variant decides which of these matter (see `Variant.end_class`), and placements that leave the same
classes of open ends are the same move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.errors import IllegalAction
from engine.pickling import QuickPickle
from engine.tiles import Tile


class Shape(StrEnum):
    """How the lead is laid: a line with two ends, a spinner with four sides, an 8-way star, or
    a row of tiles laid side by side without matching (the `sum` and `pairs` games; their
    `placements` are in the order the tiles were laid)."""

    LINE = "line"
    SPINNER = "spinner"
    STAR = "star"
    ROW = "row"


class ArmKind(StrEnum):
    LINE = "line"  # one of the two ends of a line lead
    SIDE = "side"  # one of the four sides of a spinner lead
    STAR = "star"  # one of the eight places of a star lead
    BRANCH = "branch"  # a side of a double that opened its sides


LEAD_ARMS: dict[Shape, tuple[tuple[str, ArmKind], ...]] = {
    Shape.LINE: (("W", ArmKind.LINE), ("E", ArmKind.LINE)),
    Shape.SPINNER: tuple((name, ArmKind.SIDE) for name in ("N", "E", "S", "W")),
    Shape.STAR: tuple(
        (name, ArmKind.STAR) for name in ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    ),
}


@dataclass(frozen=True, slots=True)
class Placed(QuickPickle):
    """A tile on an arm: it covers `joined` and leaves `shows` open. A wild double laid on a
    number it does not carry has `joined` different from its halves."""

    tile: Tile
    joined: int
    shows: int


@dataclass(slots=True)
class Arm(QuickPickle):
    id: str
    kind: ArmKind
    origin: int
    tiles: list[Placed] = field(default_factory=list)
    parent: tuple[str, int] | None = None  # (arm id, 1-based position) of the double it leaves

    @property
    def number(self) -> int:
        """The number this open end shows."""
        return self.tiles[-1].shows if self.tiles else self.origin

    @property
    def empty(self) -> bool:
        return not self.tiles

    def doubles(self) -> int:
        return sum(1 for placed in self.tiles if placed.tile.is_double)


@dataclass(frozen=True, slots=True)
class Placement(QuickPickle):
    """Where a tile went: the arm (or `None` for the lead) and the number it left showing."""

    tile: Tile
    arm: str | None
    joined: int | None
    shows: int | None


class Layout:
    """The tiles on the table. Mutable; `copy()` is cheap enough for search."""

    __slots__ = ("_ends", "arms", "lead", "opens_doubles", "placements", "shape")

    def __init__(self, shape: Shape = Shape.LINE, *, opens_doubles: bool = False) -> None:
        self.shape = shape
        self.opens_doubles = opens_doubles
        self.lead: Tile | None = None
        self.arms: dict[str, Arm] = {}
        self.placements: list[Placement] = []
        self._ends: list[tuple[Arm, int]] | None = None

    def copy(self) -> Layout:
        twin = Layout(self.shape, opens_doubles=self.opens_doubles)
        twin.lead = self.lead
        twin.arms = {
            key: Arm(arm.id, arm.kind, arm.origin, list(arm.tiles), arm.parent)
            for key, arm in self.arms.items()
        }
        twin.placements = list(self.placements)
        return twin

    def fresh(self) -> Layout:
        """An empty table laid out as this one (a game's own layout gives its own kind)."""
        return Layout(self.shape, opens_doubles=self.opens_doubles)

    def __len__(self) -> int:
        return len(self.placements)

    @property
    def started(self) -> bool:
        return self.lead is not None

    def tiles(self) -> list[Tile]:
        return [placement.tile for placement in self.placements]

    def open_arms(self) -> list[Arm]:
        return list(self.arms.values())

    def open_numbers(self) -> list[int]:
        return [number for _, number in self.ends()]

    def ends(self) -> list[tuple[Arm, int]]:
        """Every arm with the number its open end shows, in the arms' order (kept until the
        next tile is laid: search asks for them many times a move)."""
        ends = self._ends
        if ends is None:
            ends = self._ends = [(arm, arm.number) for arm in self.arms.values()]
        return ends

    def lay_lead(self, tile: Tile) -> Placement:
        if self.lead is not None:
            raise IllegalAction("the first tile is already down")
        self.lead = tile
        self._ends = None
        if self.shape is Shape.ROW:
            pass  # a row has no open ends: every tile goes after the last
        elif self.shape is Shape.LINE:
            origins = (tile.high, tile.low)
            for (name, kind), origin in zip(LEAD_ARMS[Shape.LINE], origins, strict=True):
                self.arms[name] = Arm(name, kind, origin)
        else:
            if not tile.is_double:
                # One sentence per shape: the shape's name is no word to paste into another
                # language's sentence.
                if self.shape is Shape.STAR:
                    raise IllegalAction("the star lead must be a double, not {tile}", tile=tile)
                raise IllegalAction("the spinner lead must be a double, not {tile}", tile=tile)
            for name, kind in LEAD_ARMS[self.shape]:
                self.arms[name] = Arm(name, kind, tile.high)
        placement = Placement(tile, None, None, None)
        self.placements.append(placement)
        return placement

    def add_to_row(self, tile: Tile) -> Placement:
        """Lay `tile` at the end of a row (no matching: the caller, a variant, checked it)."""
        if self.shape is not Shape.ROW:
            raise IllegalAction(
                "tiles are matched on a {shape}, not laid in a row", shape=self.shape.value
            )
        if self.lead is None:
            return self.lay_lead(tile)
        placement = Placement(tile, None, None, None)
        self.placements.append(placement)
        return placement

    def lay(self, tile: Tile, arm_id: str, shows: int) -> Placement:
        """Put `tile` on the open end of `arm_id`, leaving `shows` open. The caller (a variant)
        has checked that the rules allow it."""
        arm = self.arms[arm_id]
        joined = arm.number
        self._ends = None
        arm.tiles.append(Placed(tile, joined, shows))
        if self.opens_doubles and tile.is_double:
            position = len(arm.tiles)
            for suffix in ("a", "b"):
                branch = f"{arm_id}{position}{suffix}"
                self.arms[branch] = Arm(
                    branch, ArmKind.BRANCH, tile.high, parent=(arm_id, position)
                )
        placement = Placement(tile, arm_id, joined, shows)
        self.placements.append(placement)
        return placement
