"""AI players for every variant, from `random` to `expert`.

    from engine.ai import LEVELS, choose_action
    action = choose_action(view, "expert", rng=random.Random(seed), budget_ms=None)

An AI reads a `SeatView` and nothing else, so it cannot cheat: it knows its own tiles, the table,
hand sizes and the public history, and infers the rest (`engine.ai.knowledge`). Levels:

- `random`: any legal action, uniformly;
- `easy`: one move of lookahead judged by players' heuristics (`engine.ai.heuristics`);
- `hard`: search over sampled hidden hands with random playouts (`engine.ai.search`);
- `expert`: the same search, reading the other seats' plays, racing the moves (the clearly
  worse stop early), an exact endgame solver and a larger budget.

Every level is seeded by the `rng` it is given (no global random). `budget_ms` bounds the
wall-clock time of one choice (`None`: the level's default); `deadline` (a `time.monotonic()`
value) bounds it too, so a move that waited in a queue uses only what is left; `clock` replaces
`time.monotonic` (the arena passes `time.process_time`, so that a budget is CPU time, whatever
else the machine runs; `deadline` is then on that clock); `worlds` replaces the clock by a fixed
amount of search. Search runs in
the caller's thread: the bot runs it off the event loop through `engine.ai.pool.AIPool`.

What differs from one game to another is the game's `GameAI` (`engine.ai.games`), found
through the variant; this package imports every game's AI (`GAME_AIS`), which registers it.
The same search judges a finished match's decisions for one seat (`engine.ai.review`) and names
the expert's move with a reason (`engine.ai.hints`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from engine.actions import Action
from engine.ai.games.base import GameAI
from engine.ai.games.fives import FivesAI
from engine.ai.games.mexican_train import MexicanTrainAI
from engine.ai.games.pairs import PairsAI
from engine.ai.games.placing import PlacingAI
from engine.ai.games.sum import SumAI
from engine.ai.heuristics import choose_easy
from engine.ai.search import choose_by_search
from engine.errors import DominoError
from engine.view import SeatView

LEVELS: tuple[str, ...] = ("random", "easy", "hard", "expert")
#: Every game's AI: imported here, which registers it (`engine.ai.games.base.ai_for`).
GAME_AIS: tuple[type[GameAI], ...] = (PlacingAI, PairsAI, SumAI, FivesAI, MexicanTrainAI)
DEFAULT_BUDGET_MS: dict[str, int] = {"random": 0, "easy": 0, "hard": 100, "expert": 300}


def choose_action(
    view: SeatView,
    level: str,
    rng: random.Random | None = None,
    budget_ms: int | None = None,
    *,
    deadline: float | None = None,
    worlds: int | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Action:
    """The action the AI of `level` takes in `view` (one of `view.legal`). `worlds` makes a
    search level sample exactly that many worlds instead of watching the clock, so that its
    choice depends on nothing but the view and the `rng` (tests, reproducible analyses)."""
    if level not in LEVELS:
        raise DominoError(
            "unknown AI level {level} (levels: {levels})",
            level=repr(level),
            levels=", ".join(LEVELS),
        )
    if not view.legal:
        raise DominoError("it is not this seat's turn: there is nothing to choose")
    rng = rng if rng is not None else random.Random(0)
    if level == "random":
        return rng.choice(view.legal)
    if len(view.legal) == 1:
        return view.legal[0]
    if level == "easy":
        return choose_easy(view, rng)
    budget = DEFAULT_BUDGET_MS[level] if budget_ms is None else budget_ms
    finish = clock() + max(0, budget) / 1000
    if deadline is not None:
        finish = min(finish, deadline)
    return choose_by_search(view, rng, finish, expert=level == "expert", worlds=worlds, clock=clock)


__all__ = ["DEFAULT_BUDGET_MS", "LEVELS", "choose_action"]
