"""Tiles named in messages: as the app's tile emojis where they are uploaded, else as "6-4".

The emojis are drawn by `render.emojis` (one per tile: plain for double-six sets, coloured for
double-nine and double-twelve) and uploaded as application emojis, which every server and DM
shows without permissions. At start (`DominoBot.setup_hook`, in the background so the bot
connects at once) `sync` lists the app's emojis (one request), uploads only those missing,
their names carrying a hash of the drawing (`d_6_4_1f3a`) so a redrawn tile is uploaded afresh.
The stale ones of ours (an older drawing) are kept: the messages already sent name them, and
during a rolling deploy the processes still on the old version use them. They are removed only
when the app needs their room (an app owns 2,000 emojis at most), oldest first, or by hand
(`python -m cogs.common emojis --prune`, once every process runs the new version). No other
emoji of the app is ever touched. What it finds is
kept in memory (`install`): a click never costs an API call. Several processes of one bot each
list at start and so share what one of them uploads: the one that syncs the slash commands
(`SYNC_COMMANDS`); the others list again now and then until every emoji is there. Two that
race all the same (two uploaders by mistake) see Discord refuse the second upload of a name
(taken) and list again.

Until then, or when the API fails, or with `TILE_EMOJIS=no`, or for a tile without an emoji
(a set above double-twelve), a tile is named in words ("6-4"), as it always is where an emoji
cannot show: alt texts, logs, records, the store.

`python -m cogs.common emojis` does the same upload by hand for self-hosters (`upload_by_hand`:
the bot's token from the environment or `.env`), and prints what it did; `--prune` also
removes every stale tile emoji.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from cogs.lang import Said
from cogs.lang.said import is_message
from engine.tiles import Tile
from render import emojis as drawn

log = logging.getLogger("domino")

#: How long a process that does not upload waits before it lists the emojis again, while the
#: uploading process is still at work, and how many times.
RELIST_SECONDS = 60.0
RELISTS = 10
#: The most emojis an application may own (Discord's limit).
APP_EMOJI_LIMIT = 2000
#: A tile in a sentence's values: "6-4" (how the engine and the log write tiles).
TILE_TEXT = re.compile(r"(\d{1,2})-(\d{1,2})")


@dataclass(frozen=True)
class TileEmojis:
    """The uploaded tile emojis by name, with their ids."""

    ids: Mapping[str, int] = field(default_factory=dict)

    def emoji(self, tile: Tile, top: int) -> discord.PartialEmoji | None:
        """The emoji of `tile` on a table whose set goes up to `top`; None when there is none."""
        look = drawn.look_for(max(top, tile.high))
        if look is None:
            return None
        name = drawn.emoji_name(tile, look)
        emoji_id = self.ids.get(name)
        return None if emoji_id is None else discord.PartialEmoji(name=name, id=emoji_id)

    def text(self, tile: Tile, top: int) -> str:
        """`tile` in a message's text: its emoji, else its words ("6-4")."""
        emoji = self.emoji(tile, top)
        return str(tile) if emoji is None else str(emoji)


@dataclass(frozen=True)
class TileMark:
    """A tile's emoji beside the words that name it ("6-4"), for a label that shows the emoji
    instead of the words."""

    emoji: discord.PartialEmoji
    words: str

    def short(self, label: str) -> str:
        """`label` without the tile's words ("6-4 on 6 left": "on 6 left"); "" for the bare
        tile."""
        return label.replace(self.words, "", 1).strip(" :·-")


def marks(
    actions: Sequence[object], top: int, found: TileEmojis | None = None
) -> list[TileMark | None]:
    """The emoji of the tile each action places (a play), None for the others or without
    emojis."""
    found = shown() if found is None else found
    result: list[TileMark | None] = []
    for action in actions:
        tile = getattr(action, "tile", None)
        emoji = found.emoji(tile, top) if isinstance(tile, Tile) and found.ids else None
        result.append(None if emoji is None else TileMark(emoji, str(tile)))
    return result


def with_emoji(label: str, tile: Tile, top: int) -> str:
    """`label` with the tile's words replaced by its emoji in text, where there is one."""
    text = shown().text(tile, top)
    return label if text == str(tile) else label.replace(str(tile), text, 1)


NONE = TileEmojis()
_shown: list[TileEmojis] = [NONE]


def install(found: TileEmojis) -> None:
    """Use `found` from now on in this process (NONE: words only)."""
    _shown[0] = found


def shown() -> TileEmojis:
    """The tile emojis this process uses now."""
    return _shown[0]


def tile_of(text: object) -> Tile | None:
    """The tile a value names ("6-4", or a `Tile`); None for anything else."""
    if isinstance(text, Tile):
        return text
    match = TILE_TEXT.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        return None
    high, low = int(match.group(1)), int(match.group(2))
    return Tile(max(high, low), min(high, low))


