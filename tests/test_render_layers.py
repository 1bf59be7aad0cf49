"""A board drawn from the tiles kept since the table's last board (`render.layers`) is the same
picture as one drawn from nothing, pixel for pixel, through whole random games of every layout:
lines, crosses, stars, rows, a French stack and trains; two tables drawn in turn keep a layer
each; and the kept layers stay within their memory limit."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from engine import Match
from render.board import board_image
from render.layers import TableLayers

GAMES = [
    ("two-player", 2),  # a line
    ("partnership", 4),
    ("cross", 4),  # a cross, its arms out of the spinner
    ("cyprus", 4),  # a star
    ("pairs", 2),  # rows of laid pairs
    ("sum", 4),  # a row
    ("french", 2),  # a French stack: tiles slid under others
    ("mexican-train", 3),  # trains (drawn in full: no layer)
]


def boards(game: str, players: int, seed: int, hands: int = 2) -> list[Match]:
    """The match after every move of `hands` hands of random play (the same object: each
    item is read before the next move)."""
    match = Match(game, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(hands):
        hand = match.start_hand()
        while not hand.over and hand.turn is not None:
            match.apply(rng.choice(match.view_for(hand.turn).legal))
            yield match
        if match.over:
            return


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and a.tobytes() == b.tobytes()


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_board_from_its_kept_tiles_is_the_board_drawn_in_full(game: str, players: int) -> None:
    layers = TableLayers()
    names = [f"seat {seat}" for seat in range(players)]
    moves = differ = 0
    for match in boards(game, players, seed=7):
        view = match.public_view()
        kept = board_image(view, names=names, layers=layers, table="table")
        differ += not same(kept, board_image(view, names=names))
        moves += 1
    assert moves > 5
    assert differ == 0, f"{differ} of {moves} boards differ from the full drawing"
    if game == "mexican-train":
        assert layers.hits + layers.misses == 0  # trains are drawn in full
    elif game not in ("pairs",):  # the pairs are laid anew each turn, in rows that move
        assert layers.hits > 0, "no board reused its table's tiles"


def test_two_tables_drawn_in_turn_each_keep_their_tiles() -> None:
    layers = TableLayers()
    names = ["seat 0", "seat 1"]
    first, second = boards("two-player", 2, seed=1), boards("two-player", 2, seed=2)
    for one, other in zip(first, second, strict=False):
        for table, match in (("one", one), ("other", other)):
            view = match.public_view()
            kept = board_image(view, names=names, layers=layers, table=table)
            assert same(kept, board_image(view, names=names))
    assert sorted(layers.kept) == ["one", "other"]
    assert layers.hits > layers.misses


def test_the_kept_tiles_stay_within_their_memory_limit() -> None:
    limit = 2_000_000  # bytes of pixels: a few tables' layers
    layers = TableLayers(limit=limit)
    names = ["seat 0", "seat 1"]
    for seed in range(6):
        for match in boards("two-player", 2, seed=seed, hands=1):
            board_image(match.public_view(), names=names, layers=layers, table=f"t{seed}")
            assert layers.bytes <= limit
            assert layers.bytes == sum(layer.size for _, layer in layers.kept.values())
    assert 1 <= len(layers.kept) < 6  # the oldest tables' layers were let go
