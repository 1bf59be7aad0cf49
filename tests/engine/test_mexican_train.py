"""Mexican Train (RULES.md §4.4, settled in §4.5): the worked example, each rule on a small deal,
the refusals, the rounds of a match.

Scripts are `;`-separated moves `SEAT WHAT`: `1 7-7@1` (on seat 1's train), `2 9-9@m` (on the
Mexican train), `1 7-3` (no train: its one legal place), `2 draw`, `2 pass`, `0 stop`.
"""

from __future__ import annotations

import copy
import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import Match, Tile
from engine.actions import Action, Draw, Pass
from engine.errors import BadOption, IllegalAction, RecordError
from engine.record import replay, write
from engine.trains import MEXICAN, TrainsView, trains_of
from engine.variants.mexican_train import MexicanTrain, Stop, TrainPlay

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "engine" / "records" / "mexican-train.json"


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return data


def move(text: str) -> Action:
    seat_text, _, what = text.strip().partition(" ")
    seat = int(seat_text)
    if what in ("pass", "draw", "stop"):
        return {"pass": Pass, "draw": Draw, "stop": Stop}[what](seat)
    tile, _, train = what.partition("@")
    key: int | str | None = None
    if train:
        key = MEXICAN if train == "m" else int(train)
    return TrainPlay(seat, Tile.parse(tile), None, key)


def play(match: Match, script: str) -> None:
    for item in script.split(";"):
        if item.strip():
            match.apply(move(item))


def start(
    hands: list[str],
    boneyard: str = "",
    *,
    leader: int = 0,
    options: dict[str, Any] | None = None,
) -> Match:
    """A round 1 dealt by hand: `tiles` is the size of the hands given; the boneyard is what
    is given (the rest of the set sleeps)."""
    given = {"tiles": len(hands[0].split()), **(options or {})}
    match = Match(MexicanTrain(len(hands), given), seed=1)
    deal = [[Tile.parse(tile) for tile in hand.split()] for hand in hands]
    match.start_hand(deal, [Tile.parse(tile) for tile in boneyard.split()], leader)
    return match


def trains(match: Match) -> TrainsView:
    found = trains_of(match.public_view())
    assert found is not None
    return found


def legal(match: Match) -> set[str]:
    return {str(action) for action in match.legal_actions()}


# -- the worked example of §4.4 -------------------------------------------------------------


def test_the_worked_example_scores_26_0_7_and_seat_1_wins() -> None:
    result = replay(example()).to_json()
    assert result["hands"][0]["points"] == [26, 0, 7]
    assert result["hands"][0]["winners"] == [1]
    assert result["hands"][0]["end"] == "domino"


@pytest.mark.parametrize(
    ("options", "points"),
    [
        ({"double-blank": 50}, [26, 0, 57]),
        ({"open-penalty": 10}, [26, 0, 17]),  # only seat 2's train is still open
        ({"double-blank": 50, "open-penalty": 10}, [26, 0, 67]),
    ],
)
def test_the_worked_example_with_double_blank_and_open_penalty(
    options: dict[str, Any], points: list[int]
) -> None:
    record = example()
    record["options"].update(options)
    assert replay(record).to_json()["hands"][0]["points"] == points


def test_the_worked_example_leaves_9_9_uncovered_and_seat_2_train_open() -> None:
    record = example()
    actions = record["hands"][0]["actions"]
    record["hands"][0]["actions"] = actions[:8]  # up to seat 2's pass
    match = replay(record).match
    table = trains(match)
    assert table.uncovered == (MEXICAN,)
    assert table.mexican.tiles[-1] == Tile(9, 9) and table.mexican.uncovered
    assert [train.open for train in table.trains] == [False, False, True, True]
    assert table.train(1).tiles == tuple(Tile.parse(t) for t in ("12-7", "7-7", "7-3"))
    # Seat 0 could start its own train with 12-5, but must cover the 9-9: only 9-2 is legal.
    assert legal(match) == {"9-2 on the Mexican train"}
    play(match, "0 9-2")
    assert trains(match).uncovered == ()
    assert trains(match).mexican.end == 2


