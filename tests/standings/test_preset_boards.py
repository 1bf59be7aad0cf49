"""A preset is its own game in the standings: a rated Dominican match and a rated partnership
match, played at tables through the emulator by the same four people, land on two leaderboards,
each rated from its own match alone (worked out independently with openskill); the board of all
games counts both; `/leaderboard`'s game picker offers the games played in the server first,
the preset among them, and any preset once typed."""

from __future__ import annotations

from typing import Any

import discord
from openskill.models import PlackettLuce

from tests.emulator.emulator import Emulator
from tests.standings.helpers import answer, leaderboard_names, line_of
from tests.tables.play import play_match

NAMES = ("alice", "bob", "carol", "dave")  # seats 1 to 4: alice & carol, bob & dave


async def play_rated(emu: Emulator, domino: discord.Client, people: list[Any], game: str) -> Any:
    """The four play a rated match of `game` to a short target: its stored summary."""
    alice = people[0]
    lobby = answer(await alice.slash("domino new", game=game, target=10, rated=True))
    for person in people[1:]:
        await person.click(lobby, "Join")
    await alice.click(lobby, "Start")
    await play_match(emu, people, seconds=180)
    await emu.settle()
    [summary] = await domino.db.history(emu.guild.id, limit=1)  # type: ignore[attr-defined]
    return summary


def ratings(summary: Any) -> dict[str, float]:
    """Each player's rating after this one match, as openskill rates it from the stored places."""
    model = PlackettLuce()
    units = sorted({seat.unit for seat in summary.seats})
    teams = [[model.rating() for seat in summary.seats if seat.unit == u] for u in units]
    places = [next(s.place for s in summary.seats if s.unit == u) for u in units]
    rated = model.rate(teams, ranks=[float(place) for place in places])
    by_unit = dict(zip(units, rated, strict=True))
    found: dict[str, float] = {}
    for seat in summary.seats:
        team = [s for s in summary.seats if s.unit == seat.unit]
        found[seat.name] = by_unit[seat.unit][team.index(seat)].ordinal()
    return found


async def test_a_preset_and_its_game_have_separate_leaderboards(
    emu: Emulator, domino: discord.Client
) -> None:
    people = [emu.user(name) for name in NAMES]
    dominican = await play_rated(emu, domino, people, "dominican")
    partnership = await play_rated(emu, domino, people, "partnership")
    for summary, game in ((dominican, "dominican"), (partnership, "partnership")):
        assert summary.variant == game and summary.rated
        assert sorted(seat.place for seat in summary.seats) in ([1, 1, 2, 2], [1, 1, 1, 1])

    for summary, game in ((dominican, "Dominican"), (partnership, "Partnership")):
        board = answer(await people[1].slash("leaderboard", game=summary.variant))
        assert game in board.embed["title"]
        expected = ratings(summary)
        assert sorted(leaderboard_names(board)) == sorted(NAMES)
        for name, rating in expected.items():
            wins = sum(seat.won for seat in summary.seats if seat.name == name)
            tail = f" — {rating:.1f} · 1 game, {wins} {'win' if wins == 1 else 'wins'}"
            assert line_of(board, name).endswith(tail)

    every = answer(await people[1].slash("leaderboard"))
    assert all(" · 2 games, " in line_of(every, name) for name in NAMES)
    # The game picker offers the games played here first, the preset among them, untyped.
    offered = [c["value"] for c in await people[0].autocomplete("leaderboard", "game", "")]
    assert sorted(offered[:2]) == ["dominican", "partnership"]
    assert "latin" not in offered  # the other presets once typed: 25 choices at most


async def test_the_leaderboards_game_picker_offers_the_presets(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    offered = [c["value"] for c in await alice.autocomplete("leaderboard", "game", "")]
    assert "partnership" in offered and "mexican-train" in offered
    for typed, preset in (("latin", "latin"), ("domin", "dominican"), ("cuba", "cuban")):
        found = [c["value"] for c in await alice.autocomplete("leaderboard", "game", typed)]
        assert preset in found
