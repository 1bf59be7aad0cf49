"""Every AI level plays every variant legally, reproducibly, and only from what its seat sees."""

from __future__ import annotations

import copy
import json
import random
import time

import pytest

from engine import Draw, Match, Pass, Play, Tile
from engine.__main__ import main as engine_main
from engine.ai import LEVELS, choose_action
from engine.ai.games import game_ai
from engine.ai.knowledge import Knowledge
from engine.ai.sampling import sample_hidden
from engine.errors import DominoError
from engine.view import SeatView
from tests.ai_positions import SETUPS, positions, redealt


@pytest.mark.parametrize(("variant_id", "players", "options"), SETUPS)
def test_every_level_returns_a_legal_action(
    variant_id: str, players: int, options: dict[str, int]
) -> None:
    for match in positions(variant_id, players, options, count=3, seed=f"legal:{variant_id}"):
        assert match.hand is not None
        view = match.view_for(match.hand.turn)
        for level in LEVELS:
            action = choose_action(view, level, random.Random(3), budget_ms=4)
            assert action in view.legal, f"{level} chose {action} in {variant_id}"


def test_the_levels_are_the_four_of_the_issue() -> None:
    assert LEVELS == ("random", "easy", "hard", "expert")


def test_an_unknown_level_or_a_seat_not_to_act_is_refused() -> None:
    match = Match("partnership", 4, seed=1)
    hand = match.start_hand()
    with pytest.raises(DominoError, match="unknown AI level"):
        choose_action(match.view_for(hand.turn), "grandmaster", random.Random(1))
    with pytest.raises(DominoError, match="not this seat's turn"):
        choose_action(match.view_for((hand.turn + 1) % 4), "easy", random.Random(1))


def test_same_seed_same_choice() -> None:
    match = next(positions("traditional", 4, {}, 1, seed="repeat"))
    assert match.hand is not None
    view = match.view_for(match.hand.turn)
    for level in LEVELS:
        first = choose_action(view, level, random.Random(5), worlds=30)
        assert choose_action(view, level, random.Random(5), worlds=30) == first


def swapped(match: Match, seat: int, rng: random.Random) -> Match:
    """The same match with the tiles `seat` cannot see (other hands, the boneyard still to draw)
    dealt again now, consistently with all it has seen: for hands with draws, which a replay
    from another deal could not reproduce."""
    assert match.hand is not None
    knowledge = Knowledge.of(match.view_for(seat))
    twin = copy.deepcopy(match)
    hand = twin.hand
    assert hand is not None
    hands, rest = sample_hidden(knowledge, rng)
    for other, tiles in enumerate(hands):
        if other != seat:
            hand.hands[other] = list(tiles)
    assert len(rest) == len(hand.boneyard) - hand.drawn  # nothing is set aside in these games
    hand.boneyard[hand.drawn :] = rest
    return twin


def public(view: SeatView) -> tuple[object, ...]:
    return (
        view.hand,
        view.hand_sizes,
        tuple(view.layout.placements),
        view.history,
        view.legal,
        view.turn,
    )


@pytest.mark.parametrize(
    ("variant_id", "players"),
    [("partnership", 4), ("hungarian", 3), ("sum", 4), ("111", 4)],
)
def test_no_level_changes_its_choice_when_the_hidden_hands_change(
    variant_id: str, players: int
) -> None:
    rng = random.Random(variant_id)
    checked = 0
    for match in positions(variant_id, players, {}, count=40, seed=f"cheat:{variant_id}"):
        assert match.hand is not None
        if match.results:
            continue  # a later hand: its leader was chosen, keep to first hands
        seat = match.hand.turn
        view = match.view_for(seat)
        if len(view.legal) < 2:
            continue
        twin = redealt(match, seat, rng)
        assert twin.hand is not None
        other = twin.view_for(seat)
        assert public(other) == public(view)
        hidden = [tuple(sorted(h, key=hash)) for s, h in enumerate(match.hand.hands) if s != seat]
        again = [tuple(sorted(h, key=hash)) for s, h in enumerate(twin.hand.hands) if s != seat]
        if hidden == again:
            continue  # nothing was left to re-deal
        for level in LEVELS:
            first = choose_action(view, level, random.Random(9), worlds=25)
            second = choose_action(other, level, random.Random(9), worlds=25)
            assert first == second, f"{level} saw the hidden hands"
        checked += 1
        if checked == 5:
            break
    assert checked >= 3


@pytest.mark.parametrize(("variant_id", "players"), [("two-player", 2), ("traditional", 3)])
def test_no_level_changes_its_choice_when_the_hidden_tiles_change_in_a_draw_game(
    variant_id: str, players: int
) -> None:
    """The same in hands with draws (which a replay from another deal could not reproduce):
    the other hands and the boneyard dealt again now change no level's choice."""
    rng = random.Random(variant_id)
    checked = 0
    for game in range(40):
        match = Match(variant_id, players, seed=f"cheat-draws:{game}")
        hand = match.start_hand()
        while not hand.over and checked < 4:
            seat = hand.turn
            view = match.view_for(seat)
            drawn = any(isinstance(action, Draw) for action in view.history)
            twin = swapped(match, seat, rng)
            assert twin.hand is not None
            hidden_moved = (twin.hand.hands, twin.hand.boneyard) != (hand.hands, hand.boneyard)
            if drawn and len(view.legal) > 1 and hidden_moved:
                other = twin.view_for(seat)
                assert public(other) == public(view)
                for level in LEVELS:
                    first = choose_action(view, level, random.Random(9), worlds=25)
                    second = choose_action(other, level, random.Random(9), worlds=25)
                    assert first == second, f"{level} saw the hidden tiles"
                checked += 1
                break  # one position a hand
            match.apply(choose_action(view, "easy", random.Random(game)))
        if checked == 4:
            return
    raise AssertionError(f"only {checked} positions with draws and a choice")


