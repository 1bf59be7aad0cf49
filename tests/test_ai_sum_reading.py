"""The expert reads the sum game's plays: each tile another seat added is judged exactly as
`easy` judges it (`sum_value`), from what that seat knew then, and worlds that explain the
plays weigh more."""

from __future__ import annotations

import random

import pytest

from engine import Match, Play
from engine.ai import choose_action
from engine.ai.estimates import EasyRival
from engine.ai.games.sum.easy import sum_value
from engine.ai.games.sum.reading import SumReading
from engine.ai.knowledge import Knowledge
from tests.ai_positions import placing_shares


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_sum_reading_judges_every_play_as_easy_does(players: int) -> None:
    """For every play with a choice, the reading's value of each tile the seat could add (from
    its true hand, the passes and the hand sizes it knew of) is `sum_value`'s, and the tile
    it added is the best of them."""
    checked = 0
    for game in range(8):
        match = Match("sum", players, seed=f"sum-reading:{game}")
        hand = match.start_hand()
        rng = random.Random(game)
        while not hand.over:
            seat = hand.turn
            view = match.view_for(seat)
            action = choose_action(view, "easy", rng)
            held = [tile.pips for tile in hand.hands[seat]]
            judged = None
            if len(view.legal) > 1 and view.history:
                knowledge = Knowledge.of(view)
                judged = [sum_value(view, knowledge, legal) for legal in view.legal]
            match.apply(action)
            if judged is None or not isinstance(action, Play):
                continue
            observer = match.view_for((seat + 1) % players)
            reading = SumReading(observer, Knowledge.of(observer))
            play = reading.plays[-1]
            assert (play.seat, play.pips) == (seat, action.tile.pips)
            values, chosen = play.values(held, reading.full)
            assert sorted(values) == pytest.approx(sorted(judged))
            assert values[chosen] == pytest.approx(max(values))
            checked += 1
    assert checked >= 10


def test_the_lead_and_the_seats_own_plays_are_not_read() -> None:
    match = Match("sum", 4, seed="sum-own")
    hand = match.start_hand()
    leader = hand.turn
    match.apply(choose_action(match.view_for(leader), "easy", random.Random(1)))
    view = match.view_for((leader + 1) % 4)
    assert SumReading(view, Knowledge.of(view)).plays == []  # the highest tile: forced
    mover = hand.turn
    match.apply(choose_action(match.view_for(mover), "easy", random.Random(2)))
    own = match.view_for(mover)
    assert SumReading(own, Knowledge.of(own)).plays == []
    other = match.view_for((mover + 1) % 4)
    assert [play.seat for play in SumReading(other, Knowledge.of(other)).plays] == [mover]


def test_the_sum_reading_places_the_hidden_tiles_better_than_passes_alone() -> None:
    """In hands of four played by `easy`, worlds weighed by the reading put more of the other
    seats' tiles where they are than unweighted worlds (2.7 points more when measured)."""
    plain, read, positions = placing_shares(
        "sum", 4, 10, SumReading, lambda view, reading: len(view.legal) > 1 and reading.plays
    )
    assert positions >= 30
    assert read > plain + 0.015


def test_easys_choice_stands_unless_weighed_worlds_clearly_prefer_another() -> None:
    """`hard` and `expert` keep `easy`'s move in `sum` and `pairs` unless the search finds one
    better by 3 standard errors; weighed worlds (the expert's reading) count by their effective
    number, so one heavy world never overrules the rule of thumb."""
    match = Match("sum", 4, seed="rival")
    hand = match.start_hand()
    match.apply(choose_action(match.view_for(hand.turn), "easy", random.Random(1)))
    view = match.view_for(hand.turn)
    legal = list(view.legal)
    assert len(legal) > 1
    noise = random.Random(4)
    clear = EasyRival(view, Knowledge.of(view), random.Random(1), legal)
    other = next(i for i in range(len(legal)) if i != clear.kept)
    for _ in range(200):  # the other move wins 0.6 of worlds where easy's wins 0.4
        values = [0.0] * len(legal)
        values[other] = float(noise.random() < 0.6)
        values[clear.kept] = float(noise.random() < 0.4)
        clear.add(values, 1.0)
    assert clear.verdict(legal, other) == legal[other]
    heavy = EasyRival(view, Knowledge.of(view), random.Random(1), legal)
    for weight in (1000.0, 1.0, 0.001, 0.001, 0.001):  # five worlds, in effect one
        values = [0.0] * len(legal)
        values[other] = 1.0
        heavy.add(values, weight)
    assert heavy.verdict(legal, other) == heavy.easy
