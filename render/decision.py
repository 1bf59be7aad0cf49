"""A review's picture of one decision: a caption that ties it to the decision (which hand and
move, what was played, what was better), the board as everyone saw it then, and under it the
hand the player held, its playable tiles marked as they were. Drawn as one picture, so that it
reads alone on a phone, away from the message around it."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.view import SeatView
from render.board import WIDTH, board_image
from render.encode import png_bytes
from render.hand import hand_image
from render.sprites import pips_for, set_top
from render.text import font, put_text, wrap
from render.theme import get_theme
from render.wording import ENGLISH, Wording

MARGIN = 14
CAPTION_SIZE = 24  # 11.4 px when a phone shows the picture 380 px wide
CAPTION_LINE = 32
GAP = 8  # between the board and the hand


def decision_png(
    public: SeatView,
    own: SeatView,
    *,
    caption: Sequence[str],
    names: Sequence[str],
    theme: str = "light",
    wording: Wording = ENGLISH,
) -> bytes:
    """The decision's picture as PNG bytes: `caption`'s lines over the board of the `public`
    view, the `own` view's hand under it."""
    image = decision_image(public, own, caption=caption, names=names, theme=theme, wording=wording)
    return png_bytes(image, pips_for(get_theme(theme), set_top(public)))


def decision_image(
    public: SeatView,
    own: SeatView,
    *,
    caption: Sequence[str],
    names: Sequence[str],
    theme: str = "light",
    wording: Wording = ENGLISH,
) -> Image.Image:
    palette = pips_for(get_theme(theme), set_top(public))
    face = font(CAPTION_SIZE, bold=True)
    lines = [
        part for line in caption for part in wrap(line, face, WIDTH - 2 * MARGIN, separator=" ")
    ]
    board = board_image(public, names=names, theme=theme, wording=wording)
    hand = hand_image(own, theme=theme, wording=wording)
    # The hand at the board's width: its type was sized for its own width (a phone shrinks the
    # whole picture to PHONE_WIDTH), so it keeps that size on the phone, never smaller.
    scale = WIDTH / hand.width
    hand = hand.resize((WIDTH, round(hand.height * scale)), Image.Resampling.LANCZOS)
    top = MARGIN + CAPTION_LINE * len(lines)
    height = top + board.height + GAP + hand.height
    canvas = Image.new("RGB", (WIDTH, height), palette.background)
    for index, line in enumerate(lines):
        at = (MARGIN, MARGIN + CAPTION_LINE * index)
        put_text(canvas, at, line, size=CAPTION_SIZE, bold=index == 0, colour=palette.ink)
    canvas.paste(board, (0, top))
    canvas.paste(hand, (0, top + board.height + GAP))
    return canvas
