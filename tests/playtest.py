"""`make playtest GAME=… [LANG=…] [SEATS=…]`: a whole match of any game, or a puzzle, played
through the emulator by scripted people (and AI seats for the rest), written down as each person
saw it, so that a developer reads the game as a player meets it.

The real bot runs against the test emulator, no token needed. The people open a table in the
server's language, join it, fill the other seats with AI players, play a legal move drawn from a
seeded random generator whenever the bot offers them moves, press Ready between hands, and ask
for their review when the match is over. A puzzle's person places a wrong tile, asks a hint,
and then solves it. Everything is written to the output folder (`playtest-out/<game>-<lang>/`
by default):

- `transcript.md`: every message and every edit anyone was shown, in order, with who saw it,
  its embed and its buttons and menus;
- `<person>.md`: the same, only what that person saw (the table's messages, their DMs and
  the answers only they were shown);
- every picture the bot sent, numbered in order, at 380 px wide (a phone's width);
- with `--screens` (`make playtest SCREENS=1`), every message and every edit as a phone shows
  it (`NNN-screen.png`, tests/emulator/phone.py), numbered in the same order: the game read as
  pictures of screens.

The deals follow from `--seed` (`Settings.demo_seed`, which no live bot has) and the AI seats
play at the easy level, which searches nothing and so takes no time budget: the same command
plays the same match and writes the same transcript.

    python -m tests.playtest GAME [--lang es] [--seats 2] [--players 4] [--out DIR] [--seed 1]
                                  [--screens]

`tests/demo.py` (`make demo`) is this driver with one person at a partnership table.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import random
import re
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from PIL import Image

from cogs import texts
from cogs.lang import Words, words
from cogs.puzzles import texts as puzzle_texts
from engine.puzzles.cells import cell_text
from engine.variants import get_variant
from tests.emulator.emulator import Emulator
from tests.emulator.layout import TEXT_DISPLAY, walk
from tests.emulator.phone import phone_png, screen_of
from tests.emulator.rules import BUTTON, SELECTS
from tests.emulator.runner import BotRunner
from tests.emulator.world import Channel, Message
from tests.tables.play import (
    board,
    board_title,
    latest_version,
    move_message,
    play_one,
    private_answer,
)
from tests.tables.puzzles import choose_tile, opened

#: The games a playtest plays: every table game, then the puzzles.
TABLE_GAMES = (
    "partnership",
    "traditional",
    "two-player",
    "home-and-away",
    "kids",
    "111",
    "pool",
    "cross",
    "double-cross",
    "maltese",
    "sebastopol",
    "cross-nine",
    "cyprus",
    "beginner",
    "hungarian",
    "sum",
    "french",
    "pairs",
    "classic",
    "gameroom",
    "all-fives",
    "fives-threes",
    "mexican-train",
    "latin",
    "dominican",
    "puerto-rico",
    "pr-500",
    "cuban",
)
PUZZLES = ("dominosa", "quadrille")
#: Discord locales of the bot's languages (the server's and every scripted person's).
LOCALES = {"en": "en-US", "de": "de", "es": "es-ES", "it": "it", "pl": "pl", "pt": "pt-BR"}
PEOPLE = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy")
SHORT_TARGET = 30  # points, for every game with a match target: a few hands, not a dozen
#: Games whose match is not a target of points: the option that makes it short.
SHORT_MATCHES = {
    "pool": "hands=2",
    "hungarian": "hands=2",
    "sum": "wins=2",
    "mexican-train": "hands=2",
}
MENTION = re.compile(r"<@!?([0-9]+)>")
TIMESTAMP = re.compile(r"<t:(-?[0-9]+)(?::[tTdDfFR])?>")
CUSTOM_EMOJI = re.compile(r"<a?:([A-Za-z0-9_]{2,32}):[0-9]+>")
PICTURE_WIDTH = 380  # a phone's width
#: How long the people wait for the bot to be idle after an action; the review of a long
#: match takes a while on a loaded machine (the emulator's own default is 10 s).
PATIENCE_SECONDS = 300.0
MATCH_SECONDS = 900.0


@dataclass
class Entry:
    """One message or one edit, as written: its heading, its lines, and who saw it."""

    heading: str
    lines: list[str]
    seen_by: tuple[str, ...]


class Transcript:
    """Records every new message and every edit the emulator stores, with its pictures, and
    who could see each (the people only: the bot's and the server owner's views are left out)."""

    def __init__(self, emu: Emulator, out: Path, width: int | None, screens: bool = False) -> None:
        self.emu = emu
        self.out = out
        self.width = width  # pictures are scaled down to this width (None: as sent)
        self.screens = screens  # each version also drawn as a phone shows it
        self.people: list[str] = []
        self.entries: list[Entry] = []
        self.seen: dict[int, str] = {}
        self.saved: set[int] = set()
        self.pictures = 0

    def where(self, channel: Channel, message: Message) -> str:
        world = self.emu.world
        if channel.recipient is not None:
            place = f"DM to {channel.recipient.name}"
        elif channel.is_thread:
            place = f"thread “{channel.name}”"
        else:
            place = f"#{channel.name}"
        if message.only_for is not None:
            place += f", visible only to {world.users[message.only_for].name}"
        return place

    def viewers(self, channel: Channel, message: Message) -> tuple[str, ...]:
        world = self.emu.world
        if channel.recipient is not None:
            return (channel.recipient.name,)
        if message.only_for is not None:
            return (world.users[message.only_for].name,)
        return tuple(self.people)

    def look(self) -> None:
        """Records what changed since the last look, place by place in the order the places
        were made (the bot delivers a move's board, DMs and answers side by side, in whatever
        order the network lets them arrive: looked at only when the bot is idle, in a fixed
        order, two runs of one command write the same transcript)."""
        for channel in list(self.emu.world.channels.values()):
            for message in list(channel.messages):
                self._record(channel, message)

    def _record(self, channel: Channel, message: Message) -> None:
        signature = json.dumps(
            [
                message.content,
                message.embeds,
                message.components,
                [a.id for a in message.attachments],
            ],
            sort_keys=True,
            default=str,
        )
        previous = self.seen.get(message.id)
        if previous == signature or message.flags & (1 << 7):  # unchanged, or still "thinking"
            return
        self.seen[message.id] = signature
        lines = self._lines(message)
        if not lines:
            return  # an empty placeholder, filled by a later edit
        if self.screens:
            lines.append(self.screen(message))
        verb = "edited" if previous is not None else "new"
        heading = f"### {verb} · {self.where(channel, message)} · {message.author.name}"
        self.entries.append(Entry(heading, lines, self.viewers(channel, message)))

    def shown(self, text: str, message: Message) -> str:
        """Text as a Discord client shows it: a mention as the person's @name, a countdown
        (`<t:…:R>`) as the seconds it had left when the message was sent, to the nearest ten
        (so that two runs read alike)."""
        sent = datetime.fromisoformat(message.edited_timestamp or message.timestamp).timestamp()

        def mention(found: re.Match[str]) -> str:
            user = self.emu.world.users.get(int(found.group(1)))
            return f"@{user.name}" if user is not None else found.group(0)

        def countdown(found: re.Match[str]) -> str:
            left = int(found.group(1)) - sent
            return f"in {round(left, -1):.0f} s" if left > 0 else f"{round(-left, -1):.0f} s ago"

        shown = TIMESTAMP.sub(countdown, MENTION.sub(mention, text))
        return CUSTOM_EMOJI.sub(r":\1:", shown)  # a custom emoji, by its name

    def _lines(self, message: Message) -> list[str]:
        lines = [self.shown(message.content, message)] if message.content else []
        for embed in message.embeds:
            if embed.get("title"):
                lines.append(f"**{embed['title']}**")
            if embed.get("description"):
                lines.append(self.shown(embed["description"], message))
            for each in embed.get("fields") or []:
                name = each.get("name", "").strip("\u200b")
                value = self.shown(each.get("value", ""), message)
                lines.append(f"- {name + ': ' if name else ''}{value}")
            if (embed.get("footer") or {}).get("text"):
                lines.append(f"_{embed['footer']['text']}_")
        controls = []
        for item in walk(message.components):  # a layout's parts are nested: all of them
            if item.get("type") == TEXT_DISPLAY:
                lines.append(self.shown(item.get("content") or "", message))
            elif item.get("type") in (BUTTON, *SELECTS):
                custom = item.get("emoji") or {}  # a tile emoji, by its name
                emoji = f":{custom['name']}:" if custom.get("id") else None
                if item.get("label") or emoji:
                    words = " ".join(part for part in (emoji, item.get("label")) if part)
                    controls.append(f"[{words}]")
                elif item.get("placeholder"):
                    options = ", ".join(
                        f":{o['emoji']['name']}: {o.get('label', '')}"
                        if (o.get("emoji") or {}).get("id")
                        else o.get("label", "")
                        for o in item.get("options") or []
                    )
                    controls.append(
                        f"[menu: {item['placeholder']}{': ' if options else ''}{options}]"
                    )
        if controls:
            lines.append(" ".join(controls))
        for attachment in message.attachments:
            if attachment.id in self.saved:
                continue
            self.saved.add(attachment.id)
            self.pictures += 1
            name = f"{self.pictures:03d}-{attachment.filename}"
            (self.out / name).write_bytes(self._scaled(attachment.data))
            lines.append(f"![{attachment.filename}]({name})")
        return lines

    def screen(self, message: Message) -> str:
        """The message as a phone shows it the moment it arrives (a countdown read from then),
        written as the next numbered picture: its line in the transcript."""
        sent = datetime.fromisoformat(message.edited_timestamp or message.timestamp).timestamp()
        self.pictures += 1
        name = f"{self.pictures:03d}-screen.png"
        (self.out / name).write_bytes(phone_png(message, screen_of(self.emu, now=sent)))
        return f"![as a phone shows it]({name})"

    def _scaled(self, data: bytes) -> bytes:
        if self.width is None:
            return data
        with Image.open(io.BytesIO(data)) as picture:
            if picture.width <= self.width:
                return data
            height = max(1, round(picture.height * self.width / picture.width))
            smaller = picture.resize((self.width, height), Image.Resampling.LANCZOS)
            buffer = io.BytesIO()
            smaller.save(buffer, format="PNG")
            return buffer.getvalue()

    def write(self, title: str) -> Path:
        """`transcript.md` (everything, with who saw it) and one file per person."""
        path = self.out / "transcript.md"
        everything = [f"# {title}", ""]
        for entry in self.entries:
            everything += [f"{entry.heading} · seen by {', '.join(entry.seen_by) or 'nobody'}"]
            everything += [*entry.lines, ""]
        path.write_text("\n".join(everything), encoding="utf-8")
        for person in self.people:
            theirs = [f"# {title}: what {person} saw", ""]
            for entry in self.entries:
                if person in entry.seen_by:
                    theirs += [entry.heading, *entry.lines, ""]
            (self.out / f"{person}.md").write_text("\n".join(theirs), encoding="utf-8")
        return path


@dataclass
class Session:
    """A bot started against an emulator for a scripted playthrough, and what it records."""

    emu: Emulator
    transcript: Transcript
    language: str
    seed: int
    started: float = field(default_factory=time.monotonic)

    @property
    def w(self) -> Words:
        """The server's language: the table's public messages and its buttons."""
        return words(self.language)

    def say(self, line: str) -> None:
        """A progress line on the console."""
        print(f"{time.monotonic() - self.started:6.1f}s  {line}", flush=True)

    def person(self, name: str) -> Any:
        person = self.emu.user(name, locale=LOCALES[self.language])
        if name not in self.transcript.people:
            self.transcript.people.append(name)
        return person


@asynccontextmanager
async def scripted_bot(
    out: Path,
    *,
    seed: int,
    language: str = "en",
    width: int | None = PICTURE_WIDTH,
    emojis: bool = False,
    screens: bool = False,
) -> AsyncIterator[Session]:
    """The real bot on a fresh emulator whose server speaks `language`, with its deals
    following from `seed`; what changed is recorded whenever the bot is idle (`Transcript.look`
    at every settle). On the way out (however it is left) the bot is stopped: else its
    database threads would keep the process alive."""
    from cogs.common.bot import DominoBot, redirect_discord
    from cogs.common.settings import Settings

    out.mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("*.png"), *out.glob("*.md")]:
        old.unlink()
    async with Emulator() as emu:
        emu.rate_limiter.enabled = False  # Discord's limits are real seconds; skip the waits
        emu.guild_locale = LOCALES[language]
        # The bot is busy while it shows a change, runs a job or computes a review, not only
        # while it answers an interaction: a step is looked at once it is shown whole.
        emu.busy_task_prefixes += ("show-", "job-", "review", "hint")
        transcript = Transcript(emu, out, width, screens)
        settle = emu.settle

        async def patient_settle(timeout: float = PATIENCE_SECONDS) -> None:
            await settle(timeout)
            transcript.look()

        emu.settle = patient_settle  # type: ignore[method-assign]
        with tempfile.TemporaryDirectory() as folder:
            settings = Settings(
                token=emu.token,
                database=Path(folder) / "playtest.sqlite3",
                api_base=emu.api_base,
                gateway_url=emu.gateway_url,
                ai_delay=0.2,
                notify_spacing_seconds=0.0,  # the DMs of a step come with the step
                clock=emu.clock.wall,
                demo_seed=f"playtest-{seed}",
                tile_emojis=emojis,
            )
            redirect_discord(settings.api_base, settings.gateway_url)
            runner = BotRunner(emu, lambda: DominoBot(settings))
            emu.bot_runner = runner
            await runner.start()
            if runner.client.tile_emojis is not None:  # tiles as emojis from the first deal
                await runner.client.tile_emojis
            one_step_at_a_time(emu, runner.client, transcript)
            try:
                yield Session(emu, transcript, language, seed)
            finally:
                transcript.look()
                await runner.stop()


def one_step_at_a_time(emu: Emulator, bot: Any, transcript: Transcript) -> None:
    """An AI seat moves, and a hand is dealt, only once everything the last step showed has
    reached everyone, and what it showed is recorded first: a step is then one burst of
    messages, recorded whole, and the bot never has to fold two moves into one picture (which
    it rightly does when it lags behind, at a moment no two runs share)."""
    from cogs.front.runners import tables_of

    tables = tables_of(bot)
    run_job = tables.run_job

    async def paced(job: Any) -> bool:
        if job.kind in ("ai", "next-hand"):
            await shown_whole(emu)
            transcript.look()
        return await run_job(job)

    tables.run_job = paced  # type: ignore[method-assign]


async def shown_whole(emu: Emulator) -> None:
    """Waits until the bot is idle but for its table jobs (`settle` would also wait for the
    job that waits here, and for the next job of its table, which waits for this one)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE_SECONDS

    def idle_but_jobs() -> bool:
        busy = [name for name in emu.busy_tasks() if not name.startswith("job-")]
        quiet = loop.time() - emu._last_activity >= emu.quiet_seconds
        return not busy and emu.in_flight == 0 and emu.gateway.sending == 0 and quiet

    while loop.time() < deadline:
        if idle_but_jobs():
            quiet_since = emu._last_activity
            for _ in range(20):  # a frame already on its way is read within a few turns
                await asyncio.sleep(0)
            if emu._last_activity == quiet_since and idle_but_jobs():
                return
        await asyncio.sleep(0.02)
    raise TimeoutError(f"the bot did not show a step in {PATIENCE_SECONDS:g} s")


