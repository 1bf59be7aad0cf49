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
  lay (`engine.ai.reading`, and `engine.ai.sum_reading` in the sum game: by players' rules of
  thumb), and worlds the plays make unlikely are
  mostly skipped unjudged (`_Screen`, rejection control); off the fast path, where a world
  costs milliseconds, the actions race (`_Tally`): every world judges them with the same
  random numbers, and one clearly behind the leader stops running, so the budget buys more
  worlds for the moves that could still be best (and the search stops once one is left);
  positions with nothing left to
  draw and at most `LINE_ENDGAME_TILES` tiles in hands (line games where a turn is one tile;
  `ENDGAME_TILES` for the other fast-path games) are solved exactly (`engine.ai.endgame`).
  The default budget is 300 ms.

Playouts choose uniformly among legal moves: measured in the arena, playouts that favour heavy
tiles judged moves worse than uniform ones (they make every seat predictable and bias the
estimate), so both levels keep uniform playouts and spend the time on more worlds (measured
again in partnership, expert against easy at 100 ms: uniform 70.0%, odds exp(pips/4) 68.8%, a
softmax of pips, doubles and numbers kept 69.0%, on 200 deals each). The sum and
pairs games are the exception (`engine.ai.playouts`): there a uniform player misses the obvious
(an exact hit, laying all its pairs), and the playouts take it.

Line games use the bitmask fast path (`engine.fast`) where it `supports` the variant; every
other game (wild doubles, crosses, special actions) is searched through the generic
`HandState` interface, so new games need no AI changes.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from engine.actions import Action, Draw, Pass, Play
from engine.ai.adding_playout import sum_playout
from engine.ai.endgame import FastSolver, LineSolver, RichSolver, SearchLimit
from engine.ai.heuristics import GAME_VALUES, choose_easy
from engine.ai.judge import Judge
from engine.ai.knowledge import Knowledge
from engine.ai.pairs_playout import PairsWorld
from engine.ai.playouts import playout_policy
from engine.ai.reading import PlayReading
from engine.ai.sampling import build_world, sample_hidden, turns_without_pairs, with_known_places
from engine.ai.sum_reading import SumReading
from engine.fast import NO_MOVE, FastHand, mask_of, supports
from engine.hand import HandState
from engine.rules import HandOutcome
from engine.tiles import Tile
from engine.variants.pairs import Exchange, LayPairs
from engine.view import SeatView

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
SUM_PLAYERS_GUESS = True  # `sum` playouts: seats play from what they see (else from every hand)
RICH_ENDGAME_TILES = 7  # the same through the generic interface (slower per node)
MAX_WORLDS = 20_000
# The expert's race among actions (`_Tally`): no action is dropped before `RACE_FROM` worlds,
# in effect (weighed worlds count as fewer); the race is judged every `RACE_EVERY` worlds.
RACE_FROM = 16
RACE_EVERY = 4
RACE_CONFIDENCE = 3.0
CONFIDENCE = 3.0  # standard errors: the best of several noisy estimates is biased upward
MAX_PLAYOUT_ACTIONS = 2_000


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
    legal = candidates(view)
    if len(legal) == 1:
        return legal[0]
    if worlds is None and clock() >= deadline:
        return choose_easy(view, rng)  # no time left (the move waited in a queue): be quick
    knowledge = Knowledge.of(view)
    judge = Judge(knowledge.variant, view.seat)
    fast_path = supports(knowledge.variant)
    reading: PlayReading | SumReading | None = None
    if expert:
        sum_game = knowledge.variant.id == "sum"
        reading = SumReading(view, knowledge) if sum_game else PlayReading(view, knowledge)
    if reading is not None and not reading.plays:
        reading = None  # no play to read: every world weighs the same
    screen = _Screen(rng)
    solve = expert
    searched = 0
    template: FastHand | None = None
    rival = _EasyRival(view, rng, legal) if view.variant in GAME_VALUES else None
    # The race pays where worlds are scarce (the generic engine: crosses, stars, wild doubles);
    # on the fast path hundreds of worlds settle two or three moves without it (`_Tally`).
    tally = _Tally(len(legal), race=expert and rival is None and not fast_path)
    while _more(searched, worlds, deadline, clock) and len(tally.active) > 1:
        hands, stock = sample_hidden(knowledge, rng)
        weight = 1.0
        if reading is not None:
            weight = screen.admit(reading.weight(hands))
            if not weight:
                continue  # a world the plays make unlikely: not worth judging
        actions = [legal[index] for index in tally.active]
        small = knowledge.boneyard == 0 and sum(map(len, hands)) <= RICH_ENDGAME_TILES + 1
        if knowledge.variant.id == "sum" and not (solve and small):
            values = _sum_world(view, hands, stock, actions, rng)
        elif knowledge.variant.id == "pairs" and not (solve and small):
            values = _pairs_world(view, knowledge, hands, stock, actions, judge, rng)
        elif fast_path:
            if template is None:
                template = FastHand.from_hand(build_world(view, knowledge, hands, stock))
            root = template.copy()  # the public part; the hidden tiles are this world's
            root.hands = [mask_of(tiles) for tiles in hands]
            root.stock = [tile.index for tile in stock[: knowledge.boneyard]]
            values, solve = _fast_world(root, actions, judge, rng, solve)
        else:
            world = build_world(view, knowledge, hands, stock)
            values, solve = _rich_world(world, actions, judge, rng, solve, common=expert)
        tally.add(values, weight)
        if rival is not None:
            rival.add(values, weight)
        searched += 1
    best = tally.best()
    if rival is not None:
        return rival.verdict(legal, best)
    return legal[best]


