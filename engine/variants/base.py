"""The `Variant` base class: a ruleset (data) plus a few documented hooks.

A variant is a subclass that sets class attributes (its id, source, player counts, options, set,
draw rule, layout shape) and overrides only the hooks where its rules differ:

- dealing: `set_top`, `hand_size`, `reserve`, `redeal_reason`, `seated_for_hand`;
- the lead: `lead`;
- the table: `placements` (where a tile may go), `can_place` (alone, for row games),
  `end_class` (which open ends are alike), and `end_name` and `named_end` (how a record names
  an end, where the number alone does not say which);
- scoring during play (`scores_in_play`): `score_placement`;
- the end of a hand: `play_ends_hand` (after a tile is placed), `blocked`, `outcome_extra`;
- games whose turns are not tile placements (`own_turns`): `new_side_state`, `special_actions`,
  `apply_special`;
- what everyone sees beyond the table: `public_state`;
- results: `count` (a hand's value), `score_hand`, `after_hand`, `match_over`.

An instance is the ruleset of one match: its player count and validated options.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, cast

from engine.errors import BadDeal, BadOption, IllegalAction
from engine.layout import Arm, Layout, Shape
from engine.messages import GameName, Message, Plural
from engine.rules import (
    Deal,
    DrawRule,
    End,
    HandOutcome,
    HandResult,
    HandScore,
    Lead,
    Option,
    Scoring,
    Tally,
    resolve_options,
    shown,
)
from engine.tiles import Tile, domino_set, highest, highest_double

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.events import Event


class PublicFacts:
    """Named readings of the public facts of the games that have them (`extra`), for the
    views, pictures and checks that show or test them."""

    extra: Mapping[str, object]

    @property
    def total(self) -> int | None:
        """The running total of the `sum` game (None elsewhere, and before the lead)."""
        total = self.extra.get("total")
        return total if isinstance(total, int) else None

    @property
    def laid_pairs(self) -> tuple[tuple[tuple[Tile, Tile], ...], ...]:
        """Per seat, the pairs it has laid in `pairs` (none elsewhere)."""
        return cast("tuple[tuple[tuple[Tile, Tile], ...], ...]", self.extra.get("laid_pairs", ()))


@dataclass(frozen=True)
class PublicState(PublicFacts):
    """What every seat sees of a hand beyond the layout (see `SeatView`): a short line on the
    table's state, and the game's own public facts by name (`extra`: the `sum` game's running
    `total`, the `laid_pairs` per seat in `pairs`), so that a game with facts of its own needs
    no new field in the view."""

    status: Message | None = None
    extra: Mapping[str, object] = field(default_factory=dict)


class SideState:
    """What a game keeps about a hand beyond hands, boneyard and layout (the pairs laid, ...).
    `HandState.copy` copies it with `copy`, which must give an independent twin."""

    def copy(self) -> Self:
        raise NotImplementedError


_PIPS = attrgetter("pips")  # the fastest way to add up pips: `count` runs once per seat per hand


class HandAtPlay(Protocol):
    """What a variant's rules (and `engine.view`) read and change of a hand in play: the part
    of `HandState` they are handed. A protocol, not the class, because the hand imports the
    variants (it is played by a variant's rules); the variants naming the hand back would close
    an import circle."""

    drawn: int
    draws_this_turn: int

    @property
    def seats(self) -> int: ...
    @property
    def seated(self) -> tuple[bool, ...]: ...
    @property
    def hands(self) -> list[list[Tile]]: ...
    @property
    def boneyard(self) -> list[Tile]: ...
    @property
    def stock(self) -> list[Tile]: ...
    @property
    def drawable(self) -> int: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def actions(self) -> list[Action]: ...
    @property
    def side(self) -> SideState | None: ...
    @property
    def base_scores(self) -> tuple[int, ...]: ...
    @property
    def scored(self) -> list[int]: ...
    @property
    def score_log(self) -> list[tuple[int, tuple[int, ...]]]: ...
    @property
    def lead(self) -> Lead: ...
    @property
    def turn(self) -> int: ...
    @property
    def over(self) -> bool: ...
    def legal_actions(self, seat: int | None = None) -> list[Action]: ...
    def can_place_any(self, seat: int) -> bool: ...
    def end_turn(self, action: Action, *, drawn: tuple[Tile, ...] = ()) -> Event: ...
    def finish(
        self,
        action: Action,
        end: str,
        *,
        went_out: int | None,
        drawn: tuple[Tile, ...] = (),
        extra: dict[str, object] | None = None,
    ) -> Event: ...


class MatchAtPlay(Protocol):
    """What a variant's rules read of a match: the part of `Match` its hooks are handed (a
    protocol for the reason `HandAtPlay` is one)."""

    @property
    def variant(self) -> Variant: ...
    @property
    def players(self) -> int: ...
    @property
    def units(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def active(self) -> list[bool]: ...
    @property
    def results(self) -> list[HandResult]: ...
    @property
    def hand(self) -> HandAtPlay | None: ...
    @property
    def played(self) -> Sequence[HandAtPlay]: ...
    @property
    def over(self) -> bool: ...
    @property
    def winners(self) -> tuple[int, ...]: ...


class Variant:
    id: ClassVar[str]
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    source: ClassVar[str]
    section: ClassVar[str]  # where RULES.md §2 specifies it, e.g. "2.1"
    summary: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    option_specs: ClassVar[tuple[Option, ...]] = ()
    shape: ClassVar[Shape] = Shape.LINE
    opens_doubles: ClassVar[bool] = False
    draw_rule: ClassVar[DrawRule] = DrawRule.NONE
    scoring: ClassVar[Scoring] = Scoring.REWARD
    tally: ClassVar[Tally] = Tally.POINTS  # what the scores count: points, chips or hands won
    #: What players call one deal of the match ("hand", or "round" in Mexican Train): the word
    #: the endings, the score sheet and the between-deal lines use for it.
    deal: ClassVar[Deal] = Deal.HAND
    keeps_playing: ClassVar[bool] = False
    wild_doubles: ClassVar[bool] = False
    redeal_doubles: ClassVar[int] = 0  # redeal when a hand holds this many doubles (0: never)
    opening_tile: ClassVar[Tile | None] = None  # its holder leads the first hand with it
    family: ClassVar[str] = "line"
    own_turns: ClassVar[bool] = False  # turns are the variant's own moves, not tile placements
    #: Units leave the match as they lose (`after_hand`): the longer a unit lasted, the better
    #: it finished, whatever its points (the last one left wins).
    eliminates: ClassVar[bool] = False
    #: Placements score as they are made (`score_placement`, the fives games), and a unit may
    #: reach the match target inside a hand (`End.TARGET`).
    scores_in_play: ClassVar[bool] = False
    #: A player who has placed their last tile leaves the turn order while the hand goes on (set
    #: per match: `fives-threes` with `pair-out: both`).
    out_leaves_turns: bool = False
    #: The bot offers the game at its tables (`engine.all_variants`); False while its pictures
    #: and buttons are not ready: the engine plays it (records, replay, simulate) all the same.
    offered: ClassVar[bool] = True
    #: A preset: another game's options under a name of its own (`dominican` is `partnership`
    #: scored the Dominican way, RULES.md §4.1). Game pickers list it once its name is typed,
    #: after the games themselves; its rules, records and standings are its own.
    preset: ClassVar[bool] = False

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.options = resolve_options(self.option_specs, options)
        counts = self.allowed_players(self.options)
        if type(players) is not int or players not in counts:
            raise BadOption(
                "{game} is played by {counts}, not {players}",
                game=GameName(self.id, self.name),
                counts=_describe_counts(counts),
                players=players
                if type(players) is int and players.bit_length() <= 64
                else shown(players),
            )
        self.players = players
        self.check_options()
        self.units: tuple[tuple[int, ...], ...] = self.make_units()
        self.unit_of: tuple[int, ...] = tuple(
            next(index for index, unit in enumerate(self.units) if seat in unit)
            for seat in range(players)
        )

    # -- set-up -----------------------------------------------------------------------------

    @classmethod
    def allowed_players(cls, options: Mapping[str, Any] | None = None) -> tuple[int, ...]:
        """The player counts these options allow; `options` are already validated (ask
        `players_for` with options as given)."""
        return cls.player_counts

    @classmethod
    def players_for(cls, options: Mapping[str, Any] | None = None) -> tuple[int, ...]:
        """The player counts options as given allow, the options validated first (`BadOption`
        for a bad one): the variants' own rules compare and divide by option values, which only
        validated values are sure to allow."""
        return cls.allowed_players(resolve_options(cls.option_specs, options))

    def check_options(self) -> None:
        """Refuse combinations of options (each option alone is already checked)."""

    def make_units(self) -> tuple[tuple[int, ...], ...]:
        """What scores: every player alone unless the variant plays in pairs or teams."""
        teams = int(self.options.get("teams", 0) or 0)
        if teams:
            return tuple(tuple(range(team, self.players, teams)) for team in range(teams))
        return tuple((seat,) for seat in range(self.players))

    def option(self, name: str) -> Any:
        return self.options[name]

    def initial_scores(self) -> tuple[int, ...]:
        return (0,) * len(self.units)

    # -- dealing ----------------------------------------------------------------------------

    def set_top(self) -> int:
        return 6

    def full_set(self) -> tuple[Tile, ...]:
        return domino_set(self.set_top())

    def set_aside(self, number: int) -> tuple[Tile, ...]:
        """Tiles taken out of the set before hand `number` (0-based) is shuffled, and so never
        dealt nor drawn (Mexican Train's engine, which waits in the hub)."""
        return ()

    def hand_size(self, seated: int) -> int:
        raise NotImplementedError

    def reserve(self, seated: int) -> int:
        """Tiles of the boneyard that can never be drawn."""
        return 0

    def redeal_reason(self, hands: Sequence[Sequence[Tile]]) -> Message | None:
        """Why this deal must be redealt, or `None`. `hands` are indexed by seat (a seat that
        sits out has none). The base rule is `redeal_doubles`; variants add their own."""
        if self.redeal_doubles:
            for seat, hand in enumerate(hands):
                doubles = sum(1 for tile in hand if tile.is_double)
                if doubles >= self.redeal_doubles:
                    return Plural(
                        "seat {seat} holds {count} double",
                        "seat {seat} holds {count} doubles",
                        count=doubles,
                        seat=seat,
                    )
        return None

    def seated_for_hand(self, match: MatchAtPlay) -> list[bool]:
        """Who plays the next hand (called once, before its deal)."""
        return list(match.active)

    # -- the lead ---------------------------------------------------------------------------

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        """Who leads the next hand (`hands` indexed by seat), and with what. With an
        `opening_tile`, its holder leads the first hand with it (the fast path relies on it)."""
        raise NotImplementedError

    def lead_choosers(self, match: MatchAtPlay) -> tuple[int, ...]:
        """The seats that may choose who leads the next hand (`Lead.choosers`), known between
        hands without dealing it: a game where the players choose decides who may from the
        hands already played, never from the next deal. None where the rules name the leader
        or a lot draws one (`Lead.by_lot`: drawn, not chosen)."""
        return ()

    def opening_lead(self, hands: Sequence[Sequence[Tile]]) -> Lead:
        assert self.opening_tile is not None
        seat = holder(hands, self.opening_tile)
        if seat is None:
            raise BadDeal("nobody holds {tile}, which leads", tile=self.opening_tile)
        return Lead(seat, self.opening_tile)

    # -- the table --------------------------------------------------------------------------

    def new_layout(self) -> Layout:
        return Layout(self.shape, opens_doubles=self.opens_doubles)

    def placements(self, layout: Layout, tile: Tile) -> list[tuple[Arm, int]]:
        """Every open end `tile` may go on, with the number it would leave showing."""
        found: list[tuple[Arm, int]] = []
        high, low = tile.high, tile.low
        for arm, number in layout.ends():
            if high == number:
                found.append((arm, low))
            elif low == number or (self.wild_doubles and high == low):
                found.append((arm, high))
        return found

    def can_place(self, layout: Layout, tile: Tile) -> bool:
        return bool(self.placements(layout, tile))

    def end_class(self, arm: Arm) -> Hashable:
        """Open ends of one class are interchangeable: the player is not asked which."""
        return arm.number

    def end_name(self, arm: Arm, shared: bool) -> int | str:
        """How a record (and a move) names the open end `arm` of a tile that fits ends giving
        different games: the number it shows, or its arm id where another such end shows the
        same number (`shared`)."""
        return arm.id if shared else arm.number

    def named_end(
        self, tile: Tile, end: int | str, groups: Sequence[Sequence[tuple[Arm, int]]]
    ) -> Sequence[tuple[Arm, int]] | None:
        """The placements of `tile` a record's `end` names among `groups` (each a class of
        interchangeable placements), or None to let the hand read it (a number, else an arm
        id). A variant whose ends have names of their own reads them here, and refuses with
        `IllegalAction`."""
        return None

    # -- scoring during play (`scores_in_play`) ----------------------------------------------

    def score_placement(self, hand: HandAtPlay, seat: int) -> tuple[int, ...]:
        """With `scores_in_play`: the points per unit that `seat`'s placement, just made (its
        tile already out of hand), scores and is credited; empty for none. The hand adds them
        to `hand.scored`; `play_ends_hand` runs after, and may end the hand `End.TARGET`."""
        return ()

    # -- the end of a hand ------------------------------------------------------------------

    def play_ends_hand(self, hand: HandAtPlay, seat: int) -> str | None:
        """How the hand ends right after `seat` placed a tile, or `None` if it goes on. The
        base rule: a domino when the seat has no tile left."""
        return None if hand.hands[seat] else End.DOMINO

    def blocked(self, hand: HandAtPlay) -> bool:
        """Nobody can move. The base rule: nobody can place a tile and nothing can be drawn."""
        if hand.drawable > 0:
            return False
        return not any(hand.can_place_any(seat) for seat in range(hand.seats) if hand.seated[seat])

    def fast_scoring(self) -> bool:
        """Whether `score_hand` needs nothing but what the fast path keeps of a hand (the tiles
        left, who went out, placed last and led): its outcomes carry no `extra`. A game that
        scores what happened during the hand (a bonus for the last tile, for passes) says no,
        and is searched on the rich engine."""
        return True

    def outcome_extra(self, hand: HandAtPlay) -> dict[str, object]:
        """Facts about the finished hand its scoring needs beyond the tiles left (`extra`)."""
        return {}

    def public_state(self, hand: HandAtPlay) -> PublicState:
        """What every seat sees beyond the layout: a status line, a running total, pairs laid."""
        return PublicState()

    def seen_by(self, action: Action, seat: int | None) -> Action:
        """`action` as `seat` may know it; `seat` None is anyone watching the table, who holds
        no tile. The one place a game decides what of a move is public: the base games hide
        nothing (a draw names no tile); `pairs` hides the tile put under the stock."""
        return action

    def history_for(self, hand: HandAtPlay, seat: int | None) -> tuple[Action, ...]:
        """The hand's actions as `seat` (None: an onlooker) may know them (`seen_by`)."""
        return tuple(self.seen_by(action, seat) for action in hand.actions)

    # -- games whose turns are not tile placements (`own_turns`) ----------------------------

    def new_side_state(self, hand: HandAtPlay) -> SideState | None:
        """The game's own state of a new hand (called once the hand is dealt)."""
        return None

    def special_actions(self, hand: HandAtPlay, seat: int) -> list[Action]:
        """With `own_turns`: everything `seat` may do now (it is that seat's turn)."""
        raise NotImplementedError

    def apply_special(self, hand: HandAtPlay, action: Action) -> Event:
        """With `own_turns`: carry out `action` by `hand.turn` (through `hand.end_turn` or
        `hand.finish`), or raise `IllegalAction` and change nothing."""
        raise IllegalAction("{game} has no such move", game=GameName(self.id, self.name))

    # -- results ----------------------------------------------------------------------------

    def count(self, tiles: Sequence[Tile]) -> int:
        """What a hand left at the end is worth (its pips, unless the variant says otherwise)."""
        return sum(map(_PIPS, tiles))

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        raise NotImplementedError

    def after_hand(self, match: MatchAtPlay) -> None:
        """Eliminations and the like, after the hand's score is added."""

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        """Whether the match is over after the last hand, and its winning seats."""
        raise NotImplementedError

    # -- helpers for subclasses -------------------------------------------------------------

    def seats_of(self, units: Sequence[int]) -> tuple[int, ...]:
        return tuple(sorted(seat for unit in units for seat in self.units[unit]))

    def unit_counts(self, outcome: HandOutcome) -> list[int]:
        """Each unit's total of the tiles its members have left."""
        totals = [0] * len(self.units)
        for seat, tiles in enumerate(outcome.hands):
            totals[self.unit_of[seat]] += self.count(tiles)
        return totals

    @classmethod
    def describe(cls) -> dict[str, Any]:
        return {
            "id": cls.id,
            "name": cls.name,
            "aliases": list(cls.aliases),
            "source": cls.source,
            "rules": f"RULES.md §{cls.section}",
            "players": list(cls.player_counts),
            "family": cls.family,
            "summary": cls.summary,
            "options": {
                spec.name: {
                    "default": spec.default,
                    "help": spec.help,
                    **({"choices": list(spec.choices)} if spec.choices else {}),
                    **({"minimum": spec.minimum} if spec.minimum is not None else {}),
                    **({"maximum": spec.maximum} if spec.maximum is not None else {}),
                }
                for spec in cls.option_specs
            },
        }


def _describe_counts(counts: Sequence[int]) -> Message:
    # The noun agrees with the last number said; English has only "one player" for one.
    if not counts:
        return Message("no player count with these options")
    if tuple(counts) == (1,):
        return Message("one player")
    if len(counts) == 1:
        return Plural("exactly {count} player", "exactly {count} players", count=counts[0])
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return Plural(
            "{low} to {count} player", "{low} to {count} players", count=counts[-1], low=counts[0]
        )
    return Plural(
        "{counts} or {count} player",
        "{counts} or {count} players",
        count=counts[-1],
        counts=", ".join(map(str, counts[:-1])),
    )


def holder(hands: Sequence[Sequence[Tile]], tile: Tile) -> int | None:
    """The seat that holds `tile` (`hands` are indexed by seat)."""
    for seat, hand in enumerate(hands):
        if tile in hand:
            return seat
    return None


def highest_double_lead(hands: Sequence[Sequence[Tile]], *, else_highest_tile: bool) -> Lead | None:
    """The holder of the highest double dealt leads with it; with no double dealt, the holder
    of the highest tile (when `else_highest_tile`), else `None`."""
    dealt = [tile for hand in hands for tile in hand]
    double = highest_double(dealt)
    if double is None:
        if not else_highest_tile or not dealt:
            return None
        double = highest(dealt)
    seat = holder(hands, double)
    assert seat is not None
    return Lead(seat, double)


def highest_tile_lead(hands: Sequence[Sequence[Tile]]) -> Lead:
    tile = highest(tile for hand in hands for tile in hand)
    seat = holder(hands, tile)
    assert seat is not None
    return Lead(seat, tile)