def players_for(game: str, people: int) -> int:
    """How many sit at the table: four where the game allows it (with at least the people),
    else the allowed count nearest to that."""
    counts = get_variant(game).player_counts
    wanted = max(4, people)
    return min(counts, key=lambda count: (count < people, abs(count - wanted)))


def short_options(game: str) -> dict[str, Any]:
    """The slash command's options for a short match of `game`, everything else at defaults."""
    specs = {spec.name: spec for spec in get_variant(game).option_specs}
    chosen: dict[str, Any] = {}
    target = specs.get("target")
    if target is not None and not target.choices:
        chosen["target"] = min(SHORT_TARGET, target.default)
    if game in SHORT_MATCHES:
        chosen["options"] = SHORT_MATCHES[game]
    return chosen


async def open_table(
    session: Session, game: str, people: list[Any], players: int, options: dict[str, Any]
) -> None:
    """The first person opens the table with `options` (the slash command's), the others
    join, AI players fill the other seats at the easy level, and the host starts it."""
    w = session.w
    host = people[0]
    chosen = {"game": game, "seats": players, **options}
    lobby = (await host.slash("domino new", chosen)).response
    for person in people[1:]:
        await person.click(lobby, w(texts.JOIN))
    if len(people) < players:
        await host.choose(lobby, "fill:easy", placeholder=w(texts.AI_LEVEL_PLACEHOLDER))
    started = await host.click(lobby, w(texts.START))
    try:
        await session.emu.wait_for(lambda: board(session.emu) is not None, timeout=60)
    except TimeoutError:
        said = " / ".join(m.text for m in [started.response, *started.followups] if m)
        raise TimeoutError(f"the table did not start: {said}") from None


