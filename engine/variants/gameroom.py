"""`gameroom`: the game-room rules of seed 004, for up to 10 players and teams."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.errors import BadOption
from engine.messages import Message
from engine.rules import (
    DrawRule,
    End,
    HandOutcome,
    HandScore,
    Lead,
    Option,
    Scoring,
    target_option,
)
from engine.tiles import Tile
from engine.variants.base import Variant, highest_double_lead
from engine.variants.common import lowest_total_wins

if TYPE_CHECKING:
    from engine.variants.base import MatchAtPlay

ZERO_ZERO = Tile(0, 0)


class GameRoom(Variant):
    """Dominó, the game-room rules — seed 004.

    The set is double-six (2 to 4 players), double-nine or double-twelve (2 to 10 players):
    option `set`. Hand size: the largest of 7, 6 and 5 such that every seated player gets that
    many, recomputed every hand; the rest is the boneyard. A player who cannot play draws one
    tile and plays it if it fits, else passes (`draw-one`); with the boneyard empty they pass.

    The leader must lead a double: the highest double dealt to the seated players (lower doubles
    lead when higher ones sleep in the boneyard). A deal with no double among the seated players
    is redealt. The hand is blocked when nobody can play and the boneyard is empty.

    Penalty scoring: the player who went out scores 0; every other player adds the pips left in
    their hand. A lone 0-0 left in a hand counts 10 (wherever a hand is counted). On a block
    everybody adds their pips, and the hand's winners are the smallest penalty. Players reaching
    the limit (`target`, default 100) are eliminated and sit out the following hands; the last
    player left wins. If all remaining players reach it in the same hand, the lowest score among
    them wins (ties share).

    Teams (option `teams`): 2 to 5 teams of 2 to 5 players, at most 10 players, seats
    alternating by team (seat s plays for team s mod teams); with double-six only 2 teams of 2.
    The team of the player who went out scores nothing; every other team adds its members' pips
    plus the pips left in the winning team's other hands. On a block every team adds its own
    pips. A team reaching the limit is eliminated as a whole; the last team left wins.
    """

    id = "gameroom"
    section = "2.20"
    name = "Game-room dominoes"
    aliases = ("game-room", "domino", "salon", "sala")
    source = "seed 004 (Dominó, game-room rules)"
    summary = "Double-six, -nine or -twelve for up to 10 players or teams; 100 eliminates."
    player_counts = tuple(range(2, 11))
    draw_rule = DrawRule.ONE
    scoring = Scoring.PENALTY
    eliminates = True
    option_specs = (
        Option("set", 6, "the set: double-six, double-nine or double-twelve", choices=(6, 9, 12)),
        Option("teams", 0, "number of teams (0: everyone for themselves)", choices=(0, 2, 3, 4, 5)),
        target_option(100, "the limit at which a player or team is eliminated"),
    )

    @classmethod
    def allowed_players(cls, options: Mapping[str, Any] | None = None) -> tuple[int, ...]:
        options = options or {}
        top = options.get("set", 6)
        teams = options.get("teams", 0)
        counts = range(2, 5) if top == 6 else range(2, 11)
        if teams:
            if top == 6:
                return (4,) if teams == 2 else ()
            return tuple(n for n in counts if n % teams == 0 and 2 <= n // teams <= 5)
        return tuple(counts)

    def check_options(self) -> None:
        teams = int(self.option("teams"))
        if teams and self.players not in self.allowed_players(self.options):
            raise BadOption(
                "{players} players cannot form {teams} teams of 2 to 5",
                players=self.players,
                teams=teams,
            )

    @property
    def in_teams(self) -> bool:
        return bool(self.options["teams"])

    def set_top(self) -> int:
        return int(self.option("set"))

    def hand_size(self, seated: int) -> int:
        tiles = len(self.full_set())
        return next(size for size in (7, 6, 5) if size * seated <= tiles)

    def redeal_reason(self, hands: Sequence[Sequence[Tile]]) -> Message | None:
        if any(tile.is_double for hand in hands for tile in hand):
            return None
        return Message("no double was dealt")

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        lead = highest_double_lead(hands, else_highest_tile=False)
        assert lead is not None  # the redeal rule guarantees a double
        return lead

    def count(self, tiles: Sequence[Tile]) -> int:
        if len(tiles) == 1 and tiles[0] is ZERO_ZERO:
            return 10
        return sum(tile.pips for tile in tiles)

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        sums = self.unit_counts(outcome)
        playing = [unit for unit in range(len(self.units)) if self._unit_seated(unit, outcome)]
        points = [0] * len(self.units)
        if outcome.end == End.DOMINO:
            assert outcome.went_out is not None
            winner = self.unit_of[outcome.went_out]
            leftovers = sums[winner]  # the went-out player's partners' hands
            for unit in playing:
                if unit != winner:
                    points[unit] = sums[unit] + leftovers
            return HandScore(self.units[winner], tuple(points))
        for unit in playing:
            points[unit] = sums[unit]
        least = min(points[unit] for unit in playing)
        winners = [unit for unit in playing if points[unit] == least]
        return HandScore(self.seats_of(winners), tuple(points))

    def _unit_seated(self, unit: int, outcome: HandOutcome) -> bool:
        return any(outcome.seated[seat] for seat in self.units[unit])

    def after_hand(self, match: MatchAtPlay) -> None:
        target = int(self.option("target"))
        for unit, score in enumerate(match.scores):
            if score >= target:
                for seat in self.units[unit]:
                    match.active[seat] = False

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        remaining = [unit for unit in range(len(self.units)) if match.active[self.units[unit][0]]]
        if len(remaining) > 1:
            return False, ()
        if len(remaining) == 1:
            return True, self.units[remaining[0]]
        outcome = match.results[-1].outcome
        last_in = [unit for unit in range(len(self.units)) if self._unit_seated(unit, outcome)]
        return True, lowest_total_wins(match, last_in)