class _Tally:
    """Each action's weighted average value over the worlds that judged it. With `race` (the
    `expert` off the fast path) also a race: every world judges all actions still running, with
    the same random numbers, so two actions' values differ world by world by what they do (a
    paired comparison); an action behind the leader by `RACE_CONFIDENCE` standard errors of
    that difference, after `RACE_FROM` worlds, stops running, and the budget left goes to the
    contenders (more worlds for them, and sooner). Errors count weighed worlds by their
    effective number (Kish), so a race among worlds the reading of plays weighs stays sound."""

    def __init__(self, count: int, *, race: bool) -> None:
        self.active = list(range(count))
        self.sums = [0.0] * count
        self.weights = [0.0] * count
        self.race = race
        self.worlds = 0
        # Per pair of running actions (i < j): sums of w, w², w·d and w·d², d = value i - j.
        self.pairs: dict[tuple[int, int], list[float]] = {}

    def add(self, values: list[float], weight: float) -> None:
        """One world's values of the running actions (in the order of `active`)."""
        active = self.active
        for index, value in zip(active, values, strict=True):
            self.sums[index] += weight * value
            self.weights[index] += weight
        self.worlds += 1
        if not self.race:
            return
        pairs = self.pairs
        square = weight * weight
        for place, first in enumerate(active):
            own = values[place]
            for offset, second in enumerate(active[place + 1 :], start=place + 1):
                difference = own - values[offset]
                stats = pairs.get((first, second))
                if stats is None:
                    stats = pairs[first, second] = [0.0, 0.0, 0.0, 0.0]
                stats[0] += weight
                stats[1] += square
                stats[2] += weight * difference
                stats[3] += weight * difference * difference
        if self.worlds >= RACE_FROM and self.worlds % RACE_EVERY == 0:
            self._drop_the_beaten()

    def mean(self, index: int) -> float:
        weight = self.weights[index]
        return self.sums[index] / weight if weight > 0 else -math.inf

    def best(self) -> int:
        return max(self.active, key=self.mean)

    def _drop_the_beaten(self) -> None:
        leader = self.best()
        kept = [leader]
        for index in self.active:
            if index != leader and not self._behind(index, leader):
                kept.append(index)
        self.active = sorted(kept)

    def _behind(self, index: int, leader: int) -> bool:
        """Whether `index` is behind `leader` by `RACE_CONFIDENCE` standard errors."""
        sign = 1.0 if leader < index else -1.0
        weight, square, first, second = self.pairs[min(index, leader), max(index, leader)]
        if weight <= 0 or square <= 0:
            return False
        mean = sign * first / weight  # the leader's value minus this action's
        variance = max(0.0, second / weight - mean * mean)
        effective = weight * weight / square
        if effective < RACE_FROM:
            return False  # a few heavy worlds are not yet a race's worth
        return mean > RACE_CONFIDENCE * math.sqrt(variance / (effective - 1))


