"""The engine's words are translatable: every refusal and text is a literal template + params.

The scan below reads every module of engine/ and checks each construction of a `Message`,
`Plural` or `DominoError` subclass, so that a message extractor finds every template and a
translation layer can fill a translated template with the same params.
"""

from __future__ import annotations

import ast
import pickle
import string
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from engine import BadDeal, BadTile, IllegalAction, Match, RecordError, Tile, get_variant
from engine.actions import Draw, Pass, Play
from engine.catalogue import keywords
from engine.errors import DominoError
from engine.messages import GameName, InContext, Message, Plural, any_of
from engine.puzzles import load_game, new_game
from engine.puzzles.cells import BadPuzzle, parse_cells
from engine.record import load, replay
from engine.tiles import domino_set

ENGINE = Path(__file__).resolve().parents[2] / "engine"


# -- the scan -----------------------------------------------------------------------------------


def _constructions() -> Iterator[tuple[str, ast.Call, str]]:
    """Every call of a keyword name (bare or as an attribute) in engine/: (where, call, name)."""
    names = set(keywords())
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else None
            if isinstance(func, ast.Attribute):
                name = func.attr
            if name in names and not _forwarding(path, node):
                where = f"{path.relative_to(ENGINE.parent)}:{node.lineno}"
                yield where, node, name


def _forwarding(path: Path, call: ast.Call) -> bool:
    """The constructors themselves hand their template on (`Message(template, **params)`)."""
    return path.name in ("messages.py", "errors.py") and isinstance(call.args[0], ast.Name)


def _placeholders(template: str) -> set[str]:
    """The `{names}` of a template; anything but a plain name is refused."""
    found = set()
    for _, field, spec, conversion in string.Formatter().parse(template):
        if field is None:
            continue
        assert field.isidentifier(), f"placeholder {{{field}}} is not a plain name"
        assert not spec and conversion is None, f"placeholder {{{field}}} has a format or !r"
        found.add(field)
    return found


def test_every_engine_template_is_a_literal_with_matching_params() -> None:
    checked = 0
    problems = []
    for where, call, name in _constructions():
        literals = 2 if name in ("Plural", "InContext") else 1
        if len(call.args) != literals or not all(
            isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in call.args
        ):
            problems.append(f"{where}: {name} needs {literals} string literal(s) first, only")
            continue
        given = set()
        for keyword in call.keywords:
            if keyword.arg is None:
                problems.append(f"{where}: {name} params must be named (no **)")
            given.add(keyword.arg)
        if name == "RecordError":
            if "index" not in given:
                problems.append(f"{where}: a RecordError names its action index")
            given.discard("index")
        try:
            templates = call.args[1:] if name == "InContext" else call.args  # not the context
            texts = [str(arg.value) for arg in templates if isinstance(arg, ast.Constant)]
            shown = set().union(*(_placeholders(text) for text in texts))
        except (AssertionError, ValueError) as error:
            problems.append(f"{where}: {error}")
            continue
        if name == "Plural":
            shown.add("count")  # the count is a param even where a form does not show it
        if shown != given:
            problems.append(f"{where}: placeholders {sorted(shown)} but params {sorted(given)}")
        checked += 1
    assert not problems, "\n".join(problems)
    assert checked > 200  # the scan really found the engine's messages


def test_keywords_name_message_plural_and_every_refusal_class() -> None:
    specs = keywords()
    refusals = {"BadDeal", "BadOption", "BadPuzzle", "BadTile", "IllegalAction", "RecordError"}
    messages = {"Message", "Plural", "InContext"}
    assert set(specs) == {*messages, "DominoError", "UnknownVariant", *refusals}
    assert all(spec == (1,) for name, spec in specs.items() if name not in messages)
    assert specs["Plural"] == (1, 2)
    assert specs["InContext"] == ((1, "c"), 2)


# -- Message ------------------------------------------------------------------------------------


