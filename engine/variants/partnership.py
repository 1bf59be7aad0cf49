"""The Latin partnership games: `partnership` (seed 000) and `111` (seed 001 §6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import BadOption
from engine.messages import GameName
from engine.rules import (
    End,
    HandOutcome,
    HandResult,
    HandScore,
    Lead,
    Option,
    Scoring,
    Tally,
    target_option,
)
from engine.tiles import Tile
from engine.variants.base import Variant, highest_double_lead
from engine.variants.common import first_to_target, seated_counts
from engine.variants.latin_scoring import (
    BONUS_OPTIONS,
    DOUBLE_BLANK,
    HandFacts,
    block_winner,
    facts_of,
    judge_points,
    read_hand,
)

if TYPE_CHECKING:
    from engine.variants.base import HandAtPlay, MatchAtPlay

SIX_SIX = Tile(6, 6)
ALL_TARGET = 200  # the default target with `scoring: all`, which roughly doubles each hand
#: The options of a match of points, which `wins` replaces (and refuses when named).
POINTS_OPTIONS = ("target", "scoring", *BONUS_OPTIONS)


def partnership_options(
    *,
    target: int,
    scoring: str,
    wins: bool,
    tranque: str = "pairs",
    tie: str = "blocker",
    capicua: int | str = 0,
    chuchazo: int = 0,
    salida: int = 0,
    corrido: int = 0,
    hand_bonus: tuple[int, ...] = (),
    lead: str = "winners",
    top: int = 6,
) -> tuple[Option, ...]:
    """The options of §4.1 with the defaults of `partnership` or of one of its presets."""
    bonus = "0: off"
    return (
        target_option(
            target,
            "the score at which a pair loses"
            if scoring == "penalty"
            else "the score that wins the match",
        ),
        Option("pairs", "seating", "how pairs are formed", choices=("seating", "random")),
        Option("scoring", scoring, "who scores the hand", choices=("penalty", "opponents", "all")),
        Option(
            "wins",
            0,
            "hands to win, instead of a target" if wins else "not with a preset",
            minimum=1,
            maximum=1000,
        ),
        Option("tranque", tranque, "who wins a block", choices=("pairs", "player", "blocker")),
        Option("tranque-tie", tie, "a tied block", choices=("blocker", "leader", "none")),
        Option(
            "capicua",
            capicua,
            f"capicúa bonus ({bonus}; x2 doubles the points)",
            minimum=0,
            maximum=1000,
            words=("x2",),
        ),
        Option("capicua-ends", "any", "what makes a capicúa", choices=("any", "different")),
        Option("chuchazo", chuchazo, f"going out with 0-0 ({bonus})", minimum=0, maximum=1000),
        Option("pase-salida", salida, f"a pass on the lead ({bonus})", minimum=0, maximum=1000),
        Option(
            "pase-corrido", corrido, f"three passes in a row ({bonus})", minimum=0, maximum=1000
        ),
        Option("pase", 0, f"every pass, for the opponents ({bonus})", minimum=0, maximum=1000),
        Option(
            "hand-bonus",
            hand_bonus,
            "bonus for winning hand 1, 2, ...",
            minimum=1,
            maximum=1000,
            listed=True,
        ),
        Option("lead", lead, "who leads later hands", choices=("winners", "rotate")),
        Option("set", top, "double-six or double-nine", choices=(6, 9)),
    )


def _instance(variant: Variant, name: str, value: object) -> None:
    """Set a class-level rule of `variant` for this match only: `scoring`, `tally` and
    `opening_tile` are class attributes every other game fixes, but here options choose them."""
    vars(variant)[name] = value


class PairsGame(Variant):
    """Shared by `partnership` and `111`: double-six, 4 players in 2 pairs (seats 0 and 2
    against 1 and 3), 7 each, no boneyard (`no-draw`); a deal where anyone holds 5 or more
    doubles is reshuffled and redealt automatically.

    Leads: the holder of 6-6 leads the first hand with it. Later hands are led, with any tile,
    by a player of the pair that won the last hand: the pair chooses (a record names the seat
    with `leader`); by default the player who went out, or after a block the winning partner
    with fewer pips, then the earlier seat.
    """

    player_counts = (4,)
    family = "partnership"
    redeal_doubles = 5
    opening_tile: ClassVar[Tile | None] = SIX_SIX

    def make_units(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def hand_size(self, seated: int) -> int:
        return 7

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        if not match.results:
            return self.opening_lead(hands)
        result = match.results[-1]
        outcome = result.outcome
        pair = self.lead_choosers(match)
        if outcome.went_out is not None:
            default = outcome.went_out
        else:
            counts = seated_counts(self, outcome)
            default = min(pair, key=lambda seat: (counts[seat], seat))
        return Lead(default, None, pair)

    def lead_choosers(self, match: MatchAtPlay) -> tuple[int, ...]:
        """The pair that won the last hand (none before the first: 6-6 leads it)."""
        return match.results[-1].winners if match.results else ()


class Partnership(PairsGame):
    """Latin partnership dominoes — "Dominó aquamarine", seed 000 (all languages), with the
    Latin and Caribbean scorings of RULES.md §4.1 as options (every option at its default is
    §2.1 exactly).

    Double-six; exactly 4 players in 2 pairs, partners opposite (pairs from the lobby seating,
    or by option drawn at random before the match). 7 tiles each, no boneyard: no drawing; a
    player who cannot play passes. Redeal when anyone holds 5 or more doubles.

    First hand: the holder of 6-6 leads with it. Later hands: a player of the pair that won the
    last hand leads with any tile (the pair chooses; by default the player who went out, after a
    block the winning partner with fewer pips, then the earlier seat).

    Domino: the player who went out and their partner win the hand; the losing pair adds the
    pips left in its own two hands to its own score. Block: each pair sums the pips left in its
    two hands; the lower sum wins and the losing pair adds its own sum; equal sums: the pair of
    the player who placed the last tile wins.

    Penalty scoring: the match ends when a pair reaches or passes the target (default 100), and
    that pair loses.

    §4.1's options: `scoring` (`opponents`: the winners add the losers' pips; `all`: they add
    every pip left, target 200), `wins` (hands won instead of points; a void hand makes the next
    worth one more), `tranque` (a block decided by pair sums, by the single lowest hand, or by
    the blocker against the next seat) and `tranque-tie` (`none`: a void hand), the bonuses
    (`capicua`, `chuchazo`, `pase-salida`, `pase-corrido`, `pase`, `hand-bonus`; under
    `penalty` a bonus is added to the other pair), `lead: rotate`, and `set: 9` (10 tiles
    each, 15 sleep, the highest double dealt leads the first hand).
    """

    id = "partnership"
    section = "2.1"
    name = "Partnership dominoes"
    aliases: ClassVar[tuple[str, ...]] = ("parejas", "domino-en-parejas", "aquamarine")
    source = "seed 000 (Dominó aquamarine)"
    summary = "Four players in two pairs, no boneyard; the pair that reaches 100 loses."
    scoring = Scoring.PENALTY
    option_specs = partnership_options(target=100, scoring="penalty", wins=True)
    # A preset (`latin`, `cuban`, ...: `Variant.preset`) names its own options: `wins` is
    # refused with it.

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.given = frozenset(options or ())
        super().__init__(players, options)
        values = self.options
        if self.option("scoring") == "all" and "target" not in self.given and not self.preset:
            values["target"] = ALL_TARGET
        # Only the options that apply stay: a match of hands won has no target, scoring or
        # bonus; a match of points no `wins`. The options as kept make the same game again
        # (views and records hand them back), without naming what `wins` refuses.
        for name in POINTS_OPTIONS if self.option("wins") else ("wins",):
            del values[name]
        if self.wins:
            _instance(self, "scoring", Scoring.REWARD)
            _instance(self, "tally", Tally.HANDS)
        elif self.option("scoring") != "penalty":
            _instance(self, "scoring", Scoring.REWARD)
        if self.option("set") == 9:
            _instance(self, "opening_tile", None)

    def check_options(self) -> None:
        if "wins" not in self.given:
            return
        if self.preset:
            raise BadOption(
                "{game} sets its own scoring: wins is played with partnership",
                game=GameName(self.id, self.name),
            )
        for name in POINTS_OPTIONS:
            if name in self.given:
                raise BadOption("option wins cannot be played with {option}", option=name)

    @property
    def wins(self) -> int:
        return int(self.options.get("wins", 0))

    def set_top(self) -> int:
        return int(self.option("set"))

    def hand_size(self, seated: int) -> int:
        return 10 if self.option("set") == 9 else 7

    def fast_scoring(self) -> bool:
        return not any(self.options.get(name) for name in BONUS_OPTIONS)

    def outcome_extra(self, hand: HandAtPlay) -> dict[str, object]:
        if not self.fast_scoring():
            return read_hand(hand, self.unit_of).to_extra()
        return {}

    # -- leads ------------------------------------------------------------------------------

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        if not match.results:
            if self.opening_tile is not None:
                return self.opening_lead(hands)
            lead = highest_double_lead(hands, else_highest_tile=True)
            assert lead is not None
            return lead
        result = match.results[-1]
        if self.void(result) or self.option("lead") == "rotate":
            return Lead((result.outcome.leader + 1) % self.players)
        return Lead(self.default_leader(result), None, result.winners)

    def lead_choosers(self, match: MatchAtPlay) -> tuple[int, ...]:
        if not match.results:
            return ()
        result = match.results[-1]
        if self.void(result) or self.option("lead") == "rotate":
            return ()
        return result.winners

    def default_leader(self, result: HandResult) -> int:
        """Who of the winning pair leads unless the pair chooses: the player who went out;
        after a `blocker` block the compared player of the winning pair; otherwise the winning
        partner with fewer pips, then the earlier seat."""
        outcome, pair = result.outcome, result.winners
        if outcome.went_out is not None:
            return outcome.went_out
        if self.option("tranque") == "blocker" and outcome.last_placer is not None:
            compared = (outcome.last_placer, (outcome.last_placer + 1) % self.players)
            return next(seat for seat in compared if seat in pair)
        counts = seated_counts(self, outcome)
        return min(pair, key=lambda seat: (counts[seat], seat))

    def void(self, result: HandResult) -> bool:
        """A void hand: a tied block nobody won (`tranque-tie: none`); all four seats are its
        winners."""
        return len(result.winners) == self.players

    # -- results ----------------------------------------------------------------------------

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        count = self.count
        counts = [count(tiles) for tiles in outcome.hands]
        sums = [counts[0] + counts[2], counts[1] + counts[3]]
        options: dict[str, Any] = dict(self.options)
        if outcome.end == End.DOMINO:
            assert outcome.went_out is not None
            winner: int | None = self.unit_of[outcome.went_out]
        else:
            assert outcome.last_placer is not None
            winner = block_winner(
                options["tranque"],
                options["tranque-tie"],
                counts,
                self.unit_of,
                outcome.last_placer,
                outcome.leader,
            )
        if self.wins:
            return self.score_hands_won(match, winner)
        penalty = options["scoring"] == "penalty"
        points = [0, 0]
        earned = list(self.pass_bonuses(facts_of(outcome.extra)))
        if winner is not None:
            loser = 1 - winner
            pips = sums[loser] + (sums[winner] if options["scoring"] == "all" else 0)
            facts = facts_of(outcome.extra)
            capicua = options["capicua"]
            if facts.capicua and (options["capicua-ends"] == "any" or facts.capicua_different):
                if capicua == "x2":
                    pips *= 2
                else:
                    earned[winner] += int(capicua)
            if facts.last_tile == DOUBLE_BLANK and outcome.end == End.DOMINO:
                earned[winner] += int(options["chuchazo"])
            bonuses = options["hand-bonus"]
            if len(match.results) < len(bonuses):
                earned[winner] += bonuses[len(match.results)]
            points[loser if penalty else winner] += pips
        for unit in (0, 1):
            points[1 - unit if penalty else unit] += earned[unit]
        winners = self.seats_of([winner]) if winner is not None else tuple(range(self.players))
        return HandScore(winners, (points[0], points[1]))

    def pass_bonuses(self, facts: HandFacts) -> tuple[int, int]:
        """The pass bonuses each pair earned in the hand (before the penalty mirror)."""
        options: dict[str, Any] = dict(self.options)
        salida, corrido, every = options["pase-salida"], options["pase-corrido"], options["pase"]
        earned = tuple(
            facts.salida[unit] * salida + facts.corrido[unit] * corrido + facts.passes[unit] * every
            for unit in (0, 1)
        )
        return earned[0], earned[1]

    def score_hands_won(self, match: MatchAtPlay, winner: int | None) -> HandScore:
        """`wins`: a won hand scores 1 for its pair, plus 1 for each void hand just before it
        (the "derby"); a void hand scores nothing."""
        if winner is None:
            return HandScore(tuple(range(self.players)), (0, 0))
        worth = 1
        for result in reversed(match.results):
            if not self.void(result):
                break
            worth += 1
        points = [0, 0]
        points[winner] = worth
        return HandScore(self.seats_of([winner]), (points[0], points[1]))

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        result = match.results[-1]
        hand_winner = None if self.void(result) else self.unit_of[result.winners[0]]
        if self.wins:
            reached = [unit for unit in (0, 1) if match.scores[unit] >= self.wins]
            winner = reached[0] if reached else None
        else:
            penalty = self.option("scoring") == "penalty"
            target = int(self.option("target"))
            winner = judge_points(match.scores, target, penalty, hand_winner)
        if winner is None:
            return False, ()
        return True, self.seats_of([winner])


class OneEleven(PairsGame):
    """El 111 — seed 001 §6, with the partnership deal and leads of seed 000 (choice: the
    rulebook's "general rules").

    Double-six, 4 players in pairs, 7 each, no drawing. Leads as `partnership` (6-6 first).

    Domino: the pair of the player who went out scores the pips left in all three other hands,
    the partner's included. Block: each player counts their own pips; the pair of the player
    with the fewest pips scores the pips of all four hands (its own included). Tie for fewest:
    if the tied players are partners, their pair; across pairs, the pair of the player who
    placed the last tile.

    Reward scoring: the first pair to 111 (the target) wins.
    """

    id = "111"
    section = "2.6"
    name = "111"
    aliases = ("el-111", "one-eleven", "ciento-once")
    source = "seed 001 §6 (El 111)"
    summary = "Partnership play; the winning pair scores every pip left; first pair to 111 wins."
    scoring = Scoring.REWARD
    option_specs = (target_option(111, "the score that wins the match"),)

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        counts = seated_counts(self, outcome)
        everything = sum(counts.values())
        if outcome.end == End.DOMINO:
            assert outcome.went_out is not None
            winner = self.unit_of[outcome.went_out]
        else:
            least = min(counts.values())
            tied_units = {self.unit_of[seat] for seat, count in counts.items() if count == least}
            if len(tied_units) == 1:
                winner = tied_units.pop()
            else:
                assert outcome.last_placer is not None
                winner = self.unit_of[outcome.last_placer]
        points = [0, 0]
        points[winner] = everything
        return HandScore(self.units[winner], tuple(points))

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        return first_to_target(match)


class Latin(Partnership):
    """`latin` (RULES.md §4.1): `partnership` scored as pagat and Major League Domino play it.
    The winning pair adds the losers' pips and the first pair to 100 wins; a block goes to the
    lower pair sum, and a tied block is void; the lead passes to the next seat every hand."""

    id = "latin"
    section = "4.1"
    name = "Latin dominoes"
    aliases = ("domino-latino",)
    source = "pagat Partnership Dominoes; Major League Domino"
    summary = "Partnership play; the winners score the losers' pips; first pair to 100 wins."
    scoring = Scoring.REWARD
    preset = True
    option_specs = partnership_options(
        target=100, scoring="opponents", wins=False, tie="none", lead="rotate"
    )


class Dominican(Partnership):
    """`dominican` (RULES.md §4.1): the winning pair adds every pip left, to 200; a block is
    decided between the blocker and the next seat; capicúa, a pass on the lead and three passes
    in a row earn 25."""

    id = "dominican"
    section = "4.1"
    name = "Dominican dominoes"
    aliases = ("dominicano", "domino-dominicano")
    source = "dominoesonline (Dominican capicua); BarcampRD rule tests"
    summary = "Partnership play with capicúa and pass bonuses; first pair to 200 wins."
    scoring = Scoring.REWARD
    preset = True
    option_specs = partnership_options(
        target=200,
        scoring="all",
        wins=False,
        tranque="blocker",
        capicua=25,
        salida=25,
        corrido=25,
    )


class PuertoRico(Partnership):
    """`puerto-rico` (RULES.md §4.1): the winning pair adds every pip left, to 200; a tied
    block is void."""

    id = "puerto-rico"
    section = "4.1"
    name = "Puerto Rican dominoes"
    aliases = ("puertorriqueno", "boricua")
    source = "abw333/dominoes (San Juan, Guaynabo)"
    summary = "Partnership play; the winners score every pip left; first pair to 200 wins."
    scoring = Scoring.REWARD
    preset = True
    option_specs = partnership_options(target=200, scoring="all", wins=False, tie="none")


class PuertoRico500(Partnership):
    """`pr-500` (RULES.md §4.1): the Puerto Rican "500" of the SACI club: every pip left to the
    winners, capicúa and chuchazo 100, hand bonuses 100, 75, 50 and 25 for hands 1 to 4."""

    id = "pr-500"
    section = "4.1"
    name = "Puerto Rican 500"
    aliases = ("puerto-rico-500", "quinientos")
    source = 'SACI club rules (Puerto Rico "500")'
    summary = "Partnership play with capicúa, chuchazo and hand bonuses; first pair to 500 wins."
    scoring = Scoring.REWARD
    preset = True
    option_specs = partnership_options(
        target=500,
        scoring="all",
        wins=False,
        tie="none",
        capicua=100,
        chuchazo=100,
        hand_bonus=(100, 75, 50, 25),
    )


class Cuban(Partnership):
    """`cuban` (RULES.md §4.1): the double-nine game of Havana. 10 tiles each, 15 sleep; the
    highest double dealt leads the first hand; the winners add the losers' pips, to 100; a
    block goes to the single lowest hand, a tie across pairs to the pair that led."""

    id = "cuban"
    section = "4.1"
    name = "Cuban dominoes"
    aliases = ("cubano", "domino-cubano")
    source = "pagat Cuban Dominoes; Kelley; BBC Mundo"
    summary = "Double-nine in pairs, 10 tiles each; the winners score; first pair to 100 wins."
    scoring = Scoring.REWARD
    preset = True
    option_specs = partnership_options(
        target=100, scoring="opponents", wins=False, tranque="player", tie="leader", top=9
    )
