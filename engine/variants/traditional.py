"""The games of "Dominó tradicional" (seed 001): `traditional`, `two-player`, `home-and-away`,
`kids` and `pool`. All are singles played on a line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.errors import BadOption
from engine.rules import (
    DrawRule,
    End,
    HandOutcome,
    HandScore,
    Lead,
    Option,
    Scoring,
    Tally,
    target_option,
)
from engine.tiles import Tile
from engine.variants.base import Variant, highest_double_lead
from engine.variants.common import (
    first_to_target,
    loser_leads,
    lowest,
    points_for,
    seated_counts,
    traditional_score,
)

if TYPE_CHECKING:
    from engine.variants.base import MatchAtPlay


def first_lead(hands: Sequence[Sequence[Tile]]) -> Lead:
    """The holder of the highest double dealt leads with it; with no double dealt, the holder of
    the highest tile leads with that."""
    lead = highest_double_lead(hands, else_highest_tile=True)
    assert lead is not None
    return lead


class TraditionalFamily(Variant):
    """Shared by the traditional games: singles on a line, `draw-until-playable`, reward
    scoring as in `traditional`, the highest double (else highest tile) leads the first hand and
    the loser of each hand leads the next, with any tile."""

    draw_rule = DrawRule.UNTIL_PLAYABLE
    scoring = Scoring.REWARD

    def hand_size(self, seated: int) -> int:
        return 7 if seated == 2 else 8 - seated

    def reserve(self, seated: int) -> int:
        return 2 if seated == 2 else 1

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        return first_lead(hands) if not match.results else loser_leads(match)

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        return traditional_score(self, outcome)

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        return first_to_target(match)


class Traditional(TraditionalFamily):
    """Dominó tradicional — seed 001 §3-4.

    Double-six, 3 to 5 players (2 players: see `two-player`), 8 - n tiles each (3 players: 5,
    4: 4, 5: 3). The rest is the boneyard; its last tile is a reserve that is never drawn. A
    player who cannot play draws until a drawn tile fits, then plays it; with nothing drawable
    they pass.

    First hand: the holder of the highest double leads with it (no double dealt: the holder of
    the highest tile). Later hands: the loser of the previous hand leads with any tile: the
    player with most pips left; among equals the first in turn order after the winner (after a
    tied block, after the player who placed the last tile).

    Domino: the player who went out scores the pips left in all other hands. Block: everyone
    counts their pips; the lowest wins and scores the sum of the differences (15, 19, 22: the
    15 scores (19-15) + (22-15) = 11); a tie for lowest scores nothing (choice).

    First to reach the target (default 100, or 50) wins.
    """

    id = "traditional"
    section = "2.2"
    name = "Traditional dominoes"
    aliases = ("tradicional", "domino-tradicional", "block", "draw")
    source = "seed 001 §3-4 (Dominó tradicional)"
    summary = "3 to 5 players draw from the boneyard; first to 100 wins."
    player_counts = (3, 4, 5)
    option_specs = (target_option(100, "the score that wins the match (50 or 100 are usual)"),)


class TwoPlayer(TraditionalFamily):
    """Dominó con dos jugadores — seed 001 §6.

    Double-six, 2 players, 7 each; the boneyard keeps a reserve of 2 that is never drawn;
    `draw-until-playable`. Lead: the holder of 6-6, else of the highest double, else of the
    highest tile (6-5, then 6-4, ...) leads with it; later hands the loser leads, any tile.

    Scoring and target as `traditional`: the winner scores the opponent's pips; on a block the
    lower count wins the difference (a tie scores nothing). First to the target (100) wins.
    """

    id = "two-player"
    section = "2.3"
    name = "Two-player dominoes"
    aliases = ("dos-jugadores", "two", "2p")
    source = "seed 001 §6 (Dominó con dos jugadores)"
    summary = "Head to head with a boneyard; first to 100 wins."
    player_counts = (2,)
    option_specs = (target_option(100, "the score that wins the match"),)


class HomeAndAway(TraditionalFamily):
    """Partida de ida y vuelta — seed 001 §6.

    `two-player` rules for exactly two hands and no target. The higher total after both hands
    wins the match; equal totals are a draw (the match is over with no winners). No options.
    """

    id = "home-and-away"
    section = "2.4"
    name = "Home and away"
    aliases = ("ida-y-vuelta", "partida-de-ida-y-vuelta")
    source = "seed 001 §6 (Partida de ida y vuelta)"
    summary = "Two hands of two-player dominoes; the higher total wins."
    player_counts = (2,)

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        if len(match.results) < 2:
            return False, ()
        if match.scores[0] == match.scores[1]:
            return True, ()
        return True, ((0,) if match.scores[0] > match.scores[1] else (1,))


class Kids(Variant):
    """Dominó infantil — seed 001 §6.

    Double-six, 2 to 4 players, no drawing. Every tile but two is dealt: 2 players take 13,
    3 take 8, 4 take 6; the rest are set aside unseen. Lead as `traditional` (the highest
    double, else the highest tile). A player who cannot play passes.

    One hand: the player who goes out wins. On a block the fewest pips wins (a tie is a shared
    win). No scores are kept: the match is that hand and its winners are the match's winners.
    """

    id = "kids"
    section = "2.5"
    name = "Kids' dominoes"
    aliases = ("infantil", "domino-infantil", "children")
    source = "seed 001 §6 (Dominó infantil)"
    summary = "Almost every tile dealt, no drawing, one hand: first out wins."
    player_counts = (2, 3, 4)
    scoring = Scoring.NONE
    family = "line"

    def hand_size(self, seated: int) -> int:
        return {2: 13, 3: 8, 4: 6}[seated]

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        return first_lead(hands)

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        if outcome.end == End.DOMINO:
            assert outcome.went_out is not None
            return HandScore((outcome.went_out,), (0,) * len(self.units))
        winners = lowest(seated_counts(self, outcome))
        return HandScore(tuple(winners), (0,) * len(self.units))

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        return True, match.results[-1].winners


class Pool(TraditionalFamily):
    """Dominó pool — seed 001 §6.

    `traditional` play for 2 to 5 players (with 2, the `two-player` deal: 7 each, reserve 2;
    with 3 to 5, 8 - n each, reserve 1; the deal follows the players still seated). Every player
    starts with `chips` virtual chips (default 100, no money value). Before each hand every
    player holding at least the `stake` (default 10) pays it into the pot; a player holding less
    leaves the match for good but keeps those chips, which count for the result.

    The hand goes to the player who went out, or on a block to the fewest pips; the winner takes
    the pot; a tied pot is split evenly, the odd chips one each to the tied winners by seat
    number. A hand's points are the net chips (pot won minus stake). Leads as `traditional`; if
    the loser who should lead has left, the next seated player after them leads.

    The match ends after `hands` hands (default 5), when one player holds every chip, or when
    fewer than two players can pay the stake; most chips wins, ties share.
    """

    id = "pool"
    section = "2.7"
    name = "Pool dominoes"
    aliases = ("domino-pool",)
    tally = Tally.CHIPS
    source = "seed 001 §6 (Dominó pool)"
    summary = "Everyone stakes chips on each hand; most chips after 5 hands wins."
    player_counts = (2, 3, 4, 5)
    option_specs = (
        Option("chips", 100, "chips each player starts with", minimum=1, maximum=100_000),
        Option("stake", 10, "chips each player stakes on a hand", minimum=1, maximum=100_000),
        Option("hands", 5, "number of hands", minimum=1, maximum=100),
    )

    def check_options(self) -> None:
        if int(self.option("chips")) < int(self.option("stake")):
            raise BadOption("option chips must be at least the stake")

    def initial_scores(self) -> tuple[int, ...]:
        return (int(self.option("chips")),) * len(self.units)

    def seated_for_hand(self, match: MatchAtPlay) -> list[bool]:
        stake = int(self.option("stake"))
        for seat in range(self.players):
            if match.active[seat] and match.scores[self.unit_of[seat]] < stake:
                match.active[seat] = False
        return list(match.active)

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        stake = int(self.option("stake"))
        seated = [seat for seat in range(self.players) if outcome.seated[seat]]
        if outcome.end == End.DOMINO:
            assert outcome.went_out is not None
            winners = [outcome.went_out]
        else:
            winners = lowest(seated_counts(self, outcome))
        pot = stake * len(seated)
        share, odd = divmod(pot, len(winners))
        gains = {seat: -stake for seat in seated}
        for rank, seat in enumerate(sorted(winners)):
            gains[seat] += share + (1 if rank < odd else 0)
        return HandScore(tuple(sorted(winners)), points_for(self, gains))

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        stake = int(self.option("stake"))
        can_pay = [
            seat
            for seat in range(self.players)
            if match.active[seat] and match.scores[self.unit_of[seat]] >= stake
        ]
        if len(match.results) < int(self.option("hands")) and len(can_pay) >= 2:
            return False, ()
        best = max(match.scores)
        return True, tuple(seat for seat in range(self.players) if match.scores[seat] == best)
