"""A board's picture and its description (which names the ends the picture tags) lay out the
table once between them (and not again for a move that left the table as it was): laying out a
long line or a star is a good part of a board's drawing, and the picture workers draw a board
for every move."""

from __future__ import annotations

import random
from typing import Any

import pytest

import render
import render.board
from engine import Match


@pytest.mark.parametrize(("game", "players"), [("two-player", 2), ("cyprus", 4)])
def test_a_board_and_its_description_arrange_the_table_once(
    game: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    arranged = []
    arrange = render.board.arrange

    def counted(*args: Any, **kwargs: Any) -> Any:
        arranged.append(args)
        return arrange(*args, **kwargs)

    monkeypatch.setattr(render.board, "arrange", counted)
    render.board._arranged.cache_clear()  # tables laid out by other tests
    match = Match(game, players, seed=5)
    hand = match.start_hand()
    rng = random.Random(5)
    names = [f"seat {seat}" for seat in range(players)]
    moves = laid_out = 0
    while not hand.over and hand.turn is not None and moves < 12:
        match.apply(rng.choice(match.view_for(hand.turn).legal))
        view = match.public_view()
        arranged.clear()
        render.board_png(view, names=names)
        render.describe(view, names=names)
        # none when a draw or a pass left the table as it was at the last board
        assert len(arranged) <= 1, f"the table was laid out {len(arranged)} times"
        laid_out += len(arranged)
        moves += 1
    assert moves == 12
    assert laid_out > 6
