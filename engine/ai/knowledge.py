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
  itself after a placement means no tile of that seat fitted the ends it left;
- in games laid in a row (`sum`), a pass means the passer holds no tile that fits the total;
- where the rules make the holder of the highest tile (or the highest double) lead with it, every
  tile that would have outranked the lead was not dealt: no seat holds it until it draws;
- where a seat puts tiles back into the boneyard (`pairs`), one it put there itself is still
  there, at a known depth, until the stock runs down to it: no other seat holds it
  (`in_stock`, from the game's AI: `GameAI.in_stock`).

Tiles seen beyond the layout and the seat's hand (the laid pairs of `pairs`) are the game's
AI's `GameAI.face_up`.

Nothing here reads hidden state: the only input is the view. The inference is *sound* (a tile
said to be lacked is never held) rather than complete, so sampled hands are always possible.
The history is replayed on a fresh layout from the view's own placements (the k-th `Play` of
the history is the k-th placement), so it works for any layout shape; games with special
actions (`pairs`) infer nothing from passes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Protocol

from engine.actions import Draw, Pass, Play, Special
from engine.layout import Shape
from engine.match import Match
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


class Sight(Protocol):
    """What a seat sees of its game beyond the layout and its own hand: the two hooks of the
    game's AI (`GameAI.face_up`, `GameAI.in_stock`) that gathering knowledge asks. The game
    AIs register here as they register (`engine.ai.games.base.ai_for`): their hooks read a
    `Knowledge`, so this module sits below them and cannot look them up itself."""

    def face_up(self, view: SeatView) -> tuple[Tile, ...]: ...

    def in_stock(self, view: SeatView) -> tuple[tuple[int, Tile], ...]: ...


_SIGHTS: dict[type[Variant], Sight] = {}


def sees(variant: type[Variant], sight: Sight) -> None:
    """Record what a seat of `variant` (and of the variants derived from it) sees."""
    _SIGHTS[variant] = sight


def sight_of(variant: Variant) -> Sight:
    """What a seat of `variant`'s game sees: the nearest registered class's sight."""
    return next(_SIGHTS[kind] for kind in type(variant).__mro__ if kind in _SIGHTS)


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
    # Unseen tiles whose place in the boneyard the seat knows: (depth from the top, tile).
    in_stock: tuple[tuple[int, Tile], ...] = ()
    undealt: frozenset[Tile] = frozenset()  # unseen tiles the lead shows nobody was dealt

    @classmethod
    def of(cls, view: SeatView) -> Knowledge:
        variant = variant_for(view)
        game = sight_of(variant)
        visible = set(view.hand)
        visible.update(view.layout.tiles())
        visible.update(game.face_up(view))
        unseen = tuple(tile for tile in variant.full_set() if tile not in visible)
        hidden = sum(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
        asleep = len(unseen) - hidden - view.boneyard
        if asleep < 0:
            raise ValueError("the view does not add up: more hidden tiles than unseen ones")
        undealt = _undealt(view, variant, frozenset(unseen))
        lacks = _lacked_tiles(view, variant, frozenset(unseen), undealt)
        in_stock = game.in_stock(view)
        if in_stock:
            buried = frozenset(tile for _, tile in in_stock)
            lacks = tuple(
                found if seat == view.seat else found | buried for seat, found in enumerate(lacks)
            )
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
            in_stock=in_stock,
            undealt=undealt,
        )

    def may_hold(self, seat: int, tile: Tile) -> bool:
        return tile not in self.lacks[seat]

    def lacks_number(self, seat: int, number: int) -> bool:
        """Whether `seat` surely holds no unseen tile carrying `number`."""
        lacked = self.lacks[seat]
        return all(tile in lacked for tile in self.unseen if tile.has(number))


def _lacked_tiles(
    view: SeatView, variant: Variant, unseen: frozenset[Tile], undealt: frozenset[Tile]
) -> tuple[frozenset[Tile], ...]:
    lacks: list[set[Tile]] = [
        set() if seat == view.seat else set(undealt) for seat in range(view.players)
    ]
    if variant.own_turns or any(isinstance(a, Special) for a in view.history):
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
            if layout.shape is Shape.ROW:
                layout.add_to_row(placement.tile)
            elif placement.arm is None:
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


def _undealt(view: SeatView, variant: Variant, unseen: frozenset[Tile]) -> frozenset[Tile]:
    """The unseen tiles that no hand held at the deal, as the lead shows them: where the rules
    chose the lead tile from the hands dealt (the highest double, the highest tile), a tile that
    would have led instead, had anyone held it, was not dealt. The rule is asked, not
    restated: the variant's own `lead` judges deals of the lead tile and one other."""
    if not view.history or not isinstance(view.history[0], Play) or view.leader is None:
        return frozenset()
    lead = view.history[0].tile
    rules = Match(variant, seed=None)  # what the lead rule reads of a match: its past hands
    rules.results = list(view.results)
    rules.active = list(view.seated)
    alone: list[list[Tile]] = [[] for _ in range(view.players)]
    alone[view.leader] = [lead]
    if variant.lead(rules, alone).tile != lead:
        return frozenset()  # a lead the rules left free
    other = next(seat for seat in range(view.players) if seat != view.leader)
    found = set()
    for tile in unseen:
        alone[other] = [tile]
        if variant.lead(rules, alone).tile == tile:
            found.add(tile)
    return frozenset(found)


def _turn_ended_after(view: SeatView, position: int, seat: int) -> bool:
    """Whether `seat`'s turn ended by itself right after the play at `position`."""
    if position + 1 < len(view.history):
        return view.history[position + 1].seat != seat
    return view.turn is not None and view.turn != seat
