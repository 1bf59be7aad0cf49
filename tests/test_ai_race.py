"""The expert's race among actions: each world judges every action still running with the same
random numbers, and an action clearly behind stops running, so the budget goes to the moves
that could still be best."""

from __future__ import annotations

import random

from engine import Match
from engine.ai.estimates import RACE_FROM, Tally
from engine.ai.judge import Judge
from engine.ai.knowledge import Knowledge
from engine.ai.sampling import build_world, sample_hidden
from engine.ai.world_values import rich_world


def _race(means: list[float], worlds: int, seed: int, *, race: bool = True) -> Tally:
    """A race among actions whose values in a world share that world's luck (the common part)
    and differ by their own mean plus a little noise of their own."""
    rng = random.Random(seed)
    tally = Tally(len(means), race=race)
    for _ in range(worlds):
        luck = rng.gauss(0.0, 1.0)
        values = [means[index] + luck + rng.gauss(0.0, 0.3) for index in tally.active]
        tally.add(values, 1.0)
    return tally


def test_a_clearly_worse_action_stops_running_and_the_best_stays() -> None:
    tally = _race([0.0, 1.0, 0.95], 200, seed=1)
    assert 0 not in tally.active  # a whole point behind: dropped
    assert 1 in tally.active
    assert tally.best() == 1


def test_the_race_judges_differences_world_by_world() -> None:
    # The worlds' luck (spread 1) dwarfs the gap (0.4); the paired difference does not: judged
    # action by action, the gap would be inside the error for far longer.
    tally = _race([0.0, 0.4], 40, seed=2)
    assert tally.active == [1]


def test_equal_actions_are_rarely_dropped() -> None:
    dropped = sum(1 for seed in range(200) if len(_race([0.0, 0.0], 300, seed).active) < 2)
    assert dropped < 20  # 3 standard errors, judged every few worlds: a few percent at most


def test_no_action_is_dropped_before_the_race_has_worlds_enough() -> None:
    tally = _race([0.0, 5.0], RACE_FROM - 1, seed=3)
    assert tally.active == [0, 1]


def test_hard_keeps_every_action_and_takes_the_best_average() -> None:
    tally = _race([0.0, 1.0, 0.5], 200, seed=4, race=False)
    assert tally.active == [0, 1, 2]
    assert tally.best() == 1
    weighted = Tally(2, race=False)
    weighted.add([1.0, 0.0], 3.0)
    weighted.add([0.0, 2.0], 1.0)
    assert weighted.best() == 0  # 3/4 against 2/4: the weights count


def test_common_random_numbers_judge_the_same_action_alike_in_a_world() -> None:
    match = Match("cross", 2, seed=8)
    hand = match.start_hand()
    match.apply(hand.legal_actions()[0])
    view = match.view_for(hand.turn)
    knowledge = Knowledge.of(view)
    judge = Judge(knowledge.variant, view.seat)
    rng = random.Random(9)
    action = view.legal[0]
    apart = 0
    for _ in range(20):
        hands, stock = sample_hidden(knowledge, rng)
        world = build_world(view, knowledge, hands, stock)
        common, _ = rich_world(world, [action, action], judge, rng, False, common=True)
        assert common[0] == common[1]
        own, _ = rich_world(world, [action, action], judge, rng, False, common=False)
        apart += own[0] != own[1]
    assert apart > 5  # without them, the same move's two playouts differ by luck


def test_a_few_heavy_worlds_are_not_yet_a_race() -> None:
    # Sharp reading: one world in ten weighs a hundred times the others. Forty worlds then count
    # as about five: too few to drop a move on, however far behind it looks.
    tally = Tally(2, race=True)
    for world in range(40):
        tally.add([0.0, 1.0 + 0.01 * world], 100.0 if world % 10 == 0 else 1.0)
    assert tally.active == [0, 1]
    for world in range(400):
        values = {0: 0.0, 1: 1.0 + 0.01 * (world % 7)}
        tally.add([values[index] for index in tally.active], 1.0)
    assert tally.active == [1]  # once the worlds are many, the move behind drops out
