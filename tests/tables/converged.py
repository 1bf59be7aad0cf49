"""What people see equals what is stored: the checks the fault tests end with.

Written against what is observable only: the messages the emulator shows people, and the table
as the database file holds it (read through `data.Database`: its state's `record`, `version`,
`seats`, `phase`, and `log` when there is one). Nothing here names the bot's runtime, so the
checks hold for any runtime that stores tables this way.

- `assert_converged(emu, path)`: once the bot is idle (retried until `timeout`), the newest
  board shows the stored hand number, last log line, player to move and hand sizes; every
  seated person's newest hand DM shows exactly their stored tiles and, on their turn, the
  stored legal moves as buttons carrying the stored version (`dm:<table>:<version>:<i>`), and
  no move buttons otherwise; one score sheet per finished hand, never two of one hand.
- `moves_in_record(path)`: the record's actions, each with its seat, whether it was forced (the
  only legal action: the table plays it itself, a person's only play as well as a lone draw or
  pass) and the label of
  the move button it was (as the player's buttons name it).
- `Clicks` and `assert_moves_are_the_clicks`: every move in the record is a click a person made
  (and was not refused), an AI seat's move, a forced move, or one of the timeouts forced;
  nothing twice, nothing refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import render
from cogs.lang import Said, words
from cogs.tables.board import LAST_MOVES, MOST_MOVES
from cogs.texts import said_by, user_text
from data import Database
from engine.actions import action_from_record
from engine.match import Match
from engine.record import replay
from tests.emulator.emulator import Emulator
from tests.tables.play import MOVE_PREFIXES, board, board_title, board_words, table_channel

ENGLISH = words("en")
TIME_RAN_OUT = "(time ran out)"


@dataclass(frozen=True)
class Stored:
    """The one table in the database (the newest, if several)."""

    id: str
    state: dict[str, Any]

    @property
    def version(self) -> int:
        return int(self.state["version"])

    @property
    def phase(self) -> str:
        return str(self.state["phase"])

    @property
    def seats(self) -> list[dict[str, Any]]:
        return list(self.state.get("seats") or [])

    @property
    def match(self) -> Match | None:
        record = self.state.get("record")
        return replay(record).match if record is not None else None

    @property
    def turn(self) -> int | None:
        match = self.match
        if self.phase != "playing" or match is None or match.hand is None:
            return None
        return match.hand.turn

    def plays_itself(self, seat: int) -> bool:
        return self.seats[seat].get("ai") is not None

    @property
    def log(self) -> list[str]:
        return [ENGLISH.say(Said.from_json(line)) for line in self.state.get("log") or []]

    @property
    def actions(self) -> int:
        record = self.state.get("record") or {}
        return sum(len(hand.get("actions", [])) for hand in record.get("hands", []))


async def stored_table(path: Path | str, guild_id: int | None = None) -> Stored:
    """The newest table stored (in the server `guild_id`, when given)."""
    database = await Database.open(path)
    try:
        tables = await database.live_tables(guild_id)
    finally:
        await database.close()
    assert tables, "no table is stored"
    newest = tables[-1]
    state = newest.state
    if newest.hands and state.get("record") is not None:
        # The finished hands are kept apart (`live_hands`): the whole match's record again.
        hands = [json.loads(hand) for hand in newest.hands]
        record = state["record"]
        state = {**state, "record": {**record, "hands": hands + list(record.get("hands", []))}}
    return Stored(newest.id, state)


# -- the record -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    hand: int
    seat: int
    action: dict[str, Any]  # as the record holds it
    forced: bool  # the only legal action: the table plays it itself (a person's only play too)
    label: str  # the move button's label (English) it was, on the seat's view at that moment


def record_moves(record: dict[str, Any]) -> list[Move]:
    """Each action of `record`, replaying the record up to it to see the seat's legal moves."""
    wording = ENGLISH.wording()
    moves: list[Move] = []
    hands = list(record.get("hands") or [])
    for number, hand in enumerate(hands):
        actions = list(hand.get("actions") or [])
        for index, action_record in enumerate(actions):
            upto = {**hand, "actions": actions[:index]}
            match = replay({**record, "hands": [*hands[:number], upto]}).match
            seat = int(action_record["seat"])
            view = match.view_for(seat)
            action = action_from_record(action_record)
            # A lone draw or pass plays itself, and so does a person's only move (their
            # setting, on by default); an AI seat's only move is its AI's, never a choice.
            forced = len(view.legal) == 1
            label = render.move_label(action, wording=wording, view=view)
            moves.append(Move(number, seat, dict(action_record), forced, label))
    return moves