async def review(session: Session, person: Any, final: Any) -> None:
    """The person asks for the review of the match just played (the Review button on the
    final board) and waits as long as it takes, printing its progress."""
    label = session.w(texts.REVIEW)
    if final is None or label not in final.labels:
        return
    session.say(f"{person.name} asks for their review")
    watching = asyncio.create_task(watch_review(session, person))
    try:
        answer = private_answer(await person.click(final, label))
    finally:
        watching.cancel()
    stop_at = time.monotonic() + PATIENCE_SECONDS
    while not answer.embeds:  # the progress line, until the review replaces it
        if time.monotonic() > stop_at:
            raise TimeoutError(f"the review was not computed within {PATIENCE_SECONDS:g} s")
        await asyncio.sleep(0.2)
    session.say(f"{person.name}'s review is shown")


async def watch_review(session: Session, person: Any) -> None:
    """Prints the progress the person is shown while their review is computed."""

    def answers() -> list[Message]:
        return [
            message
            for channel in session.emu.world.channels.values()
            for message in channel.messages
            if message.only_for == person.id
        ]

    before = {message.id for message in answers()}
    shown = ""
    while True:
        await asyncio.sleep(1.0)
        mine = [m for m in answers() if m.id not in before and m.content]
        if mine and mine[-1].content != shown:
            shown = mine[-1].content
            session.say(f"  {shown.splitlines()[0]}")


