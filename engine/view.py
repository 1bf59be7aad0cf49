"""What one seat may know: `SeatView`. Everything shown to a player and everything an AI reads
goes through a view, so nothing hidden can leak: other players' tiles and the boneyard's order
are not in it, only their sizes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.actions import Action
from engine.layout import Layout
from engine.messages import Message
from engine.rules import HandResult
from engine.tiles import Tile
from engine.variants.base import PublicFacts, PublicState

if TYPE_CHECKING:
    from engine.variants.base import MatchAtPlay


@dataclass(frozen=True)
class SeatView(PublicFacts):
    variant: str
    seat: int
    players: int
    units: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    options: tuple[tuple[str, int | str | bool], ...]
    hand_number: int
    hand: tuple[Tile, ...]  # this seat's own tiles
    hand_sizes: tuple[int, ...]  # every seat's tile count
    seated: tuple[bool, ...]
    layout: Layout  # a copy: the table is public
    boneyard: int  # tiles left in the boneyard (reserve included)
    drawable: int
    leader: int | None
    turn: int | None  # the seat to act, None between hands
    history: tuple[Action, ...]  # this hand's actions (plays, draws, passes: all public)
    legal: tuple[Action, ...]  # what this seat may do now (empty if not its turn)
    results: tuple[HandResult, ...]  # finished hands (every hand revealed once finished)
    over: bool
    winners: tuple[int, ...] = ()  # the seats that won the match, once it is over (none: a draw)
    # Public state some games have beyond the layout (filled by `Variant.public_state`):
    status: Message | None = None  # a short line on the table's state, e.g. the cross's progress
    # the game's own facts by name, read as `total` (`sum`) and `laid_pairs` (`pairs`)
    extra: Mapping[str, object] = field(default_factory=dict)
    # Scoring during play (`Variant.scores_in_play`): this hand's scoring placements, as (action
    # index in `history`, points per unit); `scores` already include them.
    scoring: tuple[tuple[int, tuple[int, ...]], ...] = ()

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat


#: The `seat` of a view for someone with no seat at the table (`public_view`).
ONLOOKER = -1


def seat_view(match: MatchAtPlay, seat: int) -> SeatView:
    """What `seat` may know: its own hand and moves, the rest as anyone sees it."""
    return _view(match, seat)


def public_view(match: MatchAtPlay) -> SeatView:
    """What anyone watching may know: no hand, no moves, and the history as the game shows it to
    someone with no tile (`Variant.seen_by`). Everything public (the board, its log and alt text,
    score sheets, replays) is built from this view only."""
    return _view(match, None)


def _view(match: MatchAtPlay, seat: int | None) -> SeatView:
    hand = match.hand
    public = match.variant.public_state(hand) if hand is not None else PublicState()
    return SeatView(
        variant=match.variant.id,
        seat=ONLOOKER if seat is None else seat,
        players=match.players,
        units=match.units,
        scores=tuple(match.scores),
        options=tuple(sorted(match.variant.options.items())),
        results=tuple(match.results),
        over=match.over,
        winners=match.winners,
        hand_number=len(match.played) - 1 if hand is not None else 0,
        hand=tuple(hand.hands[seat]) if hand is not None and seat is not None else (),
        hand_sizes=tuple(len(tiles) for tiles in hand.hands)
        if hand is not None
        else (0,) * match.players,
        seated=hand.seated if hand is not None else tuple(match.active),
        layout=hand.layout.copy() if hand is not None else match.variant.new_layout(),
        boneyard=len(hand.boneyard) - hand.drawn if hand is not None else 0,
        drawable=hand.drawable if hand is not None else 0,
        leader=hand.lead.seat if hand is not None else None,
        turn=hand.turn if hand is not None and not hand.over else None,
        history=match.variant.history_for(hand, seat) if hand is not None else (),
        legal=tuple(hand.legal_actions(seat)) if hand is not None and seat is not None else (),
        status=public.status,
        extra=public.extra,
        scoring=tuple(hand.score_log) if hand is not None else (),
    )
