"""What a seat knows about the tiles it cannot see, read from its `SeatView` only.

`Knowledge.of(view)` gathers: the tiles unseen by the seat (not in its hand, not on the table,
not in laid pairs), each seat's hand size, the boneyard size, and for every other seat the
**tiles it surely lacks**, inferred from the public history:

- a seat that passed, or drew, with the table showing some open ends holds no tile that fits
  them (the must-play rule);
- under `draw-until-playable` and `draw-one` the tiles it kept from drawing did not fit either
  (it would have had to play them), so once its turn goes on past the draws, its hand lacks what
  fitted then; older inferences are dropped at a draw, because a freshly drawn tile may be one of
  them (sound, slightly lossy);
  under `draw-two` a drawn tile may fit and be kept, so a draw clears what is known;
- in `hungarian`-like games (a turn lasts while the player can place), a turn that ended by
  itself after a placement means no tile of that seat fitted the ends it left.

Nothing here reads hidden state: the only input is the view. The inference is *sound* (a tile
said to be lacked is never held) rather than complete, so sampled hands are always possible.
The history is replayed on a fresh layout from the view's own placements (the k-th `Play` of
the history is the k-th placement), so it works for any layout shape that matches tiles; games
laid in a row without matching (`Shape.ROW`) and games with special actions infer nothing from
passes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.actions import Draw, Pass, Play, Special
from engine.layout import Shape
from engine.rules import DrawRule
from engine.tiles import Tile
from engine.variants import get_variant
from engine.variants.base import Variant
from engine.view import SeatView


@cache
def variant_of(
    variant_id: str, players: int, options: tuple[tuple[str, int | str | bool], ...]
) -> Variant:
    """The ruleset of the view's match (cached: views carry its id, players and options)."""
    return get_variant(variant_id)(players, dict(options))


def variant_for(view: SeatView) -> Variant:
    return variant_of(view.variant, view.players, view.options)


@dataclass(frozen=True)
class Knowledge:
    """Everything one seat knows of the tiles it cannot see, at one point of a hand. The
    unseen tiles are exactly the other seats' hands, the boneyard and the tiles set aside:
    `len(unseen) == sum(other sizes) + boneyard + asleep`."""

    seat: int
    variant: Variant
    hand: tuple[Tile, ...]
    unseen: tuple[Tile, ...]  # in index order: other hands, boneyard, tiles set aside
    sizes: tuple[int, ...]  # every seat's tile count
    seated: tuple[bool, ...]
    lacks: tuple[frozenset[Tile], ...]  # per seat, unseen tiles it surely does not hold
    boneyard: int  # tiles left in the boneyard (reserve included)
    asleep: int  # unseen tiles set aside for the whole hand

    @classmethod
    def of(cls, view: SeatView) -> Knowledge:
        variant = variant_for(view)
        visible = set(view.hand)
        visible.update(view.layout.tiles())
        for pairs in view.laid_pairs:
            for first, second in pairs:
                visible.add(first)
                visible.add(second)
        unseen = tuple(tile for tile in variant.full_set() if tile not in visible)
        hidden = sum(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
        asleep = len(unseen) - hidden - view.boneyard
        if asleep < 0:
            raise ValueError("the view does not add up: more hidden tiles than unseen ones")
        lacks = _lacked_tiles(view, variant, frozenset(unseen))
        return cls(
            seat=view.seat,
            variant=variant,
            hand=view.hand,
            unseen=unseen,
            sizes=view.hand_sizes,
            seated=view.seated,
            lacks=lacks,
            boneyard=view.boneyard,
            asleep=asleep,
        )

    def may_hold(self, seat: int, tile: Tile) -> bool:
        return tile not in self.lacks[seat]

    def lacks_number(self, seat: int, number: int) -> bool:
        """Whether `seat` surely holds no unseen tile carrying `number`."""
        lacked = self.lacks[seat]
        return all(tile in lacked for tile in self.unseen if tile.has(number))


def _lacked_tiles(
    view: SeatView, variant: Variant, unseen: frozenset[Tile]
) -> tuple[frozenset[Tile], ...]:
    lacks: list[set[Tile]] = [set() for _ in range(view.players)]
    if view.layout.shape is Shape.ROW or any(isinstance(a, Special) for a in view.history):
        return tuple(frozenset(found) for found in lacks)
    layout = variant.new_layout()
    placements = iter(view.layout.placements)
    history = view.history
    draws_keep_inference = variant.draw_rule in (DrawRule.UNTIL_PLAYABLE, DrawRule.ONE)

    def fitting() -> set[Tile]:
        if not layout.started:
            return set()
        return {tile for tile in unseen if variant.can_place(layout, tile)}

    # After a draw, what the seat lacks is known only once its turn goes on: the tile it drew
    # may fit (it then plays it at once), the ones it keeps do not.
    pending: dict[int, set[Tile]] = {}
    for position, action in enumerate(history):
        seat = action.seat
        after_draw = pending.pop(seat, None)
        if after_draw is not None and not isinstance(action, Draw):
            lacks[seat] = after_draw
        if isinstance(action, Play):
            placement = next(placements)
            if placement.arm is None:
                layout.lay_lead(placement.tile)
            else:
                assert placement.shows is not None
                layout.lay(placement.tile, placement.arm, placement.shows)
            if variant.keeps_playing and _turn_ended_after(view, position, seat):
                lacks[seat] |= fitting()
        elif isinstance(action, Pass):
            lacks[seat] |= fitting()
        elif isinstance(action, Draw):
            lacks[seat] = set()
            if draws_keep_inference:
                pending[seat] = fitting()
    lacks[view.seat] = set()  # a seat's own hand is known, not inferred
    return tuple(frozenset(found) for found in lacks)


def _turn_ended_after(view: SeatView, position: int, seat: int) -> bool:
    """Whether `seat`'s turn ended by itself right after the play at `position`."""
    if position + 1 < len(view.history):
        return view.history[position + 1].seat != seat
    return view.turn is not None and view.turn != seat
