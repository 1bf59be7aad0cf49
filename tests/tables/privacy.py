"""The privacy watch: every version of every message the emulator stores is read, at the moment
it arrives, against what the rules let its reader know at the moment it was drawn.

Who reads a message: a message in the channel or the table's thread is read by anyone (a
spectator knows only what is public); a DM by its recipient; an ephemeral message by the one
person it is for. A seated reader also knows their own tiles.

What a reader may know (`Knowledge`, kept by watching the bot's own `Table` in the same event
loop): within one hand knowledge only grows, so for each hand and each reader it is the union,
over every state of the hand so far, of the public tiles (placed on the table, laid in pairs,
every hand shown once the hand is over) and the reader's own tiles (dealt, drawn, or put under
the stock by that reader). Beyond the hand, the board's log still shows its last lines, which
may name tiles placed in the previous hand: in an embed's description (where the board shows
its log), the tiles placed by the actions whose lines the log still holds are public too (worked
out from the actions, never from the log's words, so a log line naming a hidden tile is not its
own excuse). The boneyard is never public.

When a message was drawn (`Renders`): the bot draws from a snapshot, then sends; meanwhile the
table may move on (an AI moves, the next hand is dealt and the last hand's tiles are hidden in
new hands). The bot's drawing functions are wrapped to note, per asyncio task, the table
version they draw from (a snapshot's version; for a hand, the version at which its view was
first taken). A message arriving at version V is judged against every state from the oldest
version any task is still drawing from to V: a tile is secret only if it was secret in all of
them. No false alarm (the state it was drawn from is in the window); a leak is missed only if
the same tile became public within that short window.

Tile names: the engine writes tiles "6-4" (higher half first), and so does every text of the
bot (move labels, the log, alt texts); a leak might write "4-6", "4|6" or "[4|6]", so two
numbers joined by "-", "|" or an en dash, with no other digit or dot next to them, are read as
a tile, and so is a tile emoji's name (`d_6_4_1f3a` in `<:d_6_4_1f3a:123>` or on a button,
where the tiles are shown as emojis). A run like "10-5" (a score?) is read as the tile 10-5,
which is a secret only in a double-twelve set; the colon is not read as a joiner: custom ids
("dm:table:12:3") and Discord timestamps use it.

Pictures cannot be read back: `Pictures` maps each drawn picture's bytes to the views it was
drawn from, and a picture may be shown to a reader only if one of its views holds no secret
for them: no hand and no moves but the reader's own, and no tile put under the stock by
another seat in its history (another seat's exchange must be the engine's `HiddenExchange`).
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest

from cogs.common import pictures
from cogs.common.pictures import Picture
from cogs.tables import board
from cogs.tables.messages import hands
from cogs.tables.table import LOG_LINES, Table
from engine import Play, SeatView
from engine.actions import Action
from engine.tiles import Tile
from engine.variants.pairs import Exchange, LayPairs
from tests.emulator.emulator import Emulator
from tests.emulator.world import Channel, Message

TILE_NAME = re.compile(r"(?<![\d.])(\d{1,2})[-|\u2013](\d{1,2})(?![\d.]?\d)")
#: A tile emoji's name (`cogs.common.tiles`), in text (`<:d_6_4_1f3a:123>`) or on a button.
TILE_EMOJI = re.compile(r"\bdc?_(\d{1,2})_(\d{1,2})_[0-9a-f]{4}\b")

Reader = int | None  # a seat, or None: anyone (a spectator)
#: Where the board shows its log: an embed's description, or a layout's text display.
LOG_FIELD = re.compile(
    r"embeds\[\d+\]\.description|components(\[\d+\]\.components)*\[\d+\]\.content"
)


def tiles_named(text: str) -> set[Tile]:
    """Every tile a text names, in any of the forms described above."""
    named: set[Tile] = set()
    for match in [*TILE_NAME.finditer(text), *TILE_EMOJI.finditer(text)]:
        high, low = int(match[1]), int(match[2])
        if max(high, low) <= 12:
            named.add(Tile(high, low))
    return named


def shown_tiles(action: Action) -> frozenset[Tile]:
    """The tiles an action shows everyone: a tile placed, pairs laid. Draws and exchanges show
    none."""
    if isinstance(action, Play):
        return frozenset((action.tile,))
    if isinstance(action, LayPairs):
        return frozenset(action.from_hand())
    return frozenset()


@dataclass(frozen=True)
class Moment:
    """A table at one version: its set, and the tiles each reader may know by then."""

    version: int
    hand: int
    tiles: frozenset[Tile]
    known: Mapping[Reader, frozenset[Tile]]
    logged: frozenset[Tile]  # placed by the actions whose lines the board's log still shows


class Knowledge:
    """What each reader may know at each version of each table (see the module's docstring)."""

    def __init__(self) -> None:
        self.tables: dict[str, Table] = {}
        self.moments: dict[str, list[Moment]] = {}
        self.in_hand: dict[tuple[str, int], dict[Reader, set[Tile]]] = {}
        self.log_shows: dict[str, list[frozenset[Tile]]] = {}  # beside `Table.log`
        self.acting: dict[str, Action] = {}

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        start, apply, next_hand, write_log = (
            Table.start,
            Table.apply,
            Table.next_hand,
            Table._log,
        )
        knowledge = self

        def watched_start(self: Table, *args: Any, **kwargs: Any) -> Any:
            steps = start(self, *args, **kwargs)
            knowledge.record(self)
            return steps

        def watched_next_hand(self: Table, *args: Any, **kwargs: Any) -> Any:
            steps = next_hand(self, *args, **kwargs)
            knowledge.record(self)
            return steps

        def watched_apply(self: Table, action: Action, *args: Any, **kwargs: Any) -> Any:
            knowledge.acting[self.id] = action
            try:
                return apply(self, action, *args, **kwargs)
            finally:
                knowledge.acting.pop(self.id, None)
                knowledge.record(self)

        def watched_log(self: Table, line: Any) -> None:
            action = knowledge.acting.pop(self.id, None)
            shows = knowledge.log_shows.setdefault(self.id, [])
            shows.append(shown_tiles(action) if action is not None else frozenset())
            del shows[:-LOG_LINES]
            write_log(self, line)

        monkeypatch.setattr(Table, "start", watched_start)
        monkeypatch.setattr(Table, "next_hand", watched_next_hand)
        monkeypatch.setattr(Table, "apply", watched_apply)
        monkeypatch.setattr(Table, "_log", watched_log)

    def record(self, table: Table) -> None:
        match = table.match
        if match is None or match.hand is None:
            return
        self.tables[table.id] = table
        hand = match.hand
        number = len(match.played) - 1
        tiles = frozenset(tile for dealt in hand.dealt for tile in dealt)
        tiles |= frozenset(hand.boneyard_dealt)
        public = set(hand.layout.tiles())
        for action in hand.actions:
            public |= shown_tiles(action)
        for pairs in match.variant.public_state(hand).laid_pairs:
            public |= {tile for pair in pairs for tile in pair}
        if hand.outcome is not None:
            public |= {tile for left in hand.outcome.hands for tile in left}
        known = self.in_hand.setdefault((table.id, number), {})
        known.setdefault(None, set()).update(public)
        for seat, own in enumerate(hand.hands):
            known.setdefault(seat, set()).update(public, own)
        logged = frozenset().union(*self.log_shows.get(table.id, []))
        self.moments.setdefault(table.id, []).append(
            Moment(
                table.version,
                number,
                tiles,
                {reader: frozenset(seen) for reader, seen in known.items()},
                logged,
            )
        )

    def secret(
        self, table_id: str, reader: Reader, since: int, *, log: bool = False
    ) -> frozenset[Tile]:
        """The tiles secret from `reader` in every state of the table from version `since` on
        (the state in force at `since` included); with `log`, for the words of the board's log,
        which may still name tiles placed in the previous hand."""
        moments = self.moments.get(table_id, [])
        first = 0
        for index, moment in enumerate(moments):
            if moment.version <= since:
                first = index
        window = moments[first:]
        if not window:
            return frozenset()
        tiles = frozenset().union(*(moment.tiles for moment in window))
        known = frozenset().union(
            *(moment.known.get(reader, moment.known[None]) for moment in window)
        )
        if log:
            known |= frozenset().union(*(moment.logged for moment in window))
        return tiles - known

    def secret_now(self, table_id: str, reader: Reader) -> frozenset[Tile]:
        moments = self.moments.get(table_id, [])
        return self.secret(table_id, reader, moments[-1].version) if moments else frozenset()


class Renders:
    """The table version each asyncio task is drawing a message from (see the docstring)."""

    def __init__(self) -> None:
        self.drawing: dict[asyncio.Task[Any], tuple[str, int]] = {}
        self.view_versions: dict[int, tuple[SeatView, int]] = {}

    def note(self, table_id: str, version: int) -> None:
        task = asyncio.current_task()
        if task is None:
            return
        if task not in self.drawing:
            task.add_done_callback(lambda done: self.drawing.pop(done, None))
        self.drawing[task] = (table_id, version)

    def oldest(self, table_id: str, current: int) -> int:
        versions = [version for table, version in self.drawing.values() if table == table_id]
        return min([*versions, current])

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        renders = self
        view = Table.view

        def remembered_view(self: Table, seat: int) -> SeatView:
            seen = view(self, seat)
            renders.view_versions.setdefault(id(seen), (seen, self.version))
            return seen

        monkeypatch.setattr(Table, "view", remembered_view)

        def from_snapshot(draw: Callable[..., Any]) -> Callable[..., Any]:
            def drawing(snap: board.BoardSnapshot, *args: Any, **kwargs: Any) -> Any:
                renders.note(snap.table_id, snap.version)
                return draw(snap, *args, **kwargs)

            return drawing

        for name in ("board_embed", "board_file", "score_sheet_file", "hand_result_text"):
            monkeypatch.setattr(board, name, from_snapshot(getattr(board, name)))
        hand_message = hands.hand_message

        async def noted_hand_message(
            table_id: str, variant: str, seen: SeatView, *args: Any, **kw: Any
        ) -> tuple[discord.Embed, discord.File, discord.ui.View | None]:
            # Every view comes from `Table.view` (remembered above), at its table's version
            # (none remembered: the oldest, as strict as can be).
            kept = renders.view_versions.get(id(seen))
            renders.note(table_id, kept[1] if kept and kept[0] is seen else 0)
            return await hand_message(table_id, variant, seen, *args, **kw)

        monkeypatch.setattr(hands, "hand_message", noted_hand_message)


class Pictures:
    """Every picture the bot draws, by its bytes' digest, with the views it was drawn from."""

    def __init__(self) -> None:
        self.drawn: dict[str, list[tuple[str, SeatView]]] = {}

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        drawn = self.drawn
        hand, table, sheet = pictures.hand, pictures.board, pictures.score_sheet
        decision = pictures.decision

        def keep(kind: str, view: SeatView, picture: Picture) -> Picture:
            drawn.setdefault(hashlib.sha256(picture.png).hexdigest(), []).append((kind, view))
            return picture

        async def drawn_hand(view: SeatView, names: Sequence[str], language: str) -> Picture:
            return keep("hand", view, await hand(view, names, language))

        async def drawn_board(
            view: SeatView, names: Sequence[str], language: str, table_id: str = ""
        ) -> Picture:
            return keep("board", view, await table(view, names, language, table_id))

        async def drawn_sheet(view: SeatView, names: Sequence[str], language: str) -> Picture:
            return keep("score sheet", view, await sheet(view, names, language))

        async def drawn_decision(
            public: SeatView,
            own: SeatView,
            caption: Sequence[str],
            names: Sequence[str],
            language: str,
        ) -> Picture:
            # A review's picture holds the board then and the hand then: the own view holds both.
            return keep("decision", own, await decision(public, own, caption, names, language))

        # Pictures are drawn in worker processes: what is sent to them is what is recorded.
        monkeypatch.setattr(pictures, "hand", drawn_hand)
        monkeypatch.setattr(pictures, "board", drawn_board)
        monkeypatch.setattr(pictures, "score_sheet", drawn_sheet)
        monkeypatch.setattr(pictures, "decision", drawn_decision)

    def views_of(self, data: bytes) -> list[tuple[str, SeatView]]:
        return self.drawn.get(hashlib.sha256(data).hexdigest(), [])


def view_holds_no_secret(view: SeatView, reader: Reader) -> str | None:
    """Why a picture drawn from `view` may not be shown to `reader` (None: it may)."""
    own = reader is not None and view.seat == reader
    if view.hand and not own:
        return f"seat {view.seat}'s hand {', '.join(map(str, view.hand))}"
    if view.legal and not own:
        return f"seat {view.seat}'s moves"
    for action in view.history:
        if isinstance(action, Exchange) and action.seat != reader:
            return f"seat {action.seat}'s exchange of {action.tile} in the history"
    return None


@dataclass(frozen=True)
class Leak:
    """A secret where its reader can see it."""

    game: str
    kind: str  # what leaked: "tile", "picture", "seed"
    where: str  # the message kind and field
    reader: str  # who reads it
    what: str  # the secret
    text: str  # the words or the picture's views

    def __str__(self) -> str:
        return (
            f"[{self.game}] {self.kind} {self.what} in {self.where}, read by {self.reader}: "
            f"{self.text!r}"
        )


def strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    """Every string in a message's JSON part, with where it sits (`embed[0].fields[2].value`)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from strings(item, f"{path}.{key}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from strings(item, f"{path}[{index}]")


@dataclass
class PrivacyWatch:
    """Reads every message version, thread name and picture as it arrives (`Emulator.observe`)
    and collects the `leaks`."""

    emu: Emulator
    knowledge: Knowledge = field(default_factory=Knowledge)
    renders: Renders = field(default_factory=Renders)
    pictures: Pictures = field(default_factory=Pictures)
    leaks: list[Leak] = field(default_factory=list)
    versions: int = 0  # message versions read while a table was being played
    pictures_checked: int = 0
    shown: dict[int, set[tuple[str, str]]] = field(default_factory=dict)  # already read
    shown_files: dict[int, set[int]] = field(default_factory=dict)
    #: The bot's live tables (`bot.tables.tables`): their seeds are secret from everyone.
    live: Callable[[], Mapping[str, Table]] = dict
    seeds: dict[str, tuple[str, str]] = field(default_factory=dict)  # table id: seed, game

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.knowledge.install(monkeypatch)
        self.renders.install(monkeypatch)
        self.pictures.install(monkeypatch)
        self.emu.observers.append(self.observe)

    # -- reading ---------------------------------------------------------------------------

    def observe(self, kind: str, thing: Any) -> None:
        if kind == "thread":
            self.read_thread(thing)
        else:
            self.read_message(thing)

    def reader_of(self, message: Message) -> tuple[int | None, str]:
        """The one user who can read a message (None: anyone), and how to name it."""
        channel: Channel = self.emu.world.channels[message.channel_id]
        if message.only_for is not None:
            return message.only_for, f"ephemeral to {self.name(message.only_for)}"
        if channel.recipient is not None:
            return channel.recipient.id, f"DM to {channel.recipient.name}"
        where = "thread" if channel.is_thread else "channel"
        return None, f"{where} #{channel.name}"

    def name(self, user_id: int) -> str:
        user = self.emu.world.users.get(user_id)
        return user.name if user is not None else str(user_id)

    def read_thread(self, thread: Channel) -> None:
        self.judge([("thread name", thread.name)], [], None, "thread")

    def read_message(self, message: Message) -> None:
        seen = self.shown.setdefault(message.id, set())
        parts = [("content", message.content)]
        parts += list(strings(message.embeds, "embeds"))
        parts += list(strings(message.components, "components"))
        files = self.shown_files.setdefault(message.id, set())
        fresh = [a for a in message.attachments if a.id not in files]
        for attachment in fresh:
            files.add(attachment.id)
            parts.append(
                (f"attachment {attachment.filename} alt text", attachment.description or "")
            )
            parts.append((f"attachment {attachment.filename} name", attachment.filename))
        new = [part for part in parts if part not in seen]
        seen.update(parts)
        user, where = self.reader_of(message)
        self.judge(new, fresh, user, where)

    def judge(
        self,
        parts: Sequence[tuple[str, str]],
        files: Sequence[Any],
        user: int | None,
        where: str,
    ) -> None:
        reader_name = "anyone" if user is None else self.name(user)
        for table_id, live in self.live().items():
            self.seeds.setdefault(table_id, (live.seed, live.setup.variant))
        for seed, game in self.seeds.values():
            for field_name, text in parts:
                if re.search(rf"(?<![0-9a-z]){re.escape(str(seed))}(?![0-9a-z])", text):
                    self.leaks.append(
                        Leak(game, "seed", f"{where}: {field_name}", reader_name, str(seed), text)
                    )
        for table_id, table in self.knowledge.tables.items():
            game = table.setup.variant
            reader: Reader = None if user is None else table.seat_of(user)
            since = self.renders.oldest(table_id, table.version)
            secret = self.knowledge.secret(table_id, reader, since)
            in_log = self.knowledge.secret(table_id, reader, since, log=True)
            self.versions += 1
            for field_name, text in parts:
                log = LOG_FIELD.fullmatch(field_name) is not None
                for tile in sorted(tiles_named(text) & (in_log if log else secret), key=str):
                    self.leaks.append(
                        Leak(game, "tile", f"{where}: {field_name}", reader_name, str(tile), text)
                    )
            for attachment in files:
                if not attachment.data.startswith(b"\x89PNG"):
                    continue
                self.pictures_checked += 1
                views = self.pictures.views_of(attachment.data)
                if not views:
                    self.leaks.append(
                        Leak(game, "picture", where, reader_name, "not drawn by the table", "")
                    )
                    continue
                reasons = [view_holds_no_secret(view, reader) for _, view in views]
                if all(reasons):
                    kinds = ", ".join(sorted({kind for kind, _ in views}))
                    self.leaks.append(
                        Leak(
                            game,
                            "picture",
                            f"{where}: {attachment.filename}",
                            reader_name,
                            str(reasons[0]),
                            f"drawn as {kinds}",
                        )
                    )

    def report(self, leaks: Iterable[Leak] | None = None) -> str:
        """The leaks, one line per place (kind, field, reader): every secret seen there, and
        the first version that showed one."""
        places: dict[tuple[str, str, str], tuple[Leak, list[str]]] = {}
        for leak in self.leaks if leaks is None else leaks:
            place = (leak.kind, leak.where.split(": ", 1)[-1], leak.reader)
            secrets = places.setdefault(place, (leak, []))[1]
            if leak.what not in secrets:
                secrets.append(leak.what)
        return "\n".join(
            f"{first} (all: {'; '.join(secrets)})" if len(secrets) > 1 else str(first)
            for first, secrets in places.values()
        )
