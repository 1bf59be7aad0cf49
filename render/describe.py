"""`describe(view)`: a short text description of the board for alt text and screen readers."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Draw, Pass, Play
from engine.layout import Shape
from engine.trains import trains_of
from engine.variants.mexican_train import TrainPlay
from engine.view import SeatView
from render.labels import end_name, move_label, played_label
from render.trains import describe_trains
from render.wording import ENGLISH, Wording


def describe(view: SeatView, *, names: Sequence[str], wording: Wording = ENGLISH) -> str:
    """One or a few sentences: the table, the open ends, the last move, whose turn, tile counts and
    the boneyard, in `wording`'s language. Short enough for Discord's alt text (1024
    characters)."""
    wording = wording.for_variant(view.variant)
    say = wording.say
    layout = view.layout
    game = wording.game_name(view.variant, view.variant.replace("-", " ").capitalize())
    parts: list[str] = [say(wording.describe_heading, game=game, number=view.hand_number + 1)]
    count = len(layout.placements)
    trains = trains_of(view)
    if trains is not None:
        parts.extend(describe_trains(trains, names=names, wording=wording))
    elif view.laid_pairs:
        laid = ", ".join(
            say(wording.describe_count, name=wording.seat_name(names, seat), count=len(pairs))
            for seat, pairs in enumerate(view.laid_pairs)
        )
        parts.append(say(wording.describe_pairs, pairs=laid))
    elif layout.lead is None:
        parts.append(wording.describe_empty)
    elif layout.shape is Shape.ROW:
        parts.append(wording.plural(wording.describe_row, count, count=count))
    else:
        shape = {
            "line": wording.describe_line,
            "spinner": wording.describe_cross,
            "star": wording.describe_star,
            "row": wording.describe_row,
        }[layout.shape]
        if view.variant == "french":
            shape = wording.describe_stack
        parts.append(wording.plural(shape, count, count=count, lead=str(layout.lead)))
        # the ends by the names the board's tags and the move buttons give them
        ends = ", ".join(end_name(view, arm.id, wording=wording) for arm in layout.open_arms())
        parts.append(say(wording.describe_ends, ends=ends))
    if view.total is not None:
        parts.append(say(wording.describe_total, total=view.total))
    if view.status:
        parts.append(view.status.rstrip(".") + ".")
    if view.history:
        action = view.history[-1]
        name = wording.seat_name(names, action.seat)
        if isinstance(action, TrainPlay):
            move = move_label(action, wording=wording, names=names)
            parts.append(say(wording.describe_played, name=name, move=move))
        elif isinstance(action, Play):
            move = played_label(action, view, wording=wording)
            parts.append(say(wording.describe_played, name=name, move=move))
        elif isinstance(action, Draw):
            parts.append(say(wording.describe_drew, name=name))
        elif isinstance(action, Pass):
            parts.append(say(wording.describe_passed, name=name))
        else:
            move = move_label(action, wording=wording, names=names)
            parts.append(say(wording.describe_other, name=name, move=move))
    if view.turn is not None:
        parts.append(say(wording.describe_turn, name=wording.seat_name(names, view.turn)))
    counts = ", ".join(
        say(wording.describe_count, name=wording.seat_name(names, seat), count=size)
        for seat, size in enumerate(view.hand_sizes)
        if view.seated[seat]
    )
    parts.append(say(wording.describe_tiles, counts=counts))
    if view.boneyard:
        parts.append(say(wording.describe_boneyard, count=view.boneyard))
    return " ".join(parts)
