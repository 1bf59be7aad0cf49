"""A table's lobby: the chosen game, its options and who sits where. Pure: no Discord, no I/O.

A lobby has as many seats as the game allows players at most (or as the host asked). Seats keep
their numbers, so in pair and team games choosing a seat is choosing a partner (the engine's
units decide who plays with whom). When the match starts the occupied seats are closed up in
order: seat k of the match is the k-th occupied lobby seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cogs import texts
from cogs.common.refusal import Refusal
from cogs.lang import Said
from engine import get_variant
from engine.errors import DominoError
from engine.variants.base import Variant

#: The options that make a match longer, and how long a table may make it: at most `LONGEST`
#: times the game's default (target 1000 where the rulebook plays to 100, and the rulebooks'
#: own targets go to 500), or `MOST_HANDS` hands where the default is one per player. A match
#: of hundreds of hands is nobody's evening, and every hand is kept until the match ends.
LENGTH_OPTIONS = ("target", "hands", "wins")
LONGEST = 10
MOST_HANDS = 50


@dataclass
class Seat:
    """One player: a user (`user_id`) or an AI (`user_id` None). `ai` is the level that moves
    for the seat: always set for AI seats, and set for a user's seat once the timer has taken it
    over (until they come back: `Table.come_back`). `timeouts` counts the turns they missed in a
    row (what hands the seat over), `missed` every turn they missed in the match: coming back
    starts the first again and never the second, which stays on record. `left` marks a user who
    pressed Leave at the end (not taken into a rematch). `plays_forced`: the person's setting
    that a turn with a single move plays itself (`/domino settings`), copied to the seat when
    they take it, so the model decides it within the move's own transaction."""

    name: str
    user_id: int | None = None
    ai: str | None = None
    timeouts: int = 0
    dm_closed: bool = False
    left: bool = False
    missed: int = 0
    plays_forced: bool = True

    @property
    def is_ai(self) -> bool:
        return self.user_id is None

    @property
    def plays_itself(self) -> bool:
        return self.ai is not None

    @property
    def taken_over(self) -> bool:
        """A person's seat that an AI plays since they missed turns: theirs again on a click."""
        return self.user_id is not None and self.ai is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "user_id": self.user_id,
            "ai": self.ai,
            "timeouts": self.timeouts,
            "dm_closed": self.dm_closed,
            "left": self.left,
            "missed": self.missed,
            "plays_forced": self.plays_forced,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(
            name=str(data["name"]),
            user_id=data.get("user_id"),
            ai=data.get("ai"),
            timeouts=int(data.get("timeouts", 0)),
            dm_closed=bool(data.get("dm_closed", False)),
            left=bool(data.get("left", False)),
            missed=int(data.get("missed", data.get("timeouts", 0))),
            plays_forced=bool(data.get("plays_forced", True)),
        )


