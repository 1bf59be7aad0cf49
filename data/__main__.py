"""The data layer's command line, run from the project root:

    python -m data copy SOURCE TARGET
    python -m data backup PATH [--database DATABASE]
    python -m data restore PATH [--database DATABASE]

`copy` copies everything from one database to another, empty one (see `data.copy`): a path or
`sqlite:///path`, or `postgresql://user:password@host:port/database`. It prints the rows copied
per table. `backup` backs the bot's SQLite store up into a new file while the bot runs;
`restore` puts such a backup into a fresh store (see `data.backup`). The store is the bot's
(`DATABASE_URL`, else `DATABASE_PATH`, from the environment or `.env`, else domino.sqlite3)
unless `--database` names another. A refusal (a target that is not empty, a database that
cannot be opened) is one line on stderr and exit status 1.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from dotenv import dotenv_values

from data.backup import backup, restore
from data.copy import copy_store
from data.models import DataError

HERE = Path(__file__).resolve().parents[1]


def bot_database() -> str:
    """The store the bot uses, read as the bot reads its settings: the environment over `.env`,
    `DATABASE_URL` over `DATABASE_PATH`, else the file beside bot.py."""
    values = {k: v for k, v in dotenv_values(HERE / ".env").items() if v is not None}
    values.update(os.environ)
    url = values.get("DATABASE_URL", "").strip()
    path = values.get("DATABASE_PATH", "").strip()
    return url or (f"sqlite:///{path}" if path else f"sqlite:///{HERE / 'domino.sqlite3'}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m data", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser(
        "copy",
        help="copy every table from SOURCE to the empty TARGET (ids kept)",
        description="Copy every table from SOURCE to the empty TARGET, ids kept, in one"
        " transaction. SOURCE is brought to the latest schema first.",
    )
    copy.add_argument("source", help="a path, sqlite:///path or postgresql://...")
    copy.add_argument("target", help="a path, sqlite:///path or postgresql://... (empty)")
    for name, helped in (
        ("backup", "back the store up into the new file PATH, while the bot runs"),
        ("restore", "put the backup PATH into a fresh store (a new file, an empty database)"),
    ):
        command = commands.add_parser(name, help=helped, description=helped)
        command.add_argument("path", type=Path, help="the backup file")
        command.add_argument("--database", help="the store, if not the bot's")
    arguments = parser.parse_args(argv)
    if arguments.command == "copy":
        return _copy(arguments.source, arguments.target)
    database = arguments.database or bot_database()
    try:
        if arguments.command == "backup":
            pages = backup(database, arguments.path)
            print(f"backed up {pages} pages into {arguments.path}")
            return 0
        restored = asyncio.run(restore(arguments.path, database))
    except DataError as error:
        print(f"{arguments.command} refused: {error}", file=sys.stderr)
        return 1
    if isinstance(restored, int):
        print(f"restored {restored} pages from {arguments.path}")
    else:
        _print_rows(restored)
    return 0


def _copy(source: str, target: str) -> int:
    try:
        copied = asyncio.run(copy_store(source, target))
    except DataError as error:
        print(f"copy refused: {' '.join(str(error).split())}", file=sys.stderr)
        return 1
    _print_rows(copied)
    return 0


def _print_rows(copied: dict[str, int]) -> None:
    width = max(len(table) for table in copied)
    for table, rows in copied.items():
        print(f"{table:<{width}}  {rows}")
    print(f"{'(all)':<{width}}  {sum(copied.values())}")


if __name__ == "__main__":
    sys.exit(main())
