"""A friends' table: `/domino new` in a group DM of three people, where the app is installed to
one of them and the bot is not: the lobby and the whole match on ONE message, edited through
the latest interaction's token; hands only in ephemeral answers; AI seats and the turn timer
riding on the token while Discord honours it, the table waiting once it expired and revived by
the next click; nobody timed out for a turn Discord could not show."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from typing import Any

import discord
import pytest

from cogs import texts
from cogs.lang import words
from cogs.tables.table import Phase, Table
from tests.emulator.emulator import Emulator
from tests.tables import conftest
from tests.tables.privacy import PrivacyWatch

#: AI seats move this many emulator seconds after their turn began: only when the test moves
#: the clock, so the test chooses when the token runs out.
AI_DELAY = 120.0
TURN = 600
#: Real seconds to wait for the bot on a loaded machine (an AI's search, a board drawn).
PATIENCE = 60.0


@pytest.fixture
async def friends_bot(emu: Emulator, store: str) -> AsyncIterator[discord.Client]:
    emu.rate_limiter.enabled = False
    settings = conftest.test_settings(emu, store, ai_delay=AI_DELAY)
    async with conftest.running_bot(emu, settings) as client:
        yield client


def the_table(bot: discord.Client) -> Table:
    tables = list(bot.tables.tables.values())  # type: ignore[attr-defined]
    assert len(tables) == 1
    table: Table = tables[0]
    return table


def message_of(person: Any, message_id: int, place: str = "friends") -> Any:
    """The table's message as `person` sees it where the table is (`place`)."""
    return next(m for m in person.channel(place).messages if m.id == message_id)


async def open_friends_table(emu: Emulator) -> tuple[list[Any], Any, Any]:
    alice, bob, cleo = emu.user("alice"), emu.user("bob"), emu.user("cleo")
    alice.install()  # the app on her account: bob and cleo never installed it
    group = emu.add_group_dm(alice, bob, cleo, name="friends")
    lobby = (
        await alice.at(group).slash("domino new", game="traditional", turn_time=TURN, target=150)
    ).response
    for person in (bob, cleo):
        await person.click(lobby, texts.JOIN)
    await alice.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await alice.click(lobby, texts.START)
    return [alice, bob, cleo], group, lobby


def person_to_move(table: Table) -> bool:
    """A person is to move; the match must not be over (a loop waiting for a person's turn
    would wait for ever: the target is set high enough that it does not end so soon)."""
    assert table.phase is not Phase.OVER, "the match ended before the test's turn came"
    return table.phase is Phase.PLAYING and table.needs_ai() is None


def stored(bot: discord.Client) -> tuple[int, Phase, int | None]:
    table = the_table(bot)
    return table.version, table.phase, table.turn


async def quiet(emu: Emulator, bot: discord.Client) -> None:
    """Nothing is being shown: the clock may jump (a round under way would send its edit
    after the jump, with a token the jump made too old)."""
    await emu.settle()
    await bot.tables.delivery.idle()  # type: ignore[attr-defined]


async def moved_on(
    emu: Emulator, bot: discord.Client, before: tuple[int, Phase, int | None]
) -> None:
    await emu.wait_for(lambda: stored(bot) != before or None, PATIENCE)
    await emu.settle()


async def play_a_turn(
    emu: Emulator,
    bot: discord.Client,
    people: list[Any],
    message_id: int,
    rng: random.Random,
    place: str = "friends",
    your_hand: str = texts.YOUR_HAND,
) -> str:
    """Whoever is to move moves: a person by "Your hand" on the table's message and a move on
    the ephemeral hand it answers; an AI seat, or the pause between hands, once the clock
    passes their time. What moved: "person", "ai", "hand" or "over"."""
    table = the_table(bot)
    before = stored(bot)
    if table.phase is Phase.OVER:
        return "over"
    if table.phase is Phase.BETWEEN:
        await quiet(emu, bot)
        emu.advance(31.0)
        await moved_on(emu, bot, before)
        return "hand"
    assert table.phase is Phase.PLAYING and table.turn is not None
    seat = table.seats[table.turn]
    if seat.is_ai:
        await quiet(emu, bot)
        emu.advance(AI_DELAY + 1)
        await moved_on(emu, bot, before)
        return "ai"
    person = next(p for p in people if p.id == seat.user_id)
    result = await person.click(message_of(person, message_id, place), your_hand)
    hand = result.followups[-1]
    assert hand.ephemeral and hand.message.only_for == person.id
    moves = [b for b in hand.buttons if (b.custom_id or "").startswith("dm:")]
    if moves:
        await person.click(hand, custom_id=rng.choice(moves).custom_id)
    else:
        select = next(s for s in hand.selects if s.custom_id.startswith("dms:"))
        await person.choose(hand, rng.choice(select.values), custom_id=select.custom_id)
    await moved_on(emu, bot, before)
    return "person"


