"""The check of the issue: a season played through the emulator, table by table with the real
bot, shows the right standings and ratings (worked out independently with openskill)."""

from __future__ import annotations

import discord
from openskill.models import PlackettLuce

from cogs.standings import texts as words
from tests.emulator.emulator import Emulator
from tests.standings.helpers import answer, leaderboard_names, line_of, make_moderator
from tests.tables.play import play_match


async def test_matches_played_at_tables_make_the_season_standings(
    emu: Emulator, domino: discord.Client
) -> None:
    mod = make_moderator(emu, emu.user("mod"))
    await mod.slash("season start", name="Winter")
    alice, bob = emu.user("alice"), emu.user("bob")
    winners = []
    for seed in range(2):
        lobby = answer(await alice.slash("domino new", game="two-player", target=10, rated=True))
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        final = await play_match(emu, [alice, bob], seed=seed)
        winners.append("alice" if "alice won the match" in final.text else "bob")
    # The same two matches rated by openskill itself, in the order they finished.
    model = PlackettLuce()
    skills = {"alice": model.rating(), "bob": model.rating()}
    for winner in winners:
        loser = "bob" if winner == "alice" else "alice"
        [[skills[winner]], [skills[loser]]] = model.rate(
            [[skills[winner]], [skills[loser]]], ranks=[1.0, 2.0]
        )
    expected = {name: skill.ordinal() for name, skill in skills.items()}
    board = answer(await bob.slash("leaderboard"))
    assert "Winter" in board.embed["title"]
    assert leaderboard_names(board) == sorted(expected, key=lambda name: -expected[name])
    for name, rating in expected.items():
        wins = winners.count(name)
        assert line_of(board, name) == line_of(board, name).split(" — ")[0] + (
            f" — {rating:.1f} · 2 games, {wins} {'win' if wins == 1 else 'wins'}"
        )
    history = answer(await bob.slash("history"))
    assert history.text.count(words.RATED) >= 2 and words.UNRATED not in history.text