def test_the_worked_example_replays_through_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(EXAMPLE)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["match"] == {"over": True, "winners": [1], "scores": [26, 0, 7]}


# -- record faults --------------------------------------------------------------------------


def broken(index: int, action: dict[str, Any]) -> dict[str, Any]:
    record = copy.deepcopy(example())
    record["hands"][0]["actions"][index] = action
    return record


@pytest.mark.parametrize(
    ("index", "action", "reason"),
    [
        (0, {"seat": 1, "play": "12-7", "end": 12}, "not an end"),
        (0, {"seat": 1, "play": "12-7", "train": 1, "end": 12}, "not an end"),
        (2, {"seat": 0, "play": "12-9", "train": 2}, "shows 6"),
        (2, {"seat": 0, "play": "12-9"}, "more than one train"),
        (2, {"seat": 0, "play": "12-9", "train": 5}, "no train"),
        (2, {"seat": 0, "play": "12-9", "train": "Mexican"}, "train must be"),
        (4, {"seat": 1, "play": "7-3", "train": "mexican"}, "cover 7-7"),
        (4, {"seat": 1, "stop": True}, "not in one"),
        (7, {"seat": 2, "draw": True}, "drawn already"),
        (8, {"seat": 0, "play": "12-5", "train": 0}, "cover 9-9"),
    ],
)
def test_bad_actions_are_refused_at_their_index(
    index: int, action: dict[str, Any], reason: str
) -> None:
    with pytest.raises(RecordError) as caught:
        replay(broken(index, action))
    assert caught.value.index == index
    assert reason in str(caught.value)


def test_a_record_that_deals_the_engine_is_refused() -> None:
    record = example()
    record["hands"][0]["deal"][0][0] = "12-12"
    record["hands"][0]["boneyard"].append("12-9")
    with pytest.raises(RecordError, match="set aside"):
        replay(record)


def test_writing_and_replaying_gives_the_same_match() -> None:
    match = replay(example()).match
    again = replay(json.loads(json.dumps(write(match)))).match
    assert again.results == match.results


# -- options --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "reason"),
    [
        (4, {"target": 100}, "unknown option"),
        (4, {"tiles": 0}, "at least 1"),
        (4, {"hands": 0}, "at least 1"),
        (4, {"hands": 14}, "at most 13"),
        (4, {"set": 9, "hands": 11}, "at most 10"),
        (8, {"tiles": 12}, "tiles"),  # 96 > 90
        (6, {"set": 9, "tiles": 10}, "tiles"),  # 60 > 54
        (4, {"own-first": True}, "must be a word"),
        (4, {"doubles": "branch"}, "one of"),
        (4, {"opening": "runs"}, "one of"),
        (4, {"double-blank": 25}, "one of"),
        (4, {"set": 6}, "one of"),
        (1, {}, "2 to 8"),
        (9, {}, "2 to 8"),
    ],
)
def test_bad_options_are_refused(players: int, options: dict[str, Any], reason: str) -> None:
    with pytest.raises(BadOption, match=reason):
        MexicanTrain(players, options)


@pytest.mark.parametrize(
    ("top", "players", "tiles"),
    [
        *((12, players, tiles) for players, tiles in ((2, 15), (4, 15), (5, 12), (6, 12))),
        *((12, players, 10) for players in (7, 8)),
        *((9, players, tiles) for players, tiles in ((4, 9), (5, 7), (7, 7), (8, 6))),
    ],
)
def test_hand_sizes_follow_the_table(top: int, players: int, tiles: int) -> None:
    match = Match(MexicanTrain(players, {"set": top}), seed=3)
    hand = match.start_hand()
    assert {len(tiles_held) for tiles_held in hand.hands} == {tiles}
    engine = Tile(top, top)
    assert engine not in hand.boneyard and all(engine not in held for held in hand.hands)
    assert len(hand.boneyard) == len(match.variant.full_set()) - 1 - players * tiles
    assert hand.drawable == len(hand.boneyard)


def test_the_largest_tiles_option_that_fits_is_accepted() -> None:
    assert MexicanTrain(2, {"tiles": 45}).options["tiles"] == 45
    with pytest.raises(BadOption):
        MexicanTrain(2, {"tiles": 46})


