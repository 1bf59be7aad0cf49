"""`python -m cogs.common emojis [--prune]`: upload the tile emojis the app lacks, as the bot
does at each start (`cogs.common.tiles`), for a self-hoster who wants it done before the first
start or with `TILE_EMOJIS=no`; with `--prune`, also remove the stale ones of ours (an older
drawing), once no process of an older version runs. Reads the settings as the bot does (the
environment, then `.env`)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence

from cogs.common import tiles
from cogs.common.bot import redirect_discord
from cogs.common.settings import ConfigError, Settings

USAGE = "usage: python -m cogs.common emojis [--prune]"


def main(argv: Sequence[str]) -> int:
    if list(argv) not in (["emojis"], ["emojis", "--prune"]):
        print(USAGE, file=sys.stderr)
        return 2
    try:
        settings = Settings.from_environment()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    redirect_discord(settings.api_base, settings.gateway_url)
    done = asyncio.run(tiles.upload_by_hand(settings.token, prune="--prune" in argv))
    print(
        f"{len(done.found.ids)} tile emojis in use: {len(done.uploaded)} uploaded, "
        f"{len(done.removed)} stale ones removed, {len(done.failed)} failed"
    )
    return 1 if done.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
