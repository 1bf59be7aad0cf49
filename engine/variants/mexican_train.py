"""`mexican-train`: Mexican Train (RULES.md §4.4 and §4.5; Wikipedia, pagat, Cardinal).

Its turns are its own (`own_turns`): a turn may hold several placements and draws (a double and
its cover, a double and the extra tile, an opening run), so the variant lists and carries out
the moves itself, through `hand.end_turn` when the turn ends and `_stay` when it goes on. The
table is not a `Layout` but the trains of `engine.trains` (the hand's `side` state); the layout
stays empty. A placement is a `TrainPlay` (record `{"seat": s, "play": "12-5", "train": 2}` or
`"train": "mexican"`), `train` left out only where the tile has exactly one legal place (a place
is a train: two trains ending in the same number are two places); `end` is refused. An opening
run ends with `Stop` (`{"seat": s, "stop": true}`). Markers, covers and turn boundaries are
derived, never recorded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action, Draw, Pass, Play, Special, action_kind, play_field
from engine.errors import BadOption, DominoError, IllegalAction
from engine.events import Event
from engine.messages import GameName, InContext, Message, any_of
from engine.rules import Deal, DrawRule, End, HandOutcome, HandScore, Lead, Option, Scoring
from engine.tiles import Tile
from engine.trains import MEXICAN, Phase, TrainKey, Trains
from engine.variants.base import PublicState, Variant
from engine.variants.common import lowest, lowest_total_wins, points_for

if TYPE_CHECKING:
    from engine.variants.base import HandAtPlay, MatchAtPlay

#: Tiles each player takes, by set and player count (RULES.md §4.4's table).
TILES: dict[int, dict[int, int]] = {
    12: {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10},
    9: {2: 9, 3: 9, 4: 9, 5: 7, 6: 7, 7: 7, 8: 6},
}


def train_name(key: TrainKey) -> Message:
    """A train as a sentence names it: the Mexican train, or seat s's train."""
    if key == MEXICAN:
        return Message("the Mexican train")
    return Message("seat {seat}'s train", seat=key)


@dataclass(frozen=True, slots=True)
class TrainPlay(Play):
    """A tile placed on a train: `train` is the owner's seat or `"mexican"` (None: the tile has
    exactly one legal place). It never has an `end`."""

    train: TrainKey | None = None

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"seat": self.seat, "play": str(self.tile)}
        if self.train is not None:
            record["train"] = self.train
        return record

    @property
    def message(self) -> str:
        if self.train is None:
            return str(self.tile)
        return Message("{tile} on {end}", tile=self.tile, end=train_name(self.train))


@dataclass(frozen=True, slots=True)
class Stop(Special):
    """End an opening run (`opening: run`) while it could go on."""

    key: ClassVar[str] = "stop"

    def to_record(self) -> dict[str, Any]:
        return {"seat": self.seat, "stop": True}

    @property
    def message(self) -> str:
        return InContext("move", "stop")


@play_field("train")
def _read_train_play(seat: int, tile: Tile, record: Mapping[str, Any]) -> Action:
    if "end" in record:
        raise DominoError("a play on a train names its train, not an end")
    train = record["train"]
    if train != MEXICAN and (not isinstance(train, int) or isinstance(train, bool)):
        raise DominoError('train must be a seat number or "mexican"')
    return TrainPlay(seat, tile, None, train)


@action_kind(Stop.key)
def _read_stop(seat: int, value: Any, record: Mapping[str, Any]) -> Action:
    if value is not True:
        raise DominoError("{kind} must be true", kind="stop")
    return Stop(seat)


def _fits(targets: Mapping[int, list[int]], tile: Tile) -> list[int]:
    """The trains of `targets` (see `MexicanTrain.targets`) that `tile` fits, in train order."""
    high = targets.get(tile.high, [])
    if tile.is_double:
        return list(high)
    low = targets.get(tile.low)
    return sorted(high + low) if low else list(high)


