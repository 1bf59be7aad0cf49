"""Every way a match ends decides its places, its winners and the ratings: one test per ending,
played on the table model and stored through the table store into a real database (SQLite and
PostgreSQL), its places, wins and ratings read back from the data layer as the standings and
/history show them. And a table stored before endings were kept reads back with its ending."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import Any

import discord
import pytest

from cogs import texts
from cogs.tables.clicks import offered
from cogs.tables.ending import EndKind
from cogs.tables.rows import TableStore
from cogs.tables.seating import Lobby, Setup
from cogs.tables.state import dump, load
from cogs.tables.table import Phase, Table
from data import Database
from data.models import MatchSummary
from engine import Match
from engine.rules import Scoring
from tests.emulator.emulator import Emulator
from tests.tables.play import board, latest_version, move_message, play_one
from tests.test_table_model import play_until, step

GUILD = 4242
USERS = (11, 12, 13, 14)


def seated(variant: str, players: int, seed: int, **options: Any) -> Table:
    """A rated table of `players` people, started."""
    setup = Setup.create(variant, options, rated=True)
    table = Table(
        id=f"{variant}-{players}-{seed}",
        lobby=Lobby(setup, host_id=USERS[0]),
        seed=str(seed),
        guild_id=GUILD,
        channel_id=1,
    )
    for user in USERS[:players]:
        table.join(user, f"player {user}")
    table.start(USERS[0], 0.0)
    return table


def play(table: Table, rng: random.Random, stop: Callable[[], bool]) -> None:
    """Every seat clicks a random legal move (as people do) until `stop()` or the end."""
    play_until(table, lambda: stop() or table.phase is Phase.OVER, rng)


def under_way(variant: str, players: int) -> Table:
    """A table in the middle of its match, its units' points all different (so a ranking by
    points is told from a tie), a new hand dealt."""
    for seed in range(200):
        table = seated(variant, players, seed, target=500)
        play(table, random.Random(seed), partial(apart, table))
        if apart(table):
            table.next_hand(0.0)
            if table.turn is not None:
                return table
    raise AssertionError("no such match found")


def apart(table: Table) -> bool:
    """Between hands, every unit's points different."""
    assert table.match is not None
    scores = table.match.scores
    return table.phase is Phase.BETWEEN and len(set(scores)) == len(scores)


def played_out(
    variant: str, players: int, wanted: Callable[[Table], bool], **options: Any
) -> Table:
    """A table played to its end by the rules, the first one `wanted`."""
    for seed in range(200):
        table = seated(variant, players, seed, **options)
        play(table, random.Random(seed), lambda: False)
        if wanted(table):
            return table
    raise AssertionError("no such match found")


@pytest.fixture
async def db(store: str) -> AsyncIterator[Database]:
    database = await Database.open(store)
    try:
        yield database
    finally:
        await database.close()


async def stored(db: Database, table: Table, end: Callable[[], object] = lambda: None) -> None:
    """Store the table as the bot does (its row, then the change that `end` makes, in one
    transaction with its result)."""
    tables = TableStore(db)
    await tables.commit(table, new=True, was=None, show=(), due=None, now=1.0)
    was = table.phase
    end()
    await tables.commit(table, new=False, was=was, show=(), due=None, now=2.0)


async def results(db: Database) -> tuple[MatchSummary, dict[int, float], dict[int, int]]:
    """The one recorded match, and every player's rating and wins on the leaderboard."""
    (summary,) = await db.history(GUILD)
    page = await db.leaderboard(GUILD, None, limit=10)
    ratings = {row.user_ids[0]: row.rating for row in page.rows}
    wins = {row.user_ids[0]: row.wins for row in page.rows}
    return summary, ratings, wins


def places(summary: MatchSummary) -> dict[int, int | None]:
    """Each seat's stored place."""
    return {seat.seat: seat.place for seat in summary.seats}


def standing_key(match: Match, unit: int) -> int:
    """A unit's points as its place follows them: smaller is better."""
    points = match.scores[unit]
    return points if match.variant.scoring == Scoring.PENALTY else -points


# -- the engine's own end ---------------------------------------------------------------------


def last_end(end: str) -> Callable[[Table], bool]:
    def wanted(table: Table) -> bool:
        assert table.match is not None
        return table.match.results[-1].end == end and bool(table.match.winners)

    return wanted


