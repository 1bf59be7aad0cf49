"""Soft inference: how well a sampled world explains the tiles the other seats chose to play.

Passes and draws give certainties (`engine.ai.knowledge`); plays give likelihoods. Players lay
heavy tiles first, so a seat that laid a 2-1 where a 6-5 fitted probably held no 6-5. The
`expert` weighs each sampled world by the probability that the other seats, holding the tiles
that world gives them, would have made the plays they made, under a simple model of play:
a seat picks among its fitting tiles with odds growing by `exp(BETA * pips)` (the likelihood
is tempered, see `TEMPER`).

The model is applied where a seat's hand at each past play can be rebuilt from the world alone:
line games on the fast path without drawing (its hand then is its tiles now plus the ones it laid
since). The lead is left out (it may be forced). Games where a turn goes on while the player can
place (`hungarian`) are left out too: there a player picks the tile that keeps the run going,
not the heavy one, and weighing by pips made the expert lose to `hard` in the arena. Elsewhere
every world weighs 1.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.actions import Play
from engine.ai.knowledge import Knowledge
from engine.fast import TILES, WITH, mask_of, supports
from engine.layout import Shape
from engine.rules import DrawRule
from engine.tiles import Tile
from engine.view import SeatView

BETA = 0.25
# The likelihood is tempered (raised to this power): a product of many play odds is far more
# certain than the crude model behind it deserves, and untempered weights let a handful of
# worlds (each judged by one playout) decide the move. Measured in the arena: plain weights
# made the expert lose to `hard`; square-rooted ones gained on unweighted search.
TEMPER = 0.5
ODDS: tuple[float, ...] = tuple(math.exp(BETA * tile.pips) for tile in TILES)


class PlayModel:
    """The plays of the other seats in this hand, ready to be weighed in many worlds."""

    def __init__(self, view: SeatView, knowledge: Knowledge) -> None:
        variant = knowledge.variant
        self.active = (
            supports(variant)
            and variant.draw_rule is DrawRule.NONE
            and not variant.keeps_playing
            and view.layout.shape is Shape.LINE
        )
        self.events: list[tuple[int, int, int]] = []  # (seat, tile index, mask of fitting tiles)
        self.played: dict[int, int] = {}
        if not self.active:
            return
        plays = [action for action in view.history if isinstance(action, Play)]
        numbers: dict[str, int] = {}
        for action, placement in zip(plays, view.layout.placements, strict=False):
            tile = placement.tile
            if placement.arm is None:
                numbers = {"W": tile.high, "E": tile.low}
                continue
            fitting = WITH[numbers["W"]] | WITH[numbers["E"]]
            assert placement.shows is not None
            numbers[placement.arm] = placement.shows
            if action.seat == view.seat:
                continue
            self.events.append((action.seat, tile.index, fitting))
            self.played[action.seat] = self.played.get(action.seat, 0) | 1 << tile.index

    def weight(self, hands: Sequence[Sequence[Tile]]) -> float:
        """The likelihood of the other seats' plays if they held `hands` now."""
        if not self.events:
            return 1.0
        held = {seat: mask_of(hands[seat]) | played for seat, played in self.played.items()}
        odds = ODDS
        likelihood = 1.0
        for seat, index, fitting in self.events:
            hand = held[seat]
            choices = hand & fitting
            total = 0.0
            while choices:
                low = choices & -choices
                total += odds[low.bit_length() - 1]
                choices ^= low
            likelihood *= odds[index] / total
            held[seat] = hand ^ (1 << index)
        return float(likelihood**TEMPER)
