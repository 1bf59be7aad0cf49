"""Random playouts of the spinner, star, sum and pairs games over every player count, with the
invariants checked after every action (`engine.simulate`), and records that round-trip."""

from __future__ import annotations

import json
import random

import pytest

from engine import Match, Tile, get_variant
from engine.invariants import table_is_lawful
from engine.record import replay, write
from engine.simulate import simulate
from tests.engine.variants.helpers import play, start
from tests.engine.variants.test_maltese import SEBASTOPOL, SEBASTOPOL_CROSS

GAMES = ("cross", "double-cross", "maltese", "sebastopol", "cross-nine", "cyprus", "sum", "pairs")
SETUPS = [(game, players) for game in GAMES for players in get_variant(game).player_counts]


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_random_hands_keep_every_invariant(game: str, players: int) -> None:
    summary = simulate(game, players, hands=25, seed="variants")
    assert summary.errors == 0, summary.error_messages
    assert summary.hands == 25
    assert sum(summary.ends.values()) == summary.hands
    assert set(summary.ends) <= (
        {"domino", "blocked", "target"} if game == "sum" else {"domino", "blocked"}
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_played_match_round_trips_through_its_record(game: str) -> None:
    players = get_variant(game).player_counts[-1]
    match = Match(game, players, seed=f"round-trip-{game}")
    rng = random.Random(game)
    for _ in range(3):
        if match.over:
            break
        hand = match.start_hand()
        while not hand.over:
            match.apply(rng.choice(match.view_for(hand.turn).legal))
    record = json.loads(json.dumps(write(match)))
    replayed = replay(record).match
    assert [result.to_json() for result in replayed.results] == [
        result.to_json() for result in match.results
    ]
    assert replayed.scores == match.scores and replayed.over == match.over
    assert write(replayed) == record
    record.pop("seed")  # the deals and boneyards alone give the same match
    assert replay(record).match.scores == match.scores


def test_the_table_invariant_catches_a_tile_laid_against_the_rules() -> None:
    match, hand = start("sebastopol", SEBASTOPOL)
    play(match, SEBASTOPOL_CROSS)
    assert table_is_lawful(hand) == []
    hand.layout.lay(Tile(5, 1), "N", 1)  # behind the rules' back: no cap, no 1-1
    assert table_is_lawful(hand) == ["a non-double was played before the four arms were capped"]

    match, hand = start("sum", ("6-6 5-5 4-4 3-3 0-0 1-0 2-0 3-0", *SUM_REST))
    play(match, "0 6-6")
    for tile in (Tile(6, 5), Tile(6, 4), Tile(5, 4), Tile(6, 3)):
        hand.layout.add_to_row(tile)
    assert table_is_lawful(hand) == ["the total 51 passed the target"]


SUM_REST = ("6-5 6-4 5-4 6-3 5-3 4-3 2-1 1-1", "6-2 6-1 6-0 5-2 5-1 5-0 4-2 4-1")


@pytest.mark.parametrize(
    ("name", "game"),
    [
        ("cruzado", "cross"),
        ("doble-domino-cruzado", "double-cross"),
        ("cruzado maltes", "maltese"),
        ("Sebastopol", "sebastopol"),
        ("cruzado-doble-nueve", "cross-nine"),
        ("chipre", "cyprus"),
        ("domino-włoskie", "sum"),
        ("parzyste", "pairs"),
    ],
)
def test_every_game_is_found_by_its_rulebook_name(name: str, game: str) -> None:
    assert get_variant(name).id == game
