"""Pictures of the game, drawn with Pillow: boards of every layout, hands, score sheets and
puzzles, plus `describe` (alt text) and `move_label` (how buttons name moves). Every function
that writes words takes `wording=` (render/wording.py: the words in one language; English by
default).

Pure functions over engine views with keyword-only options; they return PNG bytes and are safe to
call from a worker thread (sprites and fonts are cached, nothing else is shared). No Discord here.

>>> from engine import Match
>>> from render import board_png
>>> match = Match("classic", 2, seed=1)
>>> _ = match.start_hand()
>>> board_png(match.view_for(0), names=["Ana", "Bruno"])[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
"""

from render.alt import (
    describe_chart,
    describe_dominosa,
    describe_hand,
    describe_quadrille,
    describe_sheet,
)
from render.board import board_png
from render.decision import decision_png
from render.describe import describe
from render.hand import hand_png
from render.labels import move_label
from render.puzzles import dominosa_png, quadrille_png
from render.sheet import score_sheet_png
from render.wording import ENGLISH, Wording

__all__ = [
    "ENGLISH",
    "Wording",
    "board_png",
    "decision_png",
    "describe",
    "describe_chart",
    "describe_dominosa",
    "describe_hand",
    "describe_quadrille",
    "describe_sheet",
    "dominosa_png",
    "hand_png",
    "move_label",
    "quadrille_png",
    "score_sheet_png",
]
