"""A season played through the emulator shows the right standings and ratings: /leaderboard by
rating, wins and points, for players and fixed pairs, in pages with the caller's rank; /stats for
oneself and another player, with the rating chart."""

from __future__ import annotations

import io

import discord
from PIL import Image

from cogs.standings import texts as words
from tests.emulator.emulator import Emulator
from tests.standings.helpers import (
    answer,
    ephemeral_text,
    leaderboard_names,
    line_of,
    make_moderator,
    record_partnership,
    record_singles,
)


async def play_a_season(emu: Emulator, bot: discord.Client) -> dict[str, int]:
    """Alice beats everyone, Bob beats Carol and Dave, Carol beats Dave; returns the points each
    player's seats scored (the sum the points leaderboard must show)."""
    owner = make_moderator(emu, emu.user("mod"))
    await owner.slash("season start", name="Autumn")
    alice, bob, carol, dave = (emu.user(n) for n in ("alice", "bob", "carol", "dave"))
    ladder = [alice, bob, carol, dave]
    points: dict[str, int] = {p.name: 0 for p in ladder}
    number = 0
    for high, winner in enumerate(ladder):
        for loser in ladder[high + 1 :]:
            number += 1
            outcome = await record_singles(emu, bot, f"s{number}", winner, loser, seed=number)
            assert outcome.rated and outcome.season_id is not None
            for seat in (await bot.db.match_summary(outcome.match_id)).seats:  # type: ignore[attr-defined]
                points[seat.name] += seat.points
    return points


async def test_a_season_ranks_players_by_rating_wins_and_points(
    emu: Emulator, domino: discord.Client
) -> None:
    points = await play_a_season(emu, domino)
    carol = emu.user("carol")
    board = answer(await carol.slash("leaderboard"))
    assert "Autumn" in board.embed["title"] and words.ALL_GAMES in board.embed["title"]
    assert leaderboard_names(board) == ["alice", "bob", "carol", "dave"]
    assert words.RANKED.format(name="carol", rank=3, total=4) in board.text
    by_wins = answer(await carol.slash("leaderboard", by="wins"))
    assert "**1.** alice — 3 wins" in by_wins.text and "**4.** dave — 0 wins" in by_wins.text
    by_points = answer(await carol.slash("leaderboard", by="points"))
    expected = sorted(points, key=lambda name: -points[name])
    assert leaderboard_names(by_points)[0] == expected[0]
    for name in points:
        assert f"{name} — {points[name]} pts" in by_points.text
    one_game = answer(await carol.slash("leaderboard", game="two-player"))
    assert "Two-player dominoes" in one_game.embed["title"]
    assert leaderboard_names(one_game) == ["alice", "bob", "carol", "dave"]
    other_game = answer(await carol.slash("leaderboard", game="partnership"))
    assert words.LEADERBOARD_EMPTY in other_game.text
    assert "chess" in ephemeral_text(await carol.slash("leaderboard", game="chess"))


