"""What one action did to a hand: the value `HandState.apply` returns.

A module of its own, below both the hand and the variants: a variant's own moves
(`Variant.apply_special`) return one too, and the variants must not import the hand that
imports them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action
from engine.layout import Placement
from engine.rules import HandOutcome
from engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class Event:
    """What one action did. `drawn` is private to the drawing seat; the rest is public."""

    action: Action
    placement: Placement | None = None
    drawn: tuple[Tile, ...] = ()
    outcome: HandOutcome | None = None
    turn: int | None = None  # the seat to act next (None once the hand is over)
    #: The points this action scored during play, per unit (empty: none). Only games that score
    #: during play (`Variant.scores_in_play`, the fives games) fill it; `Match` adds it to the
    #: running scores at once, so every view reads them while the hand goes on.
    scored: tuple[int, ...] = ()