def test_message_is_its_english_text_and_keeps_template_and_params() -> None:
    message = Message("{tile} cannot go on end {end}", tile=Tile(6, 4), end="N")
    assert message == "6-4 cannot go on end N"
    assert str(message) == "6-4 cannot go on end N"
    assert message.template == "{tile} cannot go on end {end}"
    assert dict(message.params) == {"tile": Tile(6, 4), "end": "N"}


def test_message_params_are_read_only_and_the_message_immutable() -> None:
    message = Message("seat {seat}", seat=1)
    with pytest.raises(TypeError):
        message.params["seat"] = 2  # type: ignore[index]
    with pytest.raises(AttributeError):
        message.template = "x"  # type: ignore[misc]


def test_nested_messages_read_as_one_sentence() -> None:
    inner = Message("{tile} is not in your hand", tile=Tile(3, 3))
    outer = Message("action {index}: {reason}", index=5, reason=inner)
    assert outer == "action 5: 3-3 is not in your hand"
    assert outer.params["reason"] is inner


def test_doubled_braces_are_literal_braces() -> None:
    assert Message('like {{"seat": {seat}}}', seat=0) == 'like {"seat": 0}'


def test_plural_picks_the_english_form_by_count() -> None:
    one = Plural("{count} tile", "{count} tiles", count=1)
    many = Plural("{count} tile", "{count} tiles", count=3)
    assert (one, many) == ("1 tile", "3 tiles")
    assert (many.template, many.plural, many.n) == ("{count} tile", "{count} tiles", 3)


def test_a_message_in_context_is_looked_up_under_it() -> None:
    move = InContext("move", "draw")
    assert (move, move.context, move.template) == ("draw", "move", "draw")
    assert Message("draw").context is None
    again = pickle.loads(pickle.dumps(move))
    assert isinstance(again, InContext) and again.context == "move"


def test_moves_are_named_by_messages() -> None:
    assert Play(0, Tile(6, 4), "N").message.template == "{tile} on {end}"  # type: ignore[attr-defined]
    assert str(Play(0, Tile(6, 4), "N")) == "6-4 on N"
    assert str(Play(0, Tile(6, 4))) == "6-4"
    for move, english in ((Draw(1), "draw"), (Pass(1), "pass")):
        assert isinstance(move.message, InContext) and move.message.context == "move"
        assert str(move) == english


def test_a_game_named_in_a_refusal_carries_its_variant_id() -> None:
    error = _raised(lambda: get_variant("cyprus")(0))
    game = error.message.params["game"]
    assert isinstance(game, GameName) and (game, game.variant_id) == ("Cyprus", "cyprus")
    assert pickle.loads(pickle.dumps(game)).variant_id == "cyprus"


def test_any_of_joins_choices_with_or() -> None:
    assert any_of(["N", "E", 3]) == "N or E or 3"
    with pytest.raises(ValueError):
        any_of(["N"])


def test_messages_survive_pickling() -> None:
    message = Message("{a} and {b}", a=Tile(2, 1), b=Plural("{count} x", "{count} xs", count=2))
    again = pickle.loads(pickle.dumps(message))
    assert again == message and again.template == message.template
    assert isinstance(again.params["b"], Plural) and again.params["b"].n == 2


def _upper(message: Message) -> str:
    """A stand-in translation: the English template shouted, the plural form by count."""
    if isinstance(message, Plural) and message.n != 1:
        return message.plural.upper().replace("{COUNT}", "{count}")
    return _SHOUT.get(message.template, message.template.upper())


_SHOUT = {
    "action {index}: {reason}": "ACTION {index}: {reason}",
    "seat {seat}: {reason}": "SEAT {seat}: {reason}",
    "{tile} is not in your hand": "{tile} IS NOT IN YOUR HAND",
}


