"""The `easy` level in the fives games: count the ends, take the scoring counts, and leave the
next player no scoring count.

Each tile the seat may place is judged by the table it leaves (`after`), from the seat's own
tiles and public facts only:

- the points the placement scores now, as credited (`exact`, `get-in` and `out-on-down` may
  refuse them), and the match when they reach the target;
- the danger: what the next opponent in turn could score on that table, each unseen tile it may
  hold counted by its best placement, the likeliest best reply weighted by the chance that the
  opponent holds it (from how many tiles it holds and how many are unseen);
- then shed heavy tiles (a domino bonus is the opponents' pips) and keep doubles' partners.
"""

from __future__ import annotations

from engine.actions import Action, Play
from engine.ai.games.base import Reason
from engine.ai.heuristics import placing_features
from engine.ai.knowledge import Knowledge
from engine.layout import Layout
from engine.tiles import Tile
from engine.variants.fives import FivesFamily, count, crosswise
from engine.view import SeatView

WIN = 1000.0
DANGER = 0.8  # a point the next opponent is likely to score, against one scored now
SHED = 0.05  # per pip of the tile placed


def after(variant: FivesFamily, layout: Layout, action: Play) -> Layout:
    """The table once `action` is placed (an end as the engine reads it; see `named_end`)."""
    table = layout.copy()
    if not table.started:
        table.lay_lead(action.tile)
        return table
    found = variant.placements(table, action.tile)
    end = action.end
    if isinstance(end, str):
        chosen = [(arm, shows) for arm, shows in found if crosswise(arm) and str(arm.number) in end]
    elif isinstance(end, int):
        plain = [(arm, shows) for arm, shows in found if arm.number == end and not crosswise(arm)]
        chosen = plain or [(arm, shows) for arm, shows in found if arm.number == end]
    else:
        chosen = found
    arm, shows = (chosen or found)[0]
    table.lay(action.tile, arm.id, shows)
    return table


def best_reply(variant: FivesFamily, layout: Layout, tile: Tile) -> int:
    """The most `tile` can score placed on `layout` (0 where it does not fit)."""
    best = 0
    for arm, shows in variant.placements(layout, tile):
        table = layout.copy()
        table.lay(tile, arm.id, shows)
        best = max(best, variant.placement_points(count(table)))
    return best


def danger(view: SeatView, knowledge: Knowledge, table: Layout) -> float:
    """The expected best score of the next opponent in turn on `table`."""
    variant = knowledge.variant
    assert isinstance(variant, FivesFamily)
    mine = variant.unit_of[view.seat]
    seat = view.seat
    for _ in range(view.players):
        seat = (seat + 1) % view.players
        if view.seated[seat] and knowledge.sizes[seat] and variant.unit_of[seat] != mine:
            break
    else:
        return 0.0
    held = knowledge.sizes[seat]
    unseen = [tile for tile in knowledge.unseen if knowledge.may_hold(seat, tile)]
    if not unseen:
        return 0.0
    chance = min(1.0, held / len(unseen))
    replies = sorted((best_reply(variant, table, tile) for tile in unseen), reverse=True)
    expected, missing = 0.0, 1.0
    for points in replies:
        if points <= 0:
            break
        expected += points * chance * missing
        missing *= 1.0 - chance
    return expected


def fives_value(view: SeatView, knowledge: Knowledge, action: Action) -> float:
    """How good `action` looks to the seat (a draw or a pass, the only other moves, is 0)."""
    if not isinstance(action, Play):
        return 0.0
    variant = knowledge.variant
    assert isinstance(variant, FivesFamily)
    table = after(variant, view.layout, action)
    unit = variant.unit_of[view.seat]
    points = variant.placement_points(count(table))
    if len(view.hand) == 1:
        points += variant.out_points if hasattr(variant, "out_points") else 0
    credited = variant.credited(view.scores[unit], points, lead=not view.layout.started)
    if credited and view.scores[unit] + credited >= variant.target:
        return WIN
    return credited - DANGER * danger(view, knowledge, table) + SHED * action.tile.pips


def _next_opponent(view: SeatView, knowledge: Knowledge) -> int | None:
    """The next seat in turn on the other side that still holds tiles (None: there is none)."""
    variant = knowledge.variant
    assert isinstance(variant, FivesFamily)
    mine, seat = variant.unit_of[view.seat], view.seat
    for _ in range(view.players):
        seat = (seat + 1) % view.players
        if view.seated[seat] and knowledge.sizes[seat] and variant.unit_of[seat] != mine:
            return seat
    return None


def left_open(view: SeatView, knowledge: Knowledge, table: Layout) -> int:
    """The most the next opponent could score on `table` with a tile it may hold."""
    variant = knowledge.variant
    assert isinstance(variant, FivesFamily)
    seat = _next_opponent(view, knowledge)
    if seat is None:
        return 0
    unseen = [tile for tile in knowledge.unseen if knowledge.may_hold(seat, tile)]
    return max((best_reply(variant, table, tile) for tile in unseen), default=0)


def fives_features(view: SeatView, knowledge: Knowledge, action: Action) -> list[Reason]:
    """The reasons a fives player gives for a placement, the most telling first: it reaches the
    winning score; it scores the most that may be scored now (the count of the ends); it
    leaves the next opponent no scoring count, or the least one. Each holds only where some
    other play differs; the generic reasons (an end an opponent lacks, the heaviest tile, ...)
    follow."""
    generic = placing_features(view, knowledge, action)
    if not isinstance(action, Play):
        return generic
    variant = knowledge.variant
    assert isinstance(variant, FivesFamily)
    unit = variant.unit_of[view.seat]
    plays = [legal for legal in view.legal if isinstance(legal, Play)]
    tables = {play: after(variant, view.layout, play) for play in plays}
    scored = {
        play: variant.credited(
            view.scores[unit],
            variant.placement_points(count(table)),
            lead=not view.layout.started,
        )
        for play, table in tables.items()
    }
    found: list[Reason] = []
    points = scored[action]
    if points and view.scores[unit] + points >= variant.target:
        found.append(Reason("reaches_target", {"target": variant.target}))
    elif points and points == max(scored.values()) > min(scored.values()):
        found.append(Reason("scores_count", {"points": points, "count": count(tables[action])}))
    left = {play: left_open(view, knowledge, table) for play, table in tables.items()}
    if left[action] == min(left.values()) < max(left.values()):
        if left[action] == 0:
            found.append(Reason("leaves_no_count"))
        else:
            found.append(Reason("leaves_least", {"points": left[action]}))
    return [*(reason for reason in generic if reason.key == "wins_hand"), *found] + [
        reason for reason in generic if reason.key != "wins_hand"
    ]