async def play_table(
    session: Session,
    game: str,
    seats: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    reviews: bool = True,
) -> Any:
    """A whole match of `game` with `seats` scripted people (the others AI players), a short
    one unless `options` say otherwise, and each person's review of it (`reviews`): returns the
    final board."""
    players = players or players_for(game, seats)
    people = [session.person(name) for name in PEOPLE[:seats]]
    session.say(f"{game}: {', '.join(p.name for p in people)} at a table of {players}")
    await open_table(session, game, people, players, short_options(game) | (options or {}))
    final = await play_match(session, people)
    session.say("the match is over")
    await session.emu.settle()
    for person in people if reviews else []:
        await review(session, person, board(session.emu) or final)
    return board(session.emu) or final


async def play_match(session: Session, people: list[Any]) -> Any:
    """Every person plays a legal move drawn from the seeded generator whenever the bot offers
    them moves, and presses Ready between hands, each only when the bot is idle, until the
    board shows Rematch (the match is over). Returns the final board."""
    emu, w = session.emu, session.w
    rematch, ready = w(texts.REMATCH), w(texts.READY)
    rng = random.Random(session.seed)
    done: set[str] = set()  # Ready pressed per hand, the versions each person moved at
    deadline = time.monotonic() + MATCH_SECONDS
    while time.monotonic() < deadline:
        await emu.settle()
        final = board(emu)
        if final is not None and rematch in final.labels:
            return final
        acted = False
        for person in people:
            key = f"ready:{person.name}:{board_title(final) if final else ''}"
            if final is not None and ready in final.labels and key not in done:
                done.add(key)
                await person.click(final, ready)
                acted = True
            message = move_message(person.dm.messages)
            key = f"move:{person.name}:{latest_version(message) if message else None}"
            if message is not None and key not in done:
                done.add(key)
                await play_one(person, message, rng)
                acted = True
        if not acted:
            await asyncio.sleep(0.05)  # an AI seat's move is on its way
    shown = board(emu)
    raise TimeoutError(f"the match did not end; the board: {shown.text if shown else None!r}")