@pytest.mark.parametrize(
    ("variant", "players", "end", "kind", "options"),
    [
        ("two-player", 2, "domino", EndKind.OUT, {"target": 1}),
        ("two-player", 2, "blocked", EndKind.BLOCKED, {"target": 1}),
        ("sum", 3, "target", EndKind.TARGET, {}),
    ],
)
async def test_a_match_played_out_ranks_its_winners_first_then_by_points(
    db: Database, variant: str, players: int, end: str, kind: EndKind, options: dict[str, Any]
) -> None:
    table = played_out(variant, players, last_end(end), **options)
    match = table.match
    assert match is not None and table.ending is not None
    assert table.ending.kind is kind
    await stored(db, table)
    summary, ratings, wins = await results(db)
    stored_places = places(summary)
    winners = set(match.winners)
    for seat in range(players):
        assert (stored_places[seat] == 1) == (seat in winners)
    for seat, other in ((s, o) for s in range(players) for o in range(players)):
        if seat not in winners and other not in winners:
            better = standing_key(match, match.unit_of(seat)) < standing_key(
                match, match.unit_of(other)
            )
            assert better == (stored_places[seat] < stored_places[other])  # type: ignore[operator]
    for seat in winners:
        for other in set(range(players)) - winners:
            assert ratings[USERS[seat]] > ratings[USERS[other]]
    assert {user for user, count in wins.items() if count} == {USERS[s] for s in winners}


def eliminated_out_of_points_order(table: Table) -> bool:
    """A game-room match where a player knocked out earlier has fewer penalty points than
    one who lasted longer (and did not win): a ranking by points would put them ahead."""
    match = table.match
    assert match is not None
    out = [seat for seat in range(match.players) if seat not in match.winners]
    return any(
        lasted(match, early) < lasted(match, late) and match.scores[early] < match.scores[late]
        for early in out
        for late in out
    )


def lasted(match: Match, seat: int) -> int:
    """The last hand the seat was dealt into."""
    return max(number for number, hand in enumerate(match.played) if hand.seated[seat])


async def test_in_the_game_room_whoever_lasted_longer_finishes_ahead(db: Database) -> None:
    table = played_out("gameroom", 4, eliminated_out_of_points_order, target=30)
    match = table.match
    assert match is not None
    await stored(db, table)
    summary, ratings, _ = await results(db)
    stored_places = places(summary)
    for seat in match.winners:
        assert stored_places[seat] == 1
    out = [seat for seat in range(4) if seat not in match.winners]
    for early in out:
        for late in out:
            if lasted(match, early) < lasted(match, late):
                assert stored_places[late] < stored_places[early]  # type: ignore[operator]
                assert ratings[USERS[late]] > ratings[USERS[early]]


# -- resignations -----------------------------------------------------------------------------


async def test_a_resignation_at_two_sides_gives_the_match_to_the_other(db: Database) -> None:
    table = under_way("two-player", 2)
    assert table.match is not None
    leader = max(range(2), key=lambda seat: table.match.scores[seat])  # type: ignore[union-attr]
    user = USERS[leader]  # the points leader resigns: the other side still wins
    await stored(db, table, lambda: table.resign(user))
    summary, ratings, wins = await results(db)
    other = 1 - leader
    assert places(summary) == {other: 1, leader: 2}
    assert [seat.won for seat in summary.seats if seat.seat == other] == [True]
    assert ratings[user] < ratings[USERS[other]]
    assert wins == {USERS[other]: 1, user: 0}


async def test_at_six_sides_the_resigner_leaves_ranks_last_and_the_others_play_on(
    db: Database,
) -> None:
    """A rated Cyprus table of six people: the first resigns two moves in; the match goes on
    with an AI in that seat, the others play it out, and the stored places put the resigner
    last whatever the AI made of the rest, with the ratings following those places."""
    people = (21, 22, 23, 24, 25, 26)
    setup = Setup.create("cyprus", {}, seats=6, rated=True)
    table = Table(id="cyprus", lobby=Lobby(setup, host_id=people[0]), seed="5", guild_id=GUILD)
    for user in people:
        table.join(user, f"player {user}")
    table.start(people[0], 0.0)
    rng = random.Random(5)
    for _ in range(2):
        step(table, rng)

    def resign_and_play_out() -> None:
        table.resign(people[0], 1.0)
        assert table.phase is not Phase.OVER  # the five others play on
        assert table.seats[0].plays_itself
        while table.phase is not Phase.OVER:
            step(table, rng)

    await stored(db, table, resign_and_play_out)
    summary, ratings, wins = await results(db)
    stored_places = places(summary)
    assert stored_places[0] == 6
    assert all(place is not None and place < 6 for seat, place in stored_places.items() if seat)
    assert not [seat for seat in summary.seats if seat.seat == 0 and seat.won]
    assert all(ratings[people[0]] < ratings[user] for user in people[1:])
    assert wins[people[0]] == 0 and sum(wins.values()) >= 1
    assert table.ending is not None and 0 not in table.winners


