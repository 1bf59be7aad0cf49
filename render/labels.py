"""How moves are named, the same on the buttons, in the hand picture and on the board's tags: a
play on an end that the number showing does not name alone says where the end is in the board
picture ("6-6 on 6 left"), with the names the board's tags give the ends (see `render.ends`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from engine.actions import Action, Draw, Pass, Play
from engine.layout import Layout, Placement, Shape
from engine.view import SeatView
from render.board import table_arrangement
from render.ends import say_end, side_words
from render.spots import EndTag
from render.wording import ENGLISH, Wording


def move_label(action: Action, *, wording: Wording = ENGLISH, view: SeatView | None = None) -> str:
    """`"6-4"` for a play whose place needs no choice, `"6-4 on 6"` for a play on the end showing
    6, `"6-6 on 6 left"` for a play on one of two ends showing 6 (named as the board picture of
    `view` tags it; without `view`, by the engine's end id), `"draw"`, `"pass"` (in `wording`'s
    language); a variant's own action is named by its text form."""
    if isinstance(action, Play):
        if action.end is None:
            return str(action.tile)
        end = str(action.end)
        if isinstance(action.end, str) and view is not None:
            end = end_name(view, action.end, wording=wording)
        return wording.say(wording.move_on, tile=str(action.tile), end=end)
    if isinstance(action, Draw):
        return wording.move_draw
    if isinstance(action, Pass):
        return wording.move_pass
    return str(action)


def end_name(view: SeatView, arm: str, *, wording: Wording = ENGLISH) -> str:
    """The name the board picture of `view` gives the open end of `arm`."""
    ends, lead_arms = _ends(_Table.of(view))
    sides = side_words(ends, lead_arms=lead_arms)
    number = view.layout.arms[arm].number
    return say_end(number, sides.get(arm), wording=wording)


@dataclass(frozen=True, slots=True)
class _Table:
    """A table's key for the cache of its open ends: what its picture is drawn from."""

    variant: str
    placements: tuple[Placement, ...]
    view: SeatView = field(compare=False, hash=False)

    @classmethod
    def of(cls, view: SeatView) -> _Table:
        return cls(view.variant, tuple(view.layout.placements), view)


@lru_cache(maxsize=1024)  # every table being shown: 200 tables thrashed 32
def _ends(table: _Table) -> tuple[tuple[EndTag, ...], bool]:
    """The open ends as the board picture lays them out (arranged once for all the buttons of a
    turn), and whether the lead's arms are named by the way they leave it."""
    layout: Layout = table.view.layout
    ends = tuple(table_arrangement(table.view).tags)
    return ends, layout.shape in (Shape.SPINNER, Shape.STAR)
