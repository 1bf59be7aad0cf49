"""The fives games' move buttons: a tile that fits a plain end and a crosswise double's end
showing the same number names both ends as the board names them, and a play on the double's
end (`"end": "4-4"`) never shows its id."""

from __future__ import annotations

from render.labels import end_arm, move_label
from tests.engine.test_all_fives import play, started, tiles


def test_both_ends_showing_four_are_named_apart_as_the_board_names_them() -> None:
    deal = [tiles("4-4 1-2 4-0 6-6 6-1 6-3 6-5"), tiles("4-1 2-4 5-5 0-1 0-2 0-3 0-5")]
    match = started({"spinner": "none"}, deal)
    play(match, 0, "4-4")
    play(match, 1, "4-1")
    play(match, 0, "1-2")
    play(match, 1, "2-4", 2)  # ends: a plain 4 and the crosswise 4-4
    view = match.view_for(0)
    labels = [move_label(action, view=view) for action in view.legal]
    assert sorted(labels) == ["4-0 on 4 left", "4-0 on 4 right"]
    double = end_arm(view, "4-4")
    assert double is not None and view.layout.arms[double].tiles == []
    assert not any("4-4" in label for label in labels)
