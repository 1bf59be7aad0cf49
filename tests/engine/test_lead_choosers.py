"""Who may choose the next hand's leader, asked between hands (`Match.next_lead_choosers`),
is who may when that hand is dealt: in every game, at every player count, in random matches
where the players' choice of leader is random too. The dealt answer is taken the old way, on a
twin replayed from the record and dealt the next hand (the deal follows from the seed)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import Match
from engine.record import replay, write
from tests.engine.setups import setup_id, setups

SEEDS = (1, 2)
HANDS = 10  # per match at most: enough for a pair to win, lose and win the lead back


def dealt_choosers(match: Match) -> tuple[int, ...]:
    """The seats that may claim the next lead, seen on a twin that deals the next hand."""
    lead = replay(write(match)).match.start_hand().lead
    return () if lead.by_lot else lead.choosers


@pytest.mark.parametrize("setup", setups(), ids=setup_id)
def test_the_lead_choosers_are_known_before_the_deal(
    setup: tuple[str, int, dict[str, Any]],
) -> None:
    variant, players, options = setup
    compared = 0
    for seed in SEEDS:
        match = Match(variant, players, options, seed=seed)
        rng = random.Random(seed)
        while not match.over and len(match.results) < HANDS:
            if match.hand is None or match.hand.over:
                played = len(match.played)
                choosers = match.next_lead_choosers()
                if match.results:
                    assert choosers == dealt_choosers(match), f"seed {seed}, hand {played}"
                    compared += 1
                assert len(match.played) == played  # asking dealt nothing
                match.start_hand(leader=rng.choice(choosers) if choosers else None)
                continue
            match.apply(rng.choice(match.legal_actions()))
    assert compared or match.over  # a game of one hand has no next one


def test_a_pair_that_won_the_hand_chooses_who_leads_the_next() -> None:
    match = Match("partnership", 4, seed=5)
    rng = random.Random(5)
    match.start_hand()
    while not match.hand.over:  # type: ignore[union-attr]
        match.apply(rng.choice(match.legal_actions()))
    winners = match.results[-1].winners
    assert match.next_lead_choosers() == winners
    assert {match.unit_of(seat) for seat in winners} == {match.unit_of(winners[0])}