def test_translated_translates_every_nested_part_and_shows_numbers_its_way() -> None:
    reason = Message("{tile} is not in your hand", tile=Tile(3, 3))
    error = RecordError.at(12345, Message("seat {seat}: {reason}", seat=2, reason=reason))
    shown = error.message.translated(_upper, show=lambda v: f"{v:,}" if type(v) is int else str(v))
    assert shown == "ACTION 12,345: SEAT 2: 3-3 IS NOT IN YOUR HAND"
    english = error.message.translated(
        lambda m: m.plural if isinstance(m, Plural) and m.n != 1 else m.template
    )
    assert english == str(error)


# -- refusals -----------------------------------------------------------------------------------


def test_a_refusal_keeps_its_message_and_reads_as_its_english_text() -> None:
    error = IllegalAction("{tile} is not in your hand", tile=Tile(0, 0))
    assert str(error) == "0-0 is not in your hand"
    assert error.message.template == "{tile} is not in your hand"
    assert error.args == ("0-0 is not in your hand",)
    assert isinstance(error, ValueError)


def test_refusals_survive_pickling_between_processes() -> None:
    for error in (
        BadDeal("{tile} appears twice in the deal", tile=Tile(5, 5)),
        RecordError("hand {number} is already over", index=7, number=1),
        BadPuzzle.of(Message("no tile covers {cell}", cell="A1")),
    ):
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error)
        assert str(again) == str(error) and again.message.template == error.message.template
    record = pickle.loads(pickle.dumps(RecordError("hands must be a list", index=3)))
    assert (record.index, record.reason) == (3, "hands must be a list")


def test_record_fault_keeps_the_action_prefix_outside_the_reason() -> None:
    error = RecordError("hand {number} must be an object", index=4, number=2)
    assert str(error) == "action 4: hand 2 must be an object"
    assert error.message.template == "action {index}: {reason}"
    assert error.reason.template == "hand {number} must be an object"
    assert error.index == 4
    with pytest.raises(TypeError):
        RecordError.of(Message("hands must be a list"))


def _raised(act: Callable[[], object]) -> DominoError:
    with pytest.raises(DominoError) as caught:
        act()
    return caught.value


# Today's English texts (from before the engine's words became templates): unchanged.
def _partnership_hand() -> Match:
    match = Match("partnership", 4, seed=1)
    match.start_hand()
    return match


def _lead_with_another_tile(match: Match) -> object:
    hand = match.hand
    assert hand is not None
    other = next(tile for tile in hand.hands[hand.turn] if tile != Tile(6, 6))
    return match.apply(Play(hand.turn, other))


