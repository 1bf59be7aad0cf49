"""A puzzle attempt's stored state: when the player last acted is kept, and states stored
before attempts were put away (which say only when they were opened) count from the opening."""

from __future__ import annotations

import pytest

from cogs.common.refusal import Refusal
from cogs.puzzles.attempt import Puzzle
from engine.errors import IllegalAction
from engine.puzzles import QuadrilleGame


def test_the_last_action_is_kept_and_old_states_count_from_the_opening() -> None:
    puzzle = Puzzle("p1", user_id=7, name="alice", game=QuadrilleGame(), started=1000.0)
    puzzle.touched = puzzle.started
    puzzle.act(7, "hint", now=5000.0)
    assert Puzzle.from_state(puzzle.to_state()).touched == 5000.0
    old = puzzle.to_state()
    del old["touched"]
    assert Puzzle.from_state(old).touched == 1000.0


def test_a_refused_action_does_not_count_as_playing() -> None:
    puzzle = Puzzle("p1", user_id=7, name="alice", game=QuadrilleGame(), started=1000.0)
    puzzle.touched = 1000.0
    with pytest.raises(Refusal):
        puzzle.act(8, "hint", now=9000.0)  # someone else's puzzle
    with pytest.raises(IllegalAction):
        puzzle.act(7, "place", "A1=3 B1=4", now=9000.0)  # one square, two numbers
    assert puzzle.touched == 1000.0 and not puzzle.over