class MexicanTrain(Variant):
    """Mexican Train — RULES.md §4.4, settled in §4.5 (Wikipedia; pagat after Celko; Cardinal).

    Double-twelve (`set: 12`, 13 rounds) or double-nine (`set: 9`, 10 rounds), 2 to 8 players
    each alone. Round k is played with the engine (N-k+1)-(N-k+1), set aside before the deal
    and laid in the hub; `hands` plays the first rounds of that sequence. Each player takes
    15/12/10 tiles (double-nine 9/7/7/6) for 2-4/5-6/7/8 players, or `tiles`; the rest is the
    boneyard, all drawable. Round 1 starts by lot (records give `leader`), each later round with
    the seat after the previous round's first player.

    Every seat has a personal train and there is one Mexican train, each a line from the hub
    whose first tile carries the engine's number. A player may place on their own train, the
    Mexican train, and any other open personal train (`own-first: yes`: only their own until it
    holds a tile). A double must be covered: `doubles: cover` (the placer covers it or draws one
    tile for it, else passes, and then every placement must cover it), or `doubles: any` (the
    placer places one more tile anywhere; doubles left uncovered bind every placement, oldest
    first). A double needs no cover when every other tile of its number is down, or when it was
    the placer's last tile. A player who cannot place draws one tile and places it if it fits,
    else passes; every pass opens the passer's train (a marker), and only the owner's placement
    on it closes it. `opening: run`: in a player's first turn, a tile that starts their own
    train may be followed by more on it, until they `stop` or none fits.

    The round ends when a player goes out, or blocked: nothing drawable and no tile that could
    ever be placed, with every personal train counted open. Everyone adds their pips (0-0 counts
    50 with `double-blank: 50`; `open-penalty` more with their train open); the player who went
    out adds nothing. After a block the fewest points win the round. After the last round the
    lowest total wins the match; ties share.
    """

    id = "mexican-train"
    section = "4.4"
    name = "Mexican Train"
    aliases = ("mexican", "mexicantrain", "mexican-trains", "train")
    source = "RULES.md §4.4 (Wikipedia; pagat after Celko; Cardinal Industries)"
    summary = "Play your tiles on the trains; the lowest total after the last round wins."
    player_counts = (2, 3, 4, 5, 6, 7, 8)
    family = "trains"
    own_turns = True
    draw_rule = DrawRule.ONE
    scoring = Scoring.PENALTY
    deal = Deal.ROUND
    option_specs = (
        Option("set", 12, "the set: double-twelve or double-nine", choices=(12, 9)),
        Option(
            "hands",
            13,
            "rounds: one per engine unless fewer are set (10 with double-nine)",
            minimum=1,
            maximum=13,
        ),
        Option(
            "tiles",
            15,
            "tiles each player takes (by the player count unless set)",
            minimum=1,
            maximum=90,
        ),
        Option(
            "opening",
            "single",
            "single: one tile a turn; run: a first-turn run",
            choices=("single", "run"),
        ),
        Option(
            "doubles",
            "cover",
            "cover: the double must be covered at once; any: one more tile anywhere",
            choices=("cover", "any"),
        ),
        Option(
            "own-first",
            "no",
            "yes: play only on your own train until it is started",
            choices=("yes", "no"),
        ),
        Option("double-blank", 0, "what a 0-0 left in hand counts (0 or 50)", choices=(0, 50)),
        Option("open-penalty", 0, "points added for a train left open", minimum=0, maximum=1000),
    )

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        self._given = dict(options or {})
        super().__init__(players, options)
        self.own_first = self.options["own-first"] == "yes"

    def check_options(self) -> None:
        top = int(self.options["set"])
        rounds = top + 1
        # `hands` and `tiles` not given follow the set and the table: their defaults are only
        # what the lobby shows for the usual game (double-twelve, 2-4 players).
        if "hands" not in self._given:
            self.options["hands"] = rounds
        if int(self.options["hands"]) > rounds:
            raise BadOption("option {name} must be at most {maximum}", name="hands", maximum=rounds)
        if "tiles" not in self._given:
            self.options["tiles"] = TILES[top][self.players]
        tiles = int(self.options["tiles"])
        size = len(self.full_set())
        if self.players * tiles > size - 1:
            raise BadOption(
                "{players} players with {tiles} tiles each need more than the {size} tiles of "
                "the set besides the engine",
                players=self.players,
                tiles=tiles,
                size=size - 1,
            )

    # -- set-up -----------------------------------------------------------------------------

    def set_top(self) -> int:
        return int(self.options["set"])

    def engine(self, number: int) -> Tile:
        """The engine of round `number` (0-based): the highest double first, then down."""
        top = self.set_top()
        return Tile(top - number, top - number)

    def set_aside(self, number: int) -> tuple[Tile, ...]:
        return (self.engine(number),) if number <= self.set_top() else ()

    def hand_size(self, seated: int) -> int:
        return int(self.options["tiles"])

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        """Round 1 by lot; then the seat after the previous round's first player. The lead's
        `tile` is the round's engine, which waits in the hub."""
        number = len(match.results)
        engine = self.engine(number)
        if number == 0:
            return Lead(0, engine, choosers=tuple(range(self.players)), by_lot=True)
        first = match.results[-1].outcome.leader  # who acted first in the last round
        return Lead((first + 1) % self.players, engine)

    def new_side_state(self, hand: HandAtPlay) -> Trains:
        # The lead's tile is the round's engine. A world the AI samples has none: its trains
        # come from the view (`GameAI.restore`), in place of this stand-in.
        engine = hand.lead.tile or Tile(self.set_top(), self.set_top())
        return Trains(engine, hand.seats, self.set_top())

    @staticmethod
    def trains(hand: HandAtPlay) -> Trains:
        assert isinstance(hand.side, Trains)
        return hand.side

    # -- where a tile may go ----------------------------------------------------------------

    def targets(self, trains: Trains, seat: int) -> dict[int, list[int]]:
        """Where `seat` (to act) may place now, by the number a tile must carry: each number
        with the trains ending in it that the seat may use (computed once for a whole hand of
        tiles: the search asks it at every step of every playout)."""
        phase = trains.phase
        ends = trains.ends
        if phase is Phase.COVER or phase is Phase.RUN_COVER:
            return {ends[trains.pending]: [trains.pending]}
        if phase is Phase.RUN:
            return {ends[seat]: [seat]}
        binding = trains.binding()
        if self.own_first and not trains.tiles[seat]:
            return {} if binding is not None else {ends[seat]: [seat]}
        if binding is not None:
            return {ends[binding]: [binding]}
        found: dict[int, list[int]] = {}
        opened = trains.open  # the Mexican train is always open
        for index, number in enumerate(ends):
            if index == seat or opened[index]:
                found.setdefault(number, []).append(index)
        return found

    def places(self, trains: Trains, seat: int, tile: Tile) -> list[int]:
        """The trains `seat` (to act) may place `tile` on now, in train order."""
        return _fits(self.targets(trains, seat), tile)

    def _plays(self, hand: HandAtPlay, seat: int) -> list[TrainPlay]:
        trains = self.trains(hand)
        targets = self.targets(trains, seat)
        if not targets:
            return []
        key = trains.key
        return [
            TrainPlay(seat, tile, None, key(index))
            for tile in hand.hands[seat]
            for index in _fits(targets, tile)
        ]

    def special_actions(self, hand: HandAtPlay, seat: int) -> list[Action]:
        trains = self.trains(hand)
        plays: list[Action] = list(self._plays(hand, seat))
        if trains.phase is Phase.RUN:
            return [*plays, Stop(seat)]  # a run with nothing to place has ended by itself
        if plays:
            return plays
        if not trains.drawn_for_need and hand.drawable > 0:
            return [Draw(seat)]
        return [Pass(seat)]

    # -- carrying out a move ----------------------------------------------------------------

    def apply_special(self, hand: HandAtPlay, action: Action) -> Event:
        if isinstance(action, Play):
            return self._play(hand, action)
        if isinstance(action, Draw):
            return self._draw(hand, action)
        if isinstance(action, Pass):
            return self._pass(hand, action)
        if isinstance(action, Stop):
            return self._stop(hand, action)
        raise IllegalAction("{game} has no such move", game=GameName(self.id, self.name))

    def _play(self, hand: HandAtPlay, action: Play) -> Event:
        seat, tile, trains = action.seat, action.tile, self.trains(hand)
        if action.end is not None:
            raise IllegalAction("a play on a train names its train, not an end")
        if tile not in hand.hands[seat]:
            raise IllegalAction("{tile} is not in your hand", tile=tile)
        places = self.places(trains, seat, tile)
        key = action.train if isinstance(action, TrainPlay) else None
        if key is None:
            if not places:
                raise IllegalAction.of(self._why_not(trains, seat, tile, None))
            if len(places) > 1:
                raise IllegalAction(
                    "{tile} fits more than one train: say which ({choices})",
                    tile=tile,
                    choices=any_of([train_name(trains.key(index)) for index in places]),
                )
            index = places[0]
        else:
            found = trains.index(key)
            if found is None:
                raise IllegalAction("there is no train {train}", train=repr(key))
            if found not in places:
                raise IllegalAction.of(self._why_not(trains, seat, tile, found))
            index = found
        starts_own = trains.phase is Phase.START and index == seat and not trains.tiles[seat]
        first_turn = not trains.had_turn[seat]
        hand.hands[seat].remove(tile)
        trains.lay(index, tile)
        if index == seat:
            trains.open[seat] = False
        if not hand.hands[seat]:
            return hand.finish(action, End.DOMINO, went_out=seat)
        needs_cover = tile.is_double and not trains.dead(tile.high)
        in_run = trains.phase is Phase.RUN or trains.phase is Phase.RUN_COVER
        if in_run or (starts_own and first_turn and self.options["opening"] == "run"):
            if needs_cover:
                return self._await(hand, action, Phase.RUN_COVER, index)
            trains.phase = Phase.RUN
            trains.pending = -1
            if any(tile.has(trains.ends[seat]) for tile in hand.hands[seat]):
                return self._stay(hand, action)
            return self._end_turn(hand, action)
        if needs_cover:
            if self.options["doubles"] == "cover":
                return self._await(hand, action, Phase.COVER, index)
            trains.doubles_this_turn.append(index)
            trains.phase = Phase.EXTRA
            trains.drawn_for_need = False
            return self._stay(hand, action)
        return self._end_turn(hand, action)

    def _await(self, hand: HandAtPlay, action: Action, phase: Phase, index: int) -> Event:
        trains = self.trains(hand)
        trains.phase = phase
        trains.pending = index
        trains.drawn_for_need = False
        return self._stay(hand, action)

    def _why_not(self, trains: Trains, seat: int, tile: Tile, index: int | None) -> Message:
        """Why `tile` cannot go where asked (`index` None: anywhere)."""
        phase = trains.phase
        if phase is Phase.COVER or phase is Phase.RUN_COVER:
            double = trains.tiles[trains.pending][-1]
            return Message("you must cover {tile} first", tile=double)
        if phase is Phase.RUN and index is not None and index != seat:
            return Message("a run goes on your own train")
        binding = trains.binding()
        own_first = self.options["own-first"] == "yes" and not trains.tiles[seat]
        if own_first and (binding is not None or (index is not None and index != seat)):
            return Message("until your own train is started you may play only on it")
        if binding is not None:
            return Message("you must cover {tile} first", tile=trains.tiles[binding][-1])
        if index is not None and tile.has(trains.ends[index]):
            return Message("{train} is closed", train=train_name(trains.key(index)))
        where = (
            Message(
                "{train} shows {end}", train=train_name(trains.key(index)), end=trains.ends[index]
            )
            if index is not None
            else Message("no train you may use shows its numbers")
        )
        return Message("{tile} does not fit: {ends}", tile=tile, ends=where)

    def _draw(self, hand: HandAtPlay, action: Draw) -> Event:
        seat, trains = action.seat, self.trains(hand)
        if trains.phase is Phase.RUN:
            raise IllegalAction("a run draws no tiles: place one on your train or stop")
        if self._plays(hand, seat):
            raise IllegalAction("you have a tile that fits: you must play it")
        if hand.drawable <= 0:
            raise IllegalAction("there is nothing left to draw")
        if trains.drawn_for_need:
            raise IllegalAction("you have drawn already this turn")
        tile = hand.boneyard[hand.drawn]
        hand.drawn += 1
        hand.draws_this_turn += 1
        hand.hands[seat].append(tile)
        trains.drawn_for_need = True
        return self._stay(hand, action, drawn=(tile,))

    def _pass(self, hand: HandAtPlay, action: Pass) -> Event:
        seat, trains = action.seat, self.trains(hand)
        if trains.phase is Phase.RUN:
            raise IllegalAction("a run ends with stop, not a pass")
        if self._plays(hand, seat):
            raise IllegalAction("you have a tile that fits: you must play it")
        if not trains.drawn_for_need and hand.drawable > 0:
            raise IllegalAction("you cannot pass while you may draw")
        trains.open[seat] = True
        return self._end_turn(hand, action)

    def _stop(self, hand: HandAtPlay, action: Stop) -> Event:
        trains = self.trains(hand)
        if trains.phase is Phase.RUN_COVER:
            raise IllegalAction("a run may not stop on an uncovered double")
        if trains.phase is not Phase.RUN:
            raise IllegalAction("stop ends an opening run, and you are not in one")
        return self._end_turn(hand, action)

    def _stay(self, hand: HandAtPlay, action: Action, drawn: tuple[Tile, ...] = ()) -> Event:
        """The turn goes on: record `action`, unless the round is now blocked."""
        if self.blocked(hand):
            return hand.finish(action, End.BLOCKED, went_out=None, drawn=drawn)
        hand.actions.append(action)
        return Event(action, None, drawn, None, hand.turn)

    def _end_turn(self, hand: HandAtPlay, action: Action) -> Event:
        trains = self.trains(hand)
        pending = trains.pending
        if pending >= 0 and trains.needs_cover(pending):
            trains.uncovered.append(pending)  # a failed cover: the double stays uncovered
        trains.uncovered.extend(trains.doubles_this_turn)
        trains.had_turn[action.seat] = True
        trains.new_turn()
        return hand.end_turn(action)

    # -- the end of a round -----------------------------------------------------------------

    def blocked(self, hand: HandAtPlay) -> bool:
        """Nothing drawable and no tile that could ever be placed, every personal train counted
        open (§4.4). The double that binds: under `cover` one awaiting its cover counts at once,
        under `any` this turn's doubles only from the end of the turn, a run's at once."""
        if hand.drawable > 0:
            return False
        trains = self.trains(hand)
        binding: int | None = None
        awaiting = trains.phase is Phase.COVER or trains.phase is Phase.RUN_COVER
        if awaiting and trains.needs_cover(trains.pending):
            binding = trains.pending
        if binding is None:
            binding = trains.binding()
        own_first = self.options["own-first"] == "yes"
        engine = trains.engine.high
        ends = set(trains.ends)
        for seat in range(hand.seats):
            tiles = hand.hands[seat]
            if own_first and not trains.tiles[seat]:
                if binding is None and any(tile.has(engine) for tile in tiles):
                    return False
            elif binding is not None:
                number = trains.ends[binding]
                if any(tile.has(number) for tile in tiles):
                    return False
            elif any(tile.high in ends or tile.low in ends for tile in tiles):
                return False
        return True

    def outcome_extra(self, hand: HandAtPlay) -> dict[str, object]:
        trains = self.trains(hand)
        return {"open": tuple(trains.open[: hand.seats])}

    def public_state(self, hand: HandAtPlay) -> PublicState:
        """The trains (`trains`: what views and pictures read) and the whole state for the AI's
        sampled worlds (`turn_state`: every part of it public). No status line: the trains
        picture names the double to cover, with the players' names."""
        trains = self.trains(hand)
        return PublicState(extra={"trains": trains.view(), "turn_state": trains.copy()})

    # -- results ----------------------------------------------------------------------------

    def count(self, tiles: Sequence[Tile]) -> int:
        total = sum(tile.pips for tile in tiles)
        if self.options["double-blank"] == 50 and Tile(0, 0) in tiles:
            total += 50
        return total

    def round_points(self, outcome: HandOutcome) -> dict[int, int]:
        """Each player's points of the round: pips left (and the options' extras); none for
        the player who went out."""
        penalty = int(self.options["open-penalty"])
        opened: tuple[bool, ...] = outcome.extra.get("open", ())
        return {
            seat: 0
            if seat == outcome.went_out
            else self.count(tiles) + (penalty if seat < len(opened) and opened[seat] else 0)
            for seat, tiles in enumerate(outcome.hands)
        }

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        points = self.round_points(outcome)
        if outcome.end == End.DOMINO:
            assert outcome.went_out is not None
            winners: tuple[int, ...] = (outcome.went_out,)
        else:
            winners = tuple(lowest(points))
        return HandScore(winners, points_for(self, points))

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        if len(match.results) < int(self.options["hands"]):
            return False, ()
        return True, lowest_total_wins(match, range(len(self.units)))