SAMPLES: list[tuple[str, Callable[[], object]]] = [
    ("'x' is not a tile: write it like 6-4", lambda: Tile.parse("x")),
    ("99-1 is not a domino (halves run from 0 to 12)", lambda: Tile.parse("99-1")),
    ("6-4 has no 3", lambda: Tile(6, 4).other(3)),
    ("there is no double-10 set here (sets: 3, 4, 5, 6, 7, 8, 9, 12)", lambda: domino_set(10)),
    (
        "there is no game called 'nope' (see `python -m engine variants`)",
        lambda: get_variant("nope"),
    ),
    ("Cyprus is played by 4 to 10 players, not 0", lambda: get_variant("cyprus")(0)),
    ("French dominoes is played by exactly 2 players, not 0", lambda: get_variant("french")(0)),
    (
        "unknown option 'zzz' (this game takes: chips, stake, hands)",
        lambda: get_variant("pool")(3, {"zzz": 1}),
    ),
    (
        "option target must be one of 50, 70, 100, not -5",
        lambda: get_variant("sum")(3, {"target": -5}),
    ),
    (
        "option pairs must be a word, not True",
        lambda: get_variant("partnership")(4, {"pairs": True}),
    ),
    ("it is not your turn: seat 3 is to play", lambda: _partnership_hand().apply(Pass(0))),
    ("this hand must be led with 6-6", lambda: _lead_with_another_tile(_partnership_hand())),
    ("there is no player in seat 4 this hand", lambda: _partnership_hand().apply(Pass(4))),
    (
        "seat 0 may not lead this hand: seat 3 leads",
        lambda: Match("partnership", 4, seed=1).start_hand(leader=0),
    ),
    (
        "this deal must be redealt: seat 0 holds 7 doubles",
        lambda: Match("partnership", 4, seed=1).start_hand(
            [
                [tile for tile in domino_set(6) if tile.is_double],
                *(
                    [tile for tile in domino_set(6) if not tile.is_double][i * 7 : i * 7 + 7]
                    for i in range(3)
                ),
            ]
        ),
    ),
    (
        "seat 3 was dealt 6 tiles instead of 7",
        lambda: Match("partnership", 4, seed=1).start_hand(
            [list(domino_set(6)[i * 7 : i * 7 + 7]) for i in range(3)]
            + [list(domino_set(6)[21:27])]
        ),
    ),
    (
        "action 0: hand 0: seat 2 may not lead this hand: seat 3 leads",
        lambda: replay(
            load('{"variant": "partnership", "players": 4, "seed": 1, "hands": [{"leader": 2}]}')
        ),
    ),
    (
        'action 0: seat 0: pairs must be a list of two-tile lists, like [["3-2", "4-1"]]',
        lambda: replay(
            load(
                '{"variant": "pairs", "players": 2, "seed": 1, '
                '"hands": [{"actions": [{"seat": 0, "pairs": 3}]}]}'
            )
        ),
    ),
    (
        'action 0: an action must be an object like {"seat": 0, "play": "6-6"}',
        lambda: replay(
            load('{"variant": "partnership", "players": 4, "seed": 1, "hands": [{"actions": [3]}]}')
        ),
    ),
    ("action 0: the record names no variant", lambda: replay(load('{"variant": 5}'))),
    ("there is no row 0 in A0: rows count from 1", lambda: parse_cells("A0")),
    (
        "action 0: no tile covers A1",
        lambda: load_game('{"puzzle": "quadrille", "actions": [{"remove": [0,0]}]}'),
    ),
]


@pytest.mark.parametrize(("text", "act"), SAMPLES, ids=[text[:40] for text, _ in SAMPLES])
def test_refusals_read_exactly_as_before(text: str, act: Callable[[], object]) -> None:
    assert str(_raised(act)) == text


def test_a_fit_refusal_carries_the_variant_status_as_its_own_message() -> None:
    for seed in range(20):
        match = Match("cross", 4, seed=seed)
        hand = match.start_hand()
        match.apply(hand.legal_actions()[0])
        misfits = [
            tile for tile in hand.hands[hand.turn] if not hand.variant.can_place(hand.layout, tile)
        ]
        if misfits:
            break
    error = _raised(lambda: match.apply(Play(hand.turn, misfits[0])))
    assert error.message.template == "{reason} ({status})"
    assert error.message.params["status"] == "cross: 0 of 4 sides taken"
    reason = error.message.params["reason"]
    assert isinstance(reason, Message) and reason.template == "{tile} does not fit: {ends}"


def test_puzzle_hints_and_progress_are_messages() -> None:
    game = new_game("dominosa", {"set": 4}, seed=3)
    hint = game.hint()
    assert isinstance(hint.text, Message) and all(isinstance(step, Message) for step in hint.steps)
    assert isinstance(game.progress.message, Plural)
    assert str(game.progress) == f"{game.progress.placed}/{game.progress.total} tiles"


def test_statuses_are_messages() -> None:
    match = Match("sum", 3, seed=0)
    hand = match.start_hand()
    match.apply(hand.legal_actions()[0])
    status = match.view_for(0).status
    assert isinstance(status, Message) and status.template == "total {total} of {target}"


def test_bad_tile_stays_a_domino_error() -> None:
    assert issubclass(BadTile, DominoError)
