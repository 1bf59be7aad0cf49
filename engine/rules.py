"""Rule vocabulary shared by the variants: draw rules, scoring kinds, options, leads, results."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any, NamedTuple

from engine.errors import BadOption
from engine.messages import Message
from engine.tiles import Tile


class DrawRule(StrEnum):
    """What a player who cannot place a tile does (RULES.md §1)."""

    UNTIL_PLAYABLE = "draw-until-playable"
    ONE = "draw-one"
    TWO = "draw-two"
    NONE = "no-draw"


class Scoring(StrEnum):
    PENALTY = "penalty"  # points are bad: reaching the target loses or eliminates
    REWARD = "reward"  # points are good: first to the target wins
    NONE = "none"  # the hand decides; no points kept


class Tally(StrEnum):
    """What a match's scores count, as players name them."""

    POINTS = "points"  # points (or penalty points: `Scoring`)
    CHIPS = "chips"  # chips held (`pool`): a hand's points are the chips won or lost
    HANDS = "hands"  # hands won (`sum`): a hand's winner scores 1


class Deal(StrEnum):
    """What players call one deal of a match, the word every ending and score sheet uses."""

    HAND = "hand"  # most games: "hand 2 was blocked"
    ROUND = "round"  # Mexican Train: each round has its own engine, "round 2 of 13"


class End(StrEnum):
    DOMINO = "domino"  # a player placed their last tile
    BLOCKED = "blocked"  # nobody can place and nothing can be drawn
    #: A placement reached a target and ended the hand at once: in `sum` the table total hit the
    #: hand's target exactly (the hand is won); in the games that score during play (the fives
    #: games) a unit's score reached the match target (the match is won inside the hand, its
    #: `points` being the changes so far). Either way the placer's unit wins and nothing follows.
    TARGET = "target"


OptionValue = int | str | bool | tuple[int, ...]


@dataclass(frozen=True)
class Option:
    """A lobby option with its validation. `choices` or `minimum`/`maximum` bound the value.

    Two shapes beyond one plain value, for the options of RULES.md §4.1: `listed` takes a list of
    whole numbers (each bounded by `minimum`/`maximum`; the value is kept as a tuple, so a view
    holding it stays hashable), and `words` lets a whole-number option also take one of these
    words instead (`capicua: x2`)."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[int | str | bool, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    words: tuple[str, ...] = ()
    listed: bool = False

    def validate(self, value: object) -> Any:
        if self.listed:
            return self._validate_list(value)
        if self.words and isinstance(value, str) and value in self.words:
            return value
        expected = type(self.default)
        if self.words and type(value) is not expected:
            raise BadOption(
                "option {name} must be a whole number or {words}, not {value}",
                name=self.name,
                words=", ".join(self.words),
                value=shown(value),
            )
        if type(value) is not expected:
            raise BadOption(
                "option {name} must be {kind}, not {value}",
                name=self.name,
                kind=_kind_name(expected),
                value=shown(value),
            )
        assert isinstance(value, int | str | bool)
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(choice) for choice in self.choices)
            raise BadOption(
                "option {name} must be one of {allowed}, not {value}",
                name=self.name,
                allowed=allowed,
                value=shown(value),
            )
        if isinstance(value, int) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                raise BadOption(
                    "option {name} must be at least {minimum}", name=self.name, minimum=self.minimum
                )
            if self.maximum is not None and value > self.maximum:
                raise BadOption(
                    "option {name} must be at most {maximum}", name=self.name, maximum=self.maximum
                )
        return value

    def _validate_list(self, value: object) -> tuple[int, ...]:
        if type(value) is int:
            value = [value]  # one number: a list of one
        if not isinstance(value, list | tuple) or not all(type(item) is int for item in value):
            raise BadOption(
                "option {name} must be a list of whole numbers, not {value}",
                name=self.name,
                value=shown(value),
            )
        for item in value:
            if self.minimum is not None and item < self.minimum:
                raise BadOption(
                    "option {name} must be at least {minimum}", name=self.name, minimum=self.minimum
                )
            if self.maximum is not None and item > self.maximum:
                raise BadOption(
                    "option {name} must be at most {maximum}", name=self.name, maximum=self.maximum
                )
        return tuple(value)


SHOWN_LIMIT = 40


def shown(value: object) -> str:
    """A refused value as a refusal quotes it: its repr, clipped to `SHOWN_LIMIT` characters (a
    refusal stays one short line whatever was given). An int too large to be useful is shown by
    its size: Python refuses to write ints of more than 4300 digits at all."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return ("-" if value < 0 else "") + "2**64+"
    text = repr(value)
    return text if len(text) <= SHOWN_LIMIT else text[: SHOWN_LIMIT - 1] + "…"


def _kind_name(kind: type) -> Message:
    if kind is bool:
        return Message("true or false")
    if kind is int:
        return Message("a whole number")
    return Message("a word")


def resolve_options(specs: tuple[Option, ...], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with `given`; unknown names and bad values are refused. (Values are
    `OptionValue`s; typed `Any` because each game reads its own options as what it knows
    them to be.)"""
    known = {spec.name: spec for spec in specs}
    values: dict[str, Any] = {spec.name: spec.default for spec in specs}
    for name, value in (given or {}).items():
        spec = known.get(name)
        if spec is None:
            if not known:
                raise BadOption("unknown option {name} (this game takes: none)", name=shown(name))
            raise BadOption(
                "unknown option {name} (this game takes: {accepted})",
                name=shown(name),
                accepted=", ".join(known),
            )
        values[name] = spec.validate(value)
    return values


def target_option(default: int, help: str = "match target") -> Option:
    return Option("target", default, help, minimum=1, maximum=10_000)


@dataclass(frozen=True)
class Lead:
    """Who places the first tile of a hand, and with what.

    `tile` is the tile the lead must be (`None`: any tile). `choosers` are the seats that may take
    the lead instead of `seat` when the players choose (a record names the one who did with
    `leader`); with `by_lot` the lead is drawn by lot among them, by the seed unless the record
    names the seat.
    """

    seat: int
    tile: Tile | None = None
    choosers: tuple[int, ...] = ()
    by_lot: bool = False


class HandOutcome(NamedTuple):
    """How a hand ended, before scoring. `hands` are the tiles left per seat. (A named tuple:
    bulk playouts make millions of these.)"""

    end: str
    went_out: int | None
    last_placer: int | None
    leader: int
    hands: tuple[tuple[Tile, ...], ...]
    seated: tuple[bool, ...]
    extra: Mapping[str, Any] = MappingProxyType({})

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle `extra` as a plain dict (a read-only mapping cannot be pickled): views, which
        carry finished hands, travel to the AI's worker processes."""
        fields = (self.end, self.went_out, self.last_placer, self.leader, self.hands, self.seated)
        return (_outcome, (*fields, dict(self.extra)))


def _outcome(
    end: str,
    went_out: int | None,
    last_placer: int | None,
    leader: int,
    hands: tuple[tuple[Tile, ...], ...],
    seated: tuple[bool, ...],
    extra: dict[str, Any],
) -> HandOutcome:
    return HandOutcome(end, went_out, last_placer, leader, hands, seated, MappingProxyType(extra))


@dataclass(frozen=True)
class HandScore:
    """A variant's verdict on a hand: the winning seats and each unit's change of score."""

    winners: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True)
class HandResult:
    number: int
    outcome: HandOutcome
    winners: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def end(self) -> str:
        return self.outcome.end

    def to_json(self) -> dict[str, Any]:
        return {
            "end": self.outcome.end,
            "winners": list(self.winners),
            "points": list(self.points),
            "scores": list(self.scores),
        }
