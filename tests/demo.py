"""`make demo`: the real bot plays a short match against the test emulator, no token needed.

alice opens a partnership table in #domino, adds three AI seats and starts; she then plays
whatever the bot offers her (a legal move drawn from a generator seeded with `--seed`) until the
match ends, then asks for her review (the Review button on the final board) and waits for it as
long as it takes. The deals follow from the seed too and the AI seats search nothing, so the
same command plays the same match every time. Everything anyone saw is written to the output
folder: `transcript.md` (every message and every edit, with its embed and buttons, public or
private), `alice.md` (what alice saw) and every picture the bot sent, numbered in order, as sent.

It is the playtest's driver (`tests/playtest.py`) with one person. Whatever fails, the bot is
stopped, the transcript so far written and the reason printed; the exit status is then 1.

    python -m tests.demo [OUT_DIR] [--game partnership] [--target 30] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from engine.errors import DominoError
from engine.variants import get_variant
from tests.playtest import play_table, players_for, problems_of, scripted_bot

NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four"}


async def demo(out: Path, game: str, target: int, seed: int) -> int:
    try:
        kind = get_variant(game)
    except DominoError as error:
        print(f"the demo stopped: {error}", file=sys.stderr)
        return 1
    name, others = kind.name, players_for(game, 1) - 1
    target_is = next((o.help for o in kind.option_specs if o.name == "target"), "the target")
    print(
        f"Domino demo: alice and {NUMBERS.get(others, others)} AI players play a match of"
        f" {name} ({target_is}: {target}) on a Discord emulator, no token needed; every"
        f" message and picture goes to {out}/.",
        flush=True,
    )
    failed, final = None, None
    async with scripted_bot(out, seed=seed, width=None) as session:
        try:
            final = await play_table(session, game, seats=1, options={"target": target})
        except Exception as error:  # said below; the bot is stopped on the way out
            failed = f"the demo stopped: {type(error).__name__}: {error}"
        finally:
            session.transcript.look()
            problems = problems_of(session, failed)
    title = f"Domino demo: a match of {name} to {target} points"
    path = session.transcript.write(title)
    if final is not None:
        print("The end:", " / ".join(final.text.splitlines()[1:-1]))
    print(f"{path} and {session.transcript.pictures} pictures written")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("out", nargs="?", default="demo-out", type=Path)
    parser.add_argument("--game", default="partnership")
    parser.add_argument("--target", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    return asyncio.run(demo(args.out, args.game, args.target, args.seed))


if __name__ == "__main__":
    sys.exit(main())
