"""Invariants that hold after every action of every hand, checked independently of `apply`."""

from __future__ import annotations

from collections import Counter

from engine.actions import Action, Draw, Pass, Play, Special
from engine.hand import HandState
from engine.layout import Shape
from engine.match import Match
from engine.rules import End
from engine.trains import trains_of
from engine.variants.pairs import PAIRS_TO_WIN, LayPairs, Pairs, has_pair


def tile_conservation(match: Match, hand: HandState) -> list[str]:
    """Every tile of the set is in exactly one place: a hand, the table (laid pairs included), the
    boneyard or asleep."""
    problems: list[str] = []
    places = Counter(tile for tiles in hand.hands for tile in tiles)
    places.update(hand.layout.tiles())
    places.update(hand.stock)
    laid_pairs = hand.variant.public_state(hand).laid_pairs
    places.update(tile for pairs in laid_pairs for pair in pairs for tile in pair)
    trains = trains_of(hand.variant.public_state(hand))
    if trains is not None:  # Mexican Train: the hub and the trains
        places.update(trains.tiles_down())
    duplicated = [str(tile) for tile, count in places.items() if count > 1]
    if duplicated:
        problems.append(f"tiles in two places: {', '.join(duplicated)}")
    full = set(match.variant.full_set())
    strange = [str(tile) for tile in places if tile not in full]
    if strange:
        problems.append(f"tiles not in the set: {', '.join(strange)}")
    dealt = {tile for tiles in hand.dealt for tile in tiles} | set(hand.boneyard_dealt)
    lost = [str(tile) for tile in dealt if tile not in places]
    if lost:
        problems.append(f"tiles lost: {', '.join(lost)}")
    return problems


def action_was_allowed(before: HandState, action: Action) -> list[str]:
    """Turn order, and passes and draws only when nothing could be placed."""
    problems: list[str] = []
    if action.seat != before.turn:
        problems.append(f"seat {action.seat} acted out of turn (seat {before.turn} was to act)")
    could_place = any(
        before.variant.can_place(before.layout, tile) for tile in before.hands[action.seat]
    )
    if isinstance(action, Pass | Draw) and before.layout.started and could_place:
        problems.append(f"seat {action.seat} did {action} while holding a tile that fits")
    if isinstance(action, Pass) and before.may_draw(action.seat):
        problems.append(f"seat {action.seat} passed while it could draw")
    if isinstance(action, Play) and action.tile not in before.hands[action.seat]:
        problems.append(f"seat {action.seat} played {action.tile}, which it did not hold")
    if isinstance(action, Special):
        held = Counter(before.hands[action.seat])
        held.subtract(action.from_hand())
        if any(count < 0 for count in held.values()):
            problems.append(f"seat {action.seat} did {action} with tiles it did not hold")
    if (
        isinstance(before.variant, Pairs)
        and not isinstance(action, LayPairs)
        and has_pair(before.hands[action.seat])
    ):
        problems.append(f"seat {action.seat} did {action} while holding a pair")
    return problems


def scores_add_up(match: Match) -> list[str]:
    expected = list(match.variant.initial_scores())
    for result in match.results:
        expected = [score + points for score, points in zip(expected, result.points, strict=True)]
        if tuple(expected) != result.scores:
            return [f"hand {result.number}: scores {result.scores} do not add up to {expected}"]
    if tuple(expected) != tuple(match.scores):
        return [f"match scores {match.scores} do not add up to {expected}"]
    return []


def hand_is_finished(hand: HandState) -> list[str]:
    """A finished hand really is over: someone went out, or nobody can move."""
    outcome = hand.outcome
    if outcome is None:
        return ["the hand did not end"]
    if outcome.end == End.DOMINO:
        if outcome.went_out is None:
            return ["a domino was declared but nobody went out"]
        laid_pairs = hand.variant.public_state(hand).laid_pairs
        if laid_pairs:  # `pairs`: going out is laying the fifth pair
            if len(laid_pairs[outcome.went_out]) < PAIRS_TO_WIN:
                return [f"a domino was declared with fewer than {PAIRS_TO_WIN} pairs laid"]
        elif hand.hands[outcome.went_out]:
            return ["a domino was declared but nobody went out"]
    elif outcome.end == End.TARGET and hand.variant.scores_in_play:
        # The fives games: the placer's unit reached the match target during play.
        target = int(hand.variant.option("target"))
        assert outcome.last_placer is not None
        unit = hand.variant.unit_of[outcome.last_placer]
        score = hand.base_scores[unit] + hand.scored[unit]
        if score < target:
            return [f"the target {target} was declared but the placer's unit has {score}"]
    elif outcome.end == End.TARGET:
        target = hand.variant.option("target")
        total = sum(tile.pips for tile in hand.layout.tiles())
        if hand.layout.shape is not Shape.ROW or total != target:
            return [f"the target {target} was declared but the total is {total}"]
    elif outcome.end == "blocked" and not hand.blocked():
        return ["a block was declared but a seat could still move"]
    return []


def table_is_lawful(hand: HandState) -> list[str]:
    """The table of the spinner, star, sum and pairs games obeys their rules, read from the
    tiles placed in order (independently of the variants' `placements`)."""
    variant, layout = hand.variant, hand.layout
    placed = layout.placements
    if layout.shape is Shape.SPINNER and len(placed) > 1 and variant.family == "cross":
        # The cross first: the tiles after the lead go one to each side until all four are taken.
        sides = [placement.arm for placement in placed[1:5]]
        if len(set(sides)) != len(sides) or not set(sides) <= {"N", "E", "S", "W"}:
            return [f"the cross was not completed first: {sides}"]
        after = [placement.tile for placement in placed[5:]]
        if variant.id == "double-cross" and after and not after[0].is_double:
            return [f"{after[0]} followed the cross before any double"]
        if variant.id in ("maltese", "sebastopol"):
            if any(not tile.is_double for tile in after[:4]):
                return ["a non-double was played before the four arms were capped"]
            down = {tile.high for tile in [placed[0].tile, *after[:4]] if tile.is_double}
            for tile in after[4:]:
                if not tile.is_double and not (tile.high in down and tile.low in down):
                    return [f"{tile} was played without both its doubles on the table"]
                if tile.is_double:
                    down.add(tile.high)
    if layout.shape is Shape.STAR:
        for arm in layout.arms.values():
            if arm.tiles and not arm.tiles[0].tile.has(9):
                return [f"{arm.tiles[0].tile} joined the star at {arm.id} without a 9"]
    if variant.id == "sum" and layout.started:
        total = sum(tile.pips for tile in layout.tiles())
        if total > int(variant.option("target")):
            return [f"the total {total} passed the target"]
    laid = variant.public_state(hand).laid_pairs
    for pairs in laid:
        for first, second in pairs:
            if first.pips != second.pips:
                return [f"{first} and {second} were laid as a pair"]
    if laid and any(len(tiles) > 6 for tiles in hand.hands):
        return ["a hand holds more than 6 tiles"]
    return []
