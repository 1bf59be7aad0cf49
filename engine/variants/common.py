"""Rules that several variants share: who scores on a block, who leads next, match targets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.rules import End, HandOutcome, HandScore, Lead

if TYPE_CHECKING:
    from engine.variants.base import MatchAtPlay, Variant


def lowest(values: dict[int, int]) -> list[int]:
    """The keys with the smallest value, in key order."""
    least = min(values.values())
    return sorted(key for key, value in values.items() if value == least)


def seated_counts(variant: Variant, outcome: HandOutcome) -> dict[int, int]:
    """Each seated player's count of the tiles left in hand."""
    return {
        seat: variant.count(tiles)
        for seat, tiles in enumerate(outcome.hands)
        if outcome.seated[seat]
    }


def points_for(variant: Variant, gains: dict[int, int]) -> tuple[int, ...]:
    """Per-unit points from a {seat: points} mapping (seats of one unit add up)."""
    points = [0] * len(variant.units)
    for seat, gain in gains.items():
        points[variant.unit_of[seat]] += gain
    return tuple(points)


def traditional_score(variant: Variant, outcome: HandOutcome) -> HandScore:
    """Singles, reward (`traditional`, `two-player`, `french`, the cross games): the player who
    went out scores the pips left in all other hands; on a block the lowest count wins the sum
    of the differences, and a tie for lowest scores nothing (the tied seats are the winners)."""
    counts = seated_counts(variant, outcome)
    if outcome.end == End.DOMINO:
        assert outcome.went_out is not None
        winner = outcome.went_out
        gain = sum(count for seat, count in counts.items() if seat != winner)
        return HandScore((winner,), points_for(variant, {winner: gain}))
    best = lowest(counts)
    if len(best) > 1:
        return HandScore(tuple(best), (0,) * len(variant.units))
    winner = best[0]
    gain = sum(count - counts[winner] for count in counts.values())
    return HandScore((winner,), points_for(variant, {winner: gain}))


def turn_order_after(seat: int, seated: Sequence[bool]) -> list[int]:
    """The seated seats in turn order starting with the one after `seat` (`seat` comes last)."""
    players = len(seated)
    return [s for s in ((seat + step) % players for step in range(1, players + 1)) if seated[s]]


def loser_of_last_hand(match: MatchAtPlay) -> int:
    """The loser of the last hand: most pips left; among equals the first in turn order after
    the winner (after a tied block, after the player who placed the last tile)."""
    result = match.results[-1]
    outcome = result.outcome
    if len(result.winners) == 1:
        reference = result.winners[0]
    else:
        reference = outcome.last_placer if outcome.last_placer is not None else outcome.leader
    counts = seated_counts(match.variant, outcome)
    order = turn_order_after(reference, outcome.seated)
    return max(order, key=lambda seat: counts[seat])


def loser_leads(match: MatchAtPlay) -> Lead:
    """Later hands of the traditional games: the loser of the last hand leads, with any tile.
    If the loser sits out this hand, the next seated player after them leads."""
    loser = loser_of_last_hand(match)
    if not match.active[loser]:
        loser = turn_order_after(loser, match.active)[0]
    return Lead(loser)


def first_to_target(match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
    """Reward scoring: the match ends when a unit reaches the target; the highest such wins."""
    target = int(match.variant.option("target"))
    reached = [unit for unit, score in enumerate(match.scores) if score >= target]
    if not reached:
        return False, ()
    best = max(match.scores[unit] for unit in reached)
    return True, match.variant.seats_of([unit for unit in reached if match.scores[unit] == best])


def lowest_total_wins(match: MatchAtPlay, units: Sequence[int]) -> tuple[int, ...]:
    best = min(match.scores[unit] for unit in units)
    return match.variant.seats_of([unit for unit in units if match.scores[unit] == best])