async def people_seats(path: Path) -> set[int]:
    """The seats of the stored table that people hold (not the AI's)."""
    stored = await stored_table(path)
    return {index for index, seat in enumerate(stored.seats) if seat.get("user_id") is not None}


async def moves_in_record(path: Path) -> list[Move]:
    """The stored table's moves, oldest first (see `Move`)."""
    stored = await stored_table(path)
    record = stored.state.get("record")
    return [] if record is None else record_moves(record)


@dataclass
class Clicks:
    """The move clicks people made that the bot accepted (no refusal), in order."""

    made: list[tuple[int, str]] = field(default_factory=list)  # (seat, button label)
    refused: list[tuple[int, str, str]] = field(default_factory=list)  # ... and the answer

    async def click(self, person: Any, message: Any, custom_id: str, seat: int) -> Any:
        label = next(b.label for b in message.buttons if b.custom_id == custom_id)
        result = await person.click(message, custom_id=custom_id)
        answer = refusal_of(result)
        if answer is None:
            self.made.append((seat, label))
        else:
            self.refused.append((seat, label, answer))
        return result


def refusal_of(result: Any) -> str | None:
    """The ephemeral answer a click got (a refusal), or None (a move is answered silently)."""
    messages = list(result.followups)
    if result.type in (4, 5) and result.response is not None:
        messages.append(result.response)
    seen = [m for m in messages if m.ephemeral]
    return str(seen[-1].text) if seen else None


def assert_moves_are_the_clicks(
    moves: list[Move], clicks: Clicks, *, timeouts: int = 0, people: set[int] | None = None
) -> None:
    """The record's unforced moves of people's seats are exactly the accepted clicks, in order,
    plus `timeouts` moves the timer made; nothing twice, nothing refused. People's seats are
    `people`, or else those that clicked (a seat whose every move was played for it, by the
    timer too, must be named)."""
    if people is None:
        people = {seat for seat, _ in clicks.made} | {seat for seat, _, _ in clicks.refused}
    # A single legal move is played at once for a player who wants it (`forced`), or clicked
    # by one who asked to click it: a click may match it; unmatched, it is not a click's. The
    # same tile may be a forced move in one hand and a choice in the next, so the clicks are
    # laid along the record the way that leaves the fewest choices unclicked (not greedily).
    everyone = [(m.seat, m.label, m.forced) for m in moves if m.seat in people]
    made = list(clicks.made)
    impossible = len(everyone) + 1
    # left[i][j]: the fewest unclicked choices in everyone[j:] with made[i:] still to lay
    left = [[impossible] * (len(everyone) + 1) for _ in range(len(made) + 1)]
    for j in range(len(everyone), -1, -1):
        left[len(made)][j] = sum(not forced for _, _, forced in everyone[j:])
    for i in range(len(made) - 1, -1, -1):
        for j in range(len(everyone) - 1, -1, -1):
            skip = left[i][j + 1] + (not everyone[j][2])
            take = left[i + 1][j + 1] if everyone[j][:2] == made[i] else impossible
            left[i][j] = min(skip, take)
    chosen = [(seat, label) for seat, label, forced in everyone if not forced]
    assert left[0][0] < impossible, (
        f"the accepted clicks {made} are not all in the record (in order): {chosen}"
    )
    unclicked, i = [], 0
    for j, (seat, label, forced) in enumerate(everyone):
        if i < len(made) and (seat, label) == made[i] and left[i + 1][j + 1] == left[i][j]:
            i += 1
        elif not forced:
            unclicked.append((seat, label))
    assert len(unclicked) == timeouts, (
        f"moves of people's seats nobody clicked: {unclicked} (expected {timeouts} by the timer); "
        f"clicks {clicks.made}, refused {clicks.refused}"
    )


