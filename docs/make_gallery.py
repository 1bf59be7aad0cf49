"""Draws the picture gallery in docs/gallery/ (every layout family in both themes, a hand, score
sheets and the puzzles) from seeded games and hand-built tables:

    .venv/bin/python docs/make_gallery.py

Tables of games the engine does not play yet (cross, star, sum, pairs) are built by laying tiles on
a `Layout` directly, with the test suite's position builders."""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Match, Tile  # noqa: E402
from engine.layout import Shape  # noqa: E402
from engine.view import SeatView  # noqa: E402
from render import (  # noqa: E402
    board_png,
    dominosa_png,
    hand_png,
    quadrille_png,
    score_sheet_png,
)
from tests.render_positions import full_line, grown, row_layout, view_of  # noqa: E402

OUT = ROOT / "docs" / "gallery"
NAMES = ["Ana", "Bruno", "Carla", "Dario", "Ema", "Filip", "Gosia", "Hugo", "Iga", "Jan"]
QUADRILLE = ("aabbccdd", "aabbccdd", ".eeffgg.", ".eeffgg.", ".hhiijj.", ".hhiijj.", "kkllmmnn",
             "kkllmmnn")  # fmt: skip


def played(variant: str, players: int, seed: int, steps: int, **options: object) -> Match:
    """A seeded game of random moves, stopped after `steps` actions (or at the hand's end)."""
    match = Match(variant, players, options, seed=seed)
    hand = match.start_hand()
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.over:
            break
        match.apply(rng.choice(hand.legal_actions()))
    return match


def finished(variant: str, players: int, seed: int, **options: object) -> Match:
    match = Match(variant, players, options, seed=seed)
    rng = random.Random(seed)
    while not match.over:
        hand = match.start_hand()
        while not hand.over:
            match.apply(rng.choice(hand.legal_actions()))
    return match


def boards() -> dict[str, tuple[SeatView, list[str]]]:
    partnership = played("partnership", 4, 3, 17)
    pairs = (
        ((Tile(3, 2), Tile(4, 1)), (Tile(6, 0), Tile(5, 1))),
        ((Tile(4, 4), Tile(6, 2)),),
    )
    cross = grown(Shape.SPINNER, 6, 2, limit=20)
    return {
        "line-partnership": (partnership.view_for(partnership.hand.turn or 0), NAMES[:4]),
        "line-full-double-six": (view_of(full_line(6), players=2), NAMES[:2]),
        "line-full-double-twelve": (view_of(full_line(12), players=4), NAMES[:4]),
        "spinner-cross": (
            view_of(cross, variant="cross", players=3, boneyard=5, status="Cross complete"),
            NAMES[:3],
        ),
        "opened-doubles-cross-nine": (
            view_of(grown(Shape.SPINNER, 9, 7, opens=True, limit=30), variant="cross-nine",
                    players=4),
            NAMES[:4],
        ),
        "star-cyprus": (
            view_of(grown(Shape.STAR, 9, 4, limit=24), variant="cyprus", players=6),
            NAMES[:6],
        ),
        "french-stack": (view_of(grown(Shape.LINE, 6, 3), variant="french", players=2), NAMES[:2]),
        "sum-row": (
            view_of(row_layout([Tile(6, 5), Tile(4, 4), Tile(3, 1), Tile(2, 0), Tile(5, 1)]),
                    players=3, variant="sum", total=31, options=(("target", 50),)),
            NAMES[:3],
        ),
        "pairs": (
            view_of(row_layout([Tile(3, 2)]), variant="pairs", players=2, laid_pairs=pairs),
            NAMES[:2],
        ),
    }  # fmt: skip


def dominosa() -> tuple[tuple[tuple[int, ...], ...], list[tuple[tuple[int, int], tuple[int, int]]]]:
    """A double-six grid (a shuffled set laid in rows of upright and lying tiles) and the first
    nine tiles of its layout as the player's placements."""
    rng = random.Random(2)
    tiles = [Tile(a, b) for a in range(7) for b in range(a + 1)]
    rng.shuffle(tiles)
    grid = [[0] * 8 for _ in range(7)]
    placements = []
    for index, tile in enumerate(tiles):
        row, column = divmod(index, 4)
        first, second = (row, 2 * column), (row, 2 * column + 1)
        grid[first[0]][first[1]], grid[second[0]][second[1]] = tile.high, tile.low
        placements.append((first, second))
    return tuple(tuple(row) for row in grid), placements[:9]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (view, names) in boards().items():
        for theme in ("light", "dark"):
            (OUT / f"{name}-{theme}.png").write_bytes(board_png(view, names=names, theme=theme))
    game = played("classic", 2, 0, 3)  # seat to play holds 5-4, playable on either end
    view = game.view_for(game.hand.turn or 0)
    sheet = finished("partnership", 4, 5)
    grid, placements = dominosa()
    quadrille = [((0, 0), 3, (0, 1), 3), ((1, 0), 3, (1, 1), 3), ((0, 2), 5, (1, 2), 5),
                 ((0, 3), 4, (1, 3), 2)]  # fmt: skip
    for theme in ("light", "dark"):
        (OUT / f"hand-{theme}.png").write_bytes(hand_png(view, theme=theme))
        sheet_png = score_sheet_png(sheet.view_for(0), names=NAMES[:4], theme=theme)
        (OUT / f"score-sheet-{theme}.png").write_bytes(sheet_png)
        highlight = [(5, 2), (5, 3)]
        dominosa_bytes = dominosa_png(grid, placements, theme=theme, highlight=highlight)
        (OUT / f"dominosa-{theme}.png").write_bytes(dominosa_bytes)
        (OUT / f"quadrille-{theme}.png").write_bytes(
            quadrille_png(QUADRILLE, quadrille, theme=theme)
        )
    print(f"wrote {len(list(OUT.glob('*.png')))} pictures to {OUT}")


if __name__ == "__main__":
    main()
