"""The `hard` and `expert` levels: search over sampled hidden hands.

Until the move's deadline, the seat samples a world consistent with what it has seen
(`engine.ai.sampling`: hand sizes, and the tiles each seat is known to lack from its passes and
draws), tries every legal action in that world, and estimates the result of each: by a playout
to the end of the hand, or, for `expert` once few tiles are left, by the exact endgame solver.
The action with the best average over all worlds is played (perfect-information Monte Carlo).
Results are judged by `Judge.utility`, the variant's own scoring seen from the seat's unit, so
partners play for each other.

- `hard`: every sampled world counts the same; default budget 100 ms;
- `expert`: each world is weighed by how well it explains the tiles the other seats chose to
  lay (the game's `GameAI.reading`: `engine.ai.reading` where tiles are placed, the sum game's
  own in `engine.ai.games`; by players' rules of thumb), and worlds the plays make unlikely
  are mostly skipped unjudged (`Screen`, rejection control); off the fast path, where a world
  costs milliseconds, the actions race (`Tally`): every world judges them with the same random
  numbers, and one clearly behind the leader stops running, so the budget buys more worlds for
  the moves that could still be best (and the search stops once one is left); positions with
  nothing left to draw and few tiles in hands are solved exactly (`engine.ai.endgame`, from
  `LINE_ENDGAME_TILES` in line games where a turn is one tile, `ENDGAME_TILES` in the other
  fast-path games). The default budget is 300 ms.

Playouts choose uniformly among legal moves: measured in the arena, playouts that favour heavy
tiles judged moves worse than uniform ones (they make every seat predictable and bias the
estimate), so both levels keep uniform playouts and spend the time on more worlds (measured
again in partnership, expert against easy at 100 ms: uniform 70.0%, odds exp(pips/4) 68.8%, a
softmax of pips, doubles and numbers kept 69.0%, on 200 deals each). The sum and
pairs games are the exception (their `GameAI.world_values` and `playout_policy`): there a uniform
player misses the obvious (an exact hit, laying all its pairs), and the playouts take it.

Line games use the bitmask fast path (`engine.fast`) where it `supports` the variant; every
other game (wild doubles, crosses, special actions) is searched through the generic
`HandState` interface, so new games need no AI changes; what a game does differently is its
`GameAI` (`engine.ai.games`), asked here and never named. One world's values of the actions are
`engine.ai.world_values`' (playouts, endgame solving) or the game's own; how they add up to a
choice is `engine.ai.estimates`' (the tally and race, the screen, `easy` as a rival).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from engine.actions import Action
from engine.ai.estimates import EasyRival, Screen, Tally
from engine.ai.games.base import Reading, game_ai
from engine.ai.heuristics import choose_easy
from engine.ai.judge import Judge
from engine.ai.knowledge import Knowledge, variant_for
from engine.ai.sampling import build_world, sample_hidden
from engine.ai.world_values import RICH_ENDGAME_TILES, fast_world, rich_world
from engine.fast import FastHand, mask_of, supports
from engine.view import SeatView

MAX_WORLDS = 20_000


@dataclass(frozen=True)
class Estimate:
    """What a search found in one position: each action judged, its weighted average value over
    the worlds that judged it (the `Judge`'s utility: the share of the hand's win, plus a
    hundredth of one per point of the margin), the worlds judged, and the action the level
    plays (`easy`'s in the games where it stands unless clearly beaten)."""

    actions: tuple[Action, ...]
    values: tuple[float, ...]
    worlds: int
    choice: Action


def choose_by_search(
    view: SeatView,
    rng: random.Random,
    deadline: float,
    *,
    expert: bool,
    worlds: int | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Action:
    """The legal action with the best average value over the worlds sampled before `deadline`
    on `clock` (or over exactly `worlds` worlds, whatever the clock says)."""
    legal = game_ai(variant_for(view)).candidates(view)
    if len(legal) == 1:
        return legal[0]
    if worlds is None and clock() >= deadline:
        return choose_easy(view, rng)  # no time left (the move waited in a queue): be quick
    limit = None if worlds is not None else deadline
    return search(view, legal, rng, limit, expert=expert, worlds=worlds, clock=clock).choice


def search(
    view: SeatView,
    legal: list[Action],
    rng: random.Random,
    deadline: float | None,
    *,
    expert: bool,
    worlds: int | None = None,
    clock: Callable[[], float] = time.monotonic,
    race: bool = True,
    common: bool = False,
) -> Estimate:
    """Judge the actions `legal` (two or more of `view.legal`) in worlds sampled until
    `deadline` on `clock` or until `worlds` worlds are judged, whichever comes first (at least
    one world). `race=False` judges every action in every world (the expert's race otherwise
    drops the clearly beaten); `common=True` gives every action of a world the same random
    numbers on the fast path too, so that two actions' values differ by what they do, not by
    luck (the other paths always do so for the expert)."""
    game = game_ai(variant_for(view))
    knowledge = Knowledge.of(view)
    judge = Judge(knowledge.variant, view.seat)
    fast_path = supports(knowledge.variant)
    reading: Reading | None = game.reading(view, knowledge) if expert else None
    if reading is not None and not reading.plays:
        reading = None  # no play to read: every world weighs the same
    screen = Screen(rng)
    solve = expert
    searched = 0
    template: FastHand | None = None
    rival = EasyRival(view, knowledge, rng, legal) if game.own_evaluation else None
    # The race pays where worlds are scarce (the generic engine: crosses, stars, wild doubles);
    # on the fast path hundreds of worlds settle two or three moves without it (`Tally`).
    tally = Tally(len(legal), race=race and expert and rival is None and not fast_path)
    while _more(searched, worlds, deadline, clock) and len(tally.active) > 1:
        hands, stock = sample_hidden(knowledge, rng)
        weight = 1.0
        if reading is not None:
            weight = screen.admit(reading.weight(hands))
            if not weight:
                continue  # a world the plays make unlikely: not worth judging
        actions = [legal[index] for index in tally.active]
        small = knowledge.boneyard == 0 and sum(map(len, hands)) <= RICH_ENDGAME_TILES + 1
        own = None  # the game's own playouts, unless the expert solves this world exactly
        if not (solve and small):
            own = game.world_values(view, knowledge, hands, stock, actions, judge, rng)
        if own is not None:
            values = own
        elif fast_path:
            if template is None:
                template = FastHand.from_hand(build_world(view, knowledge, hands, stock))
            root = template.copy()  # the public part; the hidden tiles are this world's
            root.hands = [mask_of(tiles) for tiles in hands]
            root.stock = [tile.index for tile in stock[: knowledge.boneyard]]
            values, solve = fast_world(root, actions, judge, rng, solve, common=common)
        else:
            world = build_world(view, knowledge, hands, stock)
            values, solve = rich_world(world, actions, judge, rng, solve, common=expert)
        tally.add(values, weight)
        if rival is not None:
            rival.add(values, weight)
        searched += 1
    best = tally.best()
    choice = rival.verdict(legal, best) if rival is not None else legal[best]
    means = tuple(tally.mean(index) for index in range(len(legal)))
    return Estimate(tuple(legal), means, searched, choice)


def _more(
    searched: int, worlds: int | None, deadline: float | None, clock: Callable[[], float]
) -> bool:
    """Whether to judge another world: fewer than `worlds` judged and `deadline` not passed
    (either may be None; with neither, none), at least one when only the clock bounds the
    search, and at most `MAX_WORLDS` then."""
    if worlds is not None and searched >= worlds:
        return False
    if deadline is None:
        return worlds is not None
    if searched == 0:
        return True
    return (worlds is not None or searched < MAX_WORLDS) and clock() < deadline
