"""The fives games, which score during play: `all-fives` (alias `muggins`) and `fives-threes`
(RULES.md §4.0, §4.2, §4.3 and §4.5).

After every placement the open ends are added up (the **count**, `count`); a count that is a
multiple of 5 (and of 3 in `fives-threes`) scores at once for the placer's unit
(`Variant.score_placement`), and a unit that reaches the match target wins inside the hand: the
hand ends `End.TARGET`, its winners that unit, its points the changes so far.

**The table** (`FivesLayout`). A line; with `spinner: first` the first double placed is a
spinner. Led, it is the spinner lead of `engine.layout` (`N`, `E`, `S`, `W`): `W` and `E` are its
**in-line places**, `N` and `S` its **extra places**, which open only once both in-line places
hold a tile. Placed in an arm `A` as tile k, it opens the branch arms `Aka` and `Akb` (its extra
places), which open only once `A` goes on past it. Every other double sits crosswise in its arm.

**The count.** An arm end counts the number it shows, twice when the arm ends in a double (a
crosswise double, or the spinner before its in-line places are filled). An empty in-line place of
a double lead counts the double (2n) once, whatever the number of such places; an empty place of
a non-double lead counts the half it shows; an empty extra place counts nothing.

**End ids** (§4.0). An end made by a crosswise double n-n (its arm ends in it, or it is an empty
place of the double lead or of the spinner) is `"n-n"`; a plain end is the integer n. Where a tile
fits both kinds of end showing n, the record names one; `named_end` reads a record's `end` and
refuses the mismatched form.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import BadOption, IllegalAction
from engine.layout import Arm, ArmKind, Layout, Placement, Shape
from engine.messages import Message
from engine.rules import (
    DrawRule,
    End,
    HandOutcome,
    HandScore,
    Lead,
    Option,
    target_option,
)
from engine.tiles import Tile
from engine.variants.base import PublicState, Variant
from engine.variants.common import first_to_target

if TYPE_CHECKING:
    from engine.variants.base import HandAtPlay, MatchAtPlay

IN_LINE = ("W", "E")  # the spinner lead's in-line places (its short ends)
EXTRA = ("N", "S")  # its extra places (its long sides)


class FivesLayout(Layout):
    """The fives games' table: a line whose first double is a spinner when `spinner` is on
    (see the module docstring). `opens_doubles` turns on once a spinner sits in an arm, so that
    pictures draw its branches; no later double opens."""

    __slots__ = ("spinner",)

    def __init__(self, *, spinner: bool) -> None:
        super().__init__(Shape.LINE)
        self.spinner = spinner

    def copy(self) -> FivesLayout:
        base = Layout.copy(self)
        twin = FivesLayout(spinner=self.spinner)
        twin.shape = self.shape
        twin.opens_doubles = self.opens_doubles
        twin.lead = base.lead
        twin.arms = base.arms
        twin.placements = base.placements
        return twin

    def fresh(self) -> FivesLayout:
        return FivesLayout(spinner=self.spinner)

    def has_spinner(self) -> bool:
        return self.spinner and any(placement.tile.is_double for placement in self.placements)

    def lay_lead(self, tile: Tile) -> Placement:
        if self.lead is None:
            self.shape = Shape.SPINNER if self.spinner and tile.is_double else Shape.LINE
        placement = super().lay_lead(tile)
        if tile.is_double:
            # A double lead's places are its sides, spinner or not: ends made by a crosswise
            # double (`"n-n"`), unlike the plain ends of a lead that is not a double.
            for arm in self.arms.values():
                arm.kind = ArmKind.SIDE
        return placement

    def lay(self, tile: Tile, arm_id: str, shows: int) -> Placement:
        opens = tile.is_double and self.spinner and not self.has_spinner()
        had = self.opens_doubles
        self.opens_doubles = opens
        try:
            return super().lay(tile, arm_id, shows)
        finally:
            self.opens_doubles = had or opens


def count(layout: Layout) -> int:
    """The count of the open ends (§4.0 with the spinner rules of §4.2)."""
    lead = layout.lead
    if lead is None:
        return 0
    total = 0
    double_place = False  # an empty in-line place of a double lead
    for arm in layout.arms.values():
        tiles = arm.tiles
        if tiles:
            last = tiles[-1]
            total += 2 * last.shows if last.tile.is_double else last.shows
        elif arm.kind is ArmKind.LINE:
            total += arm.origin  # the half of a lead that is not a double
        elif arm.kind is ArmKind.SIDE and arm.id in IN_LINE:
            double_place = True
    return total + 2 * lead.high if double_place else total


def crosswise(arm: Arm) -> bool:
    """Whether the end of `arm` is made by a crosswise double: the arm ends in a double, or it
    is an empty place of the double lead or of the spinner. Such an end is `"n-n"` in records."""
    if arm.tiles:
        return arm.tiles[-1].tile.is_double
    return arm.kind is not ArmKind.LINE


def place_open(layout: Layout, arm: Arm) -> bool:
    """An empty extra place of the spinner opens once both its in-line places hold a tile."""
    if arm.tiles:
        return True
    if arm.kind is ArmKind.SIDE and arm.id in EXTRA:
        return all(layout.arms[side].tiles for side in IN_LINE)
    if arm.kind is ArmKind.BRANCH and arm.parent is not None:
        parent, position = arm.parent
        return len(layout.arms[parent].tiles) > position
    return True


def round_to_five(points: int) -> int:
    """Down when x mod 5 is 1 or 2, up when 3 or 4 (§4.0)."""
    return (points + 2) // 5 * 5


def fives_threes_points(value: int) -> int:
    """c ÷ 3 if 3 divides c, plus c ÷ 5 if 5 divides c; a count of 0 scores nothing."""
    if value <= 0:
        return 0
    return (value // 3 if value % 3 == 0 else 0) + (value // 5 if value % 5 == 0 else 0)


YES_NO = ("yes", "no")


class FivesFamily(Variant):
    """What both fives games share: double-six, 2 to 4 players or 4 in pairs, the table and its
    count, scoring during play, the target reached inside a hand, end ids."""

    family = "fives"
    player_counts = (2, 3, 4)
    scores_in_play = True
    #: A placement that reaches the target ends the hand `target` even when it empties the
    #: placer's hand (`all-fives`); otherwise only when the hand would go on (§4.0).
    target_before_domino = False

    @classmethod
    def allowed_players(cls, options: Mapping[str, Any] | None = None) -> tuple[int, ...]:
        if options and options.get("teams"):
            return (4,)
        return cls.player_counts

    def check_options(self) -> None:
        self.target = int(self.option("target"))
        self.exact = self.option("exact") == "yes"
        self.spinner = self.option("spinner") == "first"

    # -- dealing and the table --------------------------------------------------------------

    #: Tiles dealt per `deal` option and number of players.
    DEALS: ClassVar[Mapping[str, Mapping[int, int]]] = {}

    def hand_size(self, seated: int) -> int:
        return self.DEALS[str(self.option("deal"))][seated]

    def new_layout(self) -> Layout:
        return FivesLayout(spinner=bool(self.option("spinner") == "first"))

    def placements(self, layout: Layout, tile: Tile) -> list[tuple[Arm, int]]:
        found = super().placements(layout, tile)
        if layout.shape is Shape.LINE and not layout.opens_doubles:
            return found
        return [(arm, shows) for arm, shows in found if place_open(layout, arm)]

    def end_class(self, arm: Arm) -> Hashable:
        # A crosswise double's end and a plain end showing the same number are different games.
        return (crosswise(arm), arm.number)

    def end_name(self, arm: Arm, shared: bool) -> int | str:
        number = arm.number
        if shared and crosswise(arm):
            return f"{number}-{number}"
        return number

    def named_end(
        self, tile: Tile, end: int | str, groups: Sequence[Sequence[tuple[Arm, int]]]
    ) -> Sequence[tuple[Arm, int]] | None:
        if isinstance(end, str):
            halves = end.split("-")
            if len(halves) != 2 or not all(half.isdigit() for half in halves):
                raise IllegalAction("there is no open end {end}", end=repr(end))
            number = int(halves[0])
            if int(halves[1]) != number:
                raise IllegalAction("there is no open end {end}", end=repr(end))
            for group in groups:
                if group[0][0].number == number and crosswise(group[0][0]):
                    return group
            raise IllegalAction("{tile} cannot go on end {end}", tile=tile, end=end)
        plain = [g for g in groups if g[0][0].number == end and not crosswise(g[0][0])]
        if plain:
            return plain[0]
        double = [g for g in groups if g[0][0].number == end]
        if not double:
            raise IllegalAction("{tile} cannot go on an end showing {end}", tile=tile, end=end)
        if len(groups) == 1:
            # The only place is a double's end: a number would name a plain end (§4.5).
            raise IllegalAction(
                "{tile} goes on the double's end: write {name}", tile=tile, name=f"{end}-{end}"
            )
        return double[0]

    # -- scoring during play ----------------------------------------------------------------

    def placement_points(self, value: int) -> int:
        """What a count of `value` scores."""
        raise NotImplementedError

    def out_point(self, hand: HandAtPlay, seat: int) -> int:
        """The points for going out scored with the placement (`fives-threes`)."""
        return 0

    def credited(self, before: int, points: int, *, lead: bool = False) -> int:
        """`points` as credited to a unit holding `before`: the whole score or nothing."""
        if points <= 0:
            return 0
        if self.exact and before + points > self.target:
            return 0
        return points

    def score_placement(self, hand: HandAtPlay, seat: int) -> tuple[int, ...]:
        points = self.placement_points(count(hand.layout)) + self.out_point(hand, seat)
        if not points:
            return ()
        unit = self.unit_of[seat]
        before = hand.base_scores[unit] + hand.scored[unit]
        gain = self.credited(before, points, lead=len(hand.layout.placements) == 1)
        if not gain:
            return ()
        scored = [0] * len(self.units)
        scored[unit] = gain
        return tuple(scored)

    def went_out(self, hand: HandAtPlay, seat: int) -> bool:
        """Whether `seat`'s placement ends the hand as a domino."""
        return not hand.hands[seat]

    def play_ends_hand(self, hand: HandAtPlay, seat: int) -> str | None:
        unit = self.unit_of[seat]
        reached = hand.base_scores[unit] + hand.scored[unit] >= self.target
        domino = self.went_out(hand, seat)
        if reached and (self.target_before_domino or not domino):
            return End.TARGET
        return End.DOMINO if domino else None

    def outcome_extra(self, hand: HandAtPlay) -> dict[str, object]:
        """The points each unit scored during the hand, for judging it (`engine.ai.judge`)."""
        return {"scored": tuple(hand.scored)}

    def public_state(self, hand: HandAtPlay) -> PublicState:
        if not hand.layout.started:
            return PublicState()
        value = count(hand.layout)
        status = Message("count {count}", count=value)
        log = hand.score_log
        if log and log[-1][0] == len(hand.actions) - 1:  # the last placement scored
            status = Message("count {count} (+{points})", count=value, points=sum(log[-1][1]))
        return PublicState(
            status=status,
            extra={"count": value, "scored": tuple(hand.scored)},
        )

    # -- results ----------------------------------------------------------------------------

    def reached(self, outcome: HandOutcome) -> HandScore | None:
        """A hand that ended `target` (a unit reached the match's target inside it): won by the
        reaching unit, with no points beyond those scored during play (§4.0); None otherwise."""
        if outcome.end != End.TARGET:
            return None
        assert outcome.last_placer is not None
        return HandScore(self.units[self.unit_of[outcome.last_placer]], (0,) * len(self.units))

    def fewest(self, outcome: HandOutcome) -> tuple[list[int], list[int]]:
        """The units with the fewest pips left (pairs summed), and every unit's pips."""
        sums = self.unit_counts(outcome)
        least = min(sums)
        return [unit for unit, pips in enumerate(sums) if pips == least], sums

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        return first_to_target(match)


