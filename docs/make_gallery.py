"""Draws the picture gallery in docs/gallery/: every layout and every kind of picture, each at the
800 pixels the bot sends and at the 380 pixels a phone shows it (`-380` files), and one contact
sheet of labelled thumbnails of them all (`contact-sheet.png`):

    make gallery        # or: .venv/bin/python docs/make_gallery.py

Every position comes from a seeded game of random legal moves (or a seeded puzzle), so the same
code always draws the same pictures: redraw after changing `render/` and review the diff."""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageDraw  # noqa: E402

from cogs.lang import words  # noqa: E402
from engine import Match  # noqa: E402
from engine.puzzles import new_game  # noqa: E402
from engine.puzzles.dominosa_game import DominosaGame  # noqa: E402
from engine.puzzles.quadrille_game import QuadrilleGame  # noqa: E402
from engine.view import SeatView  # noqa: E402
from render import (  # noqa: E402
    board_png,
    decision_png,
    dominosa_png,
    hand_png,
    quadrille_png,
    score_sheet_png,
)
from render.labels import move_label  # noqa: E402
from render.text import put_text  # noqa: E402
from tests.render_positions import full_line, view_of  # noqa: E402

OUT = ROOT / "docs" / "gallery"
PHONE = 380
NAMES = ["Ana", "Bruno", "Carla", "Dario", "Ema", "Filip", "Gosia", "Hugo", "Iga", "Jan"]


def late(
    variant: str, players: int, seed: int, *, share: float = 1.0, **options: object
) -> SeatView:
    """The seat to play's view after `share` of the most tiles a seeded hand of random moves laid
    (1.0: the fullest table of the hand)."""
    match = Match(variant, players, options, seed=seed)
    rng = random.Random(seed)
    hand = match.start_hand()
    views: list[SeatView] = []
    while not hand.over:
        match.apply(rng.choice(hand.legal_actions()))
        if not hand.over:
            views.append(match.view_for(hand.turn if hand.turn is not None else 0))

    def laid(view: SeatView) -> int:  # tiles on the table, or in pairs laid (the pairs game)
        return len(view.layout.placements) + sum(len(pairs) for pairs in view.laid_pairs)

    fullest = max(range(len(views)), key=lambda index: laid(views[index]))
    return views[int(fullest * share)]


def finished(variant: str, players: int, seed: int, **options: object) -> SeatView:
    match = Match(variant, players, options, seed=seed)
    rng = random.Random(seed)
    while not match.over:
        hand = match.start_hand()
        while not hand.over:
            match.apply(rng.choice(hand.legal_actions()))
    return match.view_for(0)


def board(view: SeatView, theme: str = "light") -> Callable[[], bytes]:
    return lambda: board_png(view, names=NAMES[: view.players], theme=theme)


def dominosa() -> bytes:
    game = new_game("dominosa", {"set": 6}, seed=2)
    assert isinstance(game, DominosaGame)
    for _ in range(9):
        game.place(*game.hint().placement)
    return dominosa_png(game.grid, game.placements, highlight=game.hint().placement)


def quadrille() -> bytes:
    game = QuadrilleGame()
    for _ in range(10):
        game.place(*game.hint().placement)
    return quadrille_png(game.figure, game.placements)


def pictures() -> dict[str, tuple[str, Callable[[], bytes]]]:
    """Each picture's file name, its caption and how to draw it."""
    partnership = late("partnership", 4, 3, share=0.6)
    gameroom = late("gameroom", 10, 1, set=12)
    cyprus_hand = late("cyprus", 6, 3, share=0.5)
    german = words("de").wording()
    classic_early = deciding("classic", 2, 1)
    return {
        "line-partnership": ("line: partnership", board(partnership)),
        "line-partnership-dark": ("line, dark", board(partnership, "dark")),
        "line-whole-double-six": ("whole double-six line", board(view_of(full_line(6), players=4))),
        "line-gameroom-double-twelve": ("snaked line: game-room 12", board(gameroom)),
        "line-gameroom-double-twelve-dark": ("snaked line, dark", board(gameroom, "dark")),
        "cross": ("cross", board(late("cross", 4, 2))),
        "double-cross": ("double-cross", board(late("double-cross", 4, 5))),
        "maltese": ("maltese", board(late("maltese", 4, 4))),
        "sebastopol": ("sebastopol", board(late("sebastopol", 4, 2))),
        "cross-nine": ("cross-nine", board(late("cross-nine", 8, 2))),
        "cyprus-10-players": ("cyprus star, 10 players", board(late("cyprus", 10, 2))),
        "cyprus-6-players": ("cyprus star, 6 players", board(late("cyprus", 6, 3))),
        "french-stack": ("french stack", board(late("french", 2, 3))),
        "sum-row": ("sum row", board(late("sum", 3, 1, share=0.8))),
        "pairs": ("pairs", board(late("pairs", 2, 2))),
        "hand": ("hand", lambda: hand_png(late("classic", 2, 0, share=0.3))),
        "hand-star-ends": ("hand with ends: cyprus", lambda: hand_png(cyprus_hand)),
        "hand-opening-seven": ("hand: 7 tiles", lambda: hand_png(late("classic", 2, 4, share=0))),
        "review-decision": ("review: a decision", lambda: review_decision(classic_early)),
        "hand-star-ends-german": (
            "hand with ends, German",
            lambda: hand_png(cyprus_hand, wording=german),
        ),
        "score-sheet-partnership": (
            "score sheet: long match",
            lambda: score_sheet_png(finished("partnership", 4, 5), names=NAMES[:4]),
        ),
        "score-sheet-gameroom-teams": (
            "score sheet: 5 teams",
            lambda: score_sheet_png(
                finished("gameroom", 10, 5, set=12, teams=5), names=NAMES
            ),
        ),
        "dominosa": ("dominosa", dominosa),
        "quadrille": ("quadrille", quadrille),
    }  # fmt: skip


