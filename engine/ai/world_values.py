"""One sampled world's values of the actions the search is judging.

Each function takes a world (the hidden hands and boneyard one sample gave) and returns, per
action, the variant's own result for the seat after that action (`Judge.utility`): by a
playout to the end of the hand, or, for the `expert` once few tiles are left, by the exact
endgame solver (`engine.ai.endgame`). Every action of a world is judged the same way (all
solved, or all by playouts), so that a world never favours the actions that happened to be
solved.

- `fast_world`: line games on the bitmask fast path (`engine.fast`);
- `rich_world`: every other game, through the generic `HandState` interface.

Games with playouts of their own (`sum` and `pairs`, on pip counts) judge a world by
`GameAI.world_values` instead, and play generic playouts by `GameAI.playout_policy`.
"""

from __future__ import annotations

import random

from engine.actions import Action, Draw, Pass, Play
from engine.ai.endgame import FastSolver, LineSolver, RichSolver, SearchLimit
from engine.ai.games.base import game_ai
from engine.ai.judge import Judge
from engine.fast import NO_MOVE, FastHand
from engine.hand import HandState

# Tiles left in all hands, at most, for the exact solver on the fast path. Larger positions
# cost more per world than a playout (at 12 tiles the expert's average cost per world is 1.75
# times that of `hard`); in the arena, solving from 12 tiles beat easy more often than solving
# from 8 with the time saved spent on more worlds.
ENDGAME_TILES = 12
# The same where a turn is one tile and nothing is left to draw (`LineSolver`, about twice as
# fast per node). Measured in the arena (partnership, expert against easy, 150 duplicate deals,
# CPU-time budgets, seed `final`): solving from 12 tiles won 66.3% of hands, from 14 68.3%, from
# 16 with earlier playouts solved exactly from 12 tiles down 67.3%: level within the intervals
# (about 5 points each way); exact values cost worlds (40 a move at 17 tiles).
LINE_ENDGAME_TILES = 14
RICH_ENDGAME_TILES = 7  # the same through the generic interface (slower per node)
MAX_PLAYOUT_ACTIONS = 2_000


def fast_world(
    root: FastHand,
    actions: list[Action],
    judge: Judge,
    rng: random.Random,
    solve: bool,
    *,
    common: bool = False,
) -> tuple[list[float], bool]:
    """Each action's value in this world, and whether to keep solving. Every action of a world
    is judged the same way (all solved, or all by playouts), so that a world never favours the
    actions that happened to be solved. `common`: every action's playout draws the same random
    numbers, so two actions' values differ by what they do, not by luck (the review, which
    measures that difference); the levels' search draws one stream after another."""
    tiles = sum(h.bit_count() for h in root.hands)
    line = not root.keeps_playing and root.west >= 0
    small = (
        solve
        and root.drawable() == 0
        and tiles <= (LINE_ENDGAME_TILES if line else ENDGAME_TILES) + 1
    )
    if small:
        values: list[float] = []
        try:
            if line:
                solver = LineSolver(judge, root)
                for action in actions:
                    child = root.copy()
                    fast_apply(child, action)
                    values.append(solver.value_of(child))
            else:
                for action in actions:
                    child = root.copy()
                    fast_apply(child, action)
                    values.append(FastSolver(judge).value(child))
        except SearchLimit:
            solve = False  # too big for the solver: playouts for this world and the move
        else:
            return values, solve
    values = []
    stream = rng.random() if common else None
    for action in actions:
        child = root.copy()
        fast_apply(child, action)
        child.playout(rng if stream is None else random.Random(stream))
        values.append(judge.utility(child.outcome()))
    return values, solve


def rich_world(
    root: HandState,
    actions: list[Action],
    judge: Judge,
    rng: random.Random,
    solve: bool,
    *,
    common: bool,
) -> tuple[list[float], bool]:
    """`fast_world` through the generic interface. `common`: every action's playout draws the
    same random numbers (common random numbers: the actions differ by what they do, not by
    luck), as the race needs and the games with playout policies (`sum`, `pairs`) always do."""
    small = solve and root.drawable == 0 and sum(map(len, root.hands)) <= RICH_ENDGAME_TILES + 1
    common = common or game_ai(root.variant).playout_policy() is not None
    stream = rng.random() if common else None
    values: list[float] = []
    for action in actions:
        child = root.copy()
        child.apply(action)
        if small:
            try:
                values.append(RichSolver(judge).value(child))
                continue
            except SearchLimit:
                # too big for the solver: playouts for every action of this world
                return rich_world(root, actions, judge, rng, False, common=common)[0], False
        rich_playout(child, rng if stream is None else random.Random(stream))
        # a runaway hand (no outcome after `MAX_PLAYOUT_ACTIONS`) counts as nothing
        values.append(0.0 if child.outcome is None else judge.utility(child.outcome))
    return values, solve


def fast_apply(fast: FastHand, action: Action) -> None:
    """Carry out a rich `Action` on the fast twin of its hand."""
    if isinstance(action, Play):
        end = action.end if isinstance(action.end, int) else NO_MOVE
        fast.play(action.tile.index, end)
    elif isinstance(action, Draw):
        fast.draw()
    elif isinstance(action, Pass):
        fast.pass_turn()
    else:  # pragma: no cover - the fast path plays no game with special actions
        raise ValueError(f"the fast path has no move {action!r}")


def rich_playout(state: HandState, rng: random.Random) -> None:
    """Play `state` to its end, every seat choosing uniformly among its legal actions (or by the
    variant's playout policy, where it has one)."""
    policy = game_ai(state.variant).playout_policy()
    for _ in range(MAX_PLAYOUT_ACTIONS):
        if state.outcome is not None:
            return
        actions = state.legal_actions()
        if policy is not None:
            state.apply(policy(state, actions, rng))
        else:
            state.apply(actions[int(rng.random() * len(actions))])