# -- rounds and the match -------------------------------------------------------------------


def finish_round(match: Match) -> None:
    """Play the round to its end, every seat taking its first legal action."""
    hand = match.hand
    assert hand is not None
    while not hand.over:
        match.apply(match.legal_actions()[0])


@pytest.mark.parametrize("top", [12, 9])
def test_a_match_plays_every_engine_down_to_0_0_and_rotates_the_first_player(top: int) -> None:
    match = Match(MexicanTrain(3, {"set": top}), seed=11)
    engines: list[Tile] = []
    firsts: list[int] = []
    while not match.over:
        hand = match.start_hand()
        table = trains_of(match.public_view())
        assert table is not None
        engines.append(table.engine)
        firsts.append(hand.lead.seat)
        finish_round(match)
    assert engines == [Tile(n, n) for n in range(top, -1, -1)]
    assert all(later == (earlier + 1) % 3 for earlier, later in itertools.pairwise(firsts))
    best = min(match.scores)
    assert match.winners == tuple(seat for seat in range(3) if match.scores[seat] == best)
    assert len(match.results) == top + 1


def test_hands_plays_the_first_rounds_and_ties_share_the_match() -> None:
    record = example()
    record["options"]["hands"] = 2
    match = replay(record).match
    assert not match.over
    # Round 2 (engine 11-11) is led by the seat after round 1's first player (seat 1).
    hand = match.start_hand(leader=None)
    assert hand.lead.seat == 2 and hand.lead.tile == Tile(11, 11)


def test_a_later_round_leader_other_than_the_rotation_is_refused() -> None:
    record = example()
    record["options"]["hands"] = 2
    record["hands"].append({"leader": 0, "actions": [{"seat": 0, "pass": True}]})
    with pytest.raises(RecordError, match="may not lead"):
        replay(record)


def test_round_winners_after_a_block_are_the_fewest_points() -> None:
    # Seat 0 holds only 5-5, seat 1 only 4-4 and 1-0: nothing carries 12, nothing to draw.
    match = start(["5-5 3-2", "4-4 1-0"], options={"open-penalty": 3})
    play(match, "0 pass")  # nobody can ever place: blocked at once, seat 0's train open
    assert match.hand is not None and match.hand.over
    result = match.results[0]
    assert result.end == "blocked"
    assert result.points == (18, 9)
    assert result.winners == (1,)


# -- doubles: cover -------------------------------------------------------------------------


def test_cover_a_drawn_tile_that_covers_must_be_placed_on_the_double() -> None:
    match = start(["12-5 5-5 1-0", "12-4 4-3 3-0"], "5-2 6-6")
    play(match, "0 12-5@0; 1 12-4@1; 0 5-5@0")
    assert legal(match) == {"draw"}
    assert trains(match).awaiting == 0
    play(match, "0 draw")
    assert legal(match) == {"5-2 on seat 0's train"}  # it fits: it must go on the 5-5
    with pytest.raises(IllegalAction):
        play(match, "0 pass")
    play(match, "0 5-2")
    assert match.hand is not None and match.hand.turn == 1


def test_cover_a_failed_cover_opens_the_train_and_binds_everyone() -> None:
    match = start(["12-5 5-5 1-0", "12-4 5-3 4-2"], "6-2 6-6")
    play(match, "0 12-5@0; 1 12-4@1; 0 5-5@0; 0 draw; 0 pass")
    table = trains(match)
    assert table.train(0).open and table.uncovered == (0,)
    # Seat 1 must cover the 5-5 on seat 0's train, though 4-3 would fit its own.
    assert legal(match) == {"5-3 on seat 0's train"}
    play(match, "1 5-3")
    assert trains(match).uncovered == () and trains(match).train(0).open


def test_a_double_as_the_last_tile_ends_the_round() -> None:
    match = start(["12-5 5-5", "12-4 4-3"], "6-2")
    play(match, "0 12-5@0; 1 12-4@1; 0 5-5@0")
    assert match.results[0].end == "domino" and match.results[0].winners == (0,)


