"""Score sheets, puzzles and the command line that draws any position of a game record."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from PIL import Image

from engine import Match
from engine.puzzles.cells import column_name
from engine.record import dumps
from render import dominosa_png, quadrille_png, score_sheet_png
from render.__main__ import main
from render.encode import palette_colours
from render.puzzles import dominosa_image, quadrille_image
from render.sheet import match_winners, pips_left, score_sheet_image, target_line
from render.text import recording
from render.theme import DARK, LIGHT, THEMES

NAMES = ["Ana", "Bruno", "Carla", "Dario"]
QUADRILLE = ("aabbccdd", "aabbccdd", ".eeffgg.", ".eeffgg.", ".hhiijj.", ".hhiijj.", "kkllmmnn",
             "kkllmmnn")  # fmt: skip


def _finished(variant: str, players: int, seed: int) -> Match:
    match = Match(variant, players, seed=seed)
    rng = random.Random(seed)
    while not match.over:
        hand = match.start_hand()
        while not hand.over:
            match.apply(rng.choice(hand.legal_actions()))
    return match


def test_the_match_result_follows_the_kind_of_scoring() -> None:
    partnership = _finished("partnership", 4, 5)  # penalty: the pair that reaches 100 loses
    view = partnership.view_for(0)
    winners = match_winners(view)
    assert [view.units[unit] for unit in winners] == [
        unit for unit in view.units if set(unit) & set(partnership.winners)
    ]


def test_a_match_in_progress_has_no_result_and_shows_its_target() -> None:
    match = Match("partnership", 4, seed=1)
    match.start_hand()
    view = match.view_for(0)
    assert match_winners(view) == ()
    # Partnership's points are penalties: the pair that reaches the target loses.
    assert target_line(view) == "Penalty points · loses at 100"
    reward = Match("111", 4, seed=1)
    reward.start_hand()
    assert target_line(reward.view_for(0)) == "Target 111"


def test_the_score_sheet_grows_with_every_hand_and_counts_the_pips_left() -> None:
    match = _finished("partnership", 4, 5)
    view = match.view_for(0)
    full = score_sheet_image(view, names=NAMES)
    # the same match after its first hand only
    early = Match("partnership", 4, seed=5)
    rng = random.Random(5)
    hand = early.start_hand()
    while not hand.over:
        early.apply(rng.choice(hand.legal_actions()))
    with recording() as boxes:
        one = score_sheet_image(early.view_for(0), names=NAMES)
    assert full.height > one.height and full.width == one.width == 800
    hands = early.results[0].outcome.hands
    assert sum(len(tiles) for tiles in hands) > 0  # so there were tiles left to count
    seats = [pips_left(hands[seat]) if hands[seat] else "out" for seat in range(4)]
    texts = {box.text for box in boxes}
    assert f"{seats[0]} · {seats[2]}" in texts and f"{seats[1]} · {seats[3]}" in texts


def test_score_sheet_png_is_a_png_and_refuses_wrong_names() -> None:
    view = _finished("gameroom", 3, 2).view_for(0)
    image = Image.open(io.BytesIO(score_sheet_png(view, names=NAMES[:3], theme="dark")))
    assert image.format == "PNG"
    with pytest.raises(ValueError, match="names lists 2 seats"):
        score_sheet_png(view, names=NAMES[:2])


def _dominosa() -> tuple[
    tuple[tuple[int, ...], ...], list[tuple[tuple[int, int], tuple[int, int]]]
]:
    grid = tuple(tuple((row + column) % 7 for column in range(8)) for row in range(7))
    return grid, [((0, 0), (0, 1)), ((1, 0), (2, 0))]


def test_the_dominosa_grid_covers_placed_cells_with_tiles() -> None:
    grid, placements = _dominosa()
    bare = dominosa_image(grid, [])
    placed = dominosa_image(grid, placements)
    assert bare.size == placed.size
    faces = {colour for _, colour in placed.getcolors(1 << 16) or []}
    assert LIGHT.face in faces
    assert LIGHT.face not in {colour for _, colour in bare.getcolors(1 << 16) or []}


def test_dominosa_highlights_cells_with_the_mark_colour() -> None:
    grid, placements = _dominosa()
    image = dominosa_image(grid, placements, highlight=[(3, 3)])
    assert LIGHT.last in {colour for _, colour in image.getcolors(1 << 16) or []}


def test_dominosa_refuses_cells_off_the_grid_or_apart() -> None:
    grid, _ = _dominosa()
    with pytest.raises(ValueError, match="off the 7 x 8 grid"):
        dominosa_png(grid, [((0, 7), (0, 8))])
    with pytest.raises(ValueError, match="not side by side"):
        dominosa_png(grid, [((0, 0), (1, 1))])
    with pytest.raises(ValueError, match="rectangle"):
        dominosa_png(((1, 2), (3,)), [])


def test_quadrille_marks_finished_squares_and_clashes() -> None:
    done = [((0, 0), 3, (0, 1), 3), ((1, 0), 3, (1, 1), 3)]  # square a: all threes
    clash = [((0, 2), 5, (1, 2), 5), ((0, 3), 4, (1, 3), 4)]  # square b: fives and fours
    plain = quadrille_image(QUADRILLE, [])
    checked = quadrille_image(QUADRILLE, done)
    crossed = quadrille_image(QUADRILLE, clash)
    assert LIGHT.good in {c for _, c in checked.getcolors(1 << 16) or []}
    assert LIGHT.last in {c for _, c in crossed.getcolors(1 << 16) or []}
    assert LIGHT.good not in {c for _, c in plain.getcolors(1 << 16) or []}


def test_quadrille_refuses_a_tile_outside_the_figure() -> None:
    with pytest.raises(ValueError, match="outside the figure"):
        quadrille_png(QUADRILLE, [((2, 0), 1, (2, 1), 1)])  # (2, 0) is a `.`


def test_cells_are_named_like_a_spreadsheet() -> None:
    assert [column_name(n) for n in (0, 1, 25)] == ["A", "B", "Z"]


@pytest.mark.parametrize("theme", THEMES.values())
def test_every_theme_palette_fits_in_a_png_palette(theme: object) -> None:
    assert len(palette_colours(theme)) <= 256  # type: ignore[arg-type]
    assert DARK.face in palette_colours(DARK)


def _record(tmp_path: Path) -> Path:
    match = Match("classic", 2, seed=3)
    hand = match.start_hand()
    rng = random.Random(3)
    while not hand.over:
        match.apply(rng.choice(hand.legal_actions()))
    path = tmp_path / "game.json"
    path.write_text(dumps(match))
    return path


def test_the_command_line_draws_a_position_a_hand_and_a_sheet(tmp_path: Path) -> None:
    record = _record(tmp_path)
    for extra, name in (([], "board.png"), (["--seat", "1"], "hand.png"), (["--sheet"], "s.png")):
        out = tmp_path / name
        args = [str(record), "--hand", "0", "--after", "3", "--out", str(out), *extra]
        assert main(args) == 0
        assert Image.open(out).format == "PNG"


def test_the_command_line_refuses_a_position_past_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _record(tmp_path)
    actions = len(json.loads(record.read_text())["hands"][0]["actions"])
    assert main([str(record), "--after", str(actions + 1), "--out", str(tmp_path / "x.png")]) == 2
    assert f"--after must be 0 to {actions}" in capsys.readouterr().err
    assert main([str(record), "--hand", "4"]) == 2
    assert not (tmp_path / "x.png").exists()