@dataclass
class Setup:
    """What the host chose with `/domino new`. `options` are the variant's own options, already
    validated by the engine; `seats` is the most players the table takes. `hints`: a player may
    ask the AI for a hint on their turn; only at an unrated table (`create` refuses both)."""

    variant: str
    options: dict[str, Any]
    seats: int
    turn_seconds: int = 60
    rated: bool = False
    hints: bool = False

    @classmethod
    def create(
        cls,
        variant: str,
        options: dict[str, Any] | None = None,
        *,
        seats: int | None = None,
        turn_seconds: int = 60,
        rated: bool = False,
        hints: bool = False,
    ) -> Setup:
        """Validate the game and its options with the engine; refuse with a readable reason.
        A rated table offers no hints: what counts for the leaderboard is the players' own
        play."""
        if hints and rated:
            raise Refusal(texts.HINTS_NOT_RATED)
        try:
            kind = get_variant(variant)
        except DominoError:
            raise Refusal(texts.UNKNOWN_GAME, name=texts.user_text(variant)) from None
        if not kind.offered:  # the engine plays it, the tables cannot show it yet
            raise Refusal(texts.UNKNOWN_GAME, name=texts.user_text(variant))
        given = dict(options or {})
        try:
            counts = kind.players_for(given) or kind.player_counts
        except DominoError as error:
            raise Refusal.of_options(error, kind, given) from None
        most = max(counts)
        if seats is not None and seats > most:
            raise Refusal(texts.TOO_MANY_SEATS, game=Said.game(kind.id), most=most)
        if seats is not None and seats < min(counts):
            # A lobby with fewer seats than the game needs could never start.
            raise Refusal(texts.TOO_FEW_SEATS, game=Said.game(kind.id), least=min(counts))
        size = seats if seats is not None else most
        try:
            # Validating against the smallest count that fits checks every option now, so the
            # lobby never opens with options the engine would refuse at Start.
            fitting = [count for count in counts if count <= size] or [min(counts)]
            kind(fitting[-1], given)
        except DominoError as error:
            raise Refusal.of_options(error, kind, given) from None
        check_length(kind, given)
        return cls(kind.id, given, size, turn_seconds, rated, hints)

    @property
    def kind(self) -> type[Variant]:
        return get_variant(self.variant)

    @property
    def offers_hints(self) -> bool:
        """Whether a player may ask for a hint: hints chosen, and never in rated play (checked
        again here, whatever the stored setup says)."""
        return self.hints and not self.rated

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "options": self.options,
            "seats": self.seats,
            "turn_seconds": self.turn_seconds,
            "rated": self.rated,
            "hints": self.hints,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Setup:
        return cls(
            variant=str(data["variant"]),
            options=dict(data.get("options") or {}),
            seats=int(data["seats"]),
            turn_seconds=int(data.get("turn_seconds", 60)),
            rated=bool(data.get("rated", False)),
            hints=bool(data.get("hints", False)),
        )


def longest(kind: type[Variant], name: str) -> int | None:
    """The most a table allows of the game's option `name` that makes a match longer (None:
    the game has no such option, or the engine's own choices bound it)."""
    for spec in kind.option_specs:
        if spec.name == name and name in LENGTH_OPTIONS and not spec.choices:
            default = spec.default
            assert isinstance(default, int)
            return LONGEST * default if default > 0 else MOST_HANDS
    return None


def check_length(kind: type[Variant], options: dict[str, Any]) -> None:
    """Refuse options (already valid for the engine) that would make a match longer than a
    table plays (`longest`)."""
    for name, value in options.items():
        most = longest(kind, name)
        if most is not None and isinstance(value, int) and value > most:
            # The bound as typed in `options` (digits only), not as a number is written out.
            shown = str(most)
            raise Refusal(texts.MATCH_TOO_LONG, game=Said.game(kind.id), option=name, most=shown)


