"""The engine's command line.

    python -m engine variants [--json]
    python -m engine replay FILE|-
    python -m engine review FILE|- --seat N [--worlds W] [--cpu-ms MS] [--json]
    python -m engine simulate --variant ID --players N --hands H --seed S [--ai LEVEL]
                              [--budget-ms MS] [--json]
    python -m engine puzzle generate|solve|count ...   (see engine/puzzles/cli.py)

`replay` prints the result as JSON; a bad record exits with status 2 and one line on stderr
naming the action index and the reason. `review` judges every decision of one seat
(`engine.ai.review`) and prints its accuracy per hand and for the match, and its three costliest
decisions (with `--json`, the whole review).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from engine.ai.review import ReviewBudget, review
from engine.errors import DominoError, RecordError
from engine.puzzles import cli as puzzle_cli
from engine.record import load, replay_text
from engine.simulate import AI_LEVELS, simulate
from engine.variants import describe_games

BAD_RECORD = 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Domino rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)

    variants = commands.add_parser("variants", help="list every game")
    variants.add_argument("--json", action="store_true", help="machine-readable output")

    replay = commands.add_parser("replay", help="replay a game record and print its result")
    replay.add_argument("file", help="the record (JSON), or - for standard input")

    judged = commands.add_parser("review", help="judge one seat's decisions in a game record")
    judged.add_argument("file", help="the record (JSON), or - for standard input")
    judged.add_argument("--seat", type=int, required=True)
    judged.add_argument("--worlds", type=int, default=ReviewBudget.worlds, help="per decision")
    judged.add_argument(
        "--cpu-ms", type=int, default=ReviewBudget.cpu_ms, help="CPU time per decision, at most"
    )
    judged.add_argument("--json", action="store_true", help="the whole review as JSON")

    sim = commands.add_parser("simulate", help="play random hands and check invariants")
    sim.add_argument("--variant", required=True)
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--hands", type=int, default=100)
    sim.add_argument("--seed", default="0")
    sim.add_argument("--ai", default="random", choices=AI_LEVELS)
    sim.add_argument(
        "--budget-ms", type=int, default=None, help="time per AI move (default: the level's)"
    )
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--json", action="store_true")

    puzzle_cli.add_parser(commands)

    args = parser.parse_args(argv)
    if args.command == "puzzle":
        return puzzle_cli.run(args)
    if args.command == "variants":
        return _variants(as_json=args.json)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "review":
        return _review(args)
    return _simulate(args)


def _variants(*, as_json: bool) -> int:
    described = describe_games()
    if as_json:
        print(json.dumps(described, ensure_ascii=False, indent=2))
        return 0
    for entry in described:
        counts = entry["players"]
        players = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
        noun = "player " if players == "1" else "players"
        print(f"{entry['id']:<14} {entry['name']:<26} {players:>5} {noun}  {entry['source']}")
    return 0


def _read(path: str) -> str | None:
    """The text of `path` (`-`: standard input), or None after saying why on stderr."""
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        print(f"action 0: cannot read {path}: {error.strerror}", file=sys.stderr)
        return None


def _replay(path: str) -> int:
    text = _read(path)
    if text is None:
        return BAD_RECORD
    try:
        result = replay_text(text)
    except RecordError as error:
        print(str(error), file=sys.stderr)
        return BAD_RECORD
    print(json.dumps(result.to_json(), ensure_ascii=False))
    return 0


def _review(args: argparse.Namespace) -> int:
    text = _read(args.file)
    if text is None:
        return BAD_RECORD
    try:
        judged = review(load(text), args.seat, ReviewBudget(args.worlds, args.cpu_ms))
    except RecordError as error:
        print(str(error), file=sys.stderr)
        return BAD_RECORD
    if args.json:
        print(json.dumps(judged.to_json(), ensure_ascii=False))
        return 0
    accuracy = judged.accuracy()
    shown = "-" if accuracy is None else f"{accuracy:.0f}%"
    print(
        f"seat {judged.seat}: {len(judged.decisions)} decisions, accuracy {shown}, "
        f"mean loss {judged.mean_loss():.1f} points ({judged.capped} stopped by the CPU budget)"
    )
    for summary in judged.hands():
        print(
            f"  hand {summary.hand + 1}: {summary.decisions} decisions, "
            f"accuracy {summary.accuracy:.0f}%, mean loss {summary.mean_loss:.1f}"
        )
    for decision in judged.costliest(3):
        print(
            f"  hand {decision.hand + 1}, action {decision.turn + 1}: played {decision.played} "
            f"({decision.played_value:.1f}), better {decision.best} ({decision.best_value:.1f}), "
            f"lost {decision.loss:.1f}"
        )
    return 0


def _option_value(text: str) -> int | str | bool:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        return text


def _simulate(args: argparse.Namespace) -> int:
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = _option_value(value)
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    try:
        summary = simulate(
            args.variant,
            args.players,
            args.hands,
            seed,
            ai=args.ai,
            options=options,
            budget_ms=args.budget_ms,
        )
    except DominoError as error:
        print(f"error: {error}", file=sys.stderr)
        return BAD_RECORD
    if args.json:
        print(json.dumps(summary.to_json(), ensure_ascii=False))
    else:
        data = summary.to_json()
        print(
            f"{data['variant']} x{data['players']}: {data['hands']} hands in {data['matches']} "
            f"matches, {data['blocked']} blocked, {data['errors']} errors, {data['seconds']} s"
        )
        for message in data["error_messages"]:
            print(f"  {message}")
    return 1 if summary.errors else 0


if __name__ == "__main__":
    sys.exit(main())