def review_decision(own: SeatView) -> bytes:
    """A review's picture of one decision: its caption, the board then, the hand held then. The
    caption names two of the moves the hand had (as a review would word them), so picture and
    words agree."""
    public = replace(own, hand=(), legal=())
    played, better = [move_label(action, view=own) for action in own.legal[:2]]
    moves = len(own.layout.placements)
    caption = [
        f"Hand 1, move {moves} · 8 points lost",
        f"You played {played}; better was {better}.",
    ]
    return decision_png(public, own, caption=caption, names=NAMES[:2])


def deciding(variant: str, players: int, seed: int) -> SeatView:
    """A view early in a seeded hand where the seat to play has at least two moves."""
    for share in (0.3, 0.2, 0.4, 0.1, 0.5, 0.6):
        view = late(variant, players, seed, share=share)
        if len(view.legal) >= 2 and view.turn == view.seat:
            return view
    raise AssertionError("no decision with two moves")


def phone(image: Image.Image) -> Image.Image:
    """`image` as a phone shows it: 380 pixels wide (narrower pictures stay as they are)."""
    if image.width <= PHONE:
        return image
    height = round(image.height * PHONE / image.width)
    return image.resize((PHONE, height), Image.Resampling.LANCZOS)


def small_png(image: Image.Image) -> bytes:
    """A palette PNG of a downscaled picture (its own 256 colours: fixed seed, same output)."""
    buffer = io.BytesIO()
    image.quantize(256, dither=Image.Dither.NONE).save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def contact_sheet(images: list[tuple[str, Image.Image]]) -> Image.Image:
    """Thumbnails of every picture in a grid, each captioned."""
    columns, thumb, caption = 4, 240, 26
    rows = -(-len(images) // columns)
    cell_heights = [
        max(
            round(image.height * thumb / image.width)
            for _, image in images[row * columns : (row + 1) * columns]
        )
        for row in range(rows)
    ]
    sheet = Image.new(
        "RGB",
        (columns * (thumb + 12) + 12, sum(cell_heights) + rows * (caption + 12) + 12),
        (255, 255, 255),
    )
    draw = ImageDraw.Draw(sheet)
    top = 12
    for row in range(rows):
        for column, (label, image) in enumerate(images[row * columns : (row + 1) * columns]):
            left = 12 + column * (thumb + 12)
            small = image.convert("RGB").resize(
                (thumb, round(image.height * thumb / image.width)), Image.Resampling.LANCZOS
            )
            sheet.paste(small, (left, top))
            draw.rectangle(
                (left, top, left + small.width - 1, top + small.height - 1), outline=(200, 200, 200)
            )
            at = (left, top + cell_heights[row] + 4)
            put_text(sheet, at, label, size=15, colour=(30, 30, 30))
        top += cell_heights[row] + caption + 12
    return sheet  # fmt: skip


def draw(out: Path) -> list[Path]:
    """Draw the whole gallery into `out` (its old pictures removed first; the folders in it,
    like `before/`, are kept): the pictures written, in order."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    written: list[Path] = []
    shown: list[tuple[str, Image.Image]] = []
    for name, (label, draw_picture) in pictures().items():
        data = draw_picture()
        written.append(out / f"{name}.png")
        written[-1].write_bytes(data)
        image = Image.open(io.BytesIO(data)).convert("RGB")
        written.append(out / f"{name}-380.png")
        written[-1].write_bytes(small_png(phone(image)))
        shown.append((label, image))
    written.append(out / "contact-sheet.png")
    written[-1].write_bytes(small_png(contact_sheet(shown)))
    return written


def main(argv: list[str] | None = None) -> None:
    """`make_gallery.py [FOLDER]`: draw into docs/gallery, or into FOLDER (to compare)."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else OUT
    written = draw(out)
    total = sum(path.stat().st_size for path in written)
    print(f"wrote {len(written)} pictures ({total / 1024:.0f} KiB) to {out}")


if __name__ == "__main__":
    main()