@pytest.fixture
def watch(
    emu: Emulator, friends_bot: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> Iterator[PrivacyWatch]:
    live = friends_bot.tables.tables  # type: ignore[attr-defined]
    watching = PrivacyWatch(emu, live=lambda: live)
    watching.install(monkeypatch)
    yield watching


async def test_a_friends_table_plays_on_one_message_and_waits_out_an_expired_token(
    emu: Emulator, friends_bot: discord.Client, watch: PrivacyWatch
) -> None:
    people, group, lobby = await open_friends_table(emu)
    alice, bob, _ = people
    await emu.wait_for(
        lambda: texts.YOUR_HAND in message_of(alice, lobby.id).labels or None, PATIENCE
    )
    rng = random.Random(7)
    moves = 0
    # Play until an AI seat is to move after a few moves by people.
    while True:
        table = the_table(friends_bot)
        assert table.phase is not Phase.OVER, "the match ended before an AI's turn came"
        at_ai = table.phase is Phase.PLAYING and table.needs_ai() is not None
        if at_ai and moves >= 3:
            break
        moves += (await play_a_turn(emu, friends_bot, people, lobby.id, rng)) == "person"
    # Sixteen minutes pass: the last click's token is out of date. The AI moves; nothing can
    # show it, and the message stays as it was.
    shown_before = message_of(bob, lobby.id).text
    before = stored(friends_bot)
    await quiet(emu, friends_bot)
    emu.advance(16 * 60)
    await moved_on(emu, friends_bot, before)
    while not person_to_move(the_table(friends_bot)):
        await play_a_turn(emu, friends_bot, people, lobby.id, rng)  # the AI, a next hand
    assert message_of(bob, lobby.id).text == shown_before
    # A person's turn Discord could not show: its clock waits, however long nobody clicks.
    waiting = the_table(friends_bot)
    assert waiting.turn is not None
    to_move = waiting.seats[waiting.turn]
    clock = await friends_bot.db.turn_clock(waiting.id)  # type: ignore[attr-defined]
    assert clock is not None and clock.shown_at is None
    await quiet(emu, friends_bot)
    emu.advance(3 * TURN)
    await emu.settle()
    assert the_table(friends_bot).version == waiting.version
    assert to_move.timeouts == 0 and to_move.missed == 0
    # The next click on the message, by anyone (here someone whose turn it is not), revives it.
    clicker = next(p for p in people if p.id != to_move.user_id)
    await clicker.click(message_of(clicker, lobby.id), texts.YOUR_HAND)
    await emu.wait_for(lambda: message_of(bob, lobby.id).text != shown_before or None, PATIENCE)
    revived = message_of(bob, lobby.id).text
    assert f"<@{to_move.user_id}>" in revived and "could not be shown" in revived
    await emu.settle()  # the edit is recorded as the turn's alert: its clock starts
    clock = await friends_bot.db.turn_clock(waiting.id)  # type: ignore[attr-defined]
    assert clock is not None and clock.shown_at is not None
    # The match goes on to its end, on the same one message.
    while await play_a_turn(emu, friends_bot, people, lobby.id, rng) != "over":
        pass
    # A run of AI moves and forced ones may outlast the last click's token: the match's end
    # then shows at the next click (a person who wonders where the table is clicks on it).
    last = message_of(alice, lobby.id)
    if "won the match" not in last.text:
        await alice.click(last, texts.YOUR_HAND)
        await emu.settle()
    final = message_of(alice, lobby.id)
    assert "won the match" in final.text and final.labels == [texts.REVIEW]
    # One message everyone sees in the group DM: the rest were ephemeral, each to its clicker.
    assert [m.id for m in group.messages if m.only_for is None] == [lobby.id]
    assert not watch.leaks, watch.leaks[:3]
    assert watch.versions > 0 and watch.pictures_checked > 0
    # Recorded as a server's matches are (under no server), unrated, and it replays.
    recorded = await friends_bot.db.history(0, alice.id)  # type: ignore[attr-defined]
    assert len(recorded) == 1
    record = await friends_bot.db.match_record(recorded[0].match_id)  # type: ignore[attr-defined]
    replayed = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(replayed.stdout)["match"]["over"] is True
    assert not the_table(friends_bot).setup.rated


async def test_a_hard_kill_loses_no_move_and_the_next_click_shows_it(
    emu: Emulator, friends_bot: discord.Client
) -> None:
    people, _, lobby = await open_friends_table(emu)
    await emu.wait_for(
        lambda: texts.YOUR_HAND in message_of(people[0], lobby.id).labels or None, PATIENCE
    )
    rng = random.Random(11)
    while not person_to_move(the_table(friends_bot)):
        await play_a_turn(emu, friends_bot, people, lobby.id, rng)
    await quiet(emu, friends_bot)
    # The table's message is not edited any more (its edits wait, unanswered), and the
    # process dies right after a move was acknowledged and stored.
    emu.hold(lambda method, path: method == "PATCH" and path.endswith(f"/messages/{lobby.id}"))
    shown_before = message_of(people[1], lobby.id).text
    table = the_table(friends_bot)
    mover = next(p for p in people if p.id == table.seats[table.turn or 0].user_id)
    moved = table.version
    hand = (await mover.click(message_of(mover, lobby.id), texts.YOUR_HAND)).followups[-1]
    moves = [b for b in hand.buttons if (b.custom_id or "").startswith("dm:")]
    if moves:
        await mover.click(hand, custom_id=moves[0].custom_id)
    else:
        select = next(s for s in hand.selects if s.custom_id.startswith("dms:"))
        await mover.choose(hand, select.values[0], custom_id=select.custom_id)
    assert emu.held and message_of(people[1], lobby.id).text == shown_before
    await emu.kill_bot()
    restarted = await emu.start_bot()
    # The move was stored: the new process has it, and shows it through the stored token
    # (the next click's, at the latest).
    assert the_table(restarted).version > moved
    other = next(p for p in people if p.id != mover.id)
    await other.click(message_of(other, lobby.id), texts.YOUR_HAND)
    await emu.wait_for(
        lambda: message_of(people[1], lobby.id).text != shown_before or None, PATIENCE
    )
    # The board shows the table from the stored move on: its last line of moves is the
    # mover's or one after it (the board repeats only the last moves: a forced move and an
    # AI's may have pushed the mover's off it).
    shown = message_of(people[1], lobby.id).text.splitlines()
    stored = [words("en").say(line) for line in the_table(restarted).log]
    mover_at = max(i for i, line in enumerate(stored) if line.startswith(f"{mover.name} "))
    repeated = [i for i, line in enumerate(stored) if line in shown]
    assert repeated and max(repeated) >= mover_at, (shown, stored)


async def test_a_friends_table_in_a_dm_between_two_people_plays_a_whole_match(
    emu: Emulator, friends_bot: discord.Client, watch: PrivacyWatch
) -> None:
    """The commonest "play with a friend": `/domino new` in the DM between two people (the app
    installed to one of them), an AI in the third seat; each hand answered to its owner alone,
    the match's end on the one message, recorded unrated."""
    alice, bob = emu.user("alice"), emu.user("bob")
    alice.install()
    dm = emu.add_private_dm(alice, bob, name="alice-bob")
    lobby = (
        await alice.at(dm).slash("domino new", game="traditional", turn_time=TURN, target=60)
    ).response
    await bob.click(lobby, texts.JOIN)
    await alice.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await alice.click(lobby, texts.START)
    await emu.wait_for(
        lambda: texts.YOUR_HAND in message_of(bob, lobby.id, "alice-bob").labels or None, PATIENCE
    )
    table = the_table(friends_bot)
    assert [seat.user_id for seat in table.seats if not seat.is_ai] == [alice.id, bob.id]
    assert sum(seat.is_ai for seat in table.seats) == 1
    people, rng = [alice, bob], random.Random(5)
    while await play_a_turn(emu, friends_bot, people, lobby.id, rng, "alice-bob") != "over":
        pass
    last = message_of(alice, lobby.id, "alice-bob")
    if "won the match" not in last.text:  # the last token ran out meanwhile: the next click
        await alice.click(last, texts.YOUR_HAND)
        await emu.settle()
    final = message_of(bob, lobby.id, "alice-bob")
    assert "won the match" in final.text and final.labels == [texts.REVIEW]
    # One message both see; every hand was an ephemeral answer to its owner alone.
    shared = [m for m in dm.messages if m.only_for is None]
    assert [m.id for m in shared] == [lobby.id]
    hands = [m for m in dm.messages if m.only_for is not None]
    assert {m.only_for for m in hands} == {alice.id, bob.id}
    assert not watch.leaks, watch.leaks[:3]
    assert watch.versions > 0 and watch.pictures_checked > 0
    for person in people:
        recorded = await friends_bot.db.history(0, person.id)  # type: ignore[attr-defined]
        assert len(recorded) == 1 and not recorded[0].rated
        assert {seat.user_id for seat in recorded[0].seats} >= {alice.id, bob.id}


async def test_a_friends_table_speaks_its_hosts_language_and_each_hand_its_readers(
    emu: Emulator, friends_bot: discord.Client
) -> None:
    """A host whose Discord is in Spanish opens the table: its one message (lobby, board, the
    match's end) is in Spanish for everyone, through a restart; the German guest's "Your hand",
    for him alone, is in German."""
    es, de = words("es"), words("de")
    alice, bob = emu.user("alice", locale="es-ES"), emu.user("bob", locale="de")
    cleo = emu.user("cleo")
    alice.install()
    group = emu.add_group_dm(alice, bob, cleo, name="friends")
    lobby = (
        await alice.at(group).slash("domino new", game="traditional", turn_time=TURN, target=100)
    ).response
    assert es(texts.JOIN) != texts.JOIN and es(texts.YOUR_HAND) != texts.YOUR_HAND
    assert {es(texts.JOIN), es(texts.START)} <= set(message_of(cleo, lobby.id).labels)
    assert texts.JOIN not in message_of(cleo, lobby.id).labels
    for person in (bob, cleo):
        await person.click(message_of(person, lobby.id), es(texts.JOIN))
    await alice.choose(lobby, "random", placeholder=es(texts.AI_LEVEL_PLACEHOLDER))
    await alice.click(message_of(alice, lobby.id), es(texts.START))
    await emu.wait_for(
        lambda: es(texts.YOUR_HAND) in message_of(cleo, lobby.id).labels or None, PATIENCE
    )
    game = "traditional"
    assert es.game_name(game) != de.game_name(game)
    # Bob's hand, for him alone, in his own language.
    hand = (await bob.click(message_of(bob, lobby.id), es(texts.YOUR_HAND))).followups[-1]
    assert hand.message.only_for == bob.id
    assert de.game_name(game) in hand.text and es.game_name(game) not in hand.text
    await emu.settle()
    # A few turns, then a restart: the table keeps its language.
    people, rng, your_hand = [alice, bob, cleo], random.Random(3), es(texts.YOUR_HAND)
    for _ in range(4):
        moved = await play_a_turn(emu, friends_bot, people, lobby.id, rng, your_hand=your_hand)
        assert moved != "over"
    # To 100 points: a deal cannot end the match in these few turns (it did at 60, when a
    # blocked first hand scored them), so the restart has the rest of a match to show.
    assert the_table(friends_bot).phase is not Phase.OVER, "the match ended before the restart"
    bot = await emu.restart_bot()
    before = message_of(cleo, lobby.id).text
    while await play_a_turn(emu, bot, people, lobby.id, rng, your_hand=your_hand) != "over":
        pass
    last = message_of(alice, lobby.id)
    ended = es.say(the_table(bot).log[-1])
    if ended not in last.text:  # the last token ran out meanwhile: the next click shows it
        await alice.click(last, your_hand)
        await emu.settle()
    final = message_of(cleo, lobby.id)
    assert final.text != before and es.game_name(game) in final.text
    assert ended in final.text and words("en").say(the_table(bot).log[-1]) not in final.text
    assert final.labels == [es(texts.REVIEW)]
