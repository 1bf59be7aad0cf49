"""The table model without Discord: lobby seats, start, turns, stale clicks, timeouts, the
pair choosing its leader, resignations, draws, and the state surviving a restart."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from cogs import texts
from cogs.common.refusal import Refusal
from cogs.lang import words
from cogs.tables.ending import EndKind
from cogs.tables.resigning import ASK_SECONDS
from cogs.tables.seating import Lobby, Setup
from cogs.tables.state import dump, load
from cogs.tables.table import MAX_TIMEOUTS, MOVES_PER_SEAT, Moved, Phase, Table
from engine import Draw, Pass, Play

LEVELS = ("random", "easy")
ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4


def new_table(variant: str = "partnership", **options: object) -> Table:
    setup = Setup.create(variant, dict(options))
    return Table(id="t1", lobby=Lobby(setup, host_id=ALICE), seed="7")


def four_players(table: Table) -> None:
    for user, name in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol"), (DAVE, "dave")):
        table.join(user, name)


def play_until(table: Table, stop: object, rng: random.Random, limit: int = 5000) -> None:
    """Every seat clicks a random legal move (through `play`, as users do) until `stop()`."""
    for _ in range(limit):
        if stop():  # type: ignore[operator]
            return
        if table.phase is Phase.BETWEEN:
            table.next_hand(0.0)
            continue
        seat = table.turn
        assert seat is not None
        user = table.seats[seat].user_id
        assert user is not None
        legal = table.view(seat).legal
        table.play(user, table.version, rng.randrange(len(legal)), 0.0)
    raise AssertionError("the game did not reach the expected point")


def test_unknown_game_is_refused_with_a_reason() -> None:
    with pytest.raises(Refusal, match="no game called"):
        Setup.create("chess")


def test_bad_option_is_refused_before_the_lobby_opens() -> None:
    with pytest.raises(Refusal, match="target"):
        Setup.create("partnership", {"target": -5})


def test_lobby_has_as_many_seats_as_the_game_allows_at_most() -> None:
    assert Setup.create("traditional").seats == 5
    assert Setup.create("partnership").seats == 4


def test_start_is_refused_until_the_player_count_fits() -> None:
    table = new_table()
    table.join(ALICE, "alice")
    table.join(BOB, "bob")
    with pytest.raises(Refusal, match="4 players"):
        table.start(ALICE, 0.0)
    assert table.phase is Phase.LOBBY


def test_only_the_host_starts_cancels_and_adds_ai() -> None:
    table = new_table()
    four_players(table)
    with pytest.raises(Refusal, match="host"):
        table.start(BOB, 0.0)
    with pytest.raises(Refusal, match="host"):
        table.cancel(BOB)
    table.leave_lobby(DAVE)
    with pytest.raises(Refusal, match="host"):
        table.add_ai(BOB, "random", LEVELS)
    table.add_ai(ALICE, "random", LEVELS)
    assert table.lobby.seats[3] is not None and table.lobby.seats[3].is_ai


def test_choosing_a_seat_chooses_a_partner() -> None:
    table = new_table()
    table.join(ALICE, "alice", seat=0)
    table.join(BOB, "bob", seat=2)  # opposite alice: her partner
    table.join(CAROL, "carol")
    table.join(DAVE, "dave")
    table.start(ALICE, 0.0)
    assert table.match is not None
    assert table.match.unit_of(table.seat_of(ALICE) or 0) == table.match.unit_of(
        table.seat_of(BOB) or 0
    )


def test_a_taken_seat_and_a_second_join_are_refused() -> None:
    table = new_table()
    table.join(ALICE, "alice", seat=1)
    with pytest.raises(Refusal, match="taken"):
        table.join(BOB, "bob", seat=1)
    with pytest.raises(Refusal, match="already"):
        table.join(ALICE, "alice")


def test_out_of_turn_and_stale_clicks_change_nothing() -> None:
    table = new_table()
    four_players(table)
    table.start(ALICE, 0.0)
    turn = table.turn
    assert turn is not None
    mover = table.seats[turn].user_id
    other = table.seats[(turn + 1) % 4].user_id
    assert mover is not None and other is not None
    before = json.dumps(dump(table), sort_keys=True)
    with pytest.raises(Refusal, match="not your turn"):
        table.play(other, table.version, 0, 0.0)
    with pytest.raises(Refusal, match="out of date"):
        table.play(mover, table.version - 1, 0, 0.0)
    assert json.dumps(dump(table), sort_keys=True) == before
    version = table.version
    table.play(mover, version, 0, 0.0)
    with pytest.raises(Refusal):  # the same click again: a double click
        table.play(mover, version, 0, 0.0)


def test_spectators_have_no_seat_and_no_moves() -> None:
    table = new_table()
    four_players(table)
    table.start(ALICE, 0.0)
    with pytest.raises(Refusal, match="not playing"):
        table.legal_for(99)


def test_forced_draws_and_passes_play_themselves() -> None:
    table = new_table("two-player")
    table.join(ALICE, "alice")
    table.join(BOB, "bob")
    rng = random.Random(3)
    table.start(ALICE, 0.0)
    for _ in range(200):
        if table.phase is not Phase.PLAYING:
            break
        seat = table.turn
        assert seat is not None
        legal = table.view(seat).legal
        # After every click the seat to move has a real choice: plays, more than one (a
        # single one plays itself, as the players' setting is by default).
        assert all(isinstance(action, Play) for action in legal) and len(legal) > 1
        user = table.seats[seat].user_id
        assert user is not None
        steps = table.play(user, table.version, rng.randrange(len(legal)), 0.0)
        for step in steps[1:]:
            if isinstance(step.action, Play):
                assert "(only move)" in str(step.line)
            else:
                assert isinstance(step.action, Draw | Pass)
                assert "(forced)" in str(step.line)


def test_public_lines_never_name_a_drawn_tile() -> None:
    lines: list[str] = []
    for seed in range(20):  # until a hand has a draw in it
        table = new_table("two-player")
        table.seed = f"draws-{seed}"
        table.join(ALICE, "alice")
        table.join(BOB, "bob")
        table.start(ALICE, 0.0)
        rng = random.Random(5)
        while table.phase is Phase.PLAYING:
            seat = table.turn
            assert seat is not None
            user = table.seats[seat].user_id
            assert user is not None
            legal = table.view(seat).legal
            steps = table.play(user, table.version, rng.randrange(len(legal)), 0.0)
            lines += [str(step.line) for step in steps]
        if any("drew" in line for line in lines):
            break
    assert any("drew" in line for line in lines)
    assert all(line.endswith("drew (forced)") for line in lines if "drew" in line)


def test_repeated_timeouts_hand_the_seat_to_an_ai() -> None:
    table = new_table()
    four_players(table)
    table.start(ALICE, 0.0)
    seat = table.turn
    assert seat is not None
    taken = False
    for _ in range(MAX_TIMEOUTS):
        assert table.needs_ai() is None
        _, taken = table.time_out("easy")
    assert taken and table.seats[seat].ai == "easy"
    assert table.needs_ai() == seat
    assert "AI plays their seat" in str(table.log[-1])


def test_a_click_resets_the_timeout_count() -> None:
    table = new_table()
    four_players(table)
    table.start(ALICE, 0.0)
    seat = table.turn
    assert seat is not None
    table.time_out("easy")
    user = table.seats[seat].user_id
    assert user is not None
    table.play(user, table.version, 0, 0.0)
    assert table.seats[seat].timeouts == 0


def test_winning_pair_chooses_who_leads_the_next_hand() -> None:
    table = new_table()
    four_players(table)
    table.start(ALICE, 0.0)
    play_until(table, lambda: table.phase is not Phase.PLAYING, random.Random(1))
    assert table.phase is Phase.BETWEEN
    assert table.match is not None
    pair = table.match.results[-1].winners
    assert table.lead_choosers() == pair
    losers = [seat for seat in range(4) if seat not in pair]
    loser_user = table.seats[losers[0]].user_id
    assert loser_user is not None
    with pytest.raises(Refusal, match="may not lead"):
        table.claim_lead(loser_user)
    claimant = max(pair)
    user = table.seats[claimant].user_id
    assert user is not None
    table.claim_lead(user)
    table.next_hand(0.0)
    assert table.turn == claimant


def test_ready_from_every_user_is_noticed() -> None:
    table = new_table()
    four_players(table)
    table.start(ALICE, 0.0)
    play_until(table, lambda: table.phase is not Phase.PLAYING, random.Random(2))
    results = [table.mark_ready(user) for user in (ALICE, BOB, CAROL, DAVE)]
    assert results == [False, False, False, True]


def test_resigning_in_a_pair_asks_the_partner_and_their_consent_concedes_for_both() -> None:
    table = new_table()
    four_players(table)
    table.start(ALICE, 0.0)
    bob, dave = table.seat_of(BOB), table.seat_of(DAVE)
    assert table.match is not None and bob is not None and dave is not None
    assert table.match.unit_of(bob) == table.match.unit_of(dave)
    table.resign(BOB, 10.0)
    # One partner does not resign for both: the match goes on, an AI in bob's seat, dave asked.
    assert table.phase is Phase.PLAYING and table.ending is None
    assert table.seats[bob].plays_itself and bob in table.left
    assert table.can_answer(DAVE) and not table.can_answer(CAROL)
    with pytest.raises(Refusal):
        table.answer(CAROL, True, 11.0)
    again = load(json.loads(json.dumps(dump(table))))  # the question is stored
    again.answer(DAVE, True, 11.0)
    assert again.phase is Phase.OVER and again.ending is not None
    assert again.ending.kind is EndKind.RESIGNED and again.ending.seat == dave
    assert again.ending.left == (bob,) and bob not in again.winners
    assert set(again.winners) == {again.seat_of(ALICE), again.seat_of(CAROL)}
    assert again.ending.places[again.match.unit_of(bob)] == 2  # type: ignore[union-attr]


def test_a_partner_who_plays_on_keeps_the_pair_playing_with_an_ai_in_the_seat() -> None:
    table = new_table()
    four_players(table)
    table.start(ALICE, 0.0)
    bob, turn, version = table.seat_of(BOB), table.turn, table.version
    assert bob is not None and turn is not None
    table.resign(BOB, 10.0)
    table.answer(DAVE, False, 11.0)
    assert table.phase is Phase.PLAYING and table.question is None
    # Nothing moved the position: the move buttons of whoever is to play still work (their
    # turn is not alerted twice), and bob's seat is the AI's to play.
    assert table.version == version
    if turn == bob:
        assert table.needs_ai() == bob
    else:
        user = table.seats[turn].user_id
        assert user is not None
        table.play(user, version, 0, 12.0)
    assert table.seats[bob].plays_itself and not table.can_resign(BOB)
    with pytest.raises(Refusal):
        table.resign(BOB, 12.0)
    rng = random.Random(4)
    while table.phase is not Phase.OVER:
        step(table, rng)
    assert table.ending is not None and bob not in table.winners


def test_a_partners_question_left_unanswered_closes_and_the_pair_plays_on() -> None:
    table = new_table()
    four_players(table)
    table.start(ALICE, 0.0)
    table.resign(BOB, 10.0)
    step(table, random.Random(1), now=10.0 + ASK_SECONDS)
    assert table.question is None and not table.can_answer(DAVE)
    with pytest.raises(Refusal):
        table.answer(DAVE, True, 10.0 + ASK_SECONDS)
    assert table.phase is not Phase.OVER


def test_resigning_beside_an_ai_partner_concedes_for_the_pair() -> None:
    table = new_table()
    for user, name in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")):
        table.join(user, name)
    table.add_ai(ALICE, "random", LEVELS)
    table.start(ALICE, 0.0)
    bob = table.seat_of(BOB)
    assert table.match is not None and bob is not None
    assert table.seats[(bob + 2) % 4].is_ai  # bob's partner
    table.resign(BOB, 10.0)
    assert table.phase is Phase.OVER and table.ending is not None
    assert all(table.match.unit_of(seat) != table.match.unit_of(bob) for seat in table.winners)


def step(table: Table, rng: random.Random, now: float = 0.0) -> None:
    """One move of whoever is to move (a person's click, or the AI of a seat that plays
    itself, as the runner plays it), or the next hand."""
    if table.phase is Phase.BETWEEN:
        table.next_hand(now)
        return
    seat = table.turn
    assert seat is not None
    legal = table.view(seat).legal
    user = table.seats[seat].user_id
    if table.seats[seat].plays_itself or user is None:
        table.apply(legal[rng.randrange(len(legal))], now)
        table.run_forced(now)
    else:
        table.play(user, table.version, rng.randrange(len(legal)), now)


def test_a_draw_needs_every_player_and_no_ai() -> None:
    table = new_table("two-player")
    table.join(ALICE, "alice")
    table.join(BOB, "bob")
    table.start(ALICE, 0.0)
    table.offer_draw(ALICE)
    assert table.phase is Phase.PLAYING
    table.offer_draw(BOB)
    assert table.phase is Phase.OVER and table.winners == ()
    with_ai = new_table("two-player")
    with_ai.join(ALICE, "alice")
    with_ai.add_ai(ALICE, "random", LEVELS)
    with_ai.start(ALICE, 0.0)
    with pytest.raises(Refusal, match="AI"):
        with_ai.offer_draw(ALICE)


def test_state_round_trips_through_json_mid_hand() -> None:
    table = new_table()
    four_players(table)
    table.start(ALICE, 0.0)
    rng = random.Random(4)
    play_until(table, lambda: len(table.log) >= 5 and table.turn is not None, rng)
    state = json.loads(json.dumps(dump(table)))
    again = load(state)
    assert dump(again) == dump(table)
    seat = again.turn
    assert seat is not None
    assert again.view(seat).legal == table.view(seat).legal


def test_rematch_keeps_seats_and_options_but_not_who_left() -> None:
    table = new_table("two-player", target=50)
    table.join(ALICE, "alice")
    table.join(BOB, "bob")
    table.start(ALICE, 0.0)
    table.resign(ALICE)
    table.leave_after(ALICE)
    rematch = table.rematch_lobby(BOB, "t2", 8, 0.0)
    assert rematch.setup.options == {"target": 50}
    assert rematch.host_id == BOB
    assert [s.user_id for s in rematch.lobby.occupied] == [BOB]
    with pytest.raises(Refusal, match="already"):
        table.rematch_lobby(BOB, "t3", 9, 0.0)


def test_whole_match_reaches_the_end() -> None:
    table = new_table("two-player", target=30)
    table.join(ALICE, "alice")
    table.join(BOB, "bob")
    table.start(ALICE, 0.0)
    play_until(table, lambda: table.phase is Phase.OVER, random.Random(9))
    assert table.match is not None and table.match.over
    assert table.winners == table.match.winners


def test_every_seat_and_the_board_see_the_position_as_it_is_after_each_move_and_hand() -> None:
    table = new_table()
    four_players(table)
    table.start(ALICE, 0.0)
    rng = random.Random(3)
    assert table.match is not None
    for _ in range(200):
        if table.phase is Phase.OVER:
            break
        if table.phase is Phase.BETWEEN:
            table.next_hand(0.0)
        for seat in range(4):  # asked twice: the kept view is the engine's view of now
            kept, now = table.view(seat), table.match.view_for(seat)
            assert table.view(seat) is kept
            assert replace(kept, layout=None) == replace(now, layout=None)
            assert kept.layout.placements == now.layout.placements
        public, now = table.public_view(), table.match.public_view()  # what boards are drawn from
        assert table.public_view() is public
        assert replace(public, layout=None) == replace(now, layout=None)
        assert public.layout.placements == now.layout.placements
        seat = table.turn
        if seat is None:
            continue
        user = table.seats[seat].user_id
        assert user is not None
        table.play(user, table.version, rng.randrange(len(table.view(seat).legal)), 0.0)
    assert table.match.results  # hands ended and new ones began on the way


def test_in_a_game_room_of_three_teams_a_team_that_concedes_leaves_and_ranks_last() -> None:
    setup = Setup.create("gameroom", {"teams": 3, "set": 9, "target": 50}, seats=6)
    table = Table(id="t1", lobby=Lobby(setup, host_id=1), seed="7")
    for user in range(1, 7):
        table.join(user, f"player {user}")
    table.start(1, 0.0)
    assert table.match is not None and table.match.units[0] == (0, 3)
    assert table.resign_question(0).message == texts.RESIGN_ASKS
    table.resign(1, 1.0)  # seat 0: seat 3 (user 4) is asked
    assert table.question is not None and table.question.asked == (3,)
    table.answer(4, True, 2.0)
    # Two teams play on; the team that conceded leaves, its seats played by AI.
    assert table.phase is not Phase.OVER and table.conceded == [0]
    assert table.seats[0].plays_itself and table.seats[3].plays_itself
    assert not table.can_resign(4)
    rng = random.Random(6)
    while table.phase is not Phase.OVER:
        step(table, rng)
    ending = table.ending
    assert ending is not None and ending.places[0] == 3 and max(ending.places) == 3
    assert not {0, 3} & set(table.winners) and table.winners


def test_a_seat_taken_over_comes_back_and_its_timeouts_stay_on_record() -> None:
    table = new_table()
    four_players(table)
    table.start(ALICE, 0.0)
    seat = table.turn
    assert seat is not None
    user = table.seats[seat].user_id
    assert user is not None
    with pytest.raises(Refusal):
        table.come_back(user)  # nothing to come back to: they play it
    for _ in range(MAX_TIMEOUTS):
        table.time_out("easy")
    assert table.can_come_back(user) and table.needs_ai() == seat
    version = table.version
    table.come_back(user)
    player = table.seats[seat]
    assert player.ai is None and player.timeouts == 0 and player.missed == MAX_TIMEOUTS
    assert table.version > version  # an AI move chosen for the seat is void
    assert table.needs_ai() is None and not table.can_come_back(user)
    assert "is back" in str(table.log[-1])
    # A new timeout counts from one again, and the record keeps every one, after a restart.
    table.time_out("easy")
    again = load(json.loads(json.dumps(dump(table))))
    assert again.seats[seat].ai is None
    assert (again.seats[seat].timeouts, again.seats[seat].missed) == (1, MAX_TIMEOUTS + 1)


def test_a_single_move_plays_itself_for_a_person_who_wants_it_and_not_otherwise() -> None:
    for plays_forced in (True, False):
        table = new_table()
        for user, name in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol"), (DAVE, "dave")):
            table.join(user, name, plays_forced=plays_forced)
        table.start(ALICE, 0.0)
        rng, singles = random.Random(2), 0
        for _ in range(300):
            if table.phase is Phase.BETWEEN:
                table.next_hand(0.0)
            if table.phase is not Phase.PLAYING:
                break
            seat = table.turn
            assert seat is not None
            legal = table.view(seat).legal
            singles += len(legal) == 1
            assert plays_forced is False or len(legal) > 1  # never asked without a choice
            user = table.seats[seat].user_id
            assert user is not None
            steps = table.play(user, table.version, rng.randrange(len(legal)), 0.0)
            for step in steps[1:]:
                if "(only move)" in str(step.line):
                    assert plays_forced and table.seats[step.seat].timeouts == 0
        assert plays_forced or singles  # asked, they do meet single moves
        assert all(seat.missed == 0 for seat in table.seats)  # never counted as timeouts


def test_the_moves_since_a_players_last_turn_are_kept_for_their_turn_message() -> None:
    table = new_table()
    four_players(table)
    table.start(ALICE, 0.0)
    rng = random.Random(6)
    for _ in range(12):
        if table.phase is not Phase.PLAYING:
            break
        seat = table.turn
        assert seat is not None
        since, folded = table.moves_since(seat)
        chosen = [n for n, moved in enumerate(table.moves) if moved.seat == seat and moved.chosen]
        expected = table.moves[chosen[-1] + 1 :] if chosen else table.moves
        assert since == expected[-4:] and folded == max(len(expected) - 4, 0)
        assert all(moved.seat != seat or not moved.chosen for moved in since)
        user = table.seats[seat].user_id
        assert user is not None
        legal = table.view(seat).legal
        table.play(user, table.version, rng.randrange(len(legal)), 0.0)
    assert load(json.loads(json.dumps(dump(table)))).moves == table.moves


def test_a_player_who_resigned_and_left_cannot_come_back() -> None:
    """The AI that plays a resigner's seat keeps it: "I'm back" is for seats the timer took."""
    setup = Setup.create("cyprus", {}, seats=4)
    table = Table(id="t1", lobby=Lobby(setup, host_id=1), seed="7")
    for user in range(1, 5):
        table.join(user, f"player {user}")
    table.start(1, 0.0)
    table.resign(2, 1.0)  # four sides: player 2 leaves, an AI plays their seat
    assert table.seats[1].plays_itself and 1 in table.left
    assert not table.can_come_back(2)
    with pytest.raises(Refusal):
        table.come_back(2)
    assert table.seats[1].plays_itself
    # Its moves are told as the AI's, never as if the person who left made them.
    rng, english = random.Random(3), words("en")
    since = len(table.log)

    def theirs() -> list[str]:
        lines = [english.say(line) for line in list(table.log)[since:]]
        return [line for line in lines if line.startswith("player 2 ")]

    while table.phase is not Phase.OVER and not theirs():
        step(table, rng)
    assert theirs() and all(line.endswith("(by the AI in their seat)") for line in theirs())