def timeouts_the_board_shows(stored: Stored) -> int:
    """How many "(time ran out)" lines a board true to `stored` shows: its last `LAST_MOVES`
    lines, and during a hand every line since the player to move last moved, up to
    `MOST_MOVES` (`cogs.tables.board.last_moves`)."""
    said = [Said.from_json(line) for line in stored.state.get("log") or []]
    shown = min(LAST_MOVES, len(said))
    turn = stored.turn if stored.phase == "playing" else None
    if turn is not None:
        name = user_text(str(stored.seats[turn]["name"]))
        since = next(
            (back for back, line in enumerate(reversed(said)) if said_by(line) == name),
            len(said),
        )
        shown = max(shown, min(since, MOST_MOVES))
    return sum(TIME_RAN_OUT in line for line in stored.log[len(said) - shown :])


def timed_out_lines(emu: Emulator, stored: Stored) -> tuple[int, int]:
    """How many turns the store says ran out in the match (every seat's `missed`: its log
    keeps only the last lines, which later forced moves can push a timeout's line out of),
    and how many "(time ran out)" lines the board's log shows."""
    shown = board(emu)
    on_board = 0 if shown is None else board_words(shown).count(TIME_RAN_OUT)
    return sum(int(seat.get("missed", 0)) for seat in stored.seats), on_board


# -- what people see --------------------------------------------------------------------------


def move_ids(message: Any) -> list[str]:
    ids = [b.custom_id or "" for b in message.buttons] + [s.custom_id for s in message.selects]
    return [i for i in ids if i.startswith(MOVE_PREFIXES)]


def hand_messages(emu: Emulator, name: str) -> list[Any]:
    """A person's hand DMs (those with the hand picture), oldest first."""
    return [m for m in emu.dm(name).messages if any(f.filename == "hand.png" for f in m.files)]


def newest_moves(emu: Emulator, name: str) -> Any:
    """The person's newest DM that carries move buttons (or None)."""
    for message in reversed(emu.dm(name).messages):
        if move_ids(message):
            return message
    return None


def tiles_shown(message: Any) -> list[str] | None:
    """The tiles a hand DM lists in its picture's alt text ("Your tiles: 6-4, 2-1 (2 tiles).")."""
    picture = next(f for f in message.files if f.filename == "hand.png")
    alt = picture.attachment.description or ""
    if "You have no tiles" in alt:
        return []
    found = re.search(r"Your tiles: (.*?) \(\d+ tiles?\)", alt)
    return None if found is None else sorted(found.group(1).split(", "))


def field_value(embed: dict[str, Any], name: str) -> str | None:
    for item in embed.get("fields") or []:
        if item.get("name") == name:
            return str(item.get("value"))
    return None


def divergences(emu: Emulator, stored: Stored, channel: Any = None) -> list[str]:
    """Every way what people see differs from the stored table (empty: converged); the table
    was opened in `channel` (default: the home server's general channel)."""
    problems: list[str] = []
    match = stored.match
    if match is None or stored.phase not in ("playing", "between", "over"):
        return problems
    names = [str(seat["name"]) for seat in stored.seats]
    shown = board(emu, channel)
    if shown is None:
        return ["no board is shown"]
    number = len(match.results) + (1 if stored.phase == "playing" else 0)
    title = board_title(shown)
    # "… · hand 3", or in Mexican Train "… · round 3 of 13 · engine 10-10"
    if not re.search(rf" {max(number, 1)}( of \d+ · .*)?$", title):
        problems.append(f"the board's title {title!r} is not hand {number}")
    log = stored.log
    lines = board_words(shown).splitlines()
    if log and log[-1] not in lines:
        problems.append(f"the board's lines {lines} do not tell the stored {log[-1]!r}")
    to_play = [line for line in lines if " is to play" in line]
    turn = stored.turn
    if turn is None and to_play:
        problems.append(f"the board says {to_play!r} is to play; stored: nobody")
    if turn is not None:
        user_id = stored.seats[turn].get("user_id")
        who = f"<@{user_id}>" if user_id is not None else user_text(names[turn])
        if len(to_play) != 1 or not to_play[0].startswith(f"{who} is to play"):
            problems.append(f"the board says {to_play!r} is to play; stored: {who}")
    problems += _hands_diverge(emu, stored, match, names)
    problems += _sheets_diverge(emu, match, channel)
    return problems


