"""What a table shows and what a click can do, without Discord: the public log tells a `pairs`
exchange face down, deals follow from a secret seed alone, repeated offers and Ready change
nothing, a match needs a person seated, and a rematch seats only who asks."""

from __future__ import annotations

import random

import pytest

from cogs import texts
from cogs.common.refusal import Refusal
from cogs.lang import words
from cogs.tables.seating import Lobby, Setup
from cogs.tables.state import dump, load
from cogs.tables.table import Phase, Table, new_seed
from engine import Match
from engine.variants.pairs import Exchange, HiddenExchange
from render import describe
from tests.test_table_model import ALICE, BOB, CAROL, DAVE, four_players, new_table, play_until

ENGLISH = words("en")


def two_player_table(variant: str = "two-player", **options: object) -> Table:
    table = new_table(variant, **options)
    table.join(ALICE, "alice")
    table.join(BOB, "bob")
    table.start(ALICE, 0.0)
    return table


def pairs_table_with_an_exchange() -> tuple[Table, Exchange]:
    """A `pairs` table played by random clicks until somebody puts a tile under the stock."""
    rng = random.Random(3)
    for attempt in range(40):
        table = new_table("pairs")
        table.seed = f"exchange-{attempt}"
        table.join(ALICE, "alice")
        table.join(BOB, "bob")
        table.start(ALICE, 0.0)

        def exchange(table: Table = table) -> Exchange | None:
            hand = table.match.hand if table.match else None
            actions = hand.actions if hand is not None else []
            return next((a for a in actions if isinstance(a, Exchange)), None)

        def stop(table: Table = table) -> bool:
            return exchange() is not None or table.phase is not Phase.PLAYING

        play_until(table, stop, rng, 400)
        found = exchange()
        if found is not None:
            return table, found
    raise AssertionError("no exchange happened in 40 seeded pairs hands")


def test_the_public_log_and_views_show_a_pairs_exchange_face_down() -> None:
    table, exchange = pairs_table_with_an_exchange()
    log = "\n".join(ENGLISH.say(line) for line in table.log)
    assert "put a tile under the stock" in log and str(exchange.tile) not in log
    public = table.public_view()
    assert public.hand == () and public.legal == ()
    assert not any(isinstance(a, Exchange) for a in public.history)
    assert any(isinstance(a, HiddenExchange) for a in public.history)
    # The board's alt text is built from the public view: no tile of the exchange.
    assert str(exchange.tile) not in describe(public, names=table.names())
    # The exchanging seat itself still sees its own exchange in its view.
    assert exchange in table.view(exchange.seat).history


def test_a_tables_seed_is_128_secret_bits_and_the_deal_follows_from_it_alone() -> None:
    seeds = {new_seed() for _ in range(100)}
    assert len(seeds) == 100 and all(len(seed) == 32 for seed in seeds)
    assert all(int(seed, 16) >= 0 for seed in seeds)  # 32 hex digits: 128 bits
    first, second = two_player_table(), new_table("two-player")
    second.id = "another-id"
    second.seed = first.seed
    second.join(ALICE, "alice")
    second.join(BOB, "bob")
    second.start(ALICE, 0.0)
    assert first.match is not None and second.match is not None
    # The public table id plays no part in the deal: the secret seed alone decides it.
    assert first.match.seed == first.seed and first.id not in str(first.match.seed)
    assert first.match.hand is not None and second.match.hand is not None
    assert first.match.hand.hands == second.match.hand.hands
    # ... and the seed survives a restart as it was.
    assert load(dump(first)).seed == first.seed


def test_a_second_draw_offer_is_refused_and_leaves_the_movers_buttons_valid() -> None:
    table = two_player_table()
    mover = table.turn
    assert mover is not None
    other = BOB if table.seats[mover].user_id == ALICE else ALICE
    version = table.version
    table.offer_draw(other)
    assert table.version == version  # an offer changes no position
    with pytest.raises(Refusal) as refused:
        table.offer_draw(other)
    assert refused.value.said == Refusal(texts.DRAW_ALREADY_OFFERED).said
    user = table.seats[mover].user_id
    assert user is not None
    table.play(user, version, 0, 1.0)  # the mover's button, drawn before the offers, works


