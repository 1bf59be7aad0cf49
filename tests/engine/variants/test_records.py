"""Hand-built records of the spinner, star, sum and pairs games (tests/engine/records/variants)
replay to the results worked out by hand, which sit beside each record as `NAME.expected.json`:

- `cross_domino`: seat 1 goes out with 6-1; seat 0 keeps 1-0 and 4-4, 9 pips: [0, 9].
- `double_cross_domino`: seat 1 draws 5-2 and 3-3 for a double after the cross; seat 0 goes out
  with 5-5; seat 1 keeps 4-3, 6-1, 5-2, 21 pips: [21, 0].
- `maltese_block`: capped by 5-5, 4-4, 3-3 and 2-2 (drawn); the block leaves seat 0 13 pips and
  seat 1 22: seat 0 scores 22 - 13 = 9.
- `sebastopol_block`: seats keep 8, 13, 17 and 10 pips: seat 0 scores 5 + 9 + 2 = 16.
- `cross_nine_domino`: 8-8 and 3-3 open their sides; seat 0 goes out; seat 1 keeps 7-7: 14.
- `cyprus_domino` (10 players, played as the first legal move each turn, scored by hand): seat 0
  goes out with 7-6; the others keep 2 + 8 + 11 + 19 + 10 + 31 + 30 + 10 + 39 = 160 pips, which
  also takes the match past 100.
- `sum_match` (`wins: 2`): 4-2 makes 50 exactly for seat 2; then a block at 48 after seat 2's
  4-1; seat 2 wins the match 2-0-0.
- `pairs_blocked_draw`: four pairs each, the stock empty and no pair in either hand: a draw.
- `pairs_domino`: seat 0 lays three pairs, then two: five, and the match.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import RecordError
from engine.record import load, replay, replay_text

RECORDS = Path(__file__).parent.parent / "records" / "variants"
NAMES = sorted(path.stem for path in RECORDS.glob("*.json") if ".expected" not in path.stem)


def test_every_game_of_this_part_has_a_record() -> None:
    games = {json.loads((RECORDS / f"{name}.json").read_text())["variant"] for name in NAMES}
    assert games == {
        "cross",
        "double-cross",
        "maltese",
        "sebastopol",
        "cross-nine",
        "cyprus",
        "sum",
        "pairs",
    }


@pytest.mark.parametrize("name", NAMES)
def test_hand_built_record_replays_to_its_worked_result(name: str) -> None:
    result = replay_text((RECORDS / f"{name}.json").read_text())
    expected = json.loads((RECORDS / f"{name}.expected.json").read_text())
    assert json.loads(json.dumps(result.to_json())) == expected


def broken(name: str, index: int, change: dict[str, object]) -> dict[str, object]:
    record = load((RECORDS / f"{name}.json").read_text())
    actions = record["hands"][0]["actions"]
    actions[index] = change
    return record


def test_a_tile_on_an_arm_before_the_cross_is_complete_is_refused_at_its_index() -> None:
    record = broken("cross_domino", 3, {"seat": 1, "play": "5-3"})
    with pytest.raises(RecordError, match=r"action 3: seat 1: 5-3 does not fit") as error:
        replay(record)
    assert error.value.index == 3


def test_an_exchange_while_holding_a_pair_is_refused_at_its_index() -> None:
    record = broken("pairs_blocked_draw", 1, {"seat": 1, "exchange": "6-0"})  # 6-0 and 5-1 pair
    with pytest.raises(RecordError, match="action 1: seat 1: you can lay a pair: you must"):
        replay(record)


def test_an_overshooting_tile_in_sum_is_refused_at_its_index() -> None:
    record = broken("sum_match", 5, {"seat": 2, "play": "6-1"})
    with pytest.raises(RecordError, match=r"action 5: seat 2: 6-1 cannot be laid now"):
        replay(record)
