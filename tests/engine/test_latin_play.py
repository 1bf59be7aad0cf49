"""Random play of every preset of RULES.md §4.1 and a spread of `partnership` option sets, over
thousands of hands, with the rules' invariants checked after every hand: who can win a hand,
what a void hand scores, who leads next, that scores add up, that the match ends when §4.1 says
and that a played match replays from its record to the same results."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import Match, record
from engine.variants.latin_scoring import judge_points
from tests.engine.setups import LATIN_COMBINATIONS

PRESETS = ["latin", "dominican", "puerto-rico", "pr-500", "cuban"]
SETUPS: list[tuple[str, dict[str, Any]]] = [(preset, {}) for preset in PRESETS] + [
    ("partnership", options) for options in LATIN_COMBINATIONS
]
HANDS = 220  # per setup: over 2,400 hands in all
PASS_BONUSES = ("pase-salida", "pase-corrido", "pase")


def setup_id(setup: tuple[str, dict[str, Any]]) -> str:
    variant, options = setup
    return variant + "".join(f"-{key}={value}" for key, value in options.items())


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_random_play_keeps_the_rules_of_every_option(setup: tuple[str, dict[str, Any]]) -> None:
    variant, options = setup
    rng = random.Random(setup_id(setup))
    hands = 0
    matches = 0
    while hands < HANDS:
        match = Match(variant, 4, options, seed=f"{matches}")
        matches += 1
        while not match.over:
            hand = match.start_hand()
            check_lead(match)
            while not hand.over:
                match.apply(rng.choice(hand.legal_actions()))
            check_hand(match)
            hands += 1
        assert record.replay(record.write(match)).match.results == match.results


def check_lead(match: Match) -> None:
    """The first hand is led by the highest double dealt; after a void hand, or with `lead:
    rotate`, by the seat after the last leader; otherwise by the pair that won."""
    lead = match.leads[-1]
    options = match.variant.options
    if len(match.results) == 0:
        assert lead.tile is not None and lead.tile in match.played[-1].dealt[lead.seat]
        return
    before = match.results[-1]
    if len(before.winners) == 4 or options["lead"] == "rotate":
        assert lead.seat == (before.outcome.leader + 1) % 4 and not lead.choosers
    else:
        assert lead.seat in before.winners and lead.choosers == before.winners


def check_hand(match: Match) -> None:
    variant = match.variant
    options = variant.options
    result = match.results[-1]
    assert result.winners in ((0, 2), (1, 3), (0, 1, 2, 3))
    assert list(result.scores) == [
        sum(done.points[unit] for done in match.results) for unit in (0, 1)
    ]
    assert min(result.points) >= 0
    if len(result.winners) == 4:  # a void hand: only a tied block with `tranque-tie: none`
        assert result.end == "blocked" and options["tranque-tie"] == "none"
        if not any(options.get(name) for name in PASS_BONUSES):
            assert result.points == (0, 0)
    wins = options.get("wins")
    if wins:
        assert "target" not in options and sum(result.points) <= len(match.results)
        over = max(match.scores) >= wins
    else:
        hand_winner = None if len(result.winners) == 4 else variant.unit_of[result.winners[0]]
        penalty = options["scoring"] == "penalty"
        winner = judge_points(match.scores, options["target"], penalty, hand_winner)
        over = winner is not None
        if over:
            assert match.winners == variant.units[winner]
    assert match.over == over