def test_ready_twice_and_a_second_lead_claim_change_nothing() -> None:
    table = new_table("partnership")
    four_players(table)
    table.start(ALICE, 0.0)
    play_until(table, lambda: table.phase is Phase.BETWEEN, random.Random(1))
    table.mark_ready(ALICE)
    with pytest.raises(Refusal):
        table.mark_ready(ALICE)
    assert table.ready == {0}
    chooser = table.lead_choosers()[0]
    user = table.seats[chooser].user_id
    assert user is not None
    table.claim_lead(user)
    version = table.version
    with pytest.raises(Refusal):
        table.claim_lead(user)
    assert table.version == version


def test_a_match_cannot_start_with_nobody_seated() -> None:
    table = new_table("two-player")
    table.join(ALICE, "alice")
    table.leave_lobby(ALICE)
    table.add_ai(ALICE, "random", ("random", "easy"))
    table.add_ai(ALICE, "random", ("random", "easy"))
    with pytest.raises(Refusal) as refused:
        table.start(ALICE, 0.0)
    assert refused.value.said == Refusal(texts.NOBODY_SEATED).said
    assert table.phase is Phase.LOBBY and table.match is None


def test_a_rematch_seats_the_asker_and_the_ai_and_keeps_the_others_seats_for_them() -> None:
    table = new_table("traditional", target=10)
    table.join(ALICE, "alice")
    table.join(BOB, "bob")
    table.add_ai(ALICE, "random", ("random",))
    table.join(CAROL, "carol")
    table.start(ALICE, 0.0)
    table.end_by_moderator()
    rematch = table.rematch_lobby(CAROL, "t2", new_seed(), 1.0)
    lobby = rematch.lobby
    seated = [(s.user_id, s.ai) for s in lobby.seats if s is not None]
    assert seated == [(None, "random"), (CAROL, None)]
    assert lobby.invited == {ALICE: 0, BOB: 1}
    # A stranger who joins first does not take a seat kept for an invited player ...
    rematch.join(DAVE, "dave")
    assert lobby.seat_of(DAVE) == 4
    # ... and the invited player who joins sits where they sat (their partner unchanged).
    rematch.join(BOB, "bob")
    assert lobby.seat_of(BOB) == 1
    assert load(dump(rematch)).lobby.invited == {ALICE: 0, BOB: 1}


def test_the_seat_kept_for_someone_is_given_when_no_other_seat_is_free() -> None:
    lobby = Lobby(Setup.create("two-player"), host_id=ALICE, invited={BOB: 1})
    lobby.join(ALICE, "alice")
    lobby.join(CAROL, "carol")
    assert lobby.seat_of(CAROL) == 1  # the only seat left: an invitation is not a lock


def test_a_replay_step_is_the_public_view() -> None:
    from cogs.standings.replay import step_at
    from engine.record import write

    match = Match("pairs", 2, seed="replay")
    rng = random.Random(5)
    match.start_hand()
    while match.hand is not None and not match.hand.over and len(match.hand.actions) < 60:
        seat = match.hand.turn
        legal = match.view_for(seat).legal
        match.apply(rng.choice(legal))
    record = write(match)
    for position in range(len(record["hands"][0]["actions"]) + 1):
        step = step_at(record, position)
        assert step.view.hand == () and step.view.legal == ()
        assert not any(isinstance(a, Exchange) for a in step.view.history)
        assert not isinstance(step.last, Exchange)


async def test_a_person_gets_at_most_one_new_message_per_spacing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import asyncio

    from cogs.tables.messages import spacing as publisher

    waited: list[float] = []
    sleep = asyncio.sleep

    async def recorded(seconds: float) -> None:
        waited.append(seconds)
        await sleep(0)

    monkeypatch.setattr(publisher.asyncio, "sleep", recorded)
    spacing = publisher.Spacing(5.0)
    await spacing.wait(ALICE)
    await spacing.wait(BOB)
    assert waited == []  # the first message to each person goes at once
    await spacing.wait(ALICE)
    assert len(waited) == 1 and 4.9 < waited[0] <= 5.0  # alice's second waits its turn
