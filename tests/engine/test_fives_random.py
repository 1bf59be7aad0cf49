"""Random play of `all-fives` and `fives-threes` over every player count, pairs and the options
that change play: thousands of hands with the engine's invariants after every action
(`engine.simulate`), and the fives games' own, checked from the outside: every score during play
is what the count after it is worth (or nothing, where `exact`, `get-in` or `out-on-down` refuse
it), `exact` never passes the target, a `target` end means the placer's unit reached it, and
every match replays from its record to the same results."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import Match
from engine.actions import Play
from engine.record import replay, write
from engine.rules import End
from engine.simulate import simulate
from engine.variants.fives import count, fives_threes_points

SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("all-fives", 2, {}),
    ("all-fives", 3, {}),
    ("all-fives", 4, {}),
    ("all-fives", 4, {"teams": 2}),
    ("all-fives", 2, {"spinner": "none", "deal": "7-5-5"}),
    ("all-fives", 3, {"scale": "fives", "exact": "yes"}),
    ("all-fives", 4, {"get-in": 10, "deal": "7-5-5", "target": 250}),
    ("fives-threes", 2, {}),
    ("fives-threes", 3, {"spinner": "first"}),
    ("fives-threes", 4, {}),
    ("fives-threes", 4, {"teams": 2}),
    ("fives-threes", 4, {"teams": 2, "pair-out": "both", "target": 121}),
    ("fives-threes", 2, {"deal": "short", "exact": "no", "out-on-down": "no", "out-point": 0}),
]


@pytest.mark.parametrize(("game", "players", "options"), SETUPS)
def test_random_hands_keep_every_invariant(
    game: str, players: int, options: dict[str, Any]
) -> None:
    summary = simulate(game, players, hands=300, seed="fives", options=options)
    assert summary.errors == 0, summary.error_messages
    assert set(summary.ends) <= {"domino", "blocked", "target"}
    assert summary.ends.get("target", 0) > 0  # matches do end inside hands


def worth(match: Match, seat: int, value: int) -> int:
    variant = match.variant
    if variant.id == "all-fives":
        points = value if value > 0 and value % 5 == 0 else 0
        return points // 5 if variant.option("scale") == "fives" else points
    return fives_threes_points(value)


@pytest.mark.parametrize(("game", "players", "options"), SETUPS)
def test_scores_during_play_are_what_the_count_is_worth(
    game: str, players: int, options: dict[str, Any]
) -> None:
    rng = random.Random(f"{game}{players}{options}")
    for number in range(12):
        match = Match(game, players, options, seed=f"scores-{number}")
        variant = match.variant
        target = int(variant.option("target"))
        exact = variant.option("exact") == "yes"
        while not match.over:
            hand = match.start_hand()
            while not hand.over:
                action = rng.choice(hand.legal_actions())
                before = list(match.scores)
                event = match.apply(action)
                if not isinstance(action, Play):
                    assert event.scored == ()
                    continue
                unit = variant.unit_of[action.seat]
                gain = match.scores[unit] - before[unit]
                others = [u for u in range(len(before)) if u != unit]
                if event.outcome is None or event.outcome.end == End.TARGET:
                    assert all(match.scores[u] == before[u] for u in others)
                    assert gain == sum(event.scored)
                    out = game == "fives-threes" and not hand.hands[action.seat]
                    points = worth(match, action.seat, count(hand.layout))
                    if out and (not variant.out_leaves_turns or event.outcome is not None):
                        points += int(variant.option("out-point"))
                    assert gain in (0, points), (gain, points)
                if exact:
                    assert max(match.scores) <= target
                if event.outcome is not None and event.outcome.end == End.TARGET:
                    assert match.scores[unit] >= target and match.over
                    assert match.results[-1].winners == variant.units[unit]
        # The record replays to the same hands and the same match.
        again = replay(write(match))
        assert again.match.scores == match.scores
        assert [r.to_json() for r in again.match.results] == [r.to_json() for r in match.results]
        assert again.match.winners == match.winners
