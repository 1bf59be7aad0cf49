"""Line games of the Polish rulebook (seed 002): `beginner`, `hungarian` and `french`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

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
from engine.variants.base import Variant, highest_tile_lead
from engine.variants.common import (
    first_to_target,
    lowest,
    lowest_total_wins,
    points_for,
    seated_counts,
    traditional_score,
)

if TYPE_CHECKING:
    from engine.variants.base import MatchAtPlay


class Beginner(Variant):
    """Domino dla początkujących (dominoes for beginners) — seed 002, version 1.

    Double-six, 2 to 4 players: 2 take 8, 3 take 7, 4 take 5. The rest is the boneyard, with no
    reserve. A player who cannot play draws two tiles (fewer if fewer are left), then plays one
    of them if able, else passes (`draw-two`).

    Every hand is led by the holder of the highest tile (most pips; among equals the double,
    then the higher half), with it. **Doubles are wild**: a double may be placed on any open end
    whatever its number, and that end then shows the double's number (a double on an end showing
    its own number is an ordinary match). Other tiles match normally.

    Domino: the player who went out scores the pips of all other hands. Block: the fewest tiles
    wins, ties go to fewer pips, and a full tie scores nothing; the winner scores the pips of all
    other hands. First to the target (default 100) wins.
    """

    id = "beginner"
    section = "2.14"
    name = "Beginner's dominoes"
    aliases = ("poczatkujacy", "dla-poczatkujacych", "wild-doubles")
    source = "seed 002 version 1 (Domino dla początkujących)"
    summary = "Doubles are wild and you draw two when stuck; first to 100 wins."
    player_counts = (2, 3, 4)
    draw_rule = DrawRule.TWO
    wild_doubles = True
    option_specs = (target_option(100, "the score that wins the match"),)

    def hand_size(self, seated: int) -> int:
        return {2: 8, 3: 7, 4: 5}[seated]

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        return highest_tile_lead(hands)

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        counts = seated_counts(self, outcome)
        if outcome.end == End.DOMINO:
            assert outcome.went_out is not None
            winners = [outcome.went_out]
        else:
            fewest = min(len(outcome.hands[seat]) for seat in counts)
            by_tiles = {s: c for s, c in counts.items() if len(outcome.hands[s]) == fewest}
            winners = lowest(by_tiles)
            if len(winners) > 1:
                return HandScore(tuple(winners), (0,) * len(self.units))
        winner = winners[0]
        gain = sum(count for seat, count in counts.items() if seat != winner)
        return HandScore((winner,), points_for(self, {winner: gain}))

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        return first_to_target(match)


class Hungarian(Variant):
    """Domino węgierskie (Hungarian dominoes) — seed 002, version 2.

    Double-six, 2 to 4 players: 2 take 12, 3 take 8, 4 take 6; no drawing. The holder of the
    highest tile leads with it, then **keeps playing**: a turn lasts as long as its player can
    place a tile, one tile at a time on either end, and ends by itself when they cannot. A
    player who can place nothing at the start of their turn passes.

    The hand ends when a player goes out or nobody can place a tile. Every player adds the pips
    left in their hand to their score (penalty); the hand's winners are those with the smallest
    penalty. The match is a number of hands agreed in the lobby (`hands`, default one per
    player); the lowest total wins, ties share. Every hand is led by the highest tile.
    """

    id = "hungarian"
    section = "2.15"
    name = "Hungarian dominoes"
    aliases = ("wegierskie", "domino-wegierskie", "węgierskie")
    source = "seed 002 version 2 (Domino węgierskie)"
    summary = "Keep placing tiles while you can; lowest total after the agreed hands wins."
    player_counts = (2, 3, 4)
    scoring = Scoring.PENALTY
    keeps_playing = True
    option_specs = (
        Option("hands", 0, "number of hands (0: one per player)", minimum=0, maximum=50),
    )

    def check_options(self) -> None:
        if self.options["hands"] == 0:
            self.options["hands"] = self.players

    def hand_size(self, seated: int) -> int:
        return {2: 12, 3: 8, 4: 6}[seated]

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        return highest_tile_lead(hands)

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        counts = seated_counts(self, outcome)
        return HandScore(tuple(lowest(counts)), points_for(self, counts))

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        if len(match.results) < int(self.option("hands")):
            return False, ()
        return True, lowest_total_wins(match, range(len(self.units)))


class French(Variant):
    """Domino francuskie (French dominoes) — seed 002, version 4.

    Double-six, 2 players, 8 each; the boneyard keeps a reserve of 2 that is never drawn. A
    player who cannot play draws one tile: if it fits it is played at once, otherwise the turn
    passes (`draw-one`). The leader of every hand is drawn by lot (choice: the rulebook says
    "the younger player") and leads with any tile.

    Matching is a line with two ends, drawn as a stack: each tile overlaps the matching half of
    the tile it joins, so the unmatched half sticks out.

    Domino wins; when neither can play and only the 2 reserved tiles remain, fewer pips wins.
    Scoring as `two-player` (the winner scores the opponent's pips; on a block the difference);
    first to the target (default 100, choice) wins.
    """

    id = "french"
    section = "2.17"
    name = "French dominoes"
    aliases = ("francuskie", "domino-francuskie", "stack")
    source = "seed 002 version 4 (Domino francuskie)"
    summary = "Two players, a stacked line, draw one when stuck; first to 100 wins."
    player_counts = (2,)
    draw_rule = DrawRule.ONE
    option_specs = (target_option(100, "the score that wins the match"),)

    def hand_size(self, seated: int) -> int:
        return 8

    def reserve(self, seated: int) -> int:
        return 2

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        seats = tuple(seat for seat in range(self.players) if hands[seat])
        return Lead(seats[0], None, seats, by_lot=True)

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        return traditional_score(self, outcome)

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        return first_to_target(match)
