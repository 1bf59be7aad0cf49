"""Hand-built game records replayed through the command line, as a user would:
`python -m engine replay FILE`.

Every `records/NAME.json` is a record built by hand from RULES.md (its `note` says how the
result comes out); `records/NAME.expected.json` is the result worked out by hand. The malformed
records below are the valid ones with one thing broken: each must exit with status 2 and print
exactly one line on stderr naming the 0-based action index (over the whole record) and why.
"""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.__main__ import main

RECORDS = Path(__file__).parent / "records"
NAMES = sorted(path.name.removesuffix(".expected.json") for path in RECORDS.glob("*.expected.json"))
ROOT = Path(__file__).resolve().parents[2]


def replay(text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_every_line_variant_has_a_hand_built_record() -> None:
    assert {load(name)["variant"] for name in NAMES} >= LINE_GAMES


LINE_GAMES = {
    "partnership", "traditional", "two-player", "home-and-away", "kids", "111", "pool",
    "beginner", "hungarian", "french", "classic", "gameroom",
}  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_replaying_the_hand_built_record_gives_the_rulebook_result(name: str) -> None:
    path = RECORDS / f"{name}.json"
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    expected = json.loads((RECORDS / f"{name}.expected.json").read_text(encoding="utf-8"))
    assert json.loads(done.stdout) == expected


def broken(name: str, change: Any) -> str:
    record = copy.deepcopy(load(name))
    change(record)
    return json.dumps(record)


def set_action(hand: int, index: int, action: dict[str, Any]) -> Any:
    def change(record: dict[str, Any]) -> None:
        record["hands"][hand]["actions"][index] = action

    return change


def insert_action(hand: int, index: int, action: dict[str, Any]) -> Any:
    def change(record: dict[str, Any]) -> None:
        record["hands"][hand]["actions"].insert(index, action)

    return change


def set_field(hand: int, field: str, value: Any) -> Any:
    def change(record: dict[str, Any]) -> None:
        record["hands"][hand][field] = value

    return change


def set_top(field: str, value: Any) -> Any:
    def change(record: dict[str, Any]) -> None:
        record[field] = value

    return change


def five_doubles(record: dict[str, Any]) -> None:
    deal = record["hands"][0]["deal"]  # seat 0 holds 6-6 4-4 2-2 0-0; give it 5-5 for its 2-0
    deal[0][deal[0].index("2-0")], deal[2][deal[2].index("5-5")] = "5-5", "2-0"


def duplicate_tile(record: dict[str, Any]) -> None:
    record["hands"][1]["deal"][0][4] = "3-3"  # 3-3 is also the reserve tile of the boneyard


def drop_end(record: dict[str, Any]) -> None:
    del record["hands"][0]["actions"][13]["end"]  # seat 1's 6-0 fits the 6 and the 0


def hand_after_the_end(record: dict[str, Any]) -> None:
    record["hands"].append(copy.deepcopy(record["hands"][0]))


# (case, record, how it is broken, the action index to name, a word of the reason)
MALFORMED = [
    (
        "out of turn",
        "partnership",
        set_action(0, 1, {"seat": 2, "play": "5-5"}),
        1,
        "not your turn",
    ),
    (
        "tile not held",
        "partnership",
        set_action(0, 1, {"seat": 1, "play": "6-4"}),
        1,
        "not in your hand",
    ),
    (
        "pass holding a fitting tile",
        "partnership",
        set_action(0, 1, {"seat": 1, "pass": True}),
        1,
        "must play",
    ),
    (
        "draw holding a fitting tile",
        "traditional",
        set_action(0, 1, {"seat": 1, "draw": True}),
        1,
        "must play",
    ),
    (
        "pass while tiles can be drawn",
        "traditional",
        set_action(0, 10, {"seat": 1, "pass": True}),
        10,
        "may draw",
    ),
    (
        "draw in a no-draw game",
        "hungarian",
        set_action(0, 3, {"seat": 1, "draw": True}),
        3,
        "no drawing",
    ),
    (
        "second draw-one draw",
        "french",
        insert_action(0, 4, {"seat": 0, "draw": True}),
        4,
        "drawn already",
    ),
    (
        "tile that fits nowhere",
        "kids",
        set_action(0, 1, {"seat": 1, "play": "2-1"}),
        1,
        "does not fit",
    ),
    ("end left out where it matters", "partnership", drop_end, 13, "more than one end"),
    (
        "wrong lead tile",
        "traditional",
        set_action(0, 0, {"seat": 0, "play": "5-4"}),
        0,
        "led with 6-6",
    ),
    ("bad deal: a tile twice", "traditional", duplicate_tile, 25, "twice"),
    (
        "bad deal: wrong hand size",
        "kids",
        set_field(0, "deal", [["6-6"], [], [], []]),
        0,
        "was dealt 1 tile instead of 6",
    ),
    ("bad deal: five doubles in partnership", "partnership", five_doubles, 0, "5 doubles"),
    ("wrong leader, first hand", "traditional", set_field(0, "leader", 2), 0, "may not lead"),
    ("wrong leader, the losing pair", "partnership", set_field(1, "leader", 1), 25, "may not lead"),
    (
        "action after the hand ended",
        "kids",
        insert_action(0, 10, {"seat": 2, "play": "3-1"}),
        10,
        "over",
    ),
    ("hand after the end of the match", "traditional", hand_after_the_end, 50, "after the end"),
    ("unknown variant", "kids", set_top("variant", "chess"), 0, "no game called"),
    ("unknown option", "kids", set_top("options", {"target": 50}), 0, "unknown option"),
    ("bad option value", "classic", set_top("options", {"teams": 3}), 0, "teams"),
    ("wrong player count", "traditional", set_top("players", 2), 0, "3 to 5 players"),
    ("bad JSON", None, None, 0, "not valid JSON"),
]


@pytest.mark.parametrize(
    ("name", "change", "index", "reason"),
    [pytest.param(*case[1:], id=case[0]) for case in MALFORMED],
)
def test_a_malformed_record_exits_2_with_one_line_naming_the_action(
    name: str | None,
    change: Any,
    index: int,
    reason: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In-process, through the command line's own `main` (a subprocess each would be slow)."""
    text = '{"variant": "kids", ' if name is None else broken(name, change)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["replay", "-"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"action {index}: ")
    assert reason in lines[0]


def test_a_malformed_record_through_a_real_process_exits_2_with_one_line() -> None:
    done = replay(broken("partnership", set_action(0, 1, {"seat": 1, "play": "6-4"})))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines() == ["action 1: seat 1: 6-4 is not in your hand"]


def test_a_missing_file_is_refused_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "no/such/record.json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1


def test_variants_json_lists_the_twelve_line_games() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "variants", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    assert {entry["id"] for entry in json.loads(done.stdout)} >= LINE_GAMES
