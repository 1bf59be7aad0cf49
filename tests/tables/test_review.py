"""Game review and hints, end to end through the emulator, on both stores.

After a match each player may see where they lost points: Review (on the final board, on a
`/history` replay, or `/domino review`) answers the clicker alone, shows its progress, then
the match's accuracy (and each hand's), the mean loss, and the three costliest decisions with
the board of that moment. It is computed once, in the AI's workers, and stored: the next click
(after a restart too) submits nothing. Someone who did not play is refused. At an unrated table
opened with hints the Hint button beside a player's moves names the AI's move; a rated table
has none, and a forged one is refused. The review reads only the seat's views: two records
alike in all the seat saw get the same review.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from cogs import texts
from cogs.common.refusal import Refusal
from cogs.lang import words
from cogs.review import reviews
from cogs.review import texts as review_words
from cogs.review.answer import decision_embed, scenes, summary_embed
from cogs.review.reviews import JUDGEMENTS_AT_ONCE
from cogs.tables import clicks
from cogs.tables.board import move_labels
from cogs.tables.components import moves_view
from cogs.tables.seating import Setup
from data import FinishedMatch, MatchSummary, SeatResult
from engine import Match, Pass
from engine.ai import choose_action
from engine.ai.hints import hint
from engine.ai.pool import AIPool
from engine.ai.review import Decision, Review, ReviewBudget, decision_points
from engine.record import write
from tests.ai_positions import redealt
from tests.emulator.emulator import Emulator
from tests.emulator.messages import announce, create_message
from tests.emulator.seen import SeenMessage
from tests.tables.play import board, move_message, play_match, private_answer
from tests.tables.test_refusals import refusal
from tests.test_ai_review import SETUPS, played_record

ENGLISH = words("en")


class Judged(list[Any]):
    """Every decision handed to the AI workers for a review, in any bot instance, and the most
    that were with the workers at once."""

    def __init__(self) -> None:
        super().__init__()
        self.in_flight = 0
        self.most_in_flight = 0

    def submitted(self, future: Any) -> None:
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        future.add_done_callback(self.finished)

    def finished(self, _: Any) -> None:
        self.in_flight -= 1


@pytest.fixture
def judged(monkeypatch: pytest.MonkeyPatch) -> Iterator[Judged]:
    points = Judged()
    submit = AIPool.submit_judgement

    def counting(self: AIPool, point: Any, *args: Any) -> Any:
        points.append(point)
        future = submit(self, point, *args)
        points.submitted(future)
        return future

    monkeypatch.setattr(AIPool, "submit_judgement", counting)
    yield points


def fixed_deal(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The next table's id and seed (so its deal) are the same on every run."""
    monkeypatch.setattr(clicks, "new_table_id", lambda: name)
    monkeypatch.setattr("cogs.tables.table.new_seed", lambda: f"review-{name}")


def versions_of(emu: Emulator) -> dict[int, list[str]]:
    """The content of every version of every message, by message id, as they arrive."""
    seen: dict[int, list[str]] = {}

    def note(kind: str, thing: Any) -> None:
        if kind != "thread":
            seen.setdefault(thing.id, []).append(thing.content or "")

    emu.observers.append(note)
    return seen


def answer_of(result: Any) -> Any:
    """The ephemeral message an interaction was answered with."""
    message = private_answer(result)
    assert message is not None and message.ephemeral, "the answer is not private"
    return message


async def finished_two_player(emu: Emulator, monkeypatch: pytest.MonkeyPatch) -> Any:
    """alice and bob play a short two-player match to its end (random moves, a fixed deal)."""
    fixed_deal("review1", monkeypatch)
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="two-player", target=20)).response
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    return await play_match(emu, [alice, bob], seed=3)


async def stored_review(client: Any, match_id: int, seat: int) -> Review:
    stored = await client.db.match_review(match_id, seat)
    assert stored is not None
    return Review.from_json(stored)


