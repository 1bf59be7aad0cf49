"""The Latin partnership games: `partnership` (seed 000) and `111` (seed 001 §6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.rules import End, HandOutcome, HandScore, Lead, Option, Scoring, target_option
from engine.tiles import Tile
from engine.variants.base import Variant
from engine.variants.common import first_to_target, seated_counts

if TYPE_CHECKING:
    from engine.variants.base import MatchAtPlay

SIX_SIX = Tile(6, 6)


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
    opening_tile = SIX_SIX

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
    """Latin partnership dominoes — "Dominó aquamarine", seed 000 (all languages).

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
    """

    id = "partnership"
    section = "2.1"
    name = "Partnership dominoes"
    aliases = ("latin", "parejas", "domino-en-parejas", "aquamarine")
    source = "seed 000 (Dominó aquamarine)"
    summary = "Four players in two pairs, no boneyard; the pair that reaches 100 loses."
    scoring = Scoring.PENALTY
    option_specs = (
        target_option(100, "the score at which a pair loses"),
        Option("pairs", "seating", "how pairs are formed", choices=("seating", "random")),
    )

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        count = self.count
        hands = outcome.hands
        sums = [count(hands[0]) + count(hands[2]), count(hands[1]) + count(hands[3])]
        if outcome.end == End.DOMINO:
            assert outcome.went_out is not None
            winner = self.unit_of[outcome.went_out]
        elif sums[0] != sums[1]:
            winner = 0 if sums[0] < sums[1] else 1
        else:
            assert outcome.last_placer is not None
            winner = self.unit_of[outcome.last_placer]
        loser = 1 - winner
        points = [0, 0]
        points[loser] = sums[loser]
        return HandScore(self.units[winner], tuple(points))

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        target = int(self.option("target"))
        losers = [unit for unit, score in enumerate(match.scores) if score >= target]
        if not losers:
            return False, ()
        return True, self.seats_of([unit for unit in range(2) if unit not in losers])


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
