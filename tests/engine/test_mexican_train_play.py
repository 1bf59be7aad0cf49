"""Mexican Train played at random: every player count with both sets and every combination of
options, thousands of rounds, with the engine's invariants and the trains' own checked after
every action, and every match written and replayed to the same result."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from engine import Match, Tile
from engine.actions import Pass, Play
from engine.invariants import action_was_allowed, hand_is_finished, scores_add_up, tile_conservation
from engine.record import replay, write
from engine.trains import TrainsView, trains_of
from engine.variants.mexican_train import MexicanTrain, Stop

OPTIONS = [
    {
        "opening": opening,
        "doubles": doubles,
        "own-first": own_first,
        "double-blank": blank,
        "open-penalty": penalty,
    }
    for opening, doubles, own_first, blank, penalty in itertools.product(
        ("single", "run"), ("cover", "any"), ("no", "yes"), (0, 50), (0, 10)
    )
]
MAX_ACTIONS = 3_000


def table(match: Match) -> TrainsView:
    assert match.hand is not None
    found = trains_of(match.variant.public_state(match.hand))  # what every view carries
    assert found is not None
    return found


def check_trains(before: TrainsView, after: TrainsView, action: Any) -> list[str]:
    """The trains' own invariants across one action."""
    problems: list[str] = []
    for old, new in zip(before.trains, after.trains, strict=True):
        number = after.engine.high
        for tile in new.tiles:  # each train a line from the hub
            if not tile.has(number):
                problems.append(f"{tile} does not join train {new.key} at {number}")
            number = tile.other(number)
        if number != new.end:
            problems.append(f"train {new.key} shows {new.end}, its tiles end in {number}")
        if new.mexican:
            continue
        if (
            new.open
            and not old.open
            and not (isinstance(action, Pass) and action.seat == new.owner)
        ):
            problems.append(f"train {new.key} opened without its owner passing")
        if old.open and not new.open:
            placed = isinstance(action, Play) and action.seat == new.owner
            if not placed or len(new.tiles) != len(old.tiles) + 1:
                problems.append(f"train {new.key} closed without its owner placing on it")
        grew = len(new.tiles) - len(old.tiles)
        by_other = grew and isinstance(action, Play) and action.seat != new.owner
        covering = old.key in before.uncovered or before.awaiting == old.key
        if by_other and not old.open and not covering:
            problems.append(f"seat {action.seat} placed on closed train {new.key}")
    for key in after.uncovered:
        last = after.train(key).tiles[-1]
        if not last.is_double:
            problems.append(f"train {key} is said uncovered but ends in {last}")
    return problems


def play_match(players: int, options: dict[str, Any], seed: str) -> tuple[Match, list[str]]:
    rng = random.Random(seed)
    match = Match(MexicanTrain(players, options), seed=seed)
    problems: list[str] = []
    while not match.over and not problems:
        hand = match.start_hand()
        for _ in range(MAX_ACTIONS):
            if hand.over:
                break
            legal = match.legal_actions()
            if not legal:
                problems.append("no legal action while the round is on")
                break
            # Stop a run now and then, not always: runs get played out.
            runs = [action for action in legal if not isinstance(action, Stop)]
            action = rng.choice(runs if runs and rng.random() < 0.8 else legal)
            before_hand = hand.copy()
            before = table(match)
            problems += action_was_allowed(before_hand, action)
            match.apply(action)
            if not hand.over:
                after = table(match)
                problems += check_trains(before, after, action)
                if match.variant.options["doubles"] == "cover" and len(after.uncovered) > 1:
                    problems.append(f"two doubles uncovered under cover: {after.uncovered}")
            problems += tile_conservation(match, hand)
            if problems:
                problems.append(f"after {action} in round {match.number}")
                break
        else:
            problems.append("the round did not end")
        if hand.over:
            problems += hand_is_finished(hand)
    problems += scores_add_up(match)
    return match, problems


@pytest.mark.parametrize("top", [12, 9])
@pytest.mark.parametrize("players", range(2, 9))
def test_random_play_is_clean_with_every_option(top: int, players: int) -> None:
    rounds = ends = 0
    for number, options in enumerate(OPTIONS):
        # Three rounds of a match per combination: the high engines, the rotation, the scores.
        given = {**options, "set": top, "hands": 3}
        match, problems = play_match(players, given, f"{top}:{players}:{number}")
        assert not problems, (given, problems)
        assert match.over and len(match.results) == 3
        rounds += len(match.results)
        ends += sum(result.end == "blocked" for result in match.results)
        again = replay(json.loads(json.dumps(write(match)))).match
        assert again.results == match.results
        for result in match.results:
            opened = result.outcome.extra["open"]
            for seat in range(players):
                if seat == result.outcome.went_out:
                    assert result.points[seat] == 0
                    continue
                pips = sum(tile.pips for tile in result.outcome.hands[seat])
                blank = (
                    50
                    if given["double-blank"] == 50
                    and any(tile.pips == 0 for tile in result.outcome.hands[seat])
                    else 0
                )
                assert result.points[seat] == pips + blank + (
                    given["open-penalty"] if opened[seat] else 0
                )
        best = min(match.scores)
        assert match.winners == tuple(s for s in range(players) if match.scores[s] == best)
    assert rounds == 3 * len(OPTIONS)


def test_whole_matches_play_every_engine() -> None:
    for players, top in ((4, 12), (6, 9)):
        match, problems = play_match(players, {"set": top}, f"whole:{players}")
        assert not problems
        assert len(match.results) == top + 1
        assert [hand.lead.tile for hand in match.played] == [Tile(n, n) for n in range(top, -1, -1)]
