"""The AI's choices over many positions of every game, to compare two versions of the code.

A refactor of the AI that should change no move is checked by running this before and after
and comparing the outputs line by line (`diff`): each line is one position and level with the
action chosen. Search levels sample a fixed number of worlds (`worlds=`), so a choice depends
only on the view and the seed, never on the clock or the machine's load.

    python -m bench.ai_choices --per-setup 5 > before.txt   # on the old code
    python -m bench.ai_choices --per-setup 5 > after.txt    # on the new code
    diff before.txt after.txt && echo identical

Positions come from `tests.ai_positions` (random play to a point of the first or second hand),
`--per-setup` of them for each variant and player count; only positions with a choice count.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from engine.ai import LEVELS, choose_action
from tests.ai_positions import SETUPS, positions


def choices(per_setup: int, worlds: int, seed: str) -> list[str]:
    """One line per position with a choice and level: setup, position number, level, action."""
    lines: list[str] = []
    for variant_id, players, options in SETUPS:
        found = 0
        candidates = positions(variant_id, players, options, 8 * per_setup, f"{seed}:{variant_id}")
        for number, match in enumerate(candidates):
            if found == per_setup:
                break
            assert match.hand is not None
            view = match.view_for(match.hand.turn)
            if len(view.legal) < 2:
                continue
            found += 1
            for level in LEVELS:
                action = choose_action(view, level, random.Random(number), worlds=worlds)
                record = json.dumps(action.to_record(), sort_keys=True)
                lines.append(f"{variant_id}/{players} #{number} {level}: {record}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-setup", type=int, default=5, help="positions per game setup")
    parser.add_argument("--worlds", type=int, default=20, help="sampled worlds a search move")
    parser.add_argument("--seed", default="choices")
    args = parser.parse_args(argv)
    started = time.process_time()
    lines = choices(args.per_setup, args.worlds, args.seed)
    print("\n".join(lines))
    positions_seen = len(lines) // len(LEVELS)
    spent = time.process_time() - started
    print(f"# {positions_seen} positions, {len(lines)} choices, {spent:.0f} s CPU", flush=True)


if __name__ == "__main__":
    main()