class _Screen:
    """Rejection control (Liu, Chen and Wong, 1998) for worlds weighed by the reading of plays.
    Sharp reading gives most sampled worlds a tiny weight; judging each of them (a playout or
    a solve per action) would spend the budget on worlds that count for nothing. A world whose
    weight is below the running mean of the weights seen is judged only with the chance
    weight / mean, and then counts as the mean; heavier worlds are always judged at their
    weight. The estimate stays unbiased, and the budget goes to the plausible worlds."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.total = 0.0
        self.seen = 0

    def admit(self, weight: float) -> float:
        """The weight to judge this world with, or 0 to skip it."""
        self.total += weight
        self.seen += 1
        mean = self.total / self.seen
        if mean <= 0.0:
            return 1.0  # every weight so far is nil (underflow): nothing tells worlds apart
        if weight >= mean:
            return weight
        return mean if self.rng.random() * mean < weight else 0.0


class _EasyRival:
    """In the games with an evaluation of their own (`sum`, `pairs`), `easy`'s choice stands
    unless the search found a move better by `CONFIDENCE` standard errors: measured in the arena,
    plain search there lost to `easy` (its estimates are noisier than the rule of thumb is
    wrong). The error is that of the difference between the two moves' values world by world:
    both are judged in the same worlds with the same random numbers, so their estimates are
    strongly correlated, and the error of each alone would overstate the doubt many times.
    Worlds the expert's reading weighs count by their weights, and for the error by their
    effective number (Kish), as in the race. `easy`'s choice is compared through the candidate
    that plays the same game (`same_game`)."""

    def __init__(self, view: SeatView, rng: random.Random, legal: list[Action]) -> None:
        self.easy = choose_easy(view, rng)
        self.kept = next((i for i, action in enumerate(legal) if same_game(action, self.easy)), -1)
        self.sums = [0.0] * len(legal)  # per action, the weighted sums of its value minus
        self.squares = [0.0] * len(legal)  # that of easy's choice, and of its square
        self.weight = self.square_weight = 0.0  # the sums of the worlds' weights and squares

    def add(self, values: list[float], weight: float) -> None:
        """One world's values of every candidate (in the order of `legal`), and its weight."""
        if self.kept < 0:
            return
        base = values[self.kept]
        for index, value in enumerate(values):
            difference = value - base
            self.sums[index] += weight * difference
            self.squares[index] += weight * difference * difference
        self.weight += weight
        self.square_weight += weight * weight

    def verdict(self, legal: list[Action], best: int) -> Action:
        if self.kept < 0 or self.weight <= 0:
            return legal[best]
        # weighed worlds count by their effective number (Kish); unweighed, the worlds judged
        effective = self.weight * self.weight / self.square_weight
        if best == self.kept or effective < 2:
            return self.easy
        mean = self.sums[best] / self.weight
        variance = max(0.0, self.squares[best] / self.weight - mean * mean)
        error = math.sqrt(variance / (effective - 1))
        return legal[best] if mean > CONFIDENCE * error and mean > 0 else self.easy


def candidates(view: SeatView) -> list[Action]:
    """The actions worth searching. In `pairs` only the largest sets of pairs (each pair is
    progress, each tile laid a fresh draw, as `easy` reasons), and one action of each kind that
    plays the same game (`same_game`): with up to 75 sets to try, the budget would buy a
    handful of worlds, and the choice would be noise."""
    legal = list(view.legal)
    if view.variant != "pairs":
        return legal
    most = max((len(action.pairs) for action in legal if isinstance(action, LayPairs)), default=0)
    if most:
        legal = [a for a in legal if not isinstance(a, LayPairs) or len(a.pairs) == most]
    kept: list[Action] = []
    for action in legal:
        if not any(same_game(action, other) for other in kept):
            kept.append(action)
    return kept


def same_game(first: Action, second: Action) -> bool:
    """Whether two actions of a `pairs` turn leave the same game: there a tile matters only by
    its pip sum, so laying pairs of the same sums, or exchanging tiles of the same sum, is one
    move."""
    if isinstance(first, LayPairs) and isinstance(second, LayPairs):
        return sorted(t.pips for t in first.from_hand()) == sorted(
            t.pips for t in second.from_hand()
        )
    if isinstance(first, Exchange) and isinstance(second, Exchange):
        return first.tile.pips == second.tile.pips
    return first == second


def _more(searched: int, worlds: int | None, deadline: float, clock: Callable[[], float]) -> bool:
    if worlds is not None:
        return searched < worlds
    return searched == 0 or (searched < MAX_WORLDS and clock() < deadline)


def _fast_world(
    root: FastHand,
    actions: list[Action],
    judge: Judge,
    rng: random.Random,
    solve: bool,
) -> tuple[list[float], bool]:
    """Each action's value in this world, and whether to keep solving. Every action of a world
    is judged the same way (all solved, or all by playouts), so that a world never favours the
    actions that happened to be solved."""
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
    for action in actions:
        child = root.copy()
        fast_apply(child, action)
        child.playout(rng)
        values.append(judge.utility(child.outcome()))
    return values, solve


