"""Stepping through a finished match: positions, hands, the table at each position."""

from __future__ import annotations

import pytest

import render
from cogs.standings.format import step_caption
from cogs.standings.replay import (
    cut,
    first_of_hand,
    hand_sizes,
    locate,
    next_hand,
    position_count,
    previous_hand,
    step_at,
)
from engine import Play, all_variants
from engine.errors import DominoError
from engine.record import replay
from tests.standings.records import played_record

SIZES = [3, 2, 4]  # three hands of 3, 2 and 4 actions: 4 + 3 + 5 = 12 positions


def test_each_hand_has_its_deal_and_a_position_after_each_action() -> None:
    assert position_count(SIZES) == 12
    assert [(locate(SIZES, p).hand, locate(SIZES, p).moves) for p in (0, 3, 4, 6, 7, 11)] == [
        (0, 0), (0, 3), (1, 0), (1, 2), (2, 0), (2, 4),
    ]  # fmt: skip
    assert locate(SIZES, 99) == locate(SIZES, 11) and locate(SIZES, -5) == locate(SIZES, 0)


def test_hand_buttons_go_to_deals_and_the_last_one_to_the_end() -> None:
    assert [first_of_hand(SIZES, hand) for hand in range(3)] == [0, 4, 7]
    assert previous_hand(SIZES, 5) == 4  # back to this hand's deal
    assert previous_hand(SIZES, 4) == 0  # already at a deal: the hand before
    assert previous_hand(SIZES, 0) == 0
    assert next_hand(SIZES, 1) == 4
    assert next_hand(SIZES, 8) == 11  # the last hand: its end


def test_the_table_at_a_position_is_the_record_cut_there_and_replayed() -> None:
    record = played_record("two-player", 2, {"target": 50}, seed=3)
    sizes = hand_sizes(record)
    step = step_at(record, 5)
    assert (step.hand, step.moves, step.hand_moves) == (0, 5, sizes[0])
    assert step.view.history == replay(cut(record, sizes, 5)).match.view_for(0).history
    assert len(step.view.history) == 5 and step.last == step.view.history[-1]
    assert step.view.hand == () and step.view.legal == ()  # a public view: no hand, no moves


def test_the_deal_has_no_last_move_and_an_empty_table() -> None:
    record = played_record("partnership", 4, {"target": 30}, seed=2)
    step = step_at(record, 0)
    assert step.at_start and step.last is None and step.view.history == ()
    assert sum(step.view.hand_sizes) == 28


def test_the_last_position_is_the_finished_match() -> None:
    record = played_record("two-player", 2, {"target": 50}, seed=4)
    count = position_count(hand_sizes(record))
    step = step_at(record, count + 10)  # clamped
    assert step.at_end and step.position == count - 1
    assert step.view.over and step.hand == len(record["hands"]) - 1
    assert len(step.view.results) == len(record["hands"])


def test_a_hand_ends_where_its_last_action_was_played() -> None:
    record = played_record("two-player", 2, {"target": 50}, seed=5)
    sizes = hand_sizes(record)
    end_of_first = step_at(record, sizes[0])
    assert len(end_of_first.view.results) == 1 and end_of_first.view.turn is None
    next_deal = step_at(record, sizes[0] + 1)
    assert next_deal.hand == 1 and next_deal.last is None and next_deal.view.turn is not None


def test_a_play_names_its_seat_and_tile() -> None:
    record = played_record("partnership", 4, {"target": 30}, seed=2)
    step = step_at(record, 1)
    first = record["hands"][0]["actions"][0]
    assert isinstance(step.last, Play)
    assert step.last.seat == first["seat"] and str(step.last.tile) == first["play"]


def test_a_record_without_hands_or_with_an_illegal_move_is_refused() -> None:
    with pytest.raises(DominoError, match="no hands"):
        step_at({"variant": "two-player", "players": 2, "hands": []}, 0)
    record = played_record("two-player", 2, {"target": 50}, seed=6)
    first = record["hands"][0]["actions"][0]
    other_seat = 1 - first["seat"]
    someone_elses = record["hands"][0]["deal"][other_seat][0]
    record["hands"][0]["actions"][0] = {"seat": first["seat"], "play": someone_elses}
    step_at(record, 0)  # the deal itself is still fine
    with pytest.raises(DominoError, match="action 0"):
        step_at(record, 3)


def test_every_game_steps_from_its_deal_to_its_end_with_a_picture() -> None:
    for kind in all_variants():
        if max(kind.player_counts) < 2:
            continue  # the solitaires have no match to replay
        players = min(count for count in kind.player_counts if count >= 2)
        record = played_record(kind.id, players, {}, seed=1)
        count = position_count(hand_sizes(record))
        names = [f"P{seat}" for seat in range(players)]
        for position in (0, count // 2, count - 1):
            step = step_at(record, position)
            assert step.position == position, kind.id
            assert step_caption(step, names, [0]), kind.id
        assert step.view.over, kind.id
        assert render.board_png(step.view, names=names).startswith(b"\x89PNG"), kind.id
