"""The spinner games of "Dominó tradicional" (seed 001 §6): `cross`, `double-cross`, `maltese`,
`sebastopol` and `cross-nine`.

Every hand is led by a double that is a **spinner**: its four sides (`N`, `E`, `S`, `W` in
`engine.layout`) must each take a tile before any arm grows (the **cross**). The games differ in
what may follow the cross. Everything a rule here looks at is on the table, so the rules are
functions of the layout: the first five tiles are always the spinner and its four side tiles (no
other double carries the spinner's number, so no side tile is a double).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.layout import Arm, ArmKind, Layout, Shape
from engine.messages import Message
from engine.rules import DrawRule, HandOutcome, HandScore, Lead, target_option
from engine.tiles import Tile
from engine.variants.base import PublicState, Variant, highest_double_lead
from engine.variants.common import first_to_target, traditional_score

if TYPE_CHECKING:
    from engine.variants.base import HandAtPlay, MatchAtPlay

SIDES = ("N", "E", "S", "W")
CROSS_TILES = 1 + len(SIDES)  # the spinner and one tile on each side


def sides_taken(layout: Layout) -> int:
    """How many of the spinner's four sides hold a tile (0 before the lead)."""
    if not layout.started:
        return 0
    return sum(1 for side in SIDES if layout.arms[side].tiles)


def cross_complete(layout: Layout) -> bool:
    # Until the cross is complete only side tiles can be placed, so counting tiles is enough.
    return len(layout.placements) >= CROSS_TILES


class CrossFamily(Variant):
    """Shared by the spinner games: the highest double dealt leads every hand and is a spinner;
    until the cross is complete a tile may only go on an empty side (the empty sides are alike,
    so the player is never asked which); a deal with no double is redealt. Singles, scored and
    won as `traditional` (default target 100)."""

    shape = Shape.SPINNER
    family = "cross"
    draw_rule = DrawRule.UNTIL_PLAYABLE
    option_specs = (target_option(100, "the score that wins the match"),)

    def hand_size(self, seated: int) -> int:
        return 7 if seated == 2 else 8 - seated

    def reserve(self, seated: int) -> int:
        return 2 if seated == 2 else 1

    def redeal_reason(self, hands: Sequence[Sequence[Tile]]) -> Message | None:
        if not any(tile.is_double for hand in hands for tile in hand):
            return Message("no double was dealt")
        return super().redeal_reason(hands)

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        lead = highest_double_lead(hands, else_highest_tile=False)
        assert lead is not None, "a deal without a double is redealt"
        return lead

    def placements(self, layout: Layout, tile: Tile) -> list[tuple[Arm, int]]:
        found = super().placements(layout, tile)
        if not cross_complete(layout):
            return [(arm, shows) for arm, shows in found if arm.kind is ArmKind.SIDE and arm.empty]
        return self.after_cross(layout, tile, found)

    def after_cross(
        self, layout: Layout, tile: Tile, found: list[tuple[Arm, int]]
    ) -> list[tuple[Arm, int]]:
        """Where `tile` may go once the cross is complete (`found`: every end it matches)."""
        return found

    def public_state(self, hand: HandAtPlay) -> PublicState:
        layout = hand.layout
        if not layout.started:
            return PublicState()
        taken = sides_taken(layout)
        if taken < len(SIDES):
            return PublicState(
                status=Message(
                    "cross: {taken} of {sides} sides taken", taken=taken, sides=len(SIDES)
                )
            )
        return PublicState(status=self.after_cross_status(layout))

    def after_cross_status(self, layout: Layout) -> Message | None:
        return None

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        return traditional_score(self, outcome)

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        return first_to_target(match)


class Cross(CrossFamily):
    """Dominó cruzado — seed 001 §6.

    Double-six, 2 to 5 players, dealt as `traditional` (2 players: 7 each, a reserve of 2 that is
    never drawn; 3 to 5: 8 - n each, reserve 1); `draw-until-playable`. A deal with no double is
    reshuffled and redealt.

    Every hand is led by the holder of the highest double dealt, with it: it is the spinner.
    Until each of its four sides holds a tile, tiles may only go on its empty sides, in any order
    (long sides and short ends are alike, so the player is never asked which); a player whose
    tiles fit nowhere else draws or passes. Then play goes on at the four open ends. Only the
    lead is a spinner: later doubles sit in line on their arm.

    Domino: the player who went out scores the pips left in all other hands. Block: the lowest
    count wins the sum of the differences; a tie for lowest scores nothing. First to the target
    (default 100) wins.
    """

    id = "cross"
    section = "2.8"
    name = "Cross dominoes"
    aliases = ("cruzado", "domino-cruzado")
    source = "seed 001 §6 (Dominó cruzado)"
    summary = "The lead double is a spinner: fill its four sides first; first to 100 wins."
    player_counts = (2, 3, 4, 5)


def double_after_cross(layout: Layout) -> bool:
    """Whether a double has been placed since the cross was completed."""
    return any(placed.tile.is_double for placed in layout.placements[CROSS_TILES:])


