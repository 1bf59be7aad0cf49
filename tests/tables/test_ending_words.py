"""Every ending said once, where players look, in the game's own terms. Whole matches are played
through the emulator; what each place said is compared with the stored match:

- the game room puts a player out: the table says so under that hand's score sheet, the player's
  DM says so and stays as it is while the others play on, and nobody asks them to be Ready;
- penalty points read as penalties (the score that loses is named, no plus sign);
- a hand's record (how it ended, the points that changed) is under its score sheet only, the
  match's end on the board, and each DM says only its player's own result and, at the end,
  that the MATCH is over;
- a run of draws the table played itself is one line, so the move before it stays on the board;
- a Ready click that changes nothing the board shows sends no board again.
"""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

from cogs import texts
from cogs.lang import words
from cogs.tables import board as boards
from cogs.tables.seating import Lobby, Setup
from cogs.tables.table import Phase, Table
from engine import Draw, Pass, Play
from engine.view import public_view
from render import ENGLISH
from render.outcome import eliminated_units, match_sentence, out_sentence
from tests.emulator.emulator import Emulator
from tests.tables.converged import stored_table
from tests.tables.play import board, board_words, play_match, table_channel
from tests.tables.seen_words import PUBLIC, Transcript, transcript

__all__ = ["transcript"]  # the fixture, used by name

EN = words("en")


async def open_table(emu: Emulator, host: Any, game: str, ai: int, **options: Any) -> Any:
    typed = " ".join(f"{name}={value}" for name, value in options.items())
    values = {"game": game, **({"options": typed} if typed else {})}
    lobby = (await host.slash("domino new", values)).response
    for _ in range(ai):
        await host.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    return lobby


def sheet_messages(emu: Emulator) -> list[Any]:
    """The messages under the score sheets, one a hand, in order."""
    return [m for m in table_channel(emu).messages if m.files and m.content]


def board_versions(seen: Transcript) -> list[list[str]]:
    """Every version of the board's texts (its footer ends with the spectators' line)."""
    return [
        shown
        for who, shown in seen.shown
        if who is PUBLIC and any(text.endswith(texts.SPECTATORS) for text in shown)
    ]


def title_number(shown: list[str]) -> int:
    found = re.search(r" · hand (\d+)$", shown[0], re.MULTILINE)
    assert found, shown[0]
    return int(found.group(1))


async def stored_match(store: str) -> tuple[Any, list[str]]:
    stored = await stored_table(store)
    match = stored.match
    assert match is not None and match.over
    return match, [str(seat["name"]) for seat in stored.seats]


# -- the game room: a player out of the match -------------------------------------------------

#: A deal (with the random AI's seeded moves and the driver's) where alice goes out of the match
#: before its last hand, while the others play on.
GAME_ROOM_SEED = "endings-2"
GAME_ROOM_TARGET = 20


