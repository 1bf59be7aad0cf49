"""Random playouts with invariants checked after every action (`python -m engine simulate`)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Action
from engine.ai import LEVELS, choose_action
from engine.errors import DominoError
from engine.invariants import (
    action_was_allowed,
    hand_is_finished,
    scores_add_up,
    table_is_lawful,
    tile_conservation,
)
from engine.match import Match
from engine.variants import get_variant
from engine.view import SeatView

Chooser = Callable[[SeatView, random.Random], Action]
MAX_ACTIONS_PER_HAND = 2_000


def ai_player(level: str, budget_ms: int | None = None) -> Chooser:
    """The AI of `level` (see `engine.ai`) as a chooser of actions."""

    def choose(view: SeatView, rng: random.Random) -> Action:
        return choose_action(view, level, rng, budget_ms)

    return choose


AI_LEVELS: tuple[str, ...] = LEVELS


@dataclass
class Summary:
    variant: str
    players: int
    ai: str
    seed: int | str
    hands: int = 0
    matches: int = 0
    actions: int = 0
    blocked: int = 0
    dominoes: int = 0
    errors: int = 0
    seconds: float = 0.0
    error_messages: list[str] = field(default_factory=list)
    ends: dict[str, int] = field(default_factory=dict)  # every way hands ended (`sum`: "target")

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "players": self.players,
            "ai": self.ai,
            "seed": self.seed,
            "hands": self.hands,
            "matches": self.matches,
            "actions": self.actions,
            "blocked": self.blocked,
            "dominoes": self.dominoes,
            "errors": self.errors,
            "ends": dict(sorted(self.ends.items())),
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds else None,
            "error_messages": self.error_messages[:20],
        }


def simulate(
    variant: str,
    players: int,
    hands: int,
    seed: int | str = 0,
    *,
    ai: str = "random",
    options: Mapping[str, Any] | None = None,
    budget_ms: int | None = None,
) -> Summary:
    """Play `hands` hands (as many matches as it takes) with `ai` on every seat (`budget_ms`
    per move: `None` is the level's default)."""
    kind = get_variant(variant)
    if ai not in AI_LEVELS:
        raise DominoError(
            "unknown AI level {level} (levels: {levels})",
            level=repr(ai),
            levels=", ".join(AI_LEVELS),
        )
    chooser = ai_player(ai, budget_ms)
    summary = Summary(kind.id, players, ai, seed)
    rng = random.Random(f"{seed}:players")
    started = time.perf_counter()
    while summary.hands < hands:
        match = Match(kind(players, options), seed=f"{seed}:{summary.matches}")
        summary.matches += 1
        while not match.over and summary.hands < hands:
            problems = _play_hand(match, chooser, rng, summary)
            summary.hands += 1
            if problems:
                summary.errors += 1
                summary.error_messages.extend(
                    f"match {summary.matches - 1} hand {match.number}: {problem}"
                    for problem in problems
                )
                break
    summary.seconds = time.perf_counter() - started
    return summary


def _play_hand(match: Match, chooser: Chooser, rng: random.Random, summary: Summary) -> list[str]:
    try:
        hand = match.start_hand()
    except DominoError as error:
        return [f"could not deal: {error}"]
    for _ in range(MAX_ACTIONS_PER_HAND):
        if hand.over:
            break
        seat = hand.turn
        view = match.view_for(seat)
        if view.hand != tuple(hand.hands[seat]) or not view.legal:
            return [f"seat {seat}'s view does not match its hand or offers no action"]
        action = chooser(view, rng)
        before = hand.copy()
        problems = action_was_allowed(before, action)
        try:
            match.apply(action)
        except DominoError as error:
            return [*problems, f"legal action {action} refused: {error}"]
        summary.actions += 1
        problems += tile_conservation(match, hand) + table_is_lawful(hand)
        if problems:
            return problems
    else:
        return [f"the hand did not end within {MAX_ACTIONS_PER_HAND} actions"]
    problems = hand_is_finished(hand) + scores_add_up(match)
    assert hand.outcome is not None
    end = str(hand.outcome.end)
    summary.ends[end] = summary.ends.get(end, 0) + 1
    if hand.outcome.end == "blocked":
        summary.blocked += 1
    elif hand.outcome.end == "domino":
        summary.dominoes += 1
    return problems
