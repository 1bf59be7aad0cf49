"""Draws the picture gallery in docs/gallery/ (every layout family, light and dark, hands, score
sheets and puzzles) from seeded games and hand-built tables:

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
from render import board_png, hand_png  # noqa: E402
from tests.render_positions import full_line, grown, row_layout, view_of  # noqa: E402

OUT = ROOT / "docs" / "gallery"
NAMES = ["Ana", "Bruno", "Carla", "Dario", "Ema", "Filip", "Gosia", "Hugo", "Iga", "Jan"]


def played(variant: str, players: int, seed: int, steps: int, options: dict[str, object] | None = None) -> Match:
    match = Match(variant, players, options, seed=seed)
    hand = match.start_hand()
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.over:
            break
        match.apply(rng.choice(hand.legal_actions()))
    return match


def boards() -> dict[str, tuple[SeatView, list[str]]]:
    partnership = played("partnership", 4, 3, 17)
    return {
        "line-partnership": (partnership.view_for(partnership.hand.turn or 0), NAMES[:4]),
        "line-full-double-six": (view_of(full_line(6), players=2), NAMES[:2]),
        "line-full-double-twelve": (view_of(full_line(12), players=4), NAMES[:4]),
        "spinner-cross": (
            view_of(grown(Shape.SPINNER, 6, 2, limit=20), variant="cross", players=3, boneyard=5,
                    status="Cross complete"),
            NAMES[:3],
        ),
        "opened-doubles-cross-nine": (
            view_of(grown(Shape.SPINNER, 9, 7, opens=True, limit=30), variant="cross-nine", players=4),
            NAMES[:4],
        ),
        "star-cyprus": (view_of(grown(Shape.STAR, 9, 4, limit=30), variant="cyprus", players=6), NAMES[:6]),
        "french-stack": (view_of(grown(Shape.LINE, 6, 3), variant="french", players=2), NAMES[:2]),
        "sum-row": (
            view_of(row_layout([Tile(6, 5), Tile(4, 4), Tile(3, 1), Tile(2, 0), Tile(5, 1)]), players=3,
                    variant="sum", total=31, options=(("target", 50),)),
            NAMES[:3],
        ),
        "pairs": (
            view_of(row_layout([Tile(3, 2)]), variant="pairs", players=2, laid_pairs=(
                ((Tile(3, 2), Tile(4, 1)), (Tile(6, 0), Tile(5, 1))),
                ((Tile(6, 6), Tile(6, 6 - 0)),) if False else ((Tile(4, 4), Tile(6, 2)),),
            )),
            NAMES[:2],
        ),
    }  # fmt: skip


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (view, names) in boards().items():
        for theme in ("light", "dark"):
            (OUT / f"{name}-{theme}.png").write_bytes(board_png(view, names=names, theme=theme))
    match = played("partnership", 4, 3, 17)
    view = match.view_for(match.hand.turn or 0)
    for theme in ("light", "dark"):
        (OUT / f"hand-{theme}.png").write_bytes(hand_png(view, theme=theme))
    print(f"wrote {len(list(OUT.glob('*.png')))} pictures to {OUT}")


if __name__ == "__main__":
    main()
