"""Players read the engine's refusals in player words, in their language: every template the
engine raises that a player can meet has a sentence in `cogs.common.engine_words`, capitalised
and short; option refusals name the game and the option as players do; no refusal quotes a
value as Python writes it."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from cogs import texts
from cogs.common.engine_words import PLAYER_WORDS
from cogs.common.refusal import Refusal
from cogs.lang import LANGUAGES, Said, words
from cogs.tables.seating import Setup
from engine import get_variant
from engine.errors import DominoError
from engine.puzzles.cells import parse_cells

ROOT = Path(__file__).resolve().parents[2]
ERRORS = {"DominoError", "BadTile", "IllegalAction", "BadOption", "BadDeal", "UnknownVariant"}

#: Templates no player meets: records and JSON read by the tools and the replay (which the bot
#: checks before it stores), deals (the bot deals them), AI levels (the bot names them), the
#: engine's own programming errors.
NOT_FOR_PLAYERS = {
    "end {end} is neither a number nor an end id",
    'an action must be an object like {{"seat": 0, "play": "6-6"}}',
    "the action has no seat number",
    "an action must say exactly one of play, draw, pass or a special move",
    'play must name a tile, like "6-4"',
    "{kind} must be true",
    "unknown AI level {level} (levels: {levels})",
    "nobody holds {tile}, which leads",
    "seat {seat} sits out this hand but was dealt tiles",
    "{tile} is not in the double-{top} set",
    "{tile} appears twice in the deal",
    "this deal must be redealt: {reason}",
    "a boneyard needs the deal that goes with it",
    "the lead is drawn by lot: name the leader or give a seed",
    "seat {leader} may not lead this hand ({allowed} may)",
    "seat {leader} may not lead this hand: seat {seat} leads",
    "the hand has no deal and the match has no seed",
    "no acceptable deal found",
    "the deal lists {listed} seats; the match has {players}",
    "{value} is not a cell: give it as (row, column)",
    "the deal must list every seat's tiles",
    "leader must be a seat number",
    "{what} must be a list of tiles",
    "the record names no variant",
    "options must be an object",
    "the record must say how many players",
    "players must be a whole number",
    "seed must be a number or a string",
    'pairs must be a list of two-tile lists, like [["3-2", "4-1"]]',
    'exchange must name a tile, like "6-6"',
    "an exchange seen from another seat has no record form",
    # Mexican Train: records only, or moves its buttons never offer (they offer the legal
    # moves only, each on its train; a stale click is refused as out of date first).
    "a play on a train names its train, not an end",
    'train must be a seat number or "mexican"',
    "there is no train {train}",
    "{tile} is set aside this hand: it cannot be dealt",
    "a run draws no tiles: place one on your train or stop",
    "a run ends with stop, not a pass",
    "a run may not stop on an uncovered double",
    "stop ends an opening run, and you are not in one",
    "{tile} fits more than one train: say which ({choices})",
}


def engine_templates() -> set[str]:
    """Every literal template the engine raises a refusal with (RecordError's are records')."""
    found: set[str] = set()
    for path in (ROOT / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            first = node.args[0]
            if name in ERRORS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
    return found


def test_every_refusal_a_player_can_meet_has_player_words() -> None:
    templates = engine_templates()
    assert len(templates) > 50
    left = sorted(templates - set(PLAYER_WORDS) - NOT_FOR_PLAYERS)
    assert not left, f"give these engine refusals player words in engine_words: {left}"


def test_player_words_are_capitalised_sentences() -> None:
    for text, _ in PLAYER_WORDS.values():
        for form in text if isinstance(text, tuple) else (text,):
            start = form.lstrip("“{")
            assert form[0] in "{“" or start[0].isupper(), form
            assert form.endswith("."), form


def refused(game: str, options: dict[str, Any], language: str, **setup: Any) -> str:
    with pytest.raises(Refusal) as caught:
        Setup.create(game, options, **setup)
    return words(language).say(caught.value.said)


@pytest.mark.parametrize("language", LANGUAGES)
def test_option_refusals_name_the_game_and_the_option_as_players_do(language: str) -> None:
    w = words(language)
    banana = refused("partnership", {"pairs": "banana"}, language)
    assert "banana" in banana and "'banana'" not in banana
    assert "`seating`" in banana and "`random`" in banana
    no_set = refused("traditional", {"set": 9}, language)
    assert w.game_name("traditional") in no_set and w(texts.OPTION_SET) in no_set
    assert w(texts.OPTION_TARGET) in no_set  # what it takes instead
    no_target = refused("kids", {"target": 150}, language)
    assert w.game_name("kids") in no_target and w(texts.OPTION_TARGET) in no_target
    too_big = refused("partnership", {"target": 20_000}, language)
    assert w.number(10_000) in too_big and w.number(20_000) in too_big
    for text in (banana, no_set, no_target, too_big):
        assert text[0].isupper() or text[0] == "`", text
        for engine_words in ("option pairs", "unknown option", "this game takes", "must be"):
            assert engine_words not in text, text


@pytest.mark.parametrize("language", LANGUAGES)
def test_start_and_puzzle_refusals_are_sentences_in_the_players_language(language: str) -> None:
    w = words(language)
    with pytest.raises(DominoError) as start:
        get_variant("partnership")(3, {})
    waiting = w.say(texts.start_refused(start.value))
    assert w.game_name("partnership") in waiting and "is played by" not in waiting
    with pytest.raises(DominoError) as typed:
        parse_cells("hello")
    answer = w.say(Refusal.refusing(typed.value).said)
    assert answer[0] in "“„" and "'hello'" not in answer and "C3-D3" in answer
    if language != "en":  # translated, not the English sentence
        assert answer != words("en").say(Said.refusal(typed.value))


def test_the_missing_permission_refusal_says_where_to_give_it_not_the_readme() -> None:
    for language in LANGUAGES:
        text = words(language)(texts.MISSING_PERMISSIONS, permissions="Attach Files")
        assert "README" not in text, language
