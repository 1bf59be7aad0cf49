"""The endgame solver finds the value of best play, checked against plain minimax."""

from __future__ import annotations

import random

import pytest

from engine import HandState, Match, Play, Tile
from engine.ai import choose_action
from engine.ai.endgame import FastSolver, LineSolver, RichSolver, SearchLimit
from engine.ai.judge import Judge
from engine.fast import FastHand
from engine.rules import Lead


def minimax(state: HandState, judge: Judge) -> float:
    """Every line of play, no pruning: the reference the solver must match."""
    if state.outcome is not None:
        return judge.utility(state.outcome)
    values = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        values.append(minimax(child, judge))
    mine = judge.variant.unit_of[state.turn] == judge.unit
    return max(values) if mine else min(values)


def position(variant_id: str, players: int, hands: list[list[str]], table: list[str]) -> HandState:
    """A hand built tile by tile: `table` is laid first, alternating seats from seat 0, and no
    tile is left to draw."""
    variant = Match(variant_id, players, seed=0).variant
    dealt = [[Tile.parse(text) for text in hand] for hand in hands]
    laid = [Tile.parse(text) for text in table]
    for index, tile in enumerate(laid):
        dealt[index % players].append(tile)
    state = HandState(variant, dealt, [], Lead(0), [True] * players)
    for tile in laid:
        state.apply(
            next(a for a in state.legal_actions() if isinstance(a, Play) and a.tile is tile)
        )
    return state


def winning_endgame() -> HandState:
    """`kids`, two players, no drawing, after 6-2 and 6-5: ends 5 and 2 show. Seat 0 holds 5-5
    and 5-1, seat 1 holds 2-1 and 4-4. With 5-5 the 5 stays open: seat 1 plays 2-1 and seat 0
    goes out with 5-1. With 5-1 the ends show 1 and 2: seat 1 plays 2-1, seat 0's 5-5 fits
    nowhere, seat 1's 4-4 neither: blocked, 10 pips against 4, and seat 1 wins."""
    return position("kids", 2, [["5-5", "5-1"], ["2-1", "4-4"]], ["6-2", "6-5"])


def test_the_solver_sees_which_move_wins_and_which_blocks_to_a_loss() -> None:
    state = winning_endgame()
    assert state.turn == 0 and sorted(state.layout.open_numbers()) == [2, 5]
    judge = Judge(state.variant, 0)
    values = {}
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        values[str(action)] = RichSolver(judge).value(child)
        assert FastSolver(judge).value(FastHand.from_hand(child)) == values[str(action)]
        fast = FastHand.from_hand(child)
        assert LineSolver(judge, fast).value_of(fast) == values[str(action)]
    assert values == {"5-5": 1.0, "5-1": 0.0}


@pytest.mark.parametrize("variant_id,players", [("partnership", 4), ("two-player", 2),
                                                ("traditional", 3), ("hungarian", 2)])  # fmt: skip
def test_the_solver_agrees_with_plain_minimax_on_small_endgames(
    variant_id: str, players: int
) -> None:
    rng = random.Random(variant_id)
    checked = 0
    for game in range(40):
        match = Match(variant_id, players, seed=f"endgame:{game}")
        hand = match.start_hand()
        while not hand.over and (hand.drawable > 0 or sum(map(len, hand.hands)) > 7):
            match.apply(rng.choice(match.legal_actions()))
        if hand.over:
            continue
        judge = Judge(match.variant, hand.turn)
        expected = minimax(hand.copy(), judge)
        assert RichSolver(judge).value(hand.copy()) == pytest.approx(expected)
        assert FastSolver(judge).value(FastHand.from_hand(hand)) == pytest.approx(expected)
        fast = FastHand.from_hand(hand)
        if LineSolver.applies(fast):
            assert LineSolver(judge, fast).value_of(fast) == pytest.approx(expected)
        checked += 1
        if checked == 8:
            break
    assert checked >= 4


@pytest.mark.parametrize("variant_id,players", [("partnership", 4), ("111", 4),
                                                ("two-player", 2), ("kids", 3)])  # fmt: skip
def test_the_line_solver_agrees_with_the_general_one_from_sixteen_tiles(
    variant_id: str, players: int
) -> None:
    """The line solver's shortcuts (forced passes skipped, ends in either order, the last
    placer left out of its table) change no value, in positions too big for plain minimax."""
    rng = random.Random(variant_id)
    checked = 0
    for game in range(30):
        match = Match(variant_id, players, seed=f"line:{game}")
        hand = match.start_hand()
        while not hand.over and (hand.drawable > 0 or sum(map(len, hand.hands)) > 16):
            match.apply(rng.choice(match.legal_actions()))
        if hand.over or not hand.layout.started:
            continue
        judge = Judge(match.variant, rng.randrange(players))
        fast = FastHand.from_hand(hand)
        assert LineSolver.applies(fast)
        expected = FastSolver(judge, node_limit=10**6).value(fast.copy())
        assert LineSolver(judge, fast, node_limit=10**6).value_of(fast) == pytest.approx(expected)
        checked += 1
        if checked == 5:
            break
    assert checked >= 3


def test_a_position_too_big_for_the_node_limit_says_so() -> None:
    match = Match("partnership", 4, seed=3)
    hand = match.start_hand()
    with pytest.raises(SearchLimit):
        FastSolver(Judge(match.variant, 0), node_limit=50).value(FastHand.from_hand(hand))
    fast = FastHand.from_hand(hand)
    fast.play(fast.lead_index)
    with pytest.raises(SearchLimit):
        LineSolver(Judge(match.variant, 0), fast, node_limit=50).value_of(fast)


def test_expert_plays_the_winning_endgame_move() -> None:
    match = Match("kids", 2, seed=0)
    match.hand = winning_endgame()  # a position built by hand, shown through a real view
    match.played.append(match.hand)
    view = match.view_for(0)
    assert choose_action(view, "expert", random.Random(1), worlds=3) == Play(0, Tile(5, 5))
