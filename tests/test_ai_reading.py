"""The expert reads the other seats' plays: worlds in which their plays were what a player
taught the rules of thumb would have made weigh more, and the reading's judgement of a play is
exactly `easy`'s."""

from __future__ import annotations

import random

import pytest

from engine import Match, Play, Tile
from engine.ai import choose_action
from engine.ai.estimates import Screen
from engine.ai.heuristics import _tile_bonus, position_value
from engine.ai.knowledge import Knowledge
from engine.ai.reading import PlayReading
from engine.ai.sampling import build_world, sample_hidden
from engine.fast import mask_of
from tests.ai_positions import placing_shares

DEAL = [
    [Tile(6, 6), Tile(6, 1), Tile(1, 1), Tile(3, 2), Tile(3, 3), Tile(0, 0), Tile(2, 1)],
    [Tile(6, 5), Tile(6, 4), Tile(5, 5), Tile(5, 4), Tile(4, 4), Tile(5, 3), Tile(4, 3)],
    [Tile(6, 3), Tile(6, 2), Tile(6, 0), Tile(2, 2), Tile(3, 1), Tile(4, 1), Tile(4, 2)],
    [Tile(5, 0), Tile(4, 0), Tile(3, 0), Tile(2, 0), Tile(1, 0), Tile(5, 1), Tile(5, 2)],
]


def test_a_light_play_where_a_heavy_tile_fitted_is_evidence_against_holding_it() -> None:
    match = Match("partnership", 4, seed=2)
    match.start_hand(deal=DEAL)
    match.apply(Play(0, Tile(6, 6)))
    match.apply(Play(1, Tile(6, 4)))  # seat 1 laid 6-4 although 6-5 would have fitted
    view = match.view_for(2)
    reading = PlayReading(view, Knowledge.of(view))
    hands = [list(tiles) for tiles in DEAL]
    hands[0].remove(Tile(6, 6))
    hands[1].remove(Tile(6, 4))
    as_dealt = reading.weight(hands)  # seat 1 kept 6-5: it chose the lighter tile
    swapped = [list(tiles) for tiles in hands]
    swapped[1][swapped[1].index(Tile(6, 5))] = Tile(5, 0)
    swapped[3][swapped[3].index(Tile(5, 0))] = Tile(6, 5)
    # 6-4 was then its best play by the book: that world explains the play better...
    assert reading.weight(swapped) > 2 * as_dealt
    # ...but one unbookish play does not rule a world out: the seat may play by its own lights
    # (read by the book alone, the ratio would be about 200)
    assert reading.weight(swapped) < 20 * as_dealt


def test_the_seats_own_plays_and_draw_games_teach_nothing() -> None:
    match = Match("partnership", 4, seed=2)
    match.start_hand(deal=DEAL)
    match.apply(Play(0, Tile(6, 6)))
    view = match.view_for(0)
    assert PlayReading(view, Knowledge.of(view)).weight([[], [], [], []]) == 1.0
    match = Match("traditional", 4, seed=2)
    hand = match.start_hand()
    match.apply(hand.legal_actions()[0])
    view = match.view_for(hand.turn)
    assert not PlayReading(view, Knowledge.of(view)).active


@pytest.mark.parametrize(
    ("variant_id", "players", "seed"),
    [("partnership", 4, seed) for seed in range(6)] + [("kids", 3, seed) for seed in (2, 4, 6)],
)
def test_the_reading_judges_every_play_as_easy_does(
    variant_id: str, players: int, seed: int
) -> None:
    """For every play with a choice in games played by `easy`, the reading's values of the
    placements (from the player's true hand and the passes it knew of) differ exactly as
    `position_value` (plus easy's tie-break) differs: the same preferences, term for term.
    In `kids` (seeds 2, 4 and 6) the lead shows tiles nobody was dealt, which `easy` knows too."""
    match = Match(variant_id, players, seed=f"reading:{seed}")
    hand = match.start_hand()
    rng = random.Random(seed)
    checked = 0
    while not hand.over:
        seat = hand.turn
        view = match.view_for(seat)
        action = choose_action(view, "easy", rng)
        if len(view.legal) > 1 and view.layout.started:
            knowledge = Knowledge.of(view)
            world = build_world(view, knowledge, *sample_hidden(knowledge, rng))
            judged = {}
            for legal in view.legal:
                after = world.copy()
                after.apply(legal)
                if after.outcome is None:
                    judged[legal] = position_value(after, knowledge) + _tile_bonus(legal)
            held = mask_of(hand.hands[seat])
            match.apply(action)
            observer = match.view_for((seat + 1) % players)
            reading = PlayReading(observer, Knowledge.of(observer))
            values, chosen = reading.plays[-1].values(held, reading.full)
            assert len(values) == len(view.legal)
            if action in judged and len(judged) == len(values):  # no placement ends the hand
                assert judged[action] == pytest.approx(max(judged.values()))  # easy's choice
                offset = judged[action] - values[chosen]
                assert sorted(v + offset for v in values) == pytest.approx(sorted(judged.values()))
                checked += 1
            continue
        match.apply(action)
    assert checked >= 3


def test_reading_places_the_hidden_tiles_better_than_the_passes_alone() -> None:
    """In hands played by `easy`, the worlds weighed by the reading put more of the other seats'
    tiles where they really are than unweighted worlds (which know only passes and sizes)."""
    plain, read, positions = placing_shares(
        "partnership",
        4,
        4,
        PlayReading,
        lambda view, _: len(view.legal) > 1 and len(view.history) >= 10,
    )
    assert positions >= 8
    assert read > plain + 0.08


def test_the_screen_skips_light_worlds_without_biasing_the_total() -> None:
    rng = random.Random(5)
    screen = Screen(random.Random(6))
    weights = [rng.random() ** 8 for _ in range(20_000)]  # mostly tiny, a few heavy
    admitted = [screen.admit(weight) for weight in weights]
    judged = sum(1 for weight in admitted if weight)
    assert judged < len(weights) / 2  # most worlds are not worth judging
    assert all(a >= w for a, w in zip(admitted, weights, strict=True) if a)
    assert sum(admitted) == pytest.approx(sum(weights), rel=0.05)


def test_the_screen_never_starves_the_search() -> None:
    screen = Screen(random.Random(1))
    assert all(screen.admit(0.0) == 1.0 for _ in range(10))  # nil weights: judge them all
