"""What a seat does on its turn, as small frozen values with a record form.

`Play(seat, tile, end)`: `end` is `None` when every placement of the tile gives the same game,
else the number showing on the end the tile covers, or an arm id where two ends show that number
and the choice matters (see `engine.layout`). `Draw`: one draw step of the variant's draw rule.
`Pass`: the seat can neither place nor draw.

Variants with actions of their own register them with `action_kind` (see `Special`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.errors import DominoError
from engine.messages import InContext, Message
from engine.pickling import QuickPickle
from engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class Action(QuickPickle):
    seat: int

    def to_record(self) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def message(self) -> str:
        """The move named for a player (`6-4 on N`, `draw`): a `Message` to translate, or
        plain text where it has no words (a bare tile). `str(action)` is its English."""
        raise NotImplementedError

    def __str__(self) -> str:
        return str(self.message)


@dataclass(frozen=True, slots=True)
class Play(Action):
    tile: Tile
    end: int | str | None = None

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"seat": self.seat, "play": str(self.tile)}
        if self.end is not None:
            record["end"] = self.end
        return record

    @property
    def message(self) -> str:
        if self.end is None:
            return str(self.tile)
        return Message("{tile} on {end}", tile=self.tile, end=self.end)


@dataclass(frozen=True, slots=True)
class Draw(Action):
    def to_record(self) -> dict[str, Any]:
        return {"seat": self.seat, "draw": True}

    @property
    def message(self) -> str:
        return InContext("move", "draw")


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def to_record(self) -> dict[str, Any]:
        return {"seat": self.seat, "pass": True}

    @property
    def message(self) -> str:
        return InContext("move", "pass")


@dataclass(frozen=True, slots=True)
class Special(Action):
    """Base of a variant's own actions (laying pairs, exchanging a tile, ...). Subclasses set
    `key`, the record field that marks them, and register a parser with `action_kind`."""

    key: ClassVar[str] = ""

    def from_hand(self) -> tuple[Tile, ...]:
        """The tiles this move takes from the seat's hand (checked by the invariants)."""
        return ()


ActionParser = Callable[[int, Any, Mapping[str, Any]], Action]
_PARSERS: dict[str, ActionParser] = {}
PlayReader = Callable[[int, Tile, Mapping[str, Any]], Action]
_PLAY_READERS: dict[str, PlayReader] = {}


def action_kind(key: str) -> Callable[[ActionParser], ActionParser]:
    """Register the parser of a record action marked by field `key`."""

    def register(parser: ActionParser) -> ActionParser:
        _PARSERS[key] = parser
        return parser

    return register


def play_field(key: str) -> Callable[[PlayReader], PlayReader]:
    """Register the reader of a play that carries field `key` (Mexican Train's `train`): a
    placement on a table without ends, still a `play` in the record."""

    def register(reader: PlayReader) -> PlayReader:
        _PLAY_READERS[key] = reader
        return reader

    return register


def parse_end(value: object) -> int | str | None:
    if value is None:
        return None
    if isinstance(value, bool):
        raise DominoError("end {end} is neither a number nor an end id", end=repr(value))
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip():
        text = value.strip()
        return int(text) if text.isdigit() else text
    raise DominoError("end {end} is neither a number nor an end id", end=repr(value))


def action_from_record(record: object) -> Action:
    """Read one record action; raise `DominoError` with a short reason if it is malformed."""
    if not isinstance(record, Mapping):
        raise DominoError('an action must be an object like {{"seat": 0, "play": "6-6"}}')
    seat = record.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise DominoError("the action has no seat number")
    kinds = [key for key in ("play", "draw", "pass", *_PARSERS) if key in record]
    if len(kinds) != 1:
        raise DominoError("an action must say exactly one of play, draw, pass or a special move")
    kind = kinds[0]
    value = record[kind]
    if kind == "play":
        if not isinstance(value, str):
            raise DominoError('play must name a tile, like "6-4"')
        tile = Tile.parse(value)
        for field_name, reader in _PLAY_READERS.items():
            if field_name in record:
                return reader(seat, tile, record)
        return Play(seat, tile, parse_end(record.get("end")))
    if kind in ("draw", "pass"):
        if value is not True:
            raise DominoError("{kind} must be true", kind=kind)
        return Draw(seat) if kind == "draw" else Pass(seat)
    return _PARSERS[kind](seat, value, record)
