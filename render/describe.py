"""`describe(view)`: a short text description of the board for alt text and screen readers."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Draw, Pass, Play
from engine.layout import Shape
from engine.view import SeatView
from render.labels import move_label


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"


def describe(view: SeatView, *, names: Sequence[str]) -> str:
    """One or a few sentences: the table, the open ends, the last move, whose turn, tile counts and
    the boneyard. Short enough for Discord's alt text (1024 characters)."""
    layout = view.layout
    parts: list[str] = [
        f"{view.variant.replace('-', ' ').capitalize()}, hand {view.hand_number + 1}."
    ]
    count = len(layout.placements)
    if view.laid_pairs:
        laid = ", ".join(
            f"{_name(names, seat)} {len(pairs)}" for seat, pairs in enumerate(view.laid_pairs)
        )
        parts.append(f"Pairs laid: {laid}.")
    elif layout.lead is None:
        parts.append("The table is empty.")
    elif layout.shape is Shape.ROW:
        parts.append(f"{count} tile{'s' if count != 1 else ''} laid.")
    else:
        shape = {"line": "A line", "spinner": "A cross", "star": "A star", "row": "A row"}[
            layout.shape
        ]
        if view.variant == "french":
            shape = "A stack"
        parts.append(f"{shape} of {count} tile{'s' if count != 1 else ''} from {layout.lead}.")
        ends = ", ".join(f"{arm.id} {arm.number}" for arm in layout.open_arms())
        parts.append(f"Open ends: {ends}.")
    if view.total is not None:
        parts.append(f"Total {view.total}.")
    if view.status:
        parts.append(view.status.rstrip(".") + ".")
    if view.history:
        action = view.history[-1]
        if isinstance(action, Play):
            done = f"played {move_label(action)}"
        elif isinstance(action, Draw):
            done = "drew"
        elif isinstance(action, Pass):
            done = "passed"
        else:
            done = move_label(action)
        parts.append(f"Last move: {_name(names, action.seat)} {done}.")
    if view.turn is not None:
        parts.append(f"{_name(names, view.turn)} to play.")
    counts = ", ".join(
        f"{_name(names, seat)} {size}"
        for seat, size in enumerate(view.hand_sizes)
        if view.seated[seat]
    )
    parts.append(f"Tiles: {counts}.")
    if view.boneyard:
        parts.append(f"Boneyard {view.boneyard}.")
    return " ".join(parts)