async def test_review_answers_the_player_alone_once_computed_and_stored(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch, judged: Judged
) -> None:
    final = await finished_two_player(emu, monkeypatch)
    alice, bob, carol = emu.user("alice"), emu.user("bob"), emu.user("carol")
    assert "Review" in final.labels
    versions = versions_of(emu)

    # Two clicks of alice's at once share one computation; bob's review is computed beside it,
    # one decision at a time with the AI workers for both.
    clicked = await asyncio.gather(
        alice.click(final, "Review"), alice.click(final, "Review"), bob.click(final, "Review")
    )
    answer, twin, bobs = (answer_of(result) for result in clicked)
    assert twin.embeds == answer.embeds
    assert answer.visible_to(alice) and not answer.visible_to(bob)
    assert not answer.visible_to(carol) and not bobs.visible_to(alice)
    (match,) = await domino.db.history(emu.guild.id)  # type: ignore[attr-defined]
    review = await stored_review(domino, match.match_id, 0)
    bobs_review = await stored_review(domino, match.match_id, 1)
    assert review.decisions and bobs_review.decisions
    computed = len(judged)
    assert computed == len(review.decisions) + len(bobs_review.decisions)
    assert sum(1 for point in judged if point.view.seat == 0) == len(review.decisions)
    assert judged.most_in_flight == JUDGEMENTS_AT_ONCE == 1
    # Its progress was shown while it was computed, then it became the review.
    progress = f"Reviewing your decisions: [0-9]+ of {len(review.decisions)}"
    assert any(re.fullmatch(progress, text) for text in versions[answer.message.id])
    summary = answer.embeds[0]
    assert summary["title"] == f"Your review · match #{match.match_id} · Two-player dominoes"
    assert bobs.embeds[0]["title"] == summary["title"] and bobs.embeds != answer.embeds
    accuracy = ENGLISH.percent((review.accuracy() or 0) / 100)
    assert f"**Accuracy {accuracy}**" in summary["description"]
    mean = ENGLISH.number(review.mean_loss(), 1)
    assert f"mean loss {mean} review points" in summary["description"]  # not the game's points
    for hand in review.hands():
        line = f"Hand {hand.hand + 1}: {ENGLISH.percent((hand.accuracy or 0) / 100)}"
        assert line in summary["description"]
    # The costliest decisions, each with the board of that moment.
    costly = review.costliest(3)
    assert len(answer.embeds) == 1 + len(costly) and len(answer.files) == len(costly)
    assert all(file.is_png for file in answer.files)
    for decision, embed in zip(costly, answer.embeds[1:], strict=True):
        assert embed["title"].startswith(f"Hand {decision.hand + 1}, move {decision.turn + 1} ")
        assert embed["image"]["url"].startswith("attachment://decision-")
        assert "You played **" in embed["description"] and "better was **" in embed["description"]

    # Someone who did not play is refused; the second click is instant: nothing is judged.
    assert refusal(await carol.click(final, "Review")) == review_words.NOT_A_PLAYER.format(
        number=match.match_id
    )
    again = answer_of(await alice.click(final, "Review"))
    assert len(judged) == computed
    assert again.embeds == answer.embeds
    assert not any(text.startswith("Reviewing") for text in versions[again.message.id])

    # After a restart, from /domino review and from a /history replay: read, never judged again.
    await emu.restart_bot()
    by_command = answer_of(await alice.slash("domino review"))
    assert by_command.embeds == answer.embeds and len(judged) == computed
    listed = answer_of(await alice.slash("history"))
    replay = answer_of(await alice.choose(listed, str(match.match_id)))
    from_replay = answer_of(await alice.click(replay, "Review"))
    assert from_replay.embeds == answer.embeds and len(judged) == computed
    offered = await bob.autocomplete("domino review", "match", "")
    assert [choice["value"] for choice in offered] == [match.match_id]
    assert offered[0]["name"].startswith(f"#{match.match_id} Two-player dominoes: ")
    again = answer_of(await bob.slash("domino review", match=match.match_id))
    assert again.embeds == bobs.embeds and len(judged) == computed


async def hints_table(
    emu: Emulator, *, hints: bool, rated: bool, monkeypatch: pytest.MonkeyPatch
) -> tuple[Any, Any]:
    """A started two-player table of alice and bob; the person to move and their hand DM."""
    fixed_deal("hints1" if hints else "rated1", monkeypatch)
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="two-player", hints=hints, rated=rated)).response
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    await emu.wait_for(lambda: any(move_message(p.dm.messages) for p in (alice, bob)))
    mover = alice if move_message(alice.dm.messages) else bob
    return mover, move_message(mover.dm.messages)