def test_the_moves_since_a_players_last_turn_are_counted_past_the_ones_kept() -> None:
    """A long run of others' moves (passes, forced draws, an AI's turns) is told in full: the
    turn message's "… and N earlier moves" counts every one, though the table keeps only the
    last few of each seat's, and a stored table counts on where it left off."""
    table = new_table()
    four_players(table)
    table.start(ALICE, 0.0)
    table.moves.clear()
    table.since_chosen.clear()
    table._moved(Moved(0, texts.passed("alice")))  # alice chose a move
    others = 5 * MOVES_PER_SEAT * len(table.seats)  # far more than the table keeps
    for number in range(others):
        table._moved(Moved(1 + number % 3, texts.passed("bob"), "forced"))
    shown, folded = table.moves_since(0)
    assert len(table.moves) < others
    assert (len(shown), folded) == (len(table.seats), others - len(table.seats))
    again = load(json.loads(json.dumps(dump(table))))
    again._moved(Moved(1, texts.passed("bob"), "forced"))
    assert again.moves_since(0)[1] == others + 1 - len(table.seats)
    again._moved(Moved(0, texts.passed("alice")))  # her turn: nothing since
    assert again.moves_since(0) == ([], 0)


@pytest.mark.parametrize(("game", "deal"), [("partnership", "hand"), ("mexican-train", "round")])
def test_a_second_ready_or_an_early_one_is_refused_in_the_games_word_for_a_deal(
    game: str, deal: str
) -> None:
    """Mexican Train counts rounds: its refusals between deals say so, as its table does."""
    table = new_table(game)
    four_players(table)
    table.start(ALICE, 0.0)
    with pytest.raises(Refusal) as early:
        table.mark_ready(ALICE)
    play_until(table, lambda: table.phase is not Phase.PLAYING, random.Random(2))
    table.mark_ready(ALICE)
    with pytest.raises(Refusal) as again:
        table.mark_ready(ALICE)
    assert f"between {deal}s" in str(early.value)
    assert f"the next {deal} starts" in str(again.value)