class DoubleCross(CrossFamily):
    """Doble dominó cruzado — seed 001 §6.

    As `cross` (deal, spinner lead, the cross first, scoring, target 100). Once the cross is
    complete only doubles may be played, each on any end it matches, until one double has been
    placed; then anything may be played again. This happens once per hand. A player with no
    fitting double draws or passes, and the hand may block while everyone waits for a double.
    """

    id = "double-cross"
    section = "2.9"
    name = "Double cross"
    aliases = ("doble-cruzado", "doble-domino-cruzado")
    source = "seed 001 §6 (Doble dominó cruzado)"
    summary = "Cross dominoes where only a double may follow the cross; first to 100 wins."
    player_counts = (2, 3, 4, 5)

    def after_cross(
        self, layout: Layout, tile: Tile, found: list[tuple[Arm, int]]
    ) -> list[tuple[Arm, int]]:
        if tile.is_double or double_after_cross(layout):
            return found
        return []

    def after_cross_status(self, layout: Layout) -> Message | None:
        if double_after_cross(layout):
            return None
        return Message("doubles only until one is played")


def capped(arm: Arm) -> bool:
    """A side of the Maltese cross is capped once a double sits on it."""
    return arm.doubles() > 0


def caps(layout: Layout) -> int:
    """How many arms are capped. While capping, every double placed caps an uncapped arm, so
    this is the number of doubles placed since the cross (at most four)."""
    placed = layout.placements[CROSS_TILES:]
    return min(len(SIDES), sum(1 for placement in placed if placement.tile.is_double))


class MalteseFamily(CrossFamily):
    """The Maltese cross rules shared by `maltese` and `sebastopol`: after the cross every arm
    is capped with a double, then a non-double needs the doubles of both its numbers."""

    def after_cross(
        self, layout: Layout, tile: Tile, found: list[tuple[Arm, int]]
    ) -> list[tuple[Arm, int]]:
        if caps(layout) < len(SIDES):
            if not tile.is_double:
                return []
            return [(arm, shows) for arm, shows in found if not capped(arm)]
        if tile.is_double or not found:
            return found
        doubles = {placed.tile.high for placed in layout.placements if placed.tile.is_double}
        return found if tile.high in doubles and tile.low in doubles else []

    def after_cross_status(self, layout: Layout) -> Message | None:
        capped_arms = caps(layout)
        if capped_arms < len(SIDES):
            return Message("arms capped: {capped} of {sides}", capped=capped_arms, sides=len(SIDES))
        return Message("a tile needs the doubles of both its numbers on the table")


class Maltese(MalteseFamily):
    """Dominó cruzado maltés — seed 001 §6.

    As `cross` (deal, spinner lead, the cross first, scoring, target 100). Once the cross is
    complete every arm must be **capped** with a double before anything else: only doubles may
    be played, each on an uncapped arm it matches, until all four arms are capped (in any order,
    by anyone); a capped arm takes nothing more until all four are. From then on a non-double may
    only be played when the doubles of both its numbers are already on the table (the spinner,
    the caps, or doubles played later); doubles may always be played where they match, in line.
    """

    id = "maltese"
    section = "2.10"
    name = "Maltese cross"
    aliases = ("maltes", "cruzado-maltes", "domino-cruzado-maltes", "maltese-cross")
    source = "seed 001 §6 (Dominó cruzado maltés)"
    summary = "Cross dominoes where every arm ends in a double; first to 100 wins."
    player_counts = (2, 3, 4, 5)


class Sebastopol(MalteseFamily):
    """Sebastopol — seed 001 §6.

    `maltese` for exactly 4 players (no pairs): 7 tiles each, all 28 dealt, `no-draw`. The holder
    of 6-6 leads with it, every hand. A player who cannot play passes. Scoring and target
    (default 100) as `traditional`.
    """

    id = "sebastopol"
    section = "2.11"
    name = "Sebastopol"
    aliases = ("sevastopol",)
    source = "seed 001 §6 (Sebastopol)"
    summary = "Maltese cross for four, every tile dealt, 6-6 leads; first to 100 wins."
    player_counts = (4,)
    draw_rule = DrawRule.NONE
    opening_tile = Tile(6, 6)

    def hand_size(self, seated: int) -> int:
        return 7

    def reserve(self, seated: int) -> int:
        return 0

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        return self.opening_lead(hands)


class CrossNine(CrossFamily):
    """Dominó cruzado de doble nueve — seed 001 §6.

    Double-nine. 2 or 3 players take 7 each; 4 to 8 players take 5 each. The boneyard keeps a
    reserve of 2 that is never drawn; `draw-until-playable`. A deal with no double is redealt.

    Every hand is led by the holder of the highest double dealt, with it: a spinner whose cross
    must be completed first, as in `cross`. Every double placed later opens its two sides at
    once: it leaves three open ends showing its number (the continuation `A` and the branches
    `Aka`/`Akb` of `engine.layout`), which are alike. Scoring and target (default 100) as
    `traditional`.
    """

    id = "cross-nine"
    section = "2.12"
    name = "Double-nine cross"
    aliases = ("cruzado-doble-nueve", "domino-cruzado-de-doble-nueve", "double-nine-cross")
    source = "seed 001 §6 (Dominó cruzado de doble nueve)"
    summary = "Double-nine cross for 2 to 8, every double opens its sides; first to 100 wins."
    player_counts = (2, 3, 4, 5, 6, 7, 8)
    opens_doubles = True

    def set_top(self) -> int:
        return 9

    def hand_size(self, seated: int) -> int:
        return 7 if seated <= 3 else 5

    def reserve(self, seated: int) -> int:
        return 2