async def forged_click(emu: Emulator, person: Any, custom_id: str) -> Any:
    """A click on a button the bot never sent (a client forging an interaction)."""
    button = {"type": 2, "style": 2, "label": "Hint", "custom_id": custom_id}
    components = [{"type": 1, "components": [button]}]
    forged = create_message(
        emu,
        emu.world.dm_channel(person.user),
        emu.world.bot_user,
        {"content": "a forged button", "components": components},
        [],
        size_limit=0,
        checked=False,
    )
    await announce(emu, forged)
    return await person.click(SeenMessage(emu, forged, person.user), custom_id=custom_id)


async def test_the_hint_names_the_ais_move_at_an_unrated_table_with_hints(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    mover, dm = await hints_table(emu, hints=True, rated=False, monkeypatch=monkeypatch)
    lobby = emu.channel().find("New table")
    assert "friendly (not rated), with hints" in lobby.text
    table = next(iter(domino.tables.tables.values()))  # type: ignore[attr-defined]
    seat, version = table.seat_of(mover.id), table.version
    view = table.view(seat)
    assert f"dh:{table.id}:{version}" in [b.custom_id for b in dm.buttons]

    told = answer_of(await mover.click(dm, "Hint"))
    expected = hint(view, ReviewBudget(worlds=16, cpu_ms=30_000))
    (label,), _ = move_labels((expected.action,), ENGLISH, view)
    assert told.text.startswith(f"**Hint:** play **{label}**.")
    reason = review_words.reason_text(expected.reason.key, expected.reason.numbers, ENGLISH)
    assert told.text.endswith(reason)
    assert table.version == version  # asking changed nothing
    # The "Your hand" answer carries it too; a hint for an old version is refused.
    hand = answer_of(await mover.click(board(emu), "Your hand"))
    assert "Hint" in hand.labels
    stale = await forged_click(emu, mover, f"dh:{table.id}:{version - 1}")
    assert refusal(stale) == texts.STALE_BUTTON
    other = emu.user("bob" if mover.name == "alice" else "alice")
    assert refusal(await forged_click(emu, other, f"dh:{table.id}:{version}")) == (
        texts.NOT_YOUR_TURN
    )


async def test_a_rated_table_has_no_hints_and_refuses_a_forged_one(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = emu.user("alice")
    refused = await alice.slash("domino new", game="two-player", hints=True, rated=True)
    assert refusal(refused) == texts.HINTS_NOT_RATED
    mover, dm = await hints_table(emu, hints=False, rated=True, monkeypatch=monkeypatch)
    assert "Hint" not in dm.labels
    table = next(iter(domino.tables.tables.values()))  # type: ignore[attr-defined]
    assert table.setup.rated
    forged = await forged_click(emu, mover, f"dh:{table.id}:{table.version}")
    assert refusal(forged) == texts.HINTS_NOT_RATED


def partnership_twins(seed: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A partnership hand played by `easy` until seat 0 made four moves, and its twin: the
    other hands dealt otherwise, consistently with all seat 0 saw (tests/ai_positions)."""
    rng = random.Random(seed)
    for attempt in range(20):
        match = Match("partnership", 4, seed=f"{seed}:{attempt}")
        hand = match.start_hand()
        moves = random.Random(attempt)
        while not hand.over and sum(1 for a in hand.actions if a.seat == 0) < 4:
            match.apply(choose_action(match.view_for(hand.turn), "easy", moves))
        if hand.over or not decision_points(write(match), 0):
            continue
        twin = redealt(match, 0, rng)
        assert twin.hand is not None
        hidden = [sorted(map(str, h)) for s, h in enumerate(hand.hands) if s]
        if hidden != [sorted(map(str, h)) for s, h in enumerate(twin.hand.hands) if s]:
            return write(match), write(twin)
    raise AssertionError("no hand to deal otherwise")


async def test_the_review_reads_only_what_the_seat_saw(
    emu: Emulator, domino: discord.Client, judged: Judged
) -> None:
    alice = emu.user("alice")
    client: Any = domino
    ids = []
    for number, record in enumerate(partnership_twins("hidden")):
        seats = [
            SeatResult(seat, alice.id if seat == 0 else None, f"seat {seat}", seat % 2, 0, False)
            for seat in range(4)
        ]
        finished = FinishedMatch(
            f"twin{number}", emu.guild.id, "partnership", {}, record, seats, False, 1.0
        )
        ids.append((await client.db.record_match(finished)).match_id)
    first, second = ids
    answer = answer_of(await alice.slash("domino review", match=first))
    assert answer.embeds[0]["title"].startswith(f"Your review · match #{first}")
    answer_of(await alice.slash("domino review", match=second))
    # Only seat 0's decisions went to the workers, each with seat 0's view of the moment, and
    # the two records gave the same review.
    records = partnership_twins("hidden")
    expected = [decision_points(record, 0) for record in records]
    assert [(p.hand, p.turn, p.played) for p in judged] == [
        (p.hand, p.turn, p.played) for points in expected for p in points
    ]
    assert all(point.view.seat == 0 and point.view.hand for point in judged)
    review = await stored_review(client, first, 0)
    assert review.decisions and review == await stored_review(client, second, 0)


# -- the table option and the button, without Discord ------------------------------------------


def test_hints_are_refused_at_a_rated_table_and_kept_by_its_rematch() -> None:
    with pytest.raises(Refusal) as refused:
        Setup.create("two-player", rated=True, hints=True)
    assert refused.value.said.message == texts.HINTS_NOT_RATED
    setup = Setup.create("two-player", hints=True)
    assert setup.offers_hints and Setup.from_json(setup.to_json()) == setup
    assert not Setup.from_json({**setup.to_json(), "rated": True}).offers_hints
    assert not Setup.from_json({"variant": "two-player", "seats": 2}).hints  # stored before


@pytest.mark.parametrize("moves", [1, 5, 17, 20, 30, 100, 125])
def test_the_hint_button_has_a_row_of_its_own_where_one_is_left(moves: int) -> None:
    labels = [f"move {n}" for n in range(moves)]
    view = moves_view("t1", 7, labels, buttons=True, w=ENGLISH, hint=True)
    rows = view.to_components()
    assert len(rows) <= 5 and all(len(row["components"]) <= 5 for row in rows)
    hints = [row for row in rows if row["components"][0].get("custom_id") == "dh:t1:7"]
    assert len(hints) == (0 if moves > 100 else 1)
    if hints:
        assert hints[0] is rows[-1] and len(hints[0]["components"]) == 1


@pytest.mark.parametrize(("variant", "players", "options"), SETUPS, ids=[s[0] for s in SETUPS])
def test_every_table_games_decisions_are_worded_as_its_buttons_word_moves(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    """A review's decisions in every game (tiles and ends, draws, pairs laid, exchanges) read
    as the move buttons read, each over the board of that moment drawn from a public view."""
    record = played_record(variant, players, f"worded:{variant}", options=options)
    points = decision_points(record, 0)
    assert points, f"no decision of seat 0 in a hand of {variant}"
    decisions = tuple(
        Decision(p.hand, p.turn, p.played, p.view.legal[-1], 0.0, 10.0, 2, 1) for p in points
    )
    review = Review(variant, 0, decisions)
    shown = scenes(record, 0, review.costliest(3))
    assert shown
    for number, scene in enumerate(shown, 1):
        assert not scene.public.hand and not scene.public.legal  # nobody's tiles on the board
        labels, _ = move_labels(scene.own.legal, ENGLISH, scene.own)
        embed = decision_embed(scene, number, ENGLISH).to_dict()
        played = labels[scene.own.legal.index(scene.decision.played)]
        best = labels[scene.own.legal.index(scene.decision.best)]
        assert f"You played **{played}**; better was **{best}**." in embed["description"]


def test_a_review_without_decisions_or_without_a_costly_one_says_so() -> None:
    summary = MatchSummary(7, "t7", 1, None, "two-player", False, 1, 0.0, [])
    forced = summary_embed(Review("two-player", 0, ()), summary, ENGLISH).to_dict()
    assert forced["description"] == review_words.NO_DECISIONS
    close = Decision(0, 3, Pass(0), Pass(0), 50.0, 51.5, 2, 8)
    accurate = summary_embed(Review("two-player", 0, (close,)), summary, ENGLISH).to_dict()
    assert "**Accuracy 100%** over 1 decision" in accurate["description"]
    assert accurate["description"].endswith(
        "No costly decision: each was within 2 points of the best move."
    )


# -- computed once, one at a time, and bounded --------------------------------------------------


@pytest.fixture
def hints_searched(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every hint search handed to the AI workers, in any bot instance."""
    searched: list[Any] = []
    submit = AIPool.submit_hint

    def counting(self: AIPool, view: Any, *args: Any) -> Any:
        searched.append(view)
        return submit(self, view, *args)

    monkeypatch.setattr(AIPool, "submit_hint", counting)
    return searched


async def test_ten_hint_presses_on_one_position_search_it_once(
    emu: Emulator,
    domino: discord.Client,
    monkeypatch: pytest.MonkeyPatch,
    hints_searched: list[Any],
) -> None:
    mover, dm = await hints_table(emu, hints=True, rated=False, monkeypatch=monkeypatch)
    pressed = await asyncio.gather(*(mover.click(dm, "Hint") for _ in range(10)))
    told = [answer_of(result).text for result in pressed]
    assert all(text.startswith("**Hint:** play **") for text in told)
    assert len(set(told)) == 1  # the same hint for everyone who pressed
    assert len(hints_searched) == 1, f"{len(hints_searched)} searches of one position"
    # Pressed again later, it is the same hint, and nothing is searched.
    assert answer_of(await mover.click(dm, "Hint")).text == told[0]
    assert len(hints_searched) == 1


def recorded_match(table_id: str, guild_id: int, user_id: int, record: dict[str, Any]) -> Any:
    """A finished partnership match of `record`, with `user_id` at seat 0."""
    seats = [
        SeatResult(seat, user_id if seat == 0 else None, f"seat {seat}", seat % 2, 0, False)
        for seat in range(4)
    ]
    return FinishedMatch(table_id, guild_id, "partnership", {}, record, seats, False, 1.0)


async def test_a_second_review_while_one_is_computed_is_refused(
    emu: Emulator, domino: discord.Client, judged: Judged
) -> None:
    alice = emu.user("alice")
    client: Any = domino
    ids = []
    for number in range(2):
        record = played_record("partnership", 4, f"two-reviews-{number}", hands=2)
        finished = recorded_match(f"two{number}", emu.guild.id, alice.id, record)
        ids.append((await client.db.record_match(finished)).match_id)
    first, second = ids
    # Another review holds the workers' place for reviews: alice's first one waits for it,
    # its progress shown (that edit held, so the bot counts as idle meanwhile).
    emu.hold(lambda method, path: method == "PATCH" and path.startswith("/webhooks/"))
    async with client.reviews.judging:
        asked = asyncio.create_task(alice.slash("domino review", match=first))
        await emu.wait_for(lambda: emu.held, timeout=10)
        refused = await alice.slash("domino review", match=second)
        await emu.wait_for(lambda: refused.response and refused.response.text, timeout=10)
        assert refusal(refused) == review_words.ONE_AT_A_TIME
        assert await client.db.match_review(first, 0) is None  # still being computed
    emu.release()
    asked_result = await asked
    await emu.settle()
    answer = answer_of(asked_result)
    assert answer.embeds[0]["title"].startswith(f"Your review · match #{first}")
    assert await client.db.match_review(second, 0) is None  # the refused one was not computed
    assert {point.view.seat for point in judged} == {0} and len(judged) == len(
        (await stored_review(client, first, 0)).decisions
    )
    # Once it is shown, the second one is hers to ask for.
    again = answer_of(await alice.slash("domino review", match=second))
    assert again.embeds[0]["title"].startswith(f"Your review · match #{second}")


async def test_a_long_matchs_review_judges_its_last_decisions_only(
    emu: Emulator, domino: discord.Client, judged: Judged, monkeypatch: pytest.MonkeyPatch
) -> None:
    most = 40
    monkeypatch.setattr(reviews, "MOST_DECISIONS", most)
    alice = emu.user("alice")
    client: Any = domino
    record = played_record("partnership", 4, "long-review", hands=20, options={"target": 500})
    points = decision_points(record, 0)
    assert len(points) > 2 * most  # a long match for this bound
    finished = recorded_match("long1", emu.guild.id, alice.id, record)
    match_id = (await client.db.record_match(finished)).match_id
    answer = answer_of(await alice.slash("domino review", match=match_id))
    assert answer.embeds[0]["title"].startswith(f"Your review · match #{match_id}")
    assert len(judged) == most, f"{len(judged)} decisions judged"
    assert [(p.hand, p.turn) for p in judged] == [(p.hand, p.turn) for p in points[-most:]]
    review = await stored_review(client, match_id, 0)
    assert [(d.hand, d.turn) for d in review.decisions] == [(p.hand, p.turn) for p in judged]
