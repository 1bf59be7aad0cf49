"""How moves are named, the same on the buttons, in the hand picture and on the board's tags."""

from __future__ import annotations

from engine.actions import Action, Draw, Pass, Play
from render.wording import ENGLISH, Wording


def move_label(action: Action, *, wording: Wording = ENGLISH) -> str:
    """`"6-4"` for a play whose place needs no choice, `"6-4 on 6"` for a play on the end showing
    6, `"6-6 on N2a"` for a play on a named end, `"draw"`, `"pass"` (in `wording`'s language); a
    variant's own action is named by its text form."""
    if isinstance(action, Play):
        if action.end is None:
            return str(action.tile)
        return wording.say(wording.move_on, tile=str(action.tile), end=str(action.end))
    if isinstance(action, Draw):
        return wording.move_draw
    if isinstance(action, Pass):
        return wording.move_pass
    return str(action)