def test_a_drawn_double_that_cannot_be_covered_calls_for_one_more_draw() -> None:
    match = start(["12-11 3-1 4-0", "12-4 4-3 9-8"], "11-11 11-2 9-9")
    play(match, "0 12-11@0; 1 12-4@1; 0 draw")
    assert legal(match) == {"11-11 on seat 0's train"}
    play(match, "0 11-11@0")
    assert legal(match) == {"draw"}  # the start-of-turn draw does not use it up
    play(match, "0 draw")
    assert legal(match) == {"11-2 on seat 0's train"}
    play(match, "0 11-2")
    assert match.hand is not None and match.hand.turn == 1


# -- doubles: any ---------------------------------------------------------------------------


def test_any_the_extra_tile_may_go_elsewhere_and_the_double_stays_uncovered() -> None:
    match = start(
        ["12-5 5-5 12-1 1-0", "12-4 4-4 12-3 3-3", "12-8 8-2 2-0 5-0"],
        "9-1",
        options={"doubles": "any"},
    )
    play(match, "0 12-5@0; 1 12-4@1; 2 12-8@2")
    play(match, "0 5-5@0")
    assert legal(match) >= {"12-1 on the Mexican train"}
    play(match, "0 12-1@m")
    table = trains(match)
    assert table.uncovered == (0,) and not table.train(0).open  # no pass: still closed
    # Seat 1 must cover the 5-5; it has no 5 and draws 9-1, which does not cover it either.
    assert legal(match) == {"draw"}
    play(match, "1 draw")
    assert legal(match) == {"pass"}


def test_any_doubles_are_covered_oldest_first() -> None:
    match = start(
        ["12-5 12-1 5-5 1-1 6-6", "12-4 5-3 1-3 4-0 9-8", "12-8 1-2 8-0 9-7 10-7"],
        "9-6",
        options={"doubles": "any"},
    )
    play(match, "0 12-5@0; 1 12-4@1; 2 12-8@2; 0 12-1@m; 1 4-0@1; 2 8-0@2")
    play(match, "0 5-5@0; 0 1-1@m")  # a double after a double: one more tile is due
    assert legal(match) == {"draw"}
    play(match, "0 draw; 0 pass")  # 9-6 fits nowhere: both doubles stay uncovered
    table = trains(match)
    assert table.uncovered == (0, MEXICAN) and table.train(0).open
    # Seat 1 holds 1-3, which fits the 1-1, but the 5-5 is older.
    assert legal(match) == {"5-3 on seat 0's train"}
    play(match, "1 5-3")
    assert legal(match) == {"2-1 on the Mexican train"}


def test_any_no_run_after_a_double_on_the_mexican_train() -> None:
    match = start(
        ["12-5 12-3 3-1 6-6", "5-5 12-4 4-3 4-1"], options={"opening": "run", "doubles": "any"}
    )
    play(match, "0 12-5@m; 1 5-5@m; 1 12-4@1")  # the extra tile starts seat 1's train
    assert match.hand is not None and match.hand.turn == 0
    assert not trains(match).in_run


# -- dead doubles ---------------------------------------------------------------------------

CHAIN_TO_8 = [
    "9-8",
    "8-7",
    "7-6",
    "6-8",
    "8-5",
    "5-4",
    "4-8",
    "8-3",
    "3-2",
    "2-8",
    "8-1",
    "1-0",
    "0-8",
]


@pytest.mark.parametrize("doubles", ["cover", "any"])
def test_a_dead_double_needs_no_cover(doubles: str) -> None:
    # Double-nine, engine 9-9. Seat 0 lays every other 8 on its train, then 8-8: no cover can
    # exist, so the turn simply ends. Seat 1 holds no 9 and no 8 and passes all along.
    own = " ".join([*CHAIN_TO_8, "8-8", "5-5"])
    other = "7-7 6-6 4-4 3-3 2-2 1-1 7-5 7-4 7-3 7-2 7-1 7-0 6-5 6-4 6-3"
    match = start([own, other], options={"set": 9, "doubles": doubles})
    for tile in CHAIN_TO_8:
        play(match, f"0 {tile}@0; 1 pass")
    play(match, "0 8-8@0")
    assert match.hand is not None and match.hand.turn == 1
    assert trains(match).uncovered == () and trains(match).awaiting is None


