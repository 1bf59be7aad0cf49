"""Mexican Train's table: the hub with the round's engine, one personal train per seat and the
Mexican train, each train's marker, and the doubles left uncovered (RULES.md §4.4).

Two forms. `Trains` is the hand's own state (a `SideState`, mutable like the hand, copied by
search): the trains as lists, the markers, the uncovered doubles, and where the turn in progress
stands (a turn can hold several placements and draws). `TrainsView` is what anyone may see of
it, frozen: every seat's view and every picture read the trains through it
(`trains_of(view)`), never the hand's state. Nothing on the table is hidden, so the two differ
only in the bookkeeping of the turn.

Trains are numbered by index: 0..n-1 the personal train of that seat, n the Mexican train.
Records and views name a train by its key: the owner's seat, or `"mexican"`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum

from engine.pickling import QuickPickle
from engine.tiles import Tile
from engine.variants.base import SideState

MEXICAN = "mexican"

TrainKey = int | str  # a seat, or MEXICAN


class Phase(IntEnum):
    """Where the turn in progress stands."""

    START = 0  # nothing placed yet: any legal tile (a binding double first)
    COVER = 1  # `doubles: cover`: the double just placed must be covered
    EXTRA = 2  # `doubles: any`: one more tile after a double, anywhere legal
    RUN = 3  # `opening: run`: more tiles on the own train, or stop
    RUN_COVER = 4  # a run's double: its cover comes next, on the own train


@dataclass(frozen=True, slots=True)
class TrainView(QuickPickle):
    """One train as anyone sees it: whose it is (`owner` None: the Mexican train), its tiles
    from the hub outwards, the number its open end shows, and whether it is open (a marker on
    a personal train; the Mexican train is always open)."""

    owner: int | None
    tiles: tuple[Tile, ...]
    end: int
    open: bool
    uncovered: bool  # its last tile is a double left uncovered (one that still needs a cover)

    @property
    def key(self) -> TrainKey:
        return MEXICAN if self.owner is None else self.owner

    @property
    def mexican(self) -> bool:
        return self.owner is None


@dataclass(frozen=True, slots=True)
class TrainsView(QuickPickle):
    """The whole table of a Mexican Train round as anyone sees it.

    `trains`: the personal trains in seat order, then the Mexican train. `uncovered`: the keys
    of the trains ending in an uncovered double, oldest first (the first is the one every
    placement must cover); doubles that can no longer be covered (every other tile of their
    number is down) are left out, being no obligation. `awaiting`: the key of the train whose
    double the player to act must cover before the turn goes on (`doubles: cover`, or a run),
    else None. `in_run`: the player to act is in an opening run and may stop."""

    engine: Tile
    trains: tuple[TrainView, ...]
    uncovered: tuple[TrainKey, ...]
    awaiting: TrainKey | None
    in_run: bool

    def train(self, key: TrainKey) -> TrainView:
        if key == MEXICAN:
            return self.trains[-1]
        assert isinstance(key, int)
        return self.trains[key]

    @property
    def mexican(self) -> TrainView:
        return self.trains[-1]

    def tiles_down(self) -> list[Tile]:
        """Every tile on the table, the engine included."""
        return [self.engine, *(tile for train in self.trains for tile in train.tiles)]


def trains_of(view: object) -> TrainsView | None:
    """The trains of a view (or of a `PublicState`): anything with the public facts `extra`;
    None outside Mexican Train or between rounds."""
    extra = getattr(view, "extra", None)
    if not isinstance(extra, Mapping):
        return None
    found = extra.get("trains")
    return found if isinstance(found, TrainsView) else None


class Trains(SideState):
    """The hand's trains and the turn in progress (see the module docstring). `down[n]` counts
    the tiles on the table carrying number n, the engine included: a double n-n is dead (no
    cover can exist) when `down[n]` is the set's top + 1."""

    __slots__ = (
        "doubles_this_turn",
        "down",
        "drawn_for_need",
        "ends",
        "engine",
        "had_turn",
        "open",
        "pending",
        "phase",
        "tiles",
        "top",
        "uncovered",
    )

    def __init__(self, engine: Tile, seats: int, top: int) -> None:
        self.engine = engine
        self.top = top
        self.tiles: list[list[Tile]] = [[] for _ in range(seats + 1)]
        self.ends: list[int] = [engine.high] * (seats + 1)
        self.open: list[bool] = [False] * seats + [True]
        self.uncovered: list[int] = []  # train indices, oldest first (dead ones may linger)
        self.down: list[int] = [0] * (top + 1)
        self.down[engine.high] = 1
        self.phase = Phase.START
        self.pending = -1  # the train whose double must be covered now (COVER, RUN_COVER)
        self.drawn_for_need = False  # the draw for the present need was taken
        self.doubles_this_turn: list[int] = []  # `doubles: any`: this turn's doubles uncovered
        self.had_turn: list[bool] = [False] * seats

    def copy(self) -> Trains:
        twin = object.__new__(Trains)
        twin.engine = self.engine
        twin.top = self.top
        twin.tiles = [list(tiles) for tiles in self.tiles]
        twin.ends = list(self.ends)
        twin.open = list(self.open)
        twin.uncovered = list(self.uncovered)
        twin.down = list(self.down)
        twin.phase = self.phase
        twin.pending = self.pending
        twin.drawn_for_need = self.drawn_for_need
        twin.doubles_this_turn = list(self.doubles_this_turn)
        twin.had_turn = list(self.had_turn)
        return twin

    def __eq__(self, other: object) -> bool:
        """Equal states (a view that travelled to a worker comes back equal)."""
        if not isinstance(other, Trains):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable

    @property
    def mexican(self) -> int:
        return len(self.tiles) - 1

    def key(self, index: int) -> TrainKey:
        return MEXICAN if index == self.mexican else index

    def index(self, key: object) -> int | None:
        """The train a record's `train` names, or None if it names none."""
        if key == MEXICAN:
            return self.mexican
        if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < self.mexican:
            return key
        return None

    def dead(self, number: int) -> bool:
        """Every tile carrying `number` is on the table: its double needs no cover."""
        return self.down[number] > self.top

    def needs_cover(self, index: int) -> bool:
        """Train `index` ends in a double that still can (and so must) be covered."""
        tiles = self.tiles[index]
        return bool(tiles) and tiles[-1].is_double and not self.dead(tiles[-1].high)

    def binding(self) -> int | None:
        """The uncovered double every placement must cover now: the oldest that still can be
        covered (doubles placed in the turn in progress are not in `uncovered` yet)."""
        for index in self.uncovered:
            if self.needs_cover(index):
                return index
        return None

    def lay(self, index: int, tile: Tile) -> None:
        self.tiles[index].append(tile)
        self.ends[index] = tile.other(self.ends[index])
        self.down[tile.high] += 1
        if not tile.is_double:
            self.down[tile.low] += 1
        if index in self.uncovered:
            self.uncovered.remove(index)
        if index in self.doubles_this_turn:
            self.doubles_this_turn.remove(index)

    def new_turn(self) -> None:
        self.phase = Phase.START
        self.pending = -1
        self.drawn_for_need = False
        self.doubles_this_turn = []

    def view(self) -> TrainsView:
        alive = [index for index in self.uncovered if self.needs_cover(index)]
        showing = {*alive, *self.doubles_this_turn, self.pending}
        trains = tuple(
            TrainView(
                owner=None if index == self.mexican else index,
                tiles=tuple(tiles),
                end=self.ends[index],
                open=self.open[index],
                uncovered=index in showing and self.needs_cover(index),
            )
            for index, tiles in enumerate(self.tiles)
        )
        awaiting = (
            self.key(self.pending)
            if self.phase in (Phase.COVER, Phase.RUN_COVER) and self.pending >= 0
            else None
        )
        return TrainsView(
            engine=self.engine,
            trains=trains,
            uncovered=tuple(self.key(index) for index in alive),
            awaiting=awaiting,
            in_run=self.phase in (Phase.RUN, Phase.RUN_COVER),
        )