def _rich_world(
    root: HandState,
    actions: list[Action],
    judge: Judge,
    rng: random.Random,
    solve: bool,
    *,
    common: bool,
) -> tuple[list[float], bool]:
    """`_fast_world` through the generic interface. `common`: every action's playout draws the
    same random numbers (common random numbers: the actions differ by what they do, not by
    luck), as the race needs and the games with playout policies (`sum`, `pairs`) always do."""
    small = solve and root.drawable == 0 and sum(map(len, root.hands)) <= RICH_ENDGAME_TILES + 1
    common = common or playout_policy(root.variant.id) is not None
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
                return _rich_world(root, actions, judge, rng, False, common=common)[0], False
        rich_playout(child, rng if stream is None else random.Random(stream))
        # a runaway hand (no outcome after `MAX_PLAYOUT_ACTIONS`) counts as nothing
        values.append(0.0 if child.outcome is None else judge.utility(child.outcome))
    return values, solve


def _sum_world(
    view: SeatView,
    hands: list[list[Tile]],
    rest: list[Tile],
    actions: list[Action],
    rng: random.Random,
) -> list[float]:
    """The sum game's playouts on pip counts (`engine.ai.adding_playout`), each action worth 1
    where the seat wins the hand and 0 elsewhere (the winner's point is all the scoring)."""
    me = view.seat
    target = int(dict(view.options)["target"])
    before = view.total or 0
    plays = [action for action in view.history if isinstance(action, Play)]
    placer = plays[-1].seat if plays else me
    seated = view.seated
    following = next(
        (me + step) % view.players for step in range(1, view.players + 1)
        if seated[(me + step) % view.players]
    )  # fmt: skip
    base = [[tile.pips for tile in held] for held in hands]
    aside = [tile.pips for tile in rest] if SUM_PLAYERS_GUESS else None
    # Common random numbers: every action's playout in this world draws the same random stream,
    # so the actions differ by what they do, not by luck (less noise for the same worlds).
    stream = rng.random()
    values: list[float] = []
    for action in actions:
        rng = random.Random(stream)
        pips = [list(held) for held in base]
        total, last = before, placer
        if isinstance(action, Play):
            pips[me].remove(action.tile.pips)
            total, last = before + action.tile.pips, me
        winner = sum_playout(pips, seated, total, target, following, last, rng, aside)
        values.append(1.0 if winner == me else 0.0)
    return values


def _pairs_world(
    view: SeatView,
    knowledge: Knowledge,
    hands: list[list[Tile]],
    stock: list[Tile],
    actions: list[Action],
    judge: Judge,
    rng: random.Random,
) -> list[float]:
    """The pairs game's playouts on pip sums (`engine.ai.pairs_playout`), each action worth the
    variant's own scoring of the hand's end (`Judge.utility`)."""
    me = view.seat
    laid = [len(pairs) for pairs in view.laid_pairs] or [0] * view.players
    idle = turns_without_pairs(view.history)
    in_stock = [tile.pips for tile in with_known_places(stock, knowledge)[: knowledge.boneyard]]
    sums = [[tile.pips for tile in held] for held in hands]
    stream = rng.random()  # common random numbers, as in `_sum_world`
    values: list[float] = []
    for action in actions:
        rng = random.Random(stream)
        world = PairsWorld(sums, in_stock, laid, idle)
        if isinstance(action, LayPairs):
            world.lay(me, [tile.pips for tile in action.from_hand()])
        elif isinstance(action, Exchange):
            world.exchange(me, action.tile.pips)
        else:
            world.pass_turn()
        world.playout((me + 1) % view.players, rng)
        values.append(_pairs_utility(judge, world, view.seated))
    return values


def _pairs_utility(judge: Judge, world: PairsWorld, seated: tuple[bool, ...]) -> float:
    key = (world.end, world.went_out, tuple(world.laid))
    known = judge.memo.get(key)
    if known is None:
        went_out = None if world.went_out < 0 else world.went_out
        empty = tuple(() for _ in seated)
        outcome = HandOutcome(world.end, went_out, None, 0, empty, seated, {"laid": key[2]})
        known = judge.memo[key] = judge.utility(outcome)
    return known


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
    policy = playout_policy(state.variant.id)
    for _ in range(MAX_PLAYOUT_ACTIONS):
        if state.outcome is not None:
            return
        actions = state.legal_actions()
        if policy is not None:
            state.apply(policy(state, actions, rng))
        else:
            state.apply(actions[int(rng.random() * len(actions))])
