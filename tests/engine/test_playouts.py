"""Random playouts of every variant at every player count (and the options that matter). The line
games, where what fits can be worked out from the numbers alone, are played here with
invariants checked after every action by this test itself, independently of the engine's own
checks: no tile lost or duplicated, turn order, draws and passes only when nothing fits, a
domino only when a hand is empty, a block only when nobody can move, scores that add up, and
every hand ends. Every game, line or not, must also get zero errors from `engine.simulate` (the
command line's `simulate`), whose checks ask the variant what fits."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine import Draw, Match, Pass, Play, Shape, get_variant
from engine.hand import HandState
from engine.rules import DrawRule
from engine.simulate import simulate
from engine.tiles import Tile
from engine.variants.base import Variant
from tests.engine.oracle import hand_verdict, match_verdict
from tests.engine.setups import setup_id, setups

SETUPS = setups()
HANDS = 12


def plain_line(variant_id: str) -> bool:
    """Games on a line where a tile fits an end by its numbers alone (wild doubles aside): the
    checks below compute what fits on their own, which only these rules allow."""
    kind = get_variant(variant_id)
    return (
        kind.shape is Shape.LINE
        and not kind.opens_doubles
        and kind.placements is Variant.placements
        and kind.can_place is Variant.can_place
        and not kind.own_turns  # Mexican Train's trains are no line
    )


LINE_SETUPS = [setup for setup in SETUPS if plain_line(setup[0])]


def fits_somewhere(hand: HandState, tile: Tile) -> bool:
    if not hand.layout.started:
        return True
    for number in hand.layout.open_numbers():
        if tile.has(number) or (hand.variant.wild_doubles and tile.is_double):
            return True
    return False


def can_place(hand: HandState, seat: int) -> bool:
    if not hand.layout.started:
        return seat == hand.lead.seat
    return any(fits_somewhere(hand, tile) for tile in hand.hands[seat])


def next_seated(hand: HandState, seat: int) -> int:
    for step in range(1, hand.seats + 1):
        if hand.seated[(seat + step) % hand.seats]:
            return (seat + step) % hand.seats
    raise AssertionError("nobody is seated")


def places(hand: HandState) -> Counter[Tile]:
    where: Counter[Tile] = Counter(tile for tiles in hand.hands for tile in tiles)
    where.update(hand.layout.tiles())
    where.update(hand.stock)
    return where


def check_action(before: HandState, after: HandState, action: Any) -> None:
    seat = action.seat
    assert seat == before.turn, "out of turn"
    if isinstance(action, Draw | Pass):
        assert not can_place(before, seat), f"{action} while holding a tile that fits"
    if isinstance(action, Pass):
        rule = before.variant.draw_rule
        drew_already = rule in (DrawRule.ONE, DrawRule.TWO) and before.draws_this_turn > 0
        assert before.drawable == 0 or drew_already, "passed while able to draw"
    if isinstance(action, Draw):
        assert after.drawable < before.drawable
    # every tile in exactly one place, none lost
    assert max(places(after).values()) == 1
    assert set(places(after)) == set(places(before))
    if after.over:
        return
    keeps_playing = before.variant.keeps_playing and can_place(after, seat)
    if isinstance(action, Draw) or (isinstance(action, Play) and keeps_playing):
        assert after.turn == seat
    else:
        assert after.turn == next_seated(before, seat)


def check_end(hand: HandState) -> None:
    outcome = hand.outcome
    assert outcome is not None
    if outcome.end == "domino":
        assert outcome.went_out is not None and hand.hands[outcome.went_out] == []
    else:
        assert hand.drawable == 0
        assert not any(can_place(hand, seat) for seat in range(hand.seats) if hand.seated[seat])


def check_scoring(match: Match, hand: HandState, options: dict[str, Any]) -> None:
    """The hand's winners and points, and the match's state, as the independent reading of
    RULES.md in `tests/engine/oracle.py` has them."""
    variant, players = match.variant.id, match.players
    assert hand.outcome is not None
    result = match.results[-1]
    verdict = hand_verdict(variant, players, options, hand.outcome)
    if verdict is not None:
        assert (result.winners, result.points) == verdict
    ending = match_verdict(variant, players, options, match.scores, len(match.results), hand.seated)
    if ending is not None:
        assert (match.over, match.winners) == ending


def play_out(match: Match, rng: random.Random, hands: int, options: dict[str, Any]) -> int:
    played = 0
    while not match.over and played < hands:
        hand = match.start_hand()
        dealt = places(hand)
        for _ in range(2_000):
            if hand.over:
                break
            before = hand.copy()
            action = rng.choice(hand.legal_actions())
            match.apply(action)
            check_action(before, hand, action)
        else:
            raise AssertionError("the hand did not end")
        assert places(hand) == dealt
        check_end(hand)
        check_scoring(match, hand, options)
        played += 1
        expected = list(match.variant.initial_scores())
        for result in match.results:
            expected = [
                score + points for score, points in zip(expected, result.points, strict=True)
            ]
            assert list(result.scores) == expected
        assert match.scores == expected
        if match.over:
            assert match.legal_actions() == [] or hand.over
    return played


@pytest.mark.parametrize(
    ("variant", "players", "options"), LINE_SETUPS, ids=map(setup_id, LINE_SETUPS)
)
def test_random_playouts_keep_every_invariant(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    rng = random.Random(setup_id((variant, players, options)))
    played = 0
    game = 0
    while played < HANDS:
        match = Match(variant, players, options, seed=f"playout:{game}")
        played += play_out(match, rng, HANDS - played, options)
        game += 1


@pytest.mark.parametrize(("variant", "players", "options"), SETUPS, ids=map(setup_id, SETUPS))
def test_simulate_reports_no_errors(variant: str, players: int, options: dict[str, Any]) -> None:
    """Every game, by the engine's own checks (`engine.invariants`), which ask the variant."""
    summary = simulate(variant, players, 8, seed="suite", options=options)
    assert summary.hands == 8
    assert summary.errors == 0, summary.error_messages