async def solve_puzzle(session: Session, game: str) -> Any:
    """One person plays a puzzle as a newcomer would: a wrong tile first, a hint, then the
    rest right (the answer key is the bot's, which the person never sees)."""
    w = session.w
    person = session.person(PEOPLE[0])
    rng = random.Random(session.seed)
    session.say(f"{game}: {person.name} opens the puzzle")
    options = {"game": game} if game != "dominosa" else {"size": 3, "difficulty": "easy"}
    answer = await person.slash("domino puzzle", **options)
    message = opened(session.emu, answer)  # the puzzle plays in its own thread
    puzzle = next(iter(session.emu.bot_runner.client.puzzles.puzzles.values()))
    hint = w(puzzle_texts.PUZZLE_HINT)
    if game == "quadrille":
        mirror = type(puzzle.game)()
        await type_quadrille(person, message, w, "A1=3 B1=4")  # one square, two numbers
        await person.click(message, hint)
        mirror.place(*mirror.hint().placement)
        while not puzzle.game.solved:
            first, number, second, other = mirror.hint().placement
            mirror.place(first, number, second, other)
            typed = f"{cell_text(first)}={number} {cell_text(second)}={other}"
            await type_quadrille(person, message, w, typed)
    else:
        # With the menus, as a person would: a wrong tile (taken, as any placement that fits),
        # Check (which counts it), a hint (which names it and takes it away), then the rest.
        solution = list(puzzle.game.puzzle.solution)
        first, second = rng.choice(solution)
        wrong = next(cell for cell in neighbours(first, puzzle.game.puzzle) if cell != second)
        await choose_tile(person, message, (first, wrong), "place")
        await person.click(message, w(puzzle_texts.PUZZLE_CHECK))
        await person.click(message, hint)
        for pair in solution:
            if not puzzle.game.solved and pair not in puzzle.game.placements:
                await choose_tile(person, message, pair, "place")
    session.say(f"{game}: solved")
    return message


