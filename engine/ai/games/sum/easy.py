"""The `easy` level in the sum game: aim for the exact total, and don't hand it to the next seat.

In `sum` the player who brings the table total exactly to the target wins; so does the last to
add a tile when nobody else can. Each tile the seat may add is judged by the total it leaves
(`target - total`, the *gap*), from the seat's own tiles and public facts only:

- a tile that closes the gap wins the hand;
- a gap no unseen tile fits (every other seat is known to lack them, or they are set aside)
  wins too: nobody else can add, and the seat added last;
- otherwise the danger is the chance that another seat holds a tile of exactly the gap's pips
  (for the next seat in full, the later ones half as much each: someone may add before them),
  from how many such tiles are unseen and how many tiles that seat holds;
- among safe plays, shed heavy tiles and keep many different pip counts: small, varied tiles
  are what hits the target later.
"""

from __future__ import annotations

from math import comb

from engine.actions import Action, Play
from engine.ai.games.base import Reason
from engine.ai.knowledge import Knowledge
from engine.view import SeatView

WIN = 1000.0
DANGER = 100.0
VARIETY = 1.0
SHED = 0.05  # per pip of the tile added: heavy tiles go early, small ones hit exactly later


def sum_value(view: SeatView, knowledge: Knowledge, action: Action) -> float:
    """How good adding `action`'s tile looks to the seat (a pass, the only other move, is 0)."""
    if not isinstance(action, Play):
        return 0.0
    target = int(dict(view.options)["target"])
    gap = target - (view.total or 0) - action.tile.pips
    if gap == 0:
        return WIN
    others = others_in_turn_order(view, knowledge)
    if not any(
        tile.pips <= gap and knowledge.may_hold(other, tile)
        for other in others
        for tile in knowledge.unseen
    ):
        return WIN / 2
    danger = gap_danger(knowledge, others, gap)
    kept = [tile for tile in view.hand if tile != action.tile]
    variety = len({tile.pips for tile in kept})
    return -DANGER * danger + VARIETY * variety + SHED * action.tile.pips


def gap_danger(knowledge: Knowledge, others: list[int], gap: int) -> float:
    """The danger of leaving `gap`: the chance that the next seat holds a tile of exactly that
    many pips, plus half that of the seat after it, and so on (someone may add before them)."""
    danger = 0.0
    weight = 1.0
    for other in others:
        danger += weight * chance_to_hold_pips(knowledge, other, gap)
        weight /= 2
    return danger


def sum_features(view: SeatView, knowledge: Knowledge, action: Action) -> list[Reason]:
    """`sum_value`'s reasons for adding `action`'s tile: it hits the target; it leaves a total no
    unseen tile fits; it leaves the total the next seats are least likely to hit (with the
    chance, in percent, by the danger `sum_value` weighs); it sheds the heaviest tile."""
    if not isinstance(action, Play):
        return []
    target = int(dict(view.options)["target"])
    before = view.total or 0
    value = sum_value(view, knowledge, action)
    if value == WIN:
        return [Reason("wins_hand")]
    total = before + action.tile.pips
    if value == WIN / 2:
        return [Reason("leaves_no_fit", {"total": total})]
    found: list[Reason] = []
    others = others_in_turn_order(view, knowledge)
    plays = [legal.tile for legal in view.legal if isinstance(legal, Play)]
    dangers = {tile: gap_danger(knowledge, others, target - before - tile.pips) for tile in plays}
    if dangers[action.tile] == min(dangers.values()) < max(dangers.values()):
        chance = round(100 * min(1.0, dangers[action.tile]))
        found.append(Reason("safest_total", {"total": total, "chance": chance}))
    pips = [tile.pips for tile in plays]
    if action.tile.pips == max(pips) > min(pips):
        found.append(Reason("plays_heaviest", {"pips": action.tile.pips}))
    return found


def others_in_turn_order(view: SeatView, knowledge: Knowledge) -> list[int]:
    players = view.players
    return [
        (view.seat + step) % players
        for step in range(1, players)
        if knowledge.seated[(view.seat + step) % players]
        and knowledge.sizes[(view.seat + step) % players] > 0
    ]


def chance_to_hold_pips(knowledge: Knowledge, seat: int, pips: int) -> float:
    """The chance that `seat` holds a tile of `pips` pips, its hand being a uniform draw of the
    unseen tiles it may hold."""
    pool = [tile for tile in knowledge.unseen if knowledge.may_hold(seat, tile)]
    hits = sum(1 for tile in pool if tile.pips == pips)
    size = min(knowledge.sizes[seat], len(pool))
    if hits == 0 or size == 0:
        return 0.0
    return 1.0 - comb(len(pool) - hits, size) / comb(len(pool), size)
