"""One name per end, everywhere: the move buttons (in six languages), the board's tags, the
table's log, the alt text and replays name an open end the same way; two legal moves never read
the same; no engine end id ("S", "NW", "E3a") reaches a player; and a direction word says the
way the end points in the board picture, however its arm folds.

Positions are random games of every game (and every set of the game room), fewest and most
players, played by random legal moves."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterator

import pytest

from cogs import texts
from cogs.lang import LANGUAGES, words
from cogs.tables.board import move_labels
from cogs.tables.seating import Lobby, Setup
from cogs.tables.table import Phase, Table
from engine.actions import Play
from engine.match import Match
from engine.variants import all_variants
from engine.view import SeatView
from render import describe
from render.board import plan_board, tag_texts
from render.labels import end_arm, move_label
from render.wording import ENGLISH

MOVES = 160  # per game: past the points where ends share numbers and arms fold


def games() -> list[tuple[str, int, dict[str, object]]]:
    chosen: list[tuple[str, int, dict[str, object]]] = []
    for kind in all_variants():
        for players in sorted({kind.player_counts[0], kind.player_counts[-1]}):
            if kind.id == "gameroom":
                chosen += [(kind.id, 4, {"set": top}) for top in (6, 9, 12)]
                break
            chosen.append((kind.id, players, {}))
    return chosen


GAMES = games()


def positions(
    variant: str, players: int, options: dict[str, object], seed: int
) -> Iterator[SeatView]:
    """The view of the seat to play at every move of random games."""
    match = Match(variant, players, options, seed=f"names:{seed}")
    rng = random.Random(seed)
    moves = 0
    while not match.over and moves < MOVES:
        hand = match.start_hand()
        while not hand.over and moves < MOVES:
            view = match.view_for(hand.turn)
            yield view
            match.apply(rng.choice(view.legal))
            moves += 1


# The English side words and the way each points on the screen (y down).
WAYS = {
    "up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0),
    "up-right": (1, -1), "down-right": (1, 1), "down-left": (-1, 1), "up-left": (-1, -1),
}  # fmt: skip
TAG_SIDE = re.compile(r"\d+ (up-right|down-right|down-left|up-left|up|down|left|right)\b")
SIDE = re.compile(r" on \d+ (up-right|down-right|down-left|up-left|up|down|left|right)\b")


@pytest.mark.parametrize(("variant", "players", "options"), GAMES, ids=str)
def test_buttons_name_every_end_apart_by_the_way_it_points(
    variant: str, players: int, options: dict[str, object]
) -> None:
    """In every language two legal moves never read the same, no end id shows, and an English
    side word is the way the end points in the board picture (within 30 degrees)."""
    for view in positions(variant, players, options, seed=1):
        arms = set(view.layout.arms)
        tags = {end.arm: end for end in plan_board(view).arrangement.tags}
        for language in LANGUAGES:
            labels, _ = move_labels(view.legal, words(language), view)
            assert len(set(labels)) == len(labels), (language, labels)
            for label in labels:
                tokens = set(re.split(r"[\s(),]+", label))
                assert not tokens & arms, f"an end id in {label!r} ({language})"
        for action in view.legal:
            if not (isinstance(action, Play) and isinstance(action.end, str)):
                continue
            label = move_label(action, view=view)
            side = SIDE.search(label)
            if side is None:
                continue
            end = tags[end_arm(view, action.end) or action.end]  # the fives games: `"4-4"`
            wx, wy = WAYS[side.group(1)]
            angle = math.degrees(math.acos((wx * end.dx + wy * end.dy) / math.hypot(wx, wy)))
            assert angle < 30, f"{label!r}: the end points ({end.dx:.1f}, {end.dy:.1f})"


@pytest.mark.parametrize(("variant", "players", "options"), GAMES, ids=str)
def test_the_board_tags_name_ends_as_the_buttons_do(
    variant: str, players: int, options: dict[str, object]
) -> None:
    """Each tag reads as the buttons name its end, no two alike, and its side word is the way
    the end points (a cross-nine tag "3 up" on an end pointing left was the bug)."""
    for view in positions(variant, players, options, seed=2):
        plan = plan_board(view)
        for language in ("en", "pl"):
            wording = words(language).wording()
            named = dict(
                zip(
                    (end.arm for end in plan.arrangement.tags),
                    tag_texts(plan, wording=wording),
                    strict=True,
                )
            )
            assert len(set(named.values())) == len(named), named
            if language == "en":
                for end in plan.arrangement.tags:
                    side = TAG_SIDE.match(named[end.arm])
                    if side is not None:
                        wx, wy = WAYS[side.group(1)]
                        cosine = (wx * end.dx + wy * end.dy) / math.hypot(wx, wy)
                        assert cosine > 0.86, f"tag {named[end.arm]!r} on an end pointing " + (
                            f"({end.dx:.1f}, {end.dy:.1f})"
                        )
            for action in view.legal:
                if isinstance(action, Play) and isinstance(action.end, str):
                    arm = end_arm(view, action.end) or action.end  # the fives games: `"4-4"`
                    on = wording.say(wording.move_on, tile=str(action.tile), end=named[arm])
                    assert move_label(action, view=view, wording=wording) == on


ALICE = 1


@pytest.mark.parametrize("variant", ["cyprus", "cross-nine", "double-cross", "gameroom"])
def test_the_log_and_the_alt_text_name_a_play_as_its_button_did(variant: str) -> None:
    """Each play is logged (in every reader's language) and described in the board's alt text
    with the words its button had: "alice played 9-8 on 9 down", never "... on S"."""
    options: dict[str, object] = {"set": 9} if variant == "gameroom" else {}
    table = Table(id="t1", lobby=Lobby(Setup.create(variant, options), host_id=ALICE), seed="5")
    players = max(4, get_min_players(variant))
    for user in range(ALICE, ALICE + players):
        table.join(user, f"p{user}", plays_forced=False)  # the log line is the click's
    table.start(ALICE, 0.0)
    rng = random.Random(3)
    checked = 0
    for _ in range(4 * MOVES):
        if table.phase is Phase.OVER:
            break
        if table.phase is Phase.BETWEEN:
            table.next_hand(0.0)
            continue
        seat = table.turn
        assert seat is not None
        before = table.view(seat)
        index = rng.randrange(len(before.legal))
        action = before.legal[index]
        user = table.seats[seat].user_id
        assert user is not None
        table.play(user, table.version, index, 0.0)
        if not (isinstance(action, Play) and action.end is not None):
            continue
        logged = next(line for line in reversed(table.log) if "played" in str(line))
        name = table.seats[seat].name
        for language in LANGUAGES:
            w = words(language)
            (label,), _ = move_labels((action,), w, before)
            assert w.say(logged) == w(texts.PLAYED, name=name, move=label), language
        if table.match is not None and table.match.hand is not None:
            after = table.match.view_for(seat)
            if after.history and after.history[-1] == action:  # no forced move after it
                label = move_label(action, view=before)
                alt = describe(after, names=[s.name for s in table.seats], wording=ENGLISH)
                assert f"{name} played {label}." in alt
        checked += 1
    assert checked >= 5  # plays whose button named an end


def get_min_players(variant: str) -> int:
    return next(kind.player_counts[0] for kind in all_variants() if kind.id == variant)
