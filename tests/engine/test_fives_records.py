"""Hand-written records of the fives games (tests/engine/records/fives) replayed through the
command line, as an independent implementation's records will be, to the results worked out by
hand beside each (`NAME.expected.json`; each record's `note` says how they come out):

- `all_fives_target`: §4.2's worked example to a target of 25 ends inside the hand;
- `all_fives_domino`: a domino with 13 pips left against it scores 15 (the alias `muggins`);
- `fives_threes_target`: §4.3's worked example to a target of 15, hit exactly inside the hand;
- `fives_threes_exact`: the same to 13: the 8 that would pass it is not credited, then a block.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

RECORDS = Path(__file__).parent / "records" / "fives"
NAMES = sorted(path.stem for path in RECORDS.glob("*.json") if ".expected" not in path.stem)


def test_there_is_a_record_of_each_ending() -> None:
    assert NAMES == [
        "all_fives_domino",
        "all_fives_target",
        "fives_threes_exact",
        "fives_threes_target",
    ]


@pytest.mark.parametrize("name", NAMES)
def test_the_record_replays_to_the_result_worked_out_by_hand(name: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(RECORDS / f"{name}.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    expected = json.loads((RECORDS / f"{name}.expected.json").read_text())
    assert json.loads(done.stdout) == expected


def test_a_play_on_the_double_end_named_by_its_number_alone_is_refused() -> None:
    record = json.loads((RECORDS / "fives_threes_target.json").read_text())
    record["hands"][0]["actions"][3]["end"] = 3  # 3-5 fits only the 3-3: a number is refused
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stderr.startswith("action 3"), done.stderr
