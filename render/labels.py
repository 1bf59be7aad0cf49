"""How moves are named, the same on the buttons, in the hand picture, on the board's tags, in the
log and the alt text: a play on an end that the number showing does not name alone says which
end it is as the board picture shows it ("6-6 on 6 left", "9-8 on 9 (empty place)"), with the
names the board's tags give the ends (one function names them: `render.ends.name_ends`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from engine.actions import Action, Draw, Pass, Play
from engine.layout import Layout, Placement, Shape
from engine.trains import MEXICAN
from engine.variants.fives import crosswise, place_open
from engine.variants.mexican_train import Stop, TrainPlay
from engine.view import SeatView
from render.board import plan_board
from render.ends import EndName, name_ends, say_end
from render.wording import ENGLISH, Wording


def move_label(
    action: Action,
    *,
    wording: Wording = ENGLISH,
    view: SeatView | None = None,
    names: Sequence[str] = (),
) -> str:
    """`"6-4"` for a play whose place needs no choice, `"6-4 on 6"` for a play on the end showing
    6, `"6-6 on 6 left"` for a play on one of two ends showing 6 (named as the board picture of
    `view` tags it; without `view`, by the number the end shows), `"draw"`, `"pass"` (in
    `wording`'s language); in Mexican Train a play names its train (`"12-5 on Ana's train"`,
    `"on your train"` for the seat of `view`, `"on the Mexican train"`; `names`: the seats'
    names) and a run ends with `"stop the run"`; a variant's own action is named by its text
    form."""
    if isinstance(action, TrainPlay):
        return train_label(action, wording=wording, view=view, names=names)
    if isinstance(action, Stop):
        return wording.train_move_stop
    if isinstance(action, Play):
        if action.end is None:
            return str(action.tile)
        arm = end_arm(view, action.end) if isinstance(action.end, str) and view else None
        if arm is None and view is not None:
            arm = plain_arm(view, action)
        if arm is not None and view is not None:
            end = end_name(view, arm, wording=wording)
        elif isinstance(action.end, str):
            end = str(action.end)  # no picture to name it by: a caller's bug, shown as it is
        else:
            end = wording.number(action.end)
        return wording.say(wording.move_on, tile=str(action.tile), end=end)
    if isinstance(action, Draw):
        return wording.move_draw
    if isinstance(action, Pass):
        return wording.move_pass
    return str(action)


def end_arm(view: SeatView, end: str) -> str | None:
    """The arm a play's `end` names: an arm id, or in the fives games the text of the crosswise
    double whose end it is (`"4-4"`, `engine.variants.fives`); None when no open end is so
    named."""
    if end in view.layout.arms:
        return end
    layout = view.layout
    for arm in layout.arms.values():
        if crosswise(arm) and place_open(layout, arm) and f"{arm.number}-{arm.number}" == end:
            return arm.id
    return None


def plain_arm(view: SeatView, action: Play) -> str | None:
    """In the fives games, the arm of a play on a plain end (`"end": 4`) when the same tile may
    also go on a crosswise double's end showing that number (`"4-4"`): both are then named as
    the board names them ("4 left", "4 right"), not one by its number alone. None elsewhere."""
    if not isinstance(action.end, int) or isinstance(action.end, bool):
        return None
    layout = view.layout
    shared = any(
        isinstance(other, Play)
        and other.tile == action.tile
        and isinstance(other.end, str)
        and other.end not in layout.arms
        for other in view.legal
    )
    if not shared:
        return None
    for arm in layout.arms.values():
        if arm.number == action.end and not crosswise(arm) and place_open(layout, arm):
            return arm.id
    return None


def train_label(
    action: TrainPlay,
    *,
    wording: Wording = ENGLISH,
    view: SeatView | None = None,
    names: Sequence[str] = (),
) -> str:
    """A Mexican Train play named by its train, as its move button says it."""
    tile, key = str(action.tile), action.train
    if key is None:
        return tile  # its one legal place: nothing to choose
    if key == MEXICAN:
        return wording.say(wording.train_move_mexican, tile=tile)
    assert isinstance(key, int)
    if view is not None and key == view.seat:
        return wording.say(wording.train_move_own, tile=tile)
    return wording.say(wording.train_move_seat, tile=tile, name=wording.seat_name(names, key))


def end_name(view: SeatView, arm: str, *, wording: Wording = ENGLISH) -> str:
    """The name the board picture of `view` gives the open end of `arm`, in words."""
    return say_end(named_end(view, arm), wording=wording)


def named_end(view: SeatView, arm: str) -> EndName:
    """The name the board picture of `view` gives the open end of `arm` (see `render.ends`)."""
    name = _names(_Table.of(view)).get(arm)
    return name if name is not None else EndName(view.layout.arms[arm].number)


def before_last(view: SeatView) -> SeatView | None:
    """`view` with its table as it was before the last tile was laid (what the player who laid
    it saw), or None when there is no such tile on an arm."""
    placements = view.layout.placements
    if len(placements) < 2 or placements[-1].arm is None:
        return None
    return dataclasses.replace(view, layout=_replayed(view.layout, placements[:-1]))


def played_end(view: SeatView) -> EndName | None:
    """The end the last tile of `view` was laid on, named as the board showed it then (the end
    is covered now): the name its move button, the log and the alt text give it."""
    before = before_last(view)
    if before is None:
        return None
    arm = view.layout.placements[-1].arm
    assert arm is not None  # before_last checked it
    return named_end(before, arm)


def played_label(action: Play, view: SeatView, *, wording: Wording = ENGLISH) -> str:
    """The last play of `view` (`action`) as its move button named it."""
    if not isinstance(action.end, str):
        return move_label(action, wording=wording)  # by the number it went on, or no end
    placements = view.layout.placements
    name = played_end(view) if placements and placements[-1].tile == action.tile else None
    if name is None:
        return str(action.tile)  # laid where no choice was made, or not on this table
    end = say_end(name, wording=wording)
    return wording.say(wording.move_on, tile=str(action.tile), end=end)


def _replayed(layout: Layout, placements: list[Placement]) -> Layout:
    """A layout of `layout`'s shape holding only `placements`, laid again in order."""
    again = layout.fresh()
    for placement in placements:
        if placement.arm is None:
            if layout.shape is Shape.ROW:
                again.add_to_row(placement.tile)
            else:
                again.lay_lead(placement.tile)
        else:
            assert placement.shows is not None
            again.lay(placement.tile, placement.arm, placement.shows)
    return again


@dataclass(frozen=True, slots=True)
class _Table:
    """A table's key for the cache of its ends' names: what its picture is drawn from."""

    variant: str
    placements: tuple[Placement, ...]
    view: SeatView = field(compare=False, hash=False)

    @classmethod
    def of(cls, view: SeatView) -> _Table:
        return cls(view.variant, tuple(view.layout.placements), view)


@lru_cache(maxsize=1024)  # every table being shown: 200 tables thrashed 32
def _names(table: _Table) -> dict[str, EndName]:
    """The open ends' names as the board picture lays them out (arranged once for all the
    buttons of a turn)."""
    return name_ends(plan_board(table.view).arrangement.tags)