@dataclass
class Lobby:
    """Seats before the match: join, leave, add an AI, check that Start may go ahead.

    A rematch's lobby seats only who asked for it (and the AI seats); the other players are
    `invited`, each to the seat they had, which they get when they join (Join, or Rematch on
    the old board). Nobody is seated without asking: a match needs every person's own click."""

    setup: Setup
    host_id: int
    seats: list[Seat | None] = field(default_factory=list)
    invited: dict[int, int] = field(default_factory=dict)  # user id -> the seat kept for them

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [None] * self.setup.seats

    def seat_of(self, user_id: int) -> int | None:
        for number, seat in enumerate(self.seats):
            if seat is not None and seat.user_id == user_id:
                return number
        return None

    @property
    def occupied(self) -> list[Seat]:
        return [seat for seat in self.seats if seat is not None]

    def _free_seat(
        self, wanted: int | None, user_id: int | None = None, *, for_person: bool = False
    ) -> int:
        """`wanted`, or else the seat kept for `user_id`, or else the first free seat kept for
        nobody who is still invited, or else any free seat. A person (`for_person`) may also
        take an AI's seat: the one `wanted`, or the last AI's when no seat is free (a friend
        who arrives late plays instead of an AI)."""
        if wanted is not None:
            if not 0 <= wanted < len(self.seats):
                raise Refusal(texts.SEAT_TAKEN)
            taken = self.seats[wanted]
            if taken is not None and not (for_person and taken.is_ai):
                raise Refusal(texts.SEAT_TAKEN)
            return wanted
        free = [number for number, seat in enumerate(self.seats) if seat is None]
        if not free and for_person:
            free = self.ai_seats()[-1:]
        if not free:
            raise Refusal(texts.TABLE_FULL)
        kept = self.invited.get(user_id) if user_id is not None else None
        if kept in free:
            assert kept is not None
            return kept
        others = {seat for user, seat in self.invited.items() if user != user_id}
        return next((number for number in free if number not in others), free[0])

    def join(
        self, user_id: int, name: str, seat: int | None = None, *, plays_forced: bool = True
    ) -> int:
        """Seat a user (in `seat`, or the first free one); a seated user choosing a free seat
        moves there. Returns the seat number. `plays_forced`: their setting for turns with a
        single move (`Seat.plays_forced`)."""
        current = self.seat_of(user_id)
        if current is not None and seat is None:
            raise Refusal(texts.ALREADY_SEATED)
        if current is not None and seat == current:
            return current
        number = self._free_seat(seat, user_id, for_person=True)
        if current is not None:
            moving = self.seats[current]
            self.seats[current] = None
            self.seats[number] = moving
        else:
            self.seats[number] = Seat(name=name, user_id=user_id, plays_forced=plays_forced)
        return number

    def leave(self, user_id: int) -> int:
        current = self.seat_of(user_id)
        if current is None:
            raise Refusal(texts.NOT_SEATED)
        self.seats[current] = None
        return current

    def add_ai(self, user_id: int, level: str, levels: tuple[str, ...]) -> int:
        if user_id != self.host_id:
            raise Refusal(texts.NOT_HOST)
        if level not in levels:
            raise Refusal(
                texts.UNKNOWN_LEVEL, level=texts.user_text(level), levels=", ".join(levels)
            )
        number = self._free_seat(None)
        self.seats[number] = Seat(name=self._next_ai_name(level), ai=level)
        return number

    def _next_ai_name(self, level: str) -> str:
        """`AI n` with the smallest n no AI seat has (a removed AI's name is free again, and
        two seats never share one)."""
        names = {seat.name for seat in self.occupied if seat.is_ai}
        count = 1
        while texts.ai_name(level, count) in names:
            count += 1
        return texts.ai_name(level, count)

    def ai_seats(self) -> list[int]:
        """The numbers of the seats an AI holds, in order."""
        return [number for number, seat in enumerate(self.seats) if seat is not None and seat.is_ai]

    def fill_with_ai(self, user_id: int, level: str, levels: tuple[str, ...]) -> int:
        """The host seats an AI of `level` in every empty seat; returns how many."""
        added = 0
        while any(seat is None for seat in self.seats):
            self.add_ai(user_id, level, levels)
            added += 1
        if not added:
            raise Refusal(texts.TABLE_FULL)
        return added

    def remove_ai(self, user_id: int, number: int) -> None:
        """The host empties an AI's seat (people leave by themselves)."""
        if user_id != self.host_id:
            raise Refusal(texts.NOT_HOST)
        seat = self.seats[number] if 0 <= number < len(self.seats) else None
        if seat is None or not seat.is_ai:
            raise Refusal(texts.NOT_AN_AI_SEAT)
        self.seats[number] = None

    def choose_option(self, user_id: int, name: str, value: Any) -> None:
        """The host changes one of the game's options; the engine validates the new set
        against this lobby's seats, and a refusal leaves the options as they were."""
        if user_id != self.host_id:
            raise Refusal(texts.NOT_HOST)
        setup = self.setup
        chosen = Setup.create(
            setup.variant,
            {**setup.options, name: value},
            seats=len(self.seats),
            turn_seconds=setup.turn_seconds,
            rated=setup.rated,
            hints=setup.hints,
        )
        setup.options = chosen.options

    def start_problem(self) -> DominoError | None:
        """Why Start must wait (the engine's refusal, e.g. the player count), or None."""
        try:
            self.setup.kind(len(self.occupied), self.setup.options)
        except DominoError as error:
            return error
        return None

    def check_start(self, user_id: int) -> list[Seat]:
        """The seats of the match, in order, once the host may start; else `Refusal`."""
        if user_id != self.host_id:
            raise Refusal(texts.NOT_HOST)
        if all(seat.is_ai for seat in self.occupied):
            raise Refusal(texts.NOBODY_SEATED)
        problem = self.start_problem()
        if problem is not None:
            raise Refusal(texts.start_refused(problem))
        return self.occupied