def _lot(players: int) -> Lead:
    """A lead drawn by lot among every seat (§4.0): records give the `leader`."""
    return Lead(0, None, tuple(range(players)), by_lot=True)


class AllFives(FivesFamily):
    """All Fives, alias Muggins — RULES.md §4.2 (pagat; big6bones) and §4.5.

    Double-six, 2 to 4 players, or 4 in pairs (`teams: 2`). `deal` `9-7-5` (the default: 9, 7
    or 5 each for 2, 3 or 4 players) or `7-5-5`; the rest is the boneyard, drawn
    `draw-until-playable` (a player holding a tile that fits may not draw).

    The first hand is led by lot, and so is a hand after a block; otherwise the player who went
    out leads; the lead may be any tile. With `spinner: first` (the default) the first double
    placed is a spinner (see the module docstring); `spinner: none` plays a plain line.

    After every placement, the lead included, a count that is a positive multiple of 5 scores
    for the placer's unit: the count itself (`scale: points`) or the count ÷ 5
    (`scale: fives`). A domino scores the opponents' pips rounded to 5 (a partner's never
    count); a block scores the unit with the fewest pips (pairs summed) the sum of the others'
    pips minus its own, rounded to 5, and a tie scores nothing. A last tile with a scoring count
    scores the count, then the bonus.

    `get-in: 10` (with `scale: points` only): a unit's first score must be at least 10; smaller
    scores before it are not credited. `exact: yes`: a score that would pass the target is not
    credited. The first unit to reach the `target` (150, or 61 with `scale: fives`) wins at
    once: a placement that reaches it ends the hand `target`, even one that empties the hand or
    blocks the game, and no bonus follows.
    """

    id = "all-fives"
    section = "4.2"
    name = "All Fives"
    aliases = ("muggins", "allfives", "all-5s")
    source = "RULES.md §4.2 (pagat; big6bones)"
    summary = "Score every count of the open ends that makes a multiple of 5; first to 150 wins."
    draw_rule = DrawRule.UNTIL_PLAYABLE
    target_before_domino = True
    option_specs = (
        target_option(150, "the score that wins the match (61 with scale: fives)"),
        Option("deal", "9-7-5", "tiles dealt to 2, 3 and 4 players", choices=("9-7-5", "7-5-5")),
        Option("scale", "points", "score the count, or the count ÷ 5", choices=("points", "fives")),
        Option("spinner", "first", "the first double is a spinner", choices=("first", "none")),
        Option("exact", "no", "the target must be hit exactly", choices=YES_NO),
        Option("get-in", 0, "the first score must be at least this", choices=(0, 10)),
        Option("teams", 0, "2: four players in pairs", choices=(0, 2)),
    )
    DEALS: ClassVar[Mapping[str, Mapping[int, int]]] = {
        "9-7-5": {2: 9, 3: 7, 4: 5},
        "7-5-5": {2: 7, 3: 5, 4: 5},
    }

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        given = dict(options or {})
        if given.get("scale") == "fives" and "target" not in given:
            given["target"] = 61
        super().__init__(players, given)

    def check_options(self) -> None:
        super().check_options()
        self.fives = self.option("scale") == "fives"
        self.get_in = int(self.option("get-in"))
        if self.get_in and self.fives:
            raise BadOption("option get-in is played only with scale: points")

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        if match.results:
            last = match.results[-1].outcome
            if last.end == End.DOMINO and last.went_out is not None:
                return Lead(last.went_out)
        return _lot(self.players)

    def on_scale(self, points: int) -> int:
        return points // 5 if self.fives else points

    def placement_points(self, value: int) -> int:
        return self.on_scale(value) if value > 0 and value % 5 == 0 else 0

    def credited(self, before: int, points: int, *, lead: bool = False) -> int:
        if self.get_in and before == 0 and points < self.get_in:
            return 0
        return super().credited(before, points, lead=lead)

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        nothing = (0,) * len(self.units)
        if (reached := self.reached(outcome)) is not None:
            return reached
        least, sums = self.fewest(outcome)
        if outcome.end == End.DOMINO:
            assert outcome.went_out is not None
            unit = self.unit_of[outcome.went_out]
            bonus = sum(pips for other, pips in enumerate(sums) if other != unit)
        elif len(least) > 1:
            return HandScore(self.seats_of(least), nothing)
        else:
            unit = least[0]
            bonus = sum(pips - sums[unit] for pips in sums)
        gain = self.credited(match.scores[unit], self.on_scale(round_to_five(bonus)))
        points = [0] * len(self.units)
        points[unit] = gain
        return HandScore(self.units[unit], tuple(points))