async def test_the_game_room_says_who_is_out_and_lets_them_watch_without_asking_ready(
    emu: Emulator,
    domino: discord.Client,
    transcript: Transcript,
    store: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("cogs.tables.table.new_seed", lambda: GAME_ROOM_SEED)
    alice = emu.user("alice")
    lobby = await open_table(emu, alice, "gameroom", 3, target=GAME_ROOM_TARGET)
    await alice.click(lobby, texts.START)
    await play_match(emu, [alice], seconds=300)
    await emu.settle()
    match, names = await stored_match(store)
    view = public_view(match)
    out = dict(eliminated_units(view))
    assert 0 in out and out[0] < len(view.results) - 1, "alice must be out before the last hand"
    hand = out[0]  # 0-based: the hand that put her out

    # Everyone reads it under that hand's score sheet, once.
    said = out_sentence(view, 0, names)
    assert f"(loses at {GAME_ROOM_TARGET})" in said
    sheets = sheet_messages(emu)
    assert [said in sheet.content for sheet in sheets] == [
        number == hand for number in range(len(sheets))
    ]
    # Nobody is asked to be Ready once she is out: she is the only person at the table.
    later = [
        shown
        for shown in board_versions(transcript)
        if title_number(shown) > hand and any("next hand starts" in text for text in shown)
    ]
    assert not [shown for shown in later if texts.READY in shown]
    # Her DM says she is out, and stays so (no "Waiting for …" for the hands she sits out); it
    # changes once more when the match is over.
    mine = [shown for who, shown in transcript.shown if who == alice.id]
    told = texts.you_are_out(EN, view, 0)
    first = next((i for i, shown in enumerate(mine) if any(told in text for text in shown)), None)
    if first is None:
        # The AI seats played the rest of the match before her DM was edited (changes are
        # shown together, the newest only): the edit she got says how the match ended.
        assert any(text.startswith("The match is over: ") for text in mine[-1]), mine[-2:]
        first = len(mine) - 1
    after = mine[first:]
    assert len(after) <= 3, after
    # (She presses Ready whenever the board offers it: she was never asked.)
    assert not [shown for shown in after if EN(texts.READY_NOTED) in shown]
    assert not [shown for shown in after if EN(texts.OUT_NOT_READY) in shown]
    for shown in after:
        assert not [text for text in shown if "Waiting for" in text or "Not your turn" in text]
    assert any(text.startswith("The match is over: ") for text in after[-1]), after


# -- penalty points ---------------------------------------------------------------------------


async def test_a_partnership_hand_reads_as_penalty_points_that_lose_at_the_target(
    emu: Emulator, domino: discord.Client, transcript: Transcript, store: str
) -> None:
    alice = emu.user("alice")
    lobby = await open_table(emu, alice, "partnership", 3, target=20)
    await alice.click(lobby, texts.START)
    await play_match(emu, [alice], seconds=300)
    await emu.settle()
    match, names = await stored_match(store)
    sheets = sheet_messages(emu)
    assert len(sheets) == len(match.results)
    for sheet, result in zip(sheets, match.results, strict=True):
        points = sheet.content.splitlines()[1]
        scored = [unit for unit, gained in enumerate(result.points) if gained]
        if not scored:
            assert points == ENGLISH.outcome_no_points
            continue
        assert points.startswith("Penalty points (loses at 20): ")
        assert "+" not in points  # a penalty is not a gain
        for unit, seats in enumerate(match.units):
            pair = " & ".join(names[seat] for seat in seats)
            assert (pair in points) == (unit in scored)  # only the pair whose score changed
    # Alice's DM after each hand: her pair's penalty points, and the score that loses.
    mine = [text for who, shown in transcript.shown if who == alice.id for text in shown]
    for result in match.results:
        lines = [text for text in mine if text.startswith(f"Hand {result.number + 1} is over: ")]
        assert lines and all("penalty points for your side" in t for t in lines), lines
        assert all(t.endswith("(loses at 20).") or "(loses at 20)." in t for t in lines)
    # The board says what its points mean.
    versions = board_versions(transcript)
    assert versions and all(
        any(
            line.removeprefix("-# ").startswith("Penalty points: reaching 20 loses.")
            for text in shown
            for line in text.splitlines()
        )
        for shown in versions
    )


# -- said once --------------------------------------------------------------------------------


async def test_a_six_seat_match_says_each_ending_once_and_the_last_dm_ends_the_match(
    emu: Emulator, domino: discord.Client, transcript: Transcript, store: str
) -> None:
    alice = emu.user("alice")
    lobby = await open_table(emu, alice, "cyprus", 5, target=15)
    await alice.click(lobby, texts.START)
    final = await play_match(emu, [alice], seconds=300)
    await emu.settle()
    final = board(emu) or final
    match, names = await stored_match(store)
    view = public_view(match)
    ending = match_sentence(view, match.winners, names)
    sheets = sheet_messages(emu)
    assert len(sheets) == len(match.results)
    hands = []
    for sheet, result in zip(sheets, match.results, strict=True):
        outcome, points = sheet.content.splitlines()[:2]
        hands.append(outcome)
        # Only the seats whose score changed are listed.
        listed = [name for name in names if re.search(rf"\b{re.escape(name)} [+-]?\d", points)]
        assert listed == [names[unit] for unit, gained in enumerate(result.points) if gained]
        assert ending not in sheet.content  # the match's end is the board's
    # The board says how the match ended, not how its hands did (their sheets do).
    assert ending in board_words(final)
    for shown in board_versions(transcript):
        assert not [hand for hand in hands if any(hand in text for text in shown)]
    # Alice's last DM: her own result and that the match is over, none of the sheet's lines.
    last = [shown for who, shown in transcript.shown if who == alice.id][-1]
    text = "\n".join(last)
    assert f"The match is over: {ending}" in text
    assert ENGLISH.hand_match_over in text  # the picture's alt text too
    assert "The hand is over." not in text and "This hand is over." not in text
    assert not [hand for hand in hands if hand in text]
    assert "Points:" not in text


# -- the board's moves ------------------------------------------------------------------------


def test_a_move_followed_by_forced_draws_stays_on_the_board_in_one_line_with_them() -> None:
    """Two-player tables play on until a click is followed by several draws the table played
    itself: the board still shows the click's move, and the draws as one line."""
    for seed in range(40):
        table = Table(
            id="t1", lobby=Lobby(Setup.create("two-player", {}), host_id=1), seed=f"runs-{seed}"
        )
        table.join(1, "alice", plays_forced=False)  # asked even for a single move: no chain
        table.join(2, "bob", plays_forced=False)  # of moves played for them after the draws
        table.start(1, 0.0)
        rng = random.Random(seed)
        while table.phase is Phase.PLAYING:
            seat = table.turn
            assert seat is not None
            user = table.seats[seat].user_id
            assert user is not None
            legal = table.view(seat).legal
            steps = table.play(user, table.version, rng.randrange(len(legal)), 0.0)
            draws = [step for step in steps[1:] if isinstance(step.action, Draw)]
            if len(draws) < 2 or table.phase is not Phase.PLAYING:
                continue
            assert isinstance(steps[0].action, Play)
            snap = boards.BoardSnapshot.of(table, None, None)
            description = str(boards.board_embed(snap, EN).description)
            assert EN.say(steps[0].line) in description  # the click's move
            runner = table.seats[steps[1].action.seat].name
            passed = isinstance(steps[-1].action, Pass)
            run = f"{runner} drew {len(draws)} tiles" + (" and passed" if passed else "")
            assert run in description.splitlines()  # the run, folded into one line
            assert len(table.log) <= 6  # the log's bound holds
            return
    raise AssertionError("no click was followed by two forced draws")


async def test_a_ready_click_that_changes_nothing_shown_sends_no_board(
    emu: Emulator, domino: discord.Client, transcript: Transcript
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = await open_table(emu, alice, "partnership", 0, target=200)
    await bob.click(lobby, texts.JOIN)
    await alice.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await alice.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await alice.click(lobby, texts.START)
    rng = random.Random(1)
    from tests.tables.play import latest_version, move_message, play_one

    played: dict[str, int] = {}
    for _ in range(4000):
        shown = board(emu)
        if shown is not None and texts.READY in shown.labels:
            break
        for person in (alice, bob):
            message = move_message(person.dm.messages)
            if message is not None and latest_version(message) != played.get(person.name):
                played[person.name] = latest_version(message)
                await play_one(person, message, rng)
        await emu.settle()
    else:
        raise AssertionError("the first hand did not end")
    await emu.settle()
    before = len(board_versions(transcript))
    await alice.click(board(emu), texts.READY)  # bob is not ready: the board stays as it is
    await emu.settle()
    assert len(board_versions(transcript)) == before
