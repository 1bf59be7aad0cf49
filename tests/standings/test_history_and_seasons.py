"""/history and its move-by-move replay (which keeps working after a restart); unrated matches
(an AI seat, or friendly) in history but not in ratings; /season for moderators only, by hand and
on schedule."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import discord
import pytest

import render
from cogs.standings import texts as words
from cogs.standings.replay import hand_sizes
from engine import SeatView
from tests.emulator.emulator import Emulator
from tests.standings.helpers import (
    answer,
    ephemeral_text,
    leaderboard_names,
    make_moderator,
    record_of,
    record_singles,
)
from tests.tables.play import play_match

DAY = 86_400.0


def step_button(message: Any, label: str) -> Any:
    return next(b for b in message.buttons if b.label == label)


async def step(person: Any, message: Any, label: str) -> None:
    button = step_button(message, label)
    assert not button.disabled, f"{label} is disabled on {message.text!r}"
    await person.click(message, custom_id=button.custom_id)


async def test_history_lists_matches_newest_first_and_pages_back(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob, carol = emu.user("alice"), emu.user("bob"), emu.user("carol")
    for n in range(12):
        await record_singles(emu, domino, f"h{n}", alice, bob, seed=n % 2 + 1)
    await record_singles(emu, domino, "other", carol, bob)  # not alice's
    listing = answer(await alice.slash("history"))
    assert listing.ephemeral
    numbers = [line.split("**")[1] for line in listing.embed["description"].split("\n\n")]
    assert numbers == [f"#{n}" for n in range(12, 2, -1)]  # her ten newest; #13 is not hers
    assert "🏆 alice" in listing.text and words.RATED in listing.text
    assert len(listing.select().options) == 10
    await alice.click(listing, words.HISTORY_MORE)
    numbers = [line.split("**")[1] for line in listing.embed["description"].split("\n\n")]
    assert numbers == ["#2", "#1"] and words.HISTORY_MORE not in listing.labels
    bobs = answer(await alice.slash("history", player=bob))
    assert bobs.embed["title"] == words.HISTORY_TITLE.format(name="bob")
    assert "#13" in bobs.text and "🏆 carol" in bobs.text
    server = answer(await carol.slash("history", everyone=True))
    assert server.embed["title"] == words.HISTORY_TITLE.format(name=words.HISTORY_SERVER)
    numbers = [line.split("**")[1] for line in server.embed["description"].split("\n\n")]
    assert numbers == [f"#{n}" for n in range(13, 3, -1)]
    await carol.click(server, words.HISTORY_MORE)
    numbers = [line.split("**")[1] for line in server.embed["description"].split("\n\n")]
    assert numbers == ["#3", "#2", "#1"]


async def test_stepping_through_a_match_move_by_move_even_after_a_restart(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    await record_singles(emu, domino, "t1", alice, bob, seed=3)
    sizes = hand_sizes(record_of("two-player", 2, 3, 50))
    listing = answer(await alice.slash("history"))
    stepper = answer(await alice.choose(listing, "1", placeholder=words.HISTORY_PICK))
    assert stepper.ephemeral and stepper.files[0].is_png
    assert words.STEP_DEAL.format(hand=1, hands=len(sizes)) in stepper.text
    assert step_button(stepper, words.PREVIOUS_MOVE).disabled
    pictures = [stepper.files[0].data]
    for move in range(1, 4):
        await step(alice, stepper, words.NEXT_MOVE)
        assert f"move {move} of {sizes[0]}" in stepper.text
        alt = stepper.files[0].attachment.description  # the replayed board, described
        assert ", hand 1. " in alt and "Last move: " in alt
        assert stepper.files[0].data not in pictures  # the picture follows the moves
        pictures.append(stepper.files[0].data)
    await step(alice, stepper, words.PREVIOUS_MOVE)
    assert f"move 2 of {sizes[0]}" in stepper.text and stepper.files[0].data == pictures[2]
    await step(alice, stepper, words.NEXT_HAND)
    assert words.STEP_DEAL.format(hand=2, hands=len(sizes)) in stepper.text
    # After a restart the same buttons still step (everything is in their custom ids).
    await emu.restart_bot()
    await step(alice, stepper, words.NEXT_MOVE)
    assert f"Hand 2 of {len(sizes)}, move 1 of {sizes[1]}" in stepper.text
    await step(alice, stepper, words.PREVIOUS_HAND)
    await step(alice, stepper, words.PREVIOUS_HAND)
    assert words.STEP_DEAL.format(hand=1, hands=len(sizes)) in stepper.text
    assert stepper.files[0].data == pictures[0]
    for _ in sizes:
        await step(alice, stepper, words.NEXT_HAND)
    assert render.ENGLISH.say(render.ENGLISH.outcome_match_won, names="alice") in stepper.text
    assert step_button(stepper, words.NEXT_MOVE).disabled
    assert step_button(stepper, words.NEXT_HAND).disabled


async def test_a_slow_picture_never_costs_the_acknowledgement(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    emu.ack_deadline = 3.0  # Discord's own rule, no grace
    board_png = render.board_png

    def slow_board(view: SeatView, **options: Any) -> bytes:
        time.sleep(3.2)  # in a worker thread: the bot has answered long before
        return board_png(view, **options)

    alice, bob = emu.user("alice"), emu.user("bob")
    await record_singles(emu, domino, "t1", alice, bob)
    listing = answer(await alice.slash("history"))
    monkeypatch.setattr(render, "board_png", slow_board)
    opened = await alice.choose(listing, "1", placeholder=words.HISTORY_PICK)
    assert not opened.failed
    stepper = await emu.wait_for(lambda: not answer(opened).loading and answer(opened))
    assert stepper.files[0].is_png


async def test_a_match_of_another_server_cannot_be_replayed(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    await record_singles(emu, domino, "t1", alice, bob)
    listing = answer(await alice.slash("history"))
    stepper = answer(await alice.choose(listing, "1", placeholder=words.HISTORY_PICK))
    button = step_button(stepper, words.NEXT_MOVE)
    forged = button.custom_id.replace("ss:1:", "ss:2:")  # a match id this server does not have
    stepper.message.components[0]["components"][2]["custom_id"] = forged
    assert "no match #2" in ephemeral_text(await alice.click(stepper, custom_id=forged))


async def test_a_match_with_an_ai_seat_is_in_history_but_not_in_ratings(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    lobby = answer(await alice.slash("domino new", game="two-player", target=10))
    await alice.choose(lobby, "random", placeholder="Add an AI player: choose its level")
    await alice.click(lobby, "Start")
    await play_match(emu, [alice])
    listing = answer(await alice.slash("history"))
    assert "Two-player dominoes" in listing.text and words.UNRATED in listing.text
    assert "AI" in listing.text
    stats = answer(await alice.slash("stats"))
    fields = {f["name"]: f["value"] for f in stats.embed["fields"]}
    assert fields[words.GAMES] == "1" and fields[words.RATING] == words.UNRATED_ONLY
    board = answer(await alice.slash("leaderboard"))
    assert leaderboard_names(board) == []
    # The bot's own record of the match replays to its end.
    stepper = answer(await alice.choose(listing, "1", placeholder=words.HISTORY_PICK))
    for _ in range(20):
        if step_button(stepper, words.NEXT_HAND).disabled:
            break
        await step(alice, stepper, words.NEXT_HAND)
    assert step_button(stepper, words.NEXT_MOVE).disabled
    assert "won the match" in stepper.text or render.ENGLISH.outcome_match_drawn in stepper.text


async def test_moderators_start_and_end_seasons_that_stay_browsable(
    emu: Emulator, domino: discord.Client
) -> None:
    mod = make_moderator(emu, emu.user("mod"))
    alice, bob = emu.user("alice"), emu.user("bob")
    started = await mod.slash("season start")
    assert ephemeral_text(started) == words.SEASON_STARTED.format(name="Season 1")
    announcement = emu.channel().find(words.SEASON_STARTED.format(name="Season 1"))
    assert announcement is not None and not announcement.ephemeral
    refused = await mod.slash("season start", name="Again")
    assert "Season 1 is still open" in ephemeral_text(refused)
    await record_singles(emu, domino, "s1", alice, bob)
    ended = await mod.slash("season end")
    assert ephemeral_text(ended) == words.SEASON_ENDED.format(
        name="Season 1", command="/leaderboard", season="season", number=1
    )
    assert "no season" in ephemeral_text(await mod.slash("season end")).lower()
    await record_singles(emu, domino, "after", bob, alice, seed=2)
    # No open season: the board is all time; the past season is one option away.
    now = answer(await alice.slash("leaderboard"))
    assert words.ALL_TIME in now.embed["title"]
    past = answer(await alice.slash("leaderboard", season="1"))
    assert "Season 1" in past.embed["title"] and leaderboard_names(past) == ["alice", "bob"]
    offered = await alice.autocomplete("leaderboard", "season", "")
    assert [c["name"] for c in offered] == [words.ALL_TIME, "Season 1"]
    listing = answer(await mod.slash("season list"))
    assert "Season 1" in listing.text and words.SEASON_NO_SCHEDULE in listing.text


async def test_a_member_without_manage_server_cannot_start_or_end_seasons(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    # Everyone sees /season (its list is for all); starting and ending are refused at run time.
    for name in ("season start", "season end"):
        assert ephemeral_text(await alice.slash(name)) == words.MANAGE_SERVER_ONLY
    assert await domino.db.seasons(emu.guild.id) == []  # type: ignore[attr-defined]


async def test_a_scheduled_season_ends_by_itself_and_the_next_one_starts(
    emu: Emulator, domino: discord.Client
) -> None:
    mod = make_moderator(emu, emu.user("mod"))
    started = await mod.slash("season start", days=7, repeat=True)
    assert words.SEASON_REPEATS[1].format(count=7) in ephemeral_text(started)
    assert "repeat" in ephemeral_text(await mod.slash("season start", repeat=True)).lower()
    seasons: Any = domino.get_cog("Seasons")  # loaded as an extension: its own module copy
    assert seasons.roller.is_running()
    seasons.roller.change_interval(seconds=0.05)
    emu.advance(8 * DAY)
    db = domino.db  # type: ignore[attr-defined]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while len(found := await db.seasons(emu.guild.id)) < 2:
        assert loop.time() < deadline, "the season did not end on schedule"
        await asyncio.sleep(0.05)
    newest, first = found
    assert first.ended_at == first.ends_at and newest.name == "Season 2"
    assert newest.ends_at == pytest.approx(newest.started_at + 7 * DAY)
    board = answer(await mod.slash("leaderboard"))
    assert "Season 2" in board.embed["title"]


async def test_the_standings_commands_are_synced_with_seasons_for_everyone(
    emu: Emulator, domino: discord.Client
) -> None:
    synced = {command["name"]: command for command in emu.synced_commands(None)}
    assert {"leaderboard", "stats", "history", "season"} <= set(synced)
    assert synced["season"].get("default_member_permissions") is None  # its list is for all
    assert {o["name"] for o in synced["season"]["options"]} == {"start", "end", "list"}
    for name in ("leaderboard", "stats", "history"):
        assert synced[name].get("default_member_permissions") is None
        assert synced[name].get("contexts") == [0]  # servers only
    by = next(o for o in synced["leaderboard"]["options"] if o["name"] == "by")
    assert [c["value"] for c in by["choices"]] == ["rating", "wins", "points"]
