"""Alt text for the pictures other than the board (the board's is `render.describe`): a hand, a
score sheet, a puzzle and the rating chart, each in `wording`'s language and short enough for
Discord's attachment description (1024 characters; callers cut at 1000 to be safe).

A hand's description lists its tiles: it must go only where that hand picture goes (to its
owner), never to anyone else."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.view import SeatView
from render.hand import pairs_to_lay, turn_note
from render.outcome import (
    eliminated_in,
    hand_sentence,
    match_sentence,
    out_sentence,
    pairs_laid,
    points_sentence,
)
from render.sheet import unit_names
from render.wording import ENGLISH, Wording


def describe_hand(view: SeatView, *, names: Sequence[str] = (), wording: Wording = ENGLISH) -> str:
    """The seat's own tiles and count, then whose turn it is (the seat's, another's by name
    where `names` are given, or that the hand is over)."""
    wording = wording.for_variant(view.variant)
    if view.hand:
        tiles = ", ".join(str(tile) for tile in view.hand)
        count = len(view.hand)
        parts = [wording.plural(wording.alt_hand, count, tiles=tiles, count=count)]
    else:
        parts = [wording.alt_hand_empty]
    if view.over:
        parts.append(wording.hand_match_over)
    elif 0 <= view.seat < len(view.seated) and not view.seated[view.seat] and not view.hand:
        parts.append(wording.hand_eliminated)
    elif view.turn is None:
        parts.append(wording.hand_over)
    elif view.my_turn and view.laid_pairs:
        # The pairs game's turns are not plays: say what to do (lay pairs, or exchange).
        parts.append(turn_note(view, wording=wording))
        if pairs := pairs_to_lay(view.legal):
            parts.append(wording.say(wording.alt_pairs_to_lay, pairs=", ".join(pairs)))
    elif view.my_turn:
        parts.append(wording.hand_your_turn)
    elif names:
        parts.append(wording.say(wording.describe_turn, name=wording.seat_name(names, view.turn)))
    else:
        parts.append(wording.hand_not_your_turn)
    return " ".join(parts)


def describe_sheet(view: SeatView, *, names: Sequence[str], wording: Wording = ENGLISH) -> str:
    """The score sheet's news: the game, how the last hand ended and who won it, each unit's
    points that hand and its total, and the match's winners once it is over."""
    wording = wording.for_variant(view.variant)
    game = wording.game_name(view.variant, view.variant.replace("-", " ").capitalize())
    parts = [wording.say(wording.sheet_title, game=game) + "."]
    if not view.results:
        parts.append(wording.alt_sheet_none)
        return " ".join(parts)
    result = view.results[-1]
    parts.append(hand_sentence(view, result, names, wording=wording))
    if (laid := pairs_laid(result)) is not None:
        # The pairs game counts pairs laid, and its points are those: say them once.
        counts = ", ".join(
            f"{name} {wording.number(count)}"
            for name, count in zip(unit_names(view, names, wording=wording), laid, strict=True)
        )
        parts.append(wording.say(wording.describe_pairs, pairs=counts))
        if view.over:
            parts.append(match_sentence(view, view.winners, names, wording=wording))
        return " ".join(parts)
    parts.append(points_sentence(view, result, names, wording=wording))
    for unit in eliminated_in(view, len(view.results) - 1):
        parts.append(out_sentence(view, unit, names, wording=wording))
    if view.over:
        parts.append(match_sentence(view, view.winners, names, wording=wording))
    return " ".join(parts)


def describe_dominosa(
    grid: Sequence[Sequence[int]], placed: int, *, size: int, wording: Wording = ENGLISH
) -> str:
    """A Dominosa puzzle of the double-`size` set: how many of its tiles are placed."""
    total = len(grid) * max((len(row) for row in grid), default=0) // 2
    return wording.plural(wording.alt_dominosa, total, size=size, placed=placed, count=total)


def describe_quadrille(figure: Sequence[str], placed: int, *, wording: Wording = ENGLISH) -> str:
    """A Quadrille figure: its size in cells and how many of its tiles are placed."""
    rows = len(figure)
    columns = max((len(line) for line in figure), default=0)
    total = sum(letter != "." for line in figure for letter in line) // 2
    return wording.plural(
        wording.alt_quadrille, total, rows=rows, columns=columns, placed=placed, count=total
    )


def describe_chart(ratings: Iterable[float], *, name: str, wording: Wording = ENGLISH) -> str:
    """The rating chart of `name`: the rating after the first and the last rated match (whole
    points, as the chart's scale reads) and how many matches it shows."""
    values = list(ratings)
    if not values:
        raise ValueError("a rating chart needs at least one rating")
    first, last = round(values[0]), round(values[-1])
    return wording.plural(
        wording.alt_chart, len(values), name=name, first=first, last=last, count=len(values)
    )