# -- opening runs ---------------------------------------------------------------------------


def test_run_goes_on_until_stop_and_stop_is_refused_elsewhere() -> None:
    match = start(["12-5 5-3 3-1 1-1", "12-4 4-3 9-9 8-8"], "2-0", options={"opening": "run"})
    play(match, "0 12-5@0")
    assert "stop" in legal(match) and trains(match).in_run
    play(match, "0 5-3@0; 0 stop")
    assert match.hand is not None and match.hand.turn == 1
    play(match, "1 12-4@1; 1 4-3@1")  # a run of its own; nothing else fits: it ended by itself
    assert match.hand.turn == 0
    with pytest.raises(IllegalAction, match="not in one"):
        play(match, "0 stop")
    play(match, "0 3-1@0")  # second turn: no run
    assert match.hand.turn == 1


def test_run_a_double_must_be_covered_before_stopping() -> None:
    match = start(["12-5 5-5 5-3 9-9", "12-4 4-3 8-8 7-7"], "", options={"opening": "run"})
    play(match, "0 12-5@0; 0 5-5@0")
    with pytest.raises(IllegalAction, match="may not stop"):
        play(match, "0 stop")
    assert legal(match) == {"5-3 on seat 0's train"}
    play(match, "0 5-3")
    assert "stop" not in legal(match) and match.hand is not None and match.hand.turn == 1


def test_run_a_double_it_cannot_cover_ends_with_a_pass() -> None:
    match = start(["12-5 5-5 9-9 8-8", "12-4 4-3 5-1 7-7"], "6-2 5-0", options={"opening": "run"})
    play(match, "0 12-5@0; 0 5-5@0")
    assert legal(match) == {"draw"}
    play(match, "0 draw; 0 pass")
    table = trains(match)
    assert table.train(0).open and table.uncovered == (0,)
    assert legal(match) == {"5-1 on seat 0's train"}


def test_run_a_drawn_cover_is_placed_and_the_run_goes_on() -> None:
    match = start(["12-5 5-5 2-1 8-8", "12-4 4-3 5-1 7-7"], "5-2", options={"opening": "run"})
    play(match, "0 12-5@0; 0 5-5@0; 0 draw; 0 5-2")
    assert legal(match) == {"2-1 on seat 0's train", "stop"}


# -- own-first ------------------------------------------------------------------------------


def test_own_first_a_player_without_a_train_cannot_cover() -> None:
    match = start(["12-5 5-5 1-0", "5-3 4-4 9-9"], "6-2 7-0 8-1", options={"own-first": "yes"})
    play(match, "0 12-5@0; 1 draw; 1 pass; 0 5-5@0; 0 draw; 0 pass")
    assert trains(match).uncovered == (0,)
    assert legal(match) == {"draw"}  # 5-3 would cover the 5-5, but seat 1 has no train yet


def test_own_first_refuses_the_mexican_train_before_the_own_train() -> None:
    match = start(["12-5 5-1 1-0", "4-3 12-4 8-8"], "", options={"own-first": "yes"})
    assert legal(match) == {"12-5 on seat 0's train"}
    with pytest.raises(IllegalAction, match="only on it"):
        play(match, "0 12-5@m")


# -- the block test -------------------------------------------------------------------------


def test_block_counts_every_personal_train_open() -> None:
    # Seat 1 holds 5-0, which fits only seat 0's closed train: the round is not blocked, since
    # seat 0 may pass and open it. Nothing to draw.
    match = start(["12-5 3-3", "12-4 5-0"])
    play(match, "0 12-5@0")
    with pytest.raises(IllegalAction, match="seat 0's train is closed"):
        play(match, "1 5-0@0")
    play(match, "1 12-4@1")
    assert match.hand is not None and not match.hand.over
    play(match, "0 pass")  # 3-3 fits nothing; seat 0's train opens
    assert legal(match) == {"5-0 on seat 0's train"}