def tiled(said: Said, top: int, found: TileEmojis | None = None) -> Said:
    """`said` with the tile it names (a `tile` value, in it or in a sentence inside it) shown
    as its emoji; `said` itself when no emoji is uploaded."""
    found = shown() if found is None else found
    if not found.ids:
        return said
    values: list[tuple[str, Any]] = []
    for name, value in said.values:
        tile = tile_of(value) if name == "tile" else None
        if tile is not None:
            value = found.text(tile, top)
        elif isinstance(value, Said):
            value = tiled(value, top, found)
        elif name == "move" and tile_of(value) is not None:  # a play with no end: "6-4"
            tile = tile_of(value)
            assert tile is not None
            value = found.text(tile, top)
        elif is_message(value):  # an engine Message: "{tile} on {end}"
            value = tiled(Said.from_message(value), top, found)
        values.append((name, value))
    return Said(said.message, tuple(values), said.plural, said.count, said.context)


# -- uploading ---------------------------------------------------------------------------------


@dataclass
class Synced:
    """What a sync did: the emojis found afterwards, and the names uploaded and removed."""

    found: TileEmojis
    #: Every tile emoji's name, as drawn now.
    wanted: list[str] = field(default_factory=list)
    uploaded: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


async def _listed(client: discord.Client) -> dict[str, int]:
    return {emoji.name: emoji.id for emoji in await client.fetch_application_emojis()}


async def sync(
    client: discord.Client, wanted: Mapping[str, bytes] | None = None, *, prune: bool = False
) -> Synced:
    """Upload the tile emojis the app lacks and say which are there. Stale ones of ours are
    removed only to make room for the uploads (oldest first), or all of them with `prune`.
    Raises `discord.HTTPException` when the list itself fails (nothing is known then); a failed
    upload leaves that tile in words and the others as they are."""
    if wanted is None:
        wanted = await asyncio.to_thread(drawn.all_emojis)  # drawing 119 takes a second
    have = await _listed(client)
    done = Synced(TileEmojis(), wanted=list(wanted))
    missing = [name for name in wanted if name not in have]
    stale = sorted(
        (emoji_id, name)
        for name, emoji_id in have.items()
        if drawn.is_tile_emoji(name) and name not in wanted
    )  # an emoji's id is a snowflake: in the order they were uploaded
    over = len(have) + len(missing) - APP_EMOJI_LIMIT
    for emoji_id, name in stale if prune else stale[: max(over, 0)]:
        if await _removed(client, name, emoji_id):
            del have[name]
            done.removed.append(name)
    raced = False
    for name in missing:
        png = wanted[name]
        try:
            made = await client.create_application_emoji(name=name, image=png)
        except discord.HTTPException as error:
            if error.code == 50035 and "taken" in str(error).lower():
                raced = True  # another process of this bot uploaded it a moment ago
                continue
            log.warning("tile emoji %s not uploaded: %s", name, error)
            done.failed.append(name)
            continue
        have[made.name] = made.id
        done.uploaded.append(name)
    if raced:
        have = await _listed(client)
    done.found = TileEmojis({name: have[name] for name in wanted if name in have})
    return done


async def _removed(client: discord.Client, name: str, emoji_id: int) -> bool:
    """Remove one stale tile emoji of ours; whether it is gone."""
    app = client.application_id or 0  # known once logged in: the list needed it
    try:
        await client.http.delete_application_emoji(app, emoji_id)
    except discord.HTTPException as error:
        log.warning("stale tile emoji %s not removed: %s", name, error)
        return False
    return True


async def upload_by_hand(token: str, *, prune: bool = False) -> Synced:
    """Log in with `token` (no gateway) and sync the tile emojis (`prune`: removing every
    stale one)."""
    client = discord.Client(intents=discord.Intents.none())
    async with client:
        await client.login(token)
        return await sync(client, prune=prune)


async def sync_and_install(client: discord.Client, *, upload: bool = True) -> Synced | None:
    """`sync`, then use what it found; on any failure, tiles stay in words (a start never
    fails for emojis). A process that does not `upload` (the bot's other processes: one of
    them uploads, as one syncs the commands) only lists, and while some are missing (the
    uploader is still at work) lists again after `RELIST_SECONDS`, `RELISTS` times at most."""
    done: Synced | None = None
    for attempt in range(1 if upload else RELISTS + 1):
        if attempt:
            await asyncio.sleep(RELIST_SECONDS)
        try:
            done = await sync(client) if upload else await listed_only(client)
        except (discord.HTTPException, discord.DiscordException, OSError) as error:
            log.warning("tile emojis unavailable, tiles shown in words: %s", error)
            return None
        install(done.found)
        if len(done.found.ids) == len(done.wanted):
            break
    assert done is not None
    log.info(
        "tile emojis: %d of %d in use, %d uploaded, %d removed",
        len(done.found.ids),
        len(done.wanted),
        len(done.uploaded),
        len(done.removed),
    )
    return done


async def listed_only(client: discord.Client) -> Synced:
    """The tile emojis the app has now, uploading nothing."""
    wanted = await asyncio.to_thread(drawn.all_emojis)
    have = await _listed(client)
    found = TileEmojis({name: have[name] for name in wanted if name in have})
    return Synced(found, wanted=list(wanted))