def neighbours(cell: tuple[int, int], grid: Any) -> list[tuple[int, int]]:
    """The cells beside `cell` on the puzzle's grid."""
    row, column = cell
    around = [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
    return [(r, c) for r, c in around if 0 <= r < grid.rows and 0 <= c < grid.cols]


async def type_quadrille(person: Any, message: Any, w: Words, typed: str) -> None:
    form = (await person.click(message, w(puzzle_texts.PUZZLE_PLACE))).modal
    await person.submit(form, {w(puzzle_texts.PUZZLE_NUMBERS): typed})


def problems_of(session: Session, failed: str | None) -> list[str]:
    emu = session.emu
    return [f"emulator: {p}" for p in emu.unhandled + emu.violations] + ([failed] if failed else [])


async def playtest(
    game: str,
    out: Path,
    *,
    language: str = "en",
    seats: int = 1,
    players: int | None = None,
    seed: int = 1,
    options: str | None = None,
    emojis: bool = False,
    screens: bool = False,
) -> int:
    """Plays `game` and writes what everyone saw to `out`; 0 when it went through, else 1
    (and what went wrong on stderr; the transcript so far is written all the same)."""
    title = f"Playtest: {game} in {language}"
    failed = None
    async with scripted_bot(
        out, seed=seed, language=language, emojis=emojis, screens=screens
    ) as session:
        session.say(f"{title}, writing to {out}/")
        try:
            if game in PUZZLES:
                await solve_puzzle(session, game)
            else:
                typed = {"options": options} if options else None
                await play_table(session, game, seats, players, typed)
        except Exception as error:  # said below; the bot is stopped on the way out
            failed = f"the playtest stopped: {type(error).__name__}: {error}"
        finally:
            session.transcript.look()
            problems = problems_of(session, failed)
    path = session.transcript.write(title)
    session.say(f"{path} and {session.transcript.pictures} pictures written")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", choices=(*TABLE_GAMES, *PUZZLES))
    parser.add_argument("--lang", default="en", choices=sorted(LOCALES))
    parser.add_argument("--seats", type=int, default=1, help="how many scripted people play")
    parser.add_argument("--players", type=int, help="how many sit at the table (AI the rest)")
    parser.add_argument("--out", type=Path, help="default: playtest-out/<game>-<lang>")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", help="the options box as typed: 'scoring=all capicua=25'")
    parser.add_argument("--emojis", action="store_true", help="tiles as the app's tile emojis")
    parser.add_argument(
        "--screens", action="store_true", help="each message also drawn as a phone shows it"
    )
    args = parser.parse_args(argv)
    out = args.out or Path("playtest-out") / f"{args.game}-{args.lang}"
    return asyncio.run(
        playtest(
            args.game,
            out,
            language=args.lang,
            seats=args.seats,
            players=args.players,
            seed=args.seed,
            options=args.options,
            emojis=args.emojis,
            screens=args.screens,
        )
    )


if __name__ == "__main__":
    sys.exit(main())
