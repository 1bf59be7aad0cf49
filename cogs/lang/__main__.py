"""`python -m cogs.lang extract` (write the templates) and `python -m cogs.lang update` (merge
them into every language's .po). Run from the project root."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from cogs.lang.extract import extract, update

USAGE = "usage: python -m cogs.lang extract|update"


def main(argv: Sequence[str]) -> int:
    if list(argv) == ["extract"]:
        paths = extract()
    elif list(argv) == ["update"]:
        paths = update()
    else:
        print(USAGE, file=sys.stderr)
        return 2
    for path in paths:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