async def test_the_season_board_starts_afresh_and_all_time_keeps_everything(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    await record_singles(emu, domino, "before", bob, alice)  # before any season
    await play_a_season(emu, domino)
    season = answer(await alice.slash("leaderboard"))
    assert line_of(season, "bob").endswith("3 games, 2 wins")
    all_time = answer(await alice.slash("leaderboard", season="all"))
    assert words.ALL_TIME in all_time.embed["title"]
    assert line_of(all_time, "bob").endswith("4 games, 3 wins")
    assert line_of(all_time, "alice").endswith("4 games, 3 wins")
    # The season is also found by its number, as the season option's menu offers it.
    again = answer(await alice.slash("leaderboard", season="1"))
    assert again.embed["description"] == season.embed["description"]
    refused = await alice.slash("leaderboard", season="Spring")
    assert words.UNKNOWN_SEASON.format(name="Spring") in answer(refused).text


async def test_pages_of_ten_with_the_callers_rank_and_a_jump_to_their_page(
    emu: Emulator, domino: discord.Client
) -> None:
    people = [emu.user(f"p{n:02}") for n in range(24)]
    for n in range(0, 24, 2):  # twelve matches: each even player beats the next one
        await record_singles(emu, domino, f"m{n}", people[n], people[n + 1], seed=n % 3 + 1)
    last = people[-1]
    first_page = answer(await last.slash("leaderboard"))
    assert len(leaderboard_names(first_page)) == 10
    assert "Page 1 of 3 · 24 players" in first_page.text
    rank = await domino.db.rank_of(emu.guild.id, None, last.id)  # type: ignore[attr-defined]
    assert words.RANKED.format(name=last.name, rank=rank, total=24) in first_page.text
    assert next(b for b in first_page.buttons if b.label == words.PREVIOUS).disabled
    await last.click(first_page, words.NEXT)
    assert "Page 2 of 3" in first_page.text and "**11.**" in first_page.text
    await last.click(first_page, words.NEXT)
    assert "Page 3 of 3" in first_page.text and len(leaderboard_names(first_page)) == 4
    assert next(b for b in first_page.buttons if b.label == words.NEXT).disabled
    # Another reader pages the same message back; the rank line is now theirs.
    top = people[0]
    await top.click(first_page, words.MY_PAGE)
    top_rank = await domino.db.rank_of(emu.guild.id, None, top.id)  # type: ignore[attr-defined]
    assert f"Page {(top_rank - 1) // 10 + 1} of 3" in first_page.text
    assert words.RANKED.format(name=top.name, rank=top_rank, total=24) in first_page.text
    # Someone with no rated match is told so, and the page does not move.
    before = first_page.text
    stranger = emu.user("stranger")
    assert ephemeral_text(await stranger.click(first_page, words.MY_PAGE)) == (
        words.NOT_RANKED_HERE
    )
    assert first_page.text == before
    # The buttons keep working after a restart: everything they need is in their custom ids.
    await emu.restart_bot()
    await last.click(first_page, words.MY_PAGE)
    assert f"Page {(rank - 1) // 10 + 1} of 3" in first_page.text


async def test_fixed_pairs_have_their_own_board(emu: Emulator, domino: discord.Client) -> None:
    alice, bob, carol, dave = (emu.user(n) for n in ("alice", "bob", "carol", "dave"))
    await record_partnership(emu, domino, "p1", [alice, carol], [bob, dave])
    await record_partnership(emu, domino, "p2", [alice, carol], [bob, dave], seed=3)
    pairs = answer(await bob.slash("leaderboard", who="pairs"))
    assert words.KIND_NAMES["pairs"] in pairs.text
    assert leaderboard_names(pairs) == ["alice & carol", "bob & dave"]
    assert words.RANKED.format(name="bob", rank=2, total=2) in pairs.text
    players = answer(await bob.slash("leaderboard"))
    assert set(leaderboard_names(players)) == {"alice", "bob", "carol", "dave"}


async def test_stats_of_oneself_and_of_another_player_with_the_rating_chart(
    emu: Emulator, domino: discord.Client
) -> None:
    await play_a_season(emu, domino)
    bob, dave = emu.user("bob"), emu.user("dave")
    await record_singles(emu, domino, "friendly", dave, bob, rated=False)
    mine = answer(await bob.slash("stats"))
    assert mine.embed["title"].startswith("bob")
    fields = {f["name"]: f["value"] for f in mine.embed["fields"]}
    assert fields[words.GAMES] == "4" and fields[words.WINS] == "2"  # the friendly counts here
    assert fields[words.WIN_RATE] == "50%" and fields[words.BEST_STREAK] == "2"
    assert fields[words.CURRENT_STREAK] == "0"
    assert fields[words.RATING].endswith("(#2)")
    assert "Two-player dominoes: 4 games, 2 wins (50%)" in fields[words.BY_GAME]
    chart = mine.files[0]
    assert chart.filename == "rating.png" and chart.is_png
    alt = chart.attachment.description  # first and last rating, and how many rated matches
    assert alt.startswith("Rating chart of bob: ") and alt.endswith("; 3 matches.")
    assert mine.embed["image"]["url"] == "attachment://rating.png"
    assert Image.open(io.BytesIO(chart.data)).size == (480, 200)
    theirs = answer(await bob.slash("stats", player=dave))
    fields = {f["name"]: f["value"] for f in theirs.embed["fields"]}
    assert theirs.embed["title"].startswith("dave")
    assert (fields[words.GAMES], fields[words.WINS]) == ("4", "1")
    assert fields[words.RATING].endswith("(#4)")  # the friendly win moved no rating
    assert theirs.files[0].data != chart.data


async def test_stats_of_a_newcomer_and_of_a_player_without_rated_matches(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    empty = answer(await alice.slash("stats"))
    assert words.STATS_NONE.format(name="alice") in empty.text and not empty.files
    await record_singles(emu, domino, "friendly", alice, bob, rated=False)
    unrated = answer(await alice.slash("stats"))
    fields = {f["name"]: f["value"] for f in unrated.embed["fields"]}
    assert fields[words.GAMES] == "1" and fields[words.RATING] == words.UNRATED_ONLY
    assert not unrated.files  # no rated match: no trend to draw
    board = answer(await alice.slash("leaderboard"))
    assert words.LEADERBOARD_EMPTY in board.text
    assert words.UNRANKED.format(name="alice") in board.text
