"""The expert reads the other seats' plays: a light tile laid where a heavy one fitted makes the
worlds where that seat held the heavy one less likely."""

from __future__ import annotations

from engine import Match, Play, Tile
from engine.ai.inference import PlayModel
from engine.ai.knowledge import Knowledge

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
    model = PlayModel(view, Knowledge.of(view))
    hands = [list(tiles) for tiles in DEAL]
    hands[0].remove(Tile(6, 6))
    hands[1].remove(Tile(6, 4))
    as_dealt = model.weight(hands)  # seat 1 kept 6-5: it chose the lighter tile
    swapped = [list(tiles) for tiles in hands]
    swapped[1][swapped[1].index(Tile(6, 5))] = Tile(5, 0)
    swapped[3][swapped[3].index(Tile(5, 0))] = Tile(6, 5)
    assert model.weight(swapped) > as_dealt  # 6-4 was then its heaviest fitting tile


def test_the_seats_own_plays_and_draw_games_teach_nothing() -> None:
    match = Match("partnership", 4, seed=2)
    match.start_hand(deal=DEAL)
    match.apply(Play(0, Tile(6, 6)))
    view = match.view_for(0)
    assert PlayModel(view, Knowledge.of(view)).weight([[], [], [], []]) == 1.0
    match = Match("traditional", 4, seed=2)
    hand = match.start_hand()
    match.apply(hand.legal_actions()[0])
    view = match.view_for(hand.turn)
    assert not PlayModel(view, Knowledge.of(view)).active