def pair_played_on(won: bool) -> Table:
    """A rated partnership match where player 12 resigned in the first hand, their partner
    (player 14) played on with an AI in the seat, and the pair did (or did not) win."""
    for seed in range(60):
        table = seated("partnership", 4, seed, target=30)
        rng = random.Random(seed)
        step(table, rng)
        table.resign(USERS[1], 1.0)
        table.answer(USERS[3], False, 2.0)
        while table.phase is not Phase.OVER:
            step(table, rng)
        assert table.match is not None
        if (table.match.unit_of(1) in {table.match.unit_of(s) for s in table.match.winners}) == won:
            return table
    raise AssertionError("no such match found")


async def test_a_resigner_whose_partner_played_on_to_a_win_is_no_winner(db: Database) -> None:
    table = pair_played_on(won=True)
    await stored(db, table, lambda: None)
    summary, ratings, wins = await results(db)
    stored_places = places(summary)
    # The pair's place (and so its ratings) is the pair's; the win is only the partner's.
    assert stored_places[1] == stored_places[3] == 1
    assert {seat.seat for seat in summary.seats if seat.won} == {3}
    assert wins[USERS[1]] == 0 and wins[USERS[3]] == 1
    assert ratings[USERS[1]] == ratings[USERS[3]] > ratings[USERS[0]]
    assert table.winners == (3,)
    await db.rebuild_ratings(GUILD)  # the stored results are the truth a rebuild replays
    assert (await results(db))[2] == wins


# -- agreed draws -----------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "players"), [("two-player", 2), ("traditional", 3)])
async def test_an_agreed_draw_ties_everyone_whatever_the_points(
    db: Database, variant: str, players: int
) -> None:
    table = under_way(variant, players)
    assert table.match is not None and len(set(table.match.scores)) == players

    def agree() -> None:
        for user in USERS[:players]:
            table.offer_draw(user)

    await stored(db, table, agree)
    summary, ratings, wins = await results(db)
    assert set(places(summary).values()) == {1}
    assert not any(seat.won for seat in summary.seats)
    # Equal players stay equal: nobody gains at another's expense.
    assert len(set(ratings.values())) == 1 and len(ratings) == players
    assert set(wins.values()) == {0}
    await db.rebuild_ratings(GUILD)  # the stored places are the truth a rebuild replays
    assert (await results(db))[1] == ratings


# -- a moderator's end ------------------------------------------------------------------------


async def test_a_moderators_end_is_not_recorded(db: Database) -> None:
    table = under_way("two-player", 2)
    await stored(db, table, table.end_by_moderator)
    assert table.ending is not None and table.ending.kind is EndKind.MODERATOR
    assert await db.history(GUILD) == []
    assert (await db.leaderboard(GUILD, None, limit=10)).rows == []
    row = await db.load_table(table.id)
    assert row is not None
    again = load(row.state, row.hands)
    assert again.ended == table.ended
    assert "review" not in offered(again)


# -- tables stored before endings were kept ----------------------------------------------------


def as_stored_before(table: Table) -> dict[str, Any]:
    """The table's state as the bot wrote it before endings were kept: the sentence telling
    why a match ended early (`ended`) and the winning seats, no `ending`."""
    state: dict[str, Any] = json.loads(json.dumps(dump(table)))
    ending = state.pop("ending")
    assert ending is not None
    ended = table.ended
    state["ended"] = ended.to_json() if ended is not None else None
    state["winners"] = list(table.winners)
    if table.ending is not None and table.ending.kind is EndKind.RESIGNED:
        assert table.match is not None and table.ending.seat is not None
        out = table.match.unit_of(table.ending.seat)  # every other side won
        state["winners"] = [s for s in range(len(table.seats)) if table.match.unit_of(s) != out]
    return state