class FivesThrees(FivesFamily):
    """Fives and Threes, the English pub game — RULES.md §4.3 (pagat; league rules) and §4.5.

    Double-six, 2 to 4 players, or 4 in pairs (`teams: 2`). `deal` `league` (the default: 9, 7
    or 6 each for 2, 3 or 4 players) or `short` (7, 5, 5); the rest sleeps (`no-draw`): a
    player who cannot place knocks (passes).

    The first hand is led by lot; later hands by the seat after the previous leader; the lead
    may be any tile. `spinner: none` (the default) plays a line, doubles crosswise;
    `spinner: first` makes the first double a spinner as in `all-fives`.

    After every placement, the lead included, the count c scores c ÷ 3 if 3 divides it plus
    c ÷ 5 if 5 divides it. The player who goes out scores `out-point` (1, or 0) with that
    placement, as one score. A block scores nothing, and no pips are counted after a hand.

    In pairs, `pair-out: one` (the default) ends the hand when anyone goes out; with `both`, a
    player who goes out leaves the turn order and the hand ends when both partners are out (the
    out point is scored then) or when nobody holding tiles can place.

    `exact: yes` (the default): a score that would pass the `target` (61) is not credited at
    all. Reaching the target wins at once: a placement that reaches it without ending the hand
    ends it `target`. `out-on-down: no`: a lead whose score would reach the target is not
    credited.
    """

    id = "fives-threes"
    section = "4.3"
    name = "Fives and Threes"
    aliases = ("fives-and-threes", "5s-and-3s", "fives-threes-dominoes")
    source = "RULES.md §4.3 (pagat; league rules)"
    summary = "Score counts of the open ends divisible by 5 or 3; exactly 61 wins."
    draw_rule = DrawRule.NONE
    option_specs = (
        target_option(61, "the score that wins the match (121: twice round the board)"),
        Option(
            "deal", "league", "tiles dealt: league 9/7/6, short 7/5/5", choices=("league", "short")
        ),
        Option("spinner", "none", "the first double is a spinner", choices=("none", "first")),
        Option("exact", "yes", "the target must be hit exactly", choices=YES_NO),
        Option("out-point", 1, "points for going out", choices=(1, 0)),
        Option(
            "pair-out",
            "one",
            "in pairs, the hand ends when one or both are out",
            choices=("one", "both"),
        ),
        Option("out-on-down", "yes", "the lead may reach the target", choices=YES_NO),
        Option("teams", 0, "2: four players in pairs", choices=(0, 2)),
    )
    DEALS: ClassVar[Mapping[str, Mapping[int, int]]] = {
        "league": {2: 9, 3: 7, 4: 6},
        "short": {2: 7, 3: 5, 4: 5},
    }

    def check_options(self) -> None:
        super().check_options()
        both = self.option("pair-out") == "both"
        if both and not self.option("teams"):
            raise BadOption("option pair-out: both is played only with teams: 2")
        self.out_leaves_turns = both
        self.on_down = self.option("out-on-down") == "yes"
        self.out_points = int(self.option("out-point"))

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        if match.results:
            return Lead((match.results[-1].outcome.leader + 1) % self.players)
        return _lot(self.players)

    def placement_points(self, value: int) -> int:
        return fives_threes_points(value)

    def went_out(self, hand: HandAtPlay, seat: int) -> bool:
        if self.out_leaves_turns:
            return not any(hand.hands[partner] for partner in self.units[self.unit_of[seat]])
        return not hand.hands[seat]

    def out_point(self, hand: HandAtPlay, seat: int) -> int:
        return self.out_points if self.went_out(hand, seat) else 0

    def credited(self, before: int, points: int, *, lead: bool = False) -> int:
        if lead and not self.on_down and before + points >= self.target:
            return 0
        return super().credited(before, points, lead=lead)

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        nothing = (0,) * len(self.units)
        if (reached := self.reached(outcome)) is not None:
            return reached
        if outcome.end == End.DOMINO:
            assert outcome.went_out is not None
            return HandScore(self.units[self.unit_of[outcome.went_out]], nothing)
        least, _ = self.fewest(outcome)
        return HandScore(self.seats_of(least), nothing)