def test_easy_leads_its_heavy_double_over_a_light_tile() -> None:
    match = Match("two-player", 2, seed=4)
    hand = match.start_hand(
        deal=[
            [Tile(5, 5), Tile(5, 1), Tile(1, 0), Tile(2, 0), Tile(3, 0), Tile(4, 0), Tile(6, 6)],
            [Tile(6, 5), Tile(6, 4), Tile(6, 3), Tile(6, 2), Tile(6, 1), Tile(6, 0), Tile(4, 4)],
        ]
    )
    match.apply(Play(0, Tile(6, 6)))  # 6-6 leads
    match.apply(Play(1, Tile(6, 5)))  # the table shows 6 and 5
    view = match.view_for(0)
    assert {action.tile for action in view.legal if isinstance(action, Play)} == {
        Tile(5, 5),
        Tile(5, 1),
    }
    assert choose_action(view, "easy", random.Random(1)) == Play(0, Tile(5, 5))
    assert hand.turn == 0


def test_a_pass_tells_every_seat_which_numbers_the_passer_lacks() -> None:
    match = Match("partnership", 4, seed=2)
    hand = match.start_hand(
        deal=[
            [Tile(6, 6), Tile(6, 1), Tile(1, 1), Tile(3, 2), Tile(3, 3), Tile(0, 0), Tile(2, 1)],
            [Tile(6, 5), Tile(6, 4), Tile(5, 5), Tile(5, 4), Tile(4, 4), Tile(5, 3), Tile(4, 3)],
            [Tile(6, 3), Tile(6, 2), Tile(6, 0), Tile(2, 2), Tile(3, 1), Tile(4, 1), Tile(4, 2)],
            [Tile(5, 0), Tile(4, 0), Tile(3, 0), Tile(2, 0), Tile(1, 0), Tile(5, 1), Tile(5, 2)],
        ]
    )
    for action in (
        Play(0, Tile(6, 6)),  # 6 and 6 show
        Play(1, Tile(6, 5)),  # 6 and 5
        Play(2, Tile(6, 3)),  # 3 and 5
        Play(3, Tile(5, 0)),  # 3 and 0
        Play(0, Tile(3, 3)),  # 3 and 0
        Play(1, Tile(4, 3)),  # 4 and 0
        Play(2, Tile(4, 1)),  # 1 and 0
        Play(3, Tile(1, 0), 1),  # 0 and 0
        Play(0, Tile(0, 0)),  # 0 and 0
    ):
        match.apply(action)
    assert sorted(hand.layout.open_numbers()) == [0, 0]
    match.apply(Pass(1))  # seat 1 holds no 0, and now everyone knows it
    for seat in (0, 2, 3):
        knowledge = Knowledge.of(match.view_for(seat))
        assert knowledge.lacks_number(1, 0)
        assert not knowledge.lacks_number(1, 5), "a pass on 0s says nothing about 5s"
        assert not knowledge.lacks_number(3, 0)
    view = match.view_for(2)
    assert choose_action(view, "easy", random.Random(1)) == Play(2, Tile(6, 0))


def test_simulate_runs_the_easy_level_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = engine_main(
        ["simulate", "--variant", "partnership", "--players", "4", "--hands", "6", "--ai", "easy",
         "--json"]
    )  # fmt: skip
    summary = json.loads(capsys.readouterr().out)
    assert code == 0
    assert summary["ai"] == "easy" and summary["hands"] == 6 and summary["errors"] == 0


def test_search_levels_stop_at_their_budget() -> None:
    views = (
        m.view_for(m.hand.turn) for m in positions("partnership", 4, {}, 20, "budget") if m.hand
    )
    view = next(view for view in views if len(view.legal) > 1)
    for level in ("hard", "expert"):
        started = time.monotonic()
        choose_action(view, level, random.Random(2), budget_ms=60)
        assert time.monotonic() - started < 0.06 + 0.3  # one world past the clock at most


def test_in_pairs_no_level_sees_the_other_hand_or_the_stock() -> None:
    """Swap a tile of the other seat's hand with one of the stock that the seat did not put
    there itself: the seat's view is the same, and so is every level's choice."""
    rng = random.Random("pairs-cheat")
    checked = 0
    for match in positions("pairs", 2, {}, count=40, seed="cheat:pairs"):
        assert match.hand is not None
        seat = match.hand.turn
        view = match.view_for(seat)
        if len(game_ai(match.variant).candidates(view)) < 2:
            continue
        knowledge = Knowledge.of(view)
        mine = {tile for _, tile in knowledge.in_stock}
        stock = [tile for tile in match.hand.stock if tile not in mine]
        if not stock:
            continue
        twin = copy.deepcopy(match)
        assert twin.hand is not None
        other = twin.hand.hands[1 - seat]
        held, buried = rng.choice(other), rng.choice(stock)
        other[other.index(held)] = buried
        boneyard = twin.hand.boneyard
        boneyard[boneyard.index(buried, twin.hand.drawn)] = held
        assert public(twin.view_for(seat)) == public(view)
        for level in LEVELS:
            first = choose_action(view, level, random.Random(9), worlds=40)
            second = choose_action(twin.view_for(seat), level, random.Random(9), worlds=40)
            assert first == second, f"{level} saw the hidden tiles"
        checked += 1
        if checked == 5:
            break
    assert checked >= 3
