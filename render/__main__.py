"""Draw any position of a game record:

    python -m render RECORD --hand N --after M --out board.png [--seat S] [--sheet]
                            [--theme dark] [--names Ana,Bruno]

hand N counts from 0 and M is how many of its actions have been played (default: all of them).
`--seat S` draws that seat's hand instead of the board; `--sheet` draws the score sheet. RECORD
may be `-` for standard input. A bad record or position exits with status 2 and one line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.errors import DominoError
from engine.match import Match
from engine.record import load, replay
from render.board import board_png
from render.hand import hand_png
from render.sheet import score_sheet_png


def position(record: Mapping[str, Any], hand: int, after: int | None) -> Match:
    """The match of `record` with hand `hand` stopped after its first `after` actions (all of
    them when `after` is None); earlier hands are played in full."""
    hands = record.get("hands")
    if not isinstance(hands, list) or not hands:
        raise DominoError("the record has no hands")
    if not 0 <= hand < len(hands):
        raise DominoError(
            f"hand {hand} does not exist (the record has hands 0 to {len(hands) - 1})"
        )
    chosen = hands[hand]
    if not isinstance(chosen, dict):
        raise DominoError(f"hand {hand} must be an object")
    actions = chosen.get("actions", [])
    if not isinstance(actions, list):
        raise DominoError(f"the actions of hand {hand} must be a list")
    count = len(actions) if after is None else after
    if not 0 <= count <= len(actions):
        raise DominoError(
            f"hand {hand} has {len(actions)} actions; --after must be 0 to {len(actions)}"
        )
    cut = dict(record)
    cut["hands"] = [*hands[:hand], {**chosen, "actions": actions[:count]}]
    return replay(cut).match


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__.split("\n\n")[0])
    parser.add_argument("record", help="a game record (JSON), or - for standard input")
    parser.add_argument("--hand", type=int, default=0, help="the hand, counted from 0")
    parser.add_argument("--after", type=int, default=None, help="actions played (default: all)")
    parser.add_argument("--out", default="board.png", help="the PNG file to write")
    parser.add_argument("--seat", type=int, default=None, help="draw this seat's hand")
    parser.add_argument("--sheet", action="store_true", help="draw the score sheet")
    parser.add_argument("--theme", default="light", choices=("light", "dark"))
    parser.add_argument("--names", default=None, help="seat names, comma separated")
    args = parser.parse_args(argv)
    try:
        text = sys.stdin.read() if args.record == "-" else Path(args.record).read_text("utf-8")
        match = position(load(text), args.hand, args.after)
        names = args.names.split(",") if args.names else [f"Seat {n}" for n in range(match.players)]
        if len(names) != match.players:
            raise DominoError(f"--names lists {len(names)} seats; the match has {match.players}")
        seat = args.seat if args.seat is not None else 0
        if not 0 <= seat < match.players:
            raise DominoError(f"there is no seat {seat} (seats 0 to {match.players - 1})")
        view = match.view_for(seat)
        if args.sheet:
            data = score_sheet_png(view, names=names, theme=args.theme)
        elif args.seat is not None:
            data = hand_png(view, theme=args.theme)
        else:
            data = board_png(view, names=names, theme=args.theme)
        Path(args.out).write_bytes(data)
    except (DominoError, OSError, ValueError) as error:
        print(f"python -m render: {error}", file=sys.stderr)
        return 2
    print(f"wrote {args.out} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
