"""The Latin and Caribbean ways of scoring the partnership game (RULES.md §4.1): what a finished
hand earned beyond its pips (capicúa, chuchazo, pass bonuses), who wins a blocked hand, and how
a match of points or of hands won is judged.

Kept apart from the variant so that the rules read as the sources give them: each function is
one rule of §4.1, taking plain facts (tiles, seats, actions) rather than the whole match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.actions import Action, Pass, Play
from engine.tiles import Tile

if TYPE_CHECKING:
    from engine.variants.base import HandAtPlay

DOUBLE_BLANK = Tile(0, 0)

#: The options that pay bonuses: refused with `wins`, and turning off the fast path, which keeps
#: no record of the last tile or of the passes.
BONUS_OPTIONS = ("capicua", "chuchazo", "pase-salida", "pase-corrido", "pase", "hand-bonus")


@dataclass(frozen=True)
class HandFacts:
    """What a finished hand's bonuses depend on, read once from its actions and table (the
    outcome's `extra`). `passes` counts per pair the pass bonuses earned: the pair that earns
    each, not the pair it is finally added to (the penalty scoring mirrors them later)."""

    last_tile: Tile | None = None
    capicua: bool = False
    capicua_different: bool = False
    salida: tuple[int, int] = (0, 0)  # pase-salida: 1 after a double lead, 2 after any other
    corrido: tuple[int, int] = (0, 0)  # pase-corrido: how many times each pair earned it
    passes: tuple[int, int] = (0, 0)  # pase: passes made by the other pair

    def to_extra(self) -> dict[str, object]:
        return {"latin": self}


def facts_of(extra: Mapping[str, object]) -> HandFacts:
    """The facts in an outcome's `extra`, or none (an outcome made without the rich hand, by the
    AI's search, carries none: the variant then plays without bonuses on that path)."""
    facts = extra.get("latin")
    return facts if isinstance(facts, HandFacts) else HandFacts()


def read_hand(hand: HandAtPlay, unit_of: Sequence[int]) -> HandFacts:
    """The bonus facts of a hand that has just ended."""
    actions = hand.actions
    last = next((action for action in reversed(actions) if isinstance(action, Play)), None)
    last_tile = last.tile if last is not None else None
    capicua = different = False
    went_out = last is not None and not hand.hands[last.seat]
    if went_out and last_tile is not None and not last_tile.is_double:
        ends = hand.layout.open_numbers()
        halves = (last_tile.high, last_tile.low)
        # The tile covered one end and left its other half showing; it fitted both ends before
        # exactly when the end it did not cover shows one of its halves now. Both ends equal
        # now: the ends before were its two numbers ("head and tail").
        if len(ends) == 2 and ends[0] in halves and ends[1] in halves:
            capicua = True
            different = ends[0] == ends[1]
    return HandFacts(
        last_tile=last_tile,
        capicua=capicua,
        capicua_different=different,
        salida=_salida(actions, unit_of),
        corrido=_corrido(actions, unit_of),
        passes=_passes(actions, unit_of),
    )


def _salida(actions: Sequence[Action], unit_of: Sequence[int]) -> tuple[int, int]:
    """`pase-salida`: the hand's second action is a pass by the seat after the leader and its
    third a placement by the leader's partner (§4.5): 1 after a double lead, 2 after another."""
    if len(actions) < 3:
        return (0, 0)
    lead, second, third = actions[0], actions[1], actions[2]
    seats = len(unit_of)
    if not (
        isinstance(lead, Play)
        and isinstance(second, Pass)
        and isinstance(third, Play)
        and second.seat == (lead.seat + 1) % seats
        and third.seat == (lead.seat + 2) % seats
    ):
        return (0, 0)
    earned = [0, 0]
    earned[unit_of[lead.seat]] = 1 if lead.tile.is_double else 2
    return (earned[0], earned[1])


def _corrido(actions: Sequence[Action], unit_of: Sequence[int]) -> tuple[int, int]:
    """`pase-corrido`: a placement followed by passes of the three other players in a row, each
    time it happens, for the placer's pair."""
    earned = [0, 0]
    for index, action in enumerate(actions):
        if isinstance(action, Play):
            after = actions[index + 1 : index + 4]
            if len(after) == 3 and all(isinstance(other, Pass) for other in after):
                earned[unit_of[action.seat]] += 1
    return (earned[0], earned[1])


def _passes(actions: Sequence[Action], unit_of: Sequence[int]) -> tuple[int, int]:
    """`pase`: every pass, for the passer's opponents."""
    earned = [0, 0]
    for action in actions:
        if isinstance(action, Pass):
            earned[1 - unit_of[action.seat]] += 1
    return (earned[0], earned[1])


def block_winner(
    tranque: str,
    tie: str,
    counts: Sequence[int],
    unit_of: Sequence[int],
    blocker: int,
    leader: int,
) -> int | None:
    """The pair that wins a blocked hand (`tranque`), or `None` for a void hand. `counts` are
    the pips left per seat; the blocker placed the last tile."""
    if tranque == "player":
        least = min(counts)
        tied = {unit_of[seat] for seat, count in enumerate(counts) if count == least}
        if len(tied) == 1:
            return tied.pop()
    elif tranque == "blocker":
        after = (blocker + 1) % len(counts)
        if counts[blocker] != counts[after]:
            return unit_of[blocker if counts[blocker] < counts[after] else after]
    else:
        sums = [0, 0]
        for seat, count in enumerate(counts):
            sums[unit_of[seat]] += count
        if sums[0] != sums[1]:
            return 0 if sums[0] < sums[1] else 1
    if tie == "blocker":
        return unit_of[blocker]
    if tie == "leader":
        return unit_of[leader]
    return None


def judge_points(
    scores: Sequence[int], target: int, penalty: bool, hand_winner: int | None
) -> int | None:
    """The match of points after a hand (§4.1 "Match formats"): the winning pair, or `None`
    while it goes on. Reward: a pair at or over the target wins; both: the higher score, then
    the pair that won the hand. Penalty: a pair at or over the target loses; both: the higher
    score loses, then the pair that lost the hand. Equal after a void hand: it goes on."""
    reached = [unit for unit in (0, 1) if scores[unit] >= target]
    if not reached:
        return None
    if len(reached) == 1:
        return reached[0] if not penalty else 1 - reached[0]
    if scores[0] != scores[1]:
        higher = 0 if scores[0] > scores[1] else 1
        return higher if not penalty else 1 - higher
    return hand_winner
