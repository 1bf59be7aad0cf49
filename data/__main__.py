"""The data layer's command line, run from the project root:

    python -m data copy SOURCE TARGET

copies everything from one database to another, empty one (see `data.copy`): a path or
`sqlite:///path`, or `postgresql://user:password@host:port/database`. It prints the rows copied
per table; a refusal (a target that is not empty, a database that cannot be opened) is one line
on stderr and exit status 1.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from data.copy import copy_store
from data.models import DataError


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
    arguments = parser.parse_args(argv)
    try:
        copied = asyncio.run(copy_store(arguments.source, arguments.target))
    except DataError as error:
        print(f"copy refused: {' '.join(str(error).split())}", file=sys.stderr)
        return 1
    width = max(len(table) for table in copied)
    for table, rows in copied.items():
        print(f"{table:<{width}}  {rows}")
    print(f"{'(all)':<{width}}  {sum(copied.values())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