def _hands_diverge(emu: Emulator, stored: Stored, match: Match, names: list[str]) -> list[str]:
    problems: list[str] = []
    hand = match.hand
    if hand is None:
        return problems
    wording = ENGLISH.wording()
    # A person's first DM comes with their first turn to choose (a new DM notifies): one whose
    # moves were all single moves played at once has none yet.
    record = stored.state.get("record")
    chose = {m.seat for m in record_moves(record) if not m.forced} if record else set()
    for seat, player in enumerate(stored.seats):
        user_id = player.get("user_id")
        if user_id is None or player.get("dm_closed"):
            continue
        name = emu.world.users[int(user_id)].name
        messages = hand_messages(emu, name)
        if not messages:
            if stored.turn == seat or seat in chose:
                problems.append(f"{name} (seat {seat}) has no hand DM")
            continue
        newest = messages[-1]
        tiles = tiles_shown(newest)
        expected = sorted(str(tile) for tile in hand.hands[seat])
        if tiles != expected:
            problems.append(f"{name}'s newest hand DM shows {tiles}; stored: {expected}")
        ids = move_ids(newest)
        if stored.turn == seat and not stored.plays_itself(seat):
            legal = match.view_for(seat).legal
            labels = [
                render.move_label(a, wording=wording, view=match.view_for(seat)) for a in legal
            ]
            wanted = [f"dm:{stored.id}:{stored.version}:{i}" for i in range(len(legal))]
            buttons = [b.label for b in newest.buttons if (b.custom_id or "").startswith("dm:")]
            if newest.selects:
                versions = {i.split(":")[2] for i in ids}
                if versions != {str(stored.version)}:
                    problems.append(f"{name}'s move menus are for versions {versions}")
            elif ids != wanted or buttons != labels:
                problems.append(
                    f"{name} is to play: newest hand DM has moves {ids} {buttons};"
                    f" stored: {wanted} {labels}"
                )
        elif ids:
            problems.append(f"{name} is not to play but their newest hand DM has moves {ids}")
    return problems


def _sheets_diverge(emu: Emulator, match: Match, channel: Any = None) -> list[str]:
    sheets = [
        m.text
        for m in table_channel(emu, channel).messages
        if any(f.filename == "scores.png" for f in m.files)
    ]
    problems: list[str] = []
    if len(set(sheets)) != len(sheets):
        problems.append(f"a score sheet is shown twice: {sheets}")
    if len(sheets) != len(match.results):
        problems.append(f"{len(sheets)} score sheets shown for {len(match.results)} hands over")
    return problems


async def assert_converged(
    emu: Emulator,
    path: Path | str,
    *,
    timeout: float = 10.0,
    nudge: float = 0.0,
    channel: Any = None,
) -> Stored:
    """Once the bot is idle, what people see is the stored table (see `divergences`). Looked at
    again until `timeout` (real seconds: deliveries retried with backoff); `nudge` moves the
    emulator clock that many seconds between looks (for a bot whose backoff follows its
    injected clock: keep turn timers longer than the whole wait). Returns the stored table."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        with contextlib.suppress(TimeoutError):
            await emu.settle()
        stored = await stored_table(path, channel.guild_id if channel is not None else None)
        problems = divergences(emu, stored, channel)
        if not problems:
            return stored
        if loop.time() > deadline:
            raise AssertionError(
                f"what people see is not the stored table (version {stored.version},"
                f" phase {stored.phase}) after {timeout}s:\n  " + "\n  ".join(problems)
            )
        await asyncio.sleep(0.25)
        if nudge:
            emu.advance(nudge)