def resigned_at_three() -> Table:
    """A resignation that ends a match of three sides: the two others are AI seats (their
    people's seats taken over), so nobody is left to play on."""
    table = under_way("traditional", 3)
    for seat in (0, 2):
        table.seats[seat].user_id, table.seats[seat].ai = None, "random"
    table.resign(USERS[1])
    return table


def played_to_the_end() -> Table:
    return played_out("two-player", 2, lambda table: True, target=1)


def agreed() -> Table:
    table = under_way("two-player", 2)
    for user in USERS[:2]:
        table.offer_draw(user)
    return table


def moderated() -> Table:
    table = under_way("two-player", 2)
    table.end_by_moderator()
    return table


def cancelled() -> Table:
    table = Table(id="lobby", lobby=Lobby(Setup.create("two-player"), host_id=USERS[0]), seed="1")
    table.cancel(USERS[0])
    return table


@pytest.mark.parametrize(
    "make", [resigned_at_three, played_to_the_end, agreed, moderated, cancelled]
)
def test_a_table_stored_before_endings_reads_back_with_its_ending(
    make: Callable[[], Table],
) -> None:
    table = make()
    again = load(as_stored_before(table))
    assert again.ending is not None and table.ending is not None
    assert again.ending.kind is table.ending.kind
    assert again.ending.places == table.ending.places
    assert again.ended == table.ended
    if table.ending.kind is EndKind.RESIGNED:
        # Recorded then with every other side winning: it keeps the winners it showed.
        assert again.ending.seat == 1
        assert again.winners == (0, 2)
    else:
        assert again.winners == table.winners
    assert load(json.loads(json.dumps(dump(again)))).ending == again.ending


def test_an_old_plain_resignation_sentence_still_finds_the_side_that_resigned() -> None:
    table = under_way("two-player", 2)
    table.resign(USERS[0])
    state = as_stored_before(table)
    state["ended"] = str(texts.resigned("player 11"))  # stored before sentences were data
    again = load(state)
    assert again.ending is not None and again.ending.kind is EndKind.RESIGNED
    assert again.ending.places == (2, 1) and again.winners == (1,)


# -- end to end -------------------------------------------------------------------------------


async def test_an_agreed_draw_in_a_rated_match_is_stored_as_a_tie(
    emu: Emulator, domino: discord.Client
) -> None:
    """Two people play a rated match's first hand (its points apart), then both offer a draw:
    the board says so, and the stored result is a tie that leaves their ratings equal."""
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="two-player", target=500)).response
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    await emu.wait_for(lambda: board(emu) is not None)
    tables = domino.tables.tables  # type: ignore[attr-defined]
    rng, played, ready = random.Random(3), {"alice": -1, "bob": -1}, 0
    for _ in range(2000):  # hands are played until the points are apart
        (table,) = tables.values()
        if texts.READY in board(emu).labels and table.version != ready:
            if len(set(table.match.scores)) == 2:
                break
            ready = table.version
            for person in (alice, bob):
                await person.click(board(emu), texts.READY)
        for person in (alice, bob):
            message = move_message(person.dm.messages)
            if message is not None and latest_version(message) != played[person.name]:
                played[person.name] = latest_version(message)
                await play_one(person, message, rng)
        await emu.settle()
    for person in (alice, bob):
        await person.click(board(emu), texts.READY)
    # The next hand's board (its deal, one job): up to 30 s on a loaded machine.
    await emu.wait_for(lambda: texts.OFFER_DRAW in board(emu).labels, timeout=30)
    await alice.click(board(emu), texts.OFFER_DRAW)
    await emu.wait_for(lambda: "offers a draw" in board(emu).text)
    await bob.click(board(emu), texts.OFFER_DRAW)
    final = await emu.wait_for(lambda: texts.REMATCH in board(emu).labels and board(emu))
    assert texts.DRAW_AGREED in final.text
    db = domino.db  # type: ignore[attr-defined]
    (summary,) = await db.history(emu.guild.id)
    assert summary.rated and len({seat.points for seat in summary.seats}) == 2
    assert [seat.place for seat in summary.seats] == [1, 1]
    assert not any(seat.won for seat in summary.seats)
    page = await db.leaderboard(emu.guild.id, None, limit=10)
    assert len(page.rows) == 2 and page.rows[0].rating == page.rows[1].rating
