"""The engine's refusals in player words.

The engine words its refusals for whoever calls it, a developer at a prompt included: "option
pairs must be one of seating, random, not 'banana'", "it is not your turn: seat 2 is to play".
A player reads instead a sentence of `cogs.texts`: capitalised, short, naming things as the
game's messages do, and saying what to do. Each engine template a player can meet has its
sentence here, with what it keeps of the values (a seat number means nothing to a player; a
value they typed is quoted as they typed it, not as Python's repr). The engine's templates no
player meets (records, JSON, deals) are left as they are; tests/lang/test_engine_refusals.py
reads every template the engine raises and names the ones left.

`Said.refusal` (every path that shows an engine refusal: the error handler, `Refusal.refusing`,
the lobby's "Not yet") rewords through `in_player_words`, given to it when this module loads
(`cogs.common.refusal` imports it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cogs import texts
from cogs.lang import Said
from cogs.lang.said import refusals_reworded_by
from engine.errors import DominoError
from engine.variants.base import Variant

Values = Mapping[str, Any]

OPTION_NAMES = texts.OPTION_NAMES


def typed(value: object) -> str:
    """A value a player typed, as they typed it: the engine quotes it with `repr`."""
    text = str(value)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]
    return texts.user_text(text)


def option_named(name: object) -> Said:
    """An option as players name it ("target score"); one no game has, as they typed it."""
    key = typed(name)
    known = OPTION_NAMES.get(key)
    return Said.of(known) if known is not None else Said.of(texts.OPTION_CALLED, name=key)


def _none(values: Values) -> dict[str, Any]:
    return {}


def _keep(*names: str) -> Callable[[Values], dict[str, Any]]:
    return lambda values: {name: values[name] for name in names}


def _typed(*names: str, keep: tuple[str, ...] = ()) -> Callable[[Values], dict[str, Any]]:
    def values_of(values: Values) -> dict[str, Any]:
        found = {name: typed(values[name]) for name in names}
        found.update({name: values[name] for name in keep})
        return found

    return values_of


def listed(items: Sequence[object], last: str = texts.LIST_AND) -> object:
    """`a, b and c` (or `last` = `LIST_OR`: `a, b or c`), each language joining its own way."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return Said.of(last, first=items[0], others=items[1])
    return Said.of(texts.LIST_COMMA, first=items[0], others=listed(items[1:], last))


def _names(text: object) -> list[str]:
    return [name.strip() for name in str(text).split(",") if name.strip()]


def _unknown_option(values: Values, game: object = None) -> dict[str, Any]:
    return {"game": game or Said.of(texts.THIS_GAME), "option": option_named(values["name"])}


def _unknown_option_of(values: Values, game: object = None) -> dict[str, Any]:
    accepted = [option_named(name) for name in _names(values["accepted"])]
    return {**_unknown_option(values, game), "options": listed(accepted)}


def _option_kind(values: Values) -> dict[str, Any]:
    return {"option": option_named(values["name"]), "example": 100, "value": typed(values["value"])}


def _option_choice(values: Values) -> dict[str, Any]:
    allowed = [f"`{choice}`" for choice in _names(values["allowed"])]
    return {
        "option": option_named(values["name"]),
        "allowed": listed(allowed, texts.LIST_OR),
        "value": typed(values["value"]),
    }


def _option_least(values: Values) -> dict[str, Any]:
    return {"option": option_named(values["name"]), "least": values["minimum"]}


def _option_most(values: Values) -> dict[str, Any]:
    return {"option": option_named(values["name"]), "most": values["maximum"]}


def option_refusal(error: DominoError, kind: type[Variant], given: Mapping[str, Any]) -> Said:
    """A refusal of the options given for a game (`/domino new`, the lobby's menu) in player
    words that name the game ("Block dominoes has no target score: leave it out.") and, for a
    number out of bounds, both bounds and the number given."""
    said = Said.refusal(error)
    template = error.message.template
    params = dict(error.message.params)
    game = Said.game(kind.id)
    if template == "unknown option {name} (this game takes: none)":
        return Said.of(texts.NO_SUCH_OPTION, **_unknown_option(params, game))
    if template == "unknown option {name} (this game takes: {accepted})":
        return Said.of(texts.NO_SUCH_OPTION_TAKES, **_unknown_option_of(params, game))
    if template in (
        "option {name} must be at least {minimum}",
        "option {name} must be at most {maximum}",
    ):
        name = typed(params["name"])
        spec = next((spec for spec in kind.option_specs if spec.name == name), None)
        if spec is None or spec.minimum is None or name not in given:
            return said
        option = option_named(name)
        value = given[name]
        if spec.maximum is None:
            return Said.of(texts.OPTION_AT_LEAST, least=spec.minimum, option=option, value=value)
        return Said.of(
            texts.OPTION_BETWEEN, least=spec.minimum, most=spec.maximum, option=option, value=value
        )
    return said


def _played_by(values: Values) -> dict[str, Any]:
    counts = values["counts"]
    if isinstance(counts, Said) and counts.message == "no player count with these options":
        return {"game": values["game"], "_sentence": texts.NO_COUNT_FITS}
    return {"game": values["game"], "counts": counts, "count": values["players"]}


#: engine template -> (the players' sentence, its values from the engine's)
#: (a count-dependent sentence is its two forms; its values give the count as `count`, and
#: `_sentence` where another sentence fits better)
PLAYER_WORDS: dict[str, tuple[str | tuple[str, str], Callable[[Values], dict[str, Any]]]] = {
    # options (`/domino new`, the lobby's menu, Start); `cogs.tables.options` refuses most of
    # them first, naming the game; these are the words should one reach the engine
    "unknown option {name} (this game takes: none)": (texts.NO_SUCH_OPTION, _unknown_option),
    "unknown option {name} (this game takes: {accepted})": (
        texts.NO_SUCH_OPTION_TAKES,
        _unknown_option_of,
    ),
    "option {name} must be {kind}, not {value}": (texts.OPTION_A_NUMBER, _option_kind),
    "option {name} must be one of {allowed}, not {value}": (texts.OPTION_ONE_OF, _option_choice),
    "option {name} must be at least {minimum}": (texts.OPTION_MINIMUM, _option_least),
    "option {name} must be at most {maximum}": (texts.OPTION_MAXIMUM, _option_most),
    "option chips must be at least the stake": (texts.CHIPS_BELOW_STAKE, _none),
    "{players} players with {tiles} tiles each need more than the {size} tiles of the set "
    "besides the engine": (texts.TOO_MANY_TILES, _keep("players", "tiles", "size")),
    "option {name} must be a whole number or {words}, not {value}": (
        texts.OPTION_NUMBER_OR_WORD,
        lambda values: {**_option_kind(values), "words": values["words"]},
    ),
    "option {name} must be a list of whole numbers, not {value}": (
        texts.OPTION_NUMBER_LIST,
        _option_kind,
    ),
    "{game} sets its own scoring: wins is played with partnership": (
        texts.PRESET_KEEPS_ITS_SCORING,
        _keep("game"),
    ),
    "option wins cannot be played with {option}": (
        texts.WINS_WITHOUT_POINTS,
        lambda values: {"option": option_named(values["option"])},
    ),
    "{players} players cannot form {teams} teams of 2 to 5": (
        texts.TEAMS_DO_NOT_FIT,
        _keep("players", "teams"),
    ),
    "{game} is played by {counts}, not {players}": (texts.PLAYED_BY, _played_by),
    "there is no game called {name} (see `python -m engine variants`)": (
        texts.UNKNOWN_GAME,
        _typed("name"),
    ),
    "there is no puzzle called {name} (puzzles: dominosa, quadrille)": (
        texts.NO_SUCH_PUZZLE,
        _typed("name"),
    ),
    # moves at a table (buttons make most of these rare: a click that raced a change)
    "the hand is over": (texts.HAND_IS_OVER, _none),
    "there is no player in seat {seat} this hand": (texts.SITTING_OUT, _none),
    "it is not your turn: seat {seat} is to play": (texts.NOT_YOUR_TURN, _none),
    "it is not this seat's turn: there is nothing to choose": (texts.NOT_YOUR_TURN, _none),
    "{game} has no such move": (texts.NO_SUCH_MOVE, _none),
    "unknown action {action}": (texts.NO_SUCH_MOVE, _none),
    "{tile} is not in your hand": (texts.NOT_IN_HAND, _keep("tile")),
    "this hand must be led with {tile}": (texts.MUST_LEAD_WITH, _keep("tile")),
    "tiles are laid in a row here: there is no end to choose": (texts.NO_END_TO_CHOOSE, _none),
    "{tile} fits more than one end: say which ({choices})": (
        texts.CHOOSE_AN_END,
        _keep("tile", "choices"),
    ),
    "{tile} cannot go on an end showing {end}": (texts.DOES_NOT_FIT_END, _keep("tile", "end")),
    "{tile} fits different ends showing {end}: name one ({ids})": (
        texts.CHOOSE_ONE_OF_ENDS,
        _keep("tile", "end", "ids"),
    ),
    "there is no open end {end}": (texts.END_NOT_OPEN, _none),
    "{tile} cannot go on end {end}": (texts.DOES_NOT_FIT_THAT_END, _keep("tile")),
    "you have a tile that fits: you must play it": (texts.MUST_PLAY, _none),
    "there is no drawing in this game": (texts.NO_DRAWING, _none),
    "there is nothing left to draw": (texts.NOTHING_TO_DRAW, _none),
    "you have drawn already this turn": (texts.DRAWN_ALREADY, _none),
    "you cannot pass while you may draw": (texts.DRAW_FIRST, _none),
    "the first tile is already down": (texts.FIRST_TILE_DOWN, _none),
    "the star lead must be a double, not {tile}": (texts.LEAD_A_DOUBLE, _keep("tile")),
    "the spinner lead must be a double, not {tile}": (texts.LEAD_A_DOUBLE, _keep("tile")),
    "tiles are matched on a {shape}, not laid in a row": (texts.NOT_IN_A_ROW, _none),
    "the match is over": (texts.MATCH_OVER_REMATCH, _none),
    "the current hand is not finished": (texts.HAND_NOT_FINISHED, _none),
    "no hand is being played": (texts.NOT_PLAYING, _none),
    "you can lay a pair: you must": (texts.MUST_LAY_PAIR, _none),
    "you have no pair: exchange a tile with the stock": (texts.NO_PAIR_EXCHANGE, _none),
    "in pairs you lay pairs, exchange a tile, or pass": (texts.PAIRS_MOVES, _none),
    "lay at least one pair": (texts.LAY_A_PAIR, _none),
    "{tile} is in two pairs": (texts.TILE_IN_TWO_PAIRS, _keep("tile")),
    "{first} and {second} are no pair: {first_pips} and {second_pips} pips": (
        texts.NOT_A_PAIR,
        _keep("first", "second", "first_pips", "second_pips"),
    ),
    "the stock is empty: there is nothing to exchange with": (texts.STOCK_EMPTY, _none),
    # tiles named in text
    "{text} is not a tile: write it like 6-4": (texts.NOT_A_TILE, _typed("text")),
    "{a}-{b} is not a domino (halves run from 0 to {top})": (
        texts.NOT_IN_SET,
        _keep("a", "b", "top"),
    ),
    "{tile} has no {number}": (texts.TILE_HAS_NO, _keep("tile", "number")),
    "there is no double-{top} set here (sets: {sets})": (texts.NO_SUCH_SET, _keep("top", "sets")),
    # the puzzles
    "{text} does not name cells: write them like C3-D3": (texts.NOT_CELLS, _typed("text")),
    "{text} is not a placement: name two side-by-side cells and the number on each, "
    "like {example}": (texts.NOT_A_PLACEMENT, _typed("text", keep=("example",))),
    "there is no row 0 in {cell}: rows count from 1": (texts.NO_ROW_ZERO, _none),
    "{cell} is off the grid: rows go 1-{last_row} and columns A-{last_column}": (
        texts.OFF_THE_GRID,
        _keep("cell", "last_row", "last_column"),
    ),
    "a tile covers two different cells": (texts.TWO_DIFFERENT_CELLS, _none),
    "{first} and {second} are not side by side": (
        texts.NOT_SIDE_BY_SIDE,
        _keep("first", "second"),
    ),
    "{cell} is already covered by the {tile} at {place}": (
        texts.ALREADY_COVERED,
        _keep("cell", "tile", "place"),
    ),
    "cells {first} and {second} show {first_number} and {second_number}: the {tile} is "
    "already placed at {place}": (
        texts.TILE_USED_ALREADY,
        _keep("first", "second", "first_number", "second_number", "tile", "place"),
    ),
    "no tile covers {cell}": (texts.NOTHING_TO_REMOVE, _keep("cell")),
    "the puzzle is already solved": (texts.PUZZLE_SOLVED_ALREADY, _none),
    "no solution keeps this placement: the tiles left cannot all be placed around it": (
        texts.NO_SOLUTION_AROUND,
        _none,
    ),
    "no solution keeps this placement: then {dead_end}": (
        texts.NO_SOLUTION_THEN,
        _keep("dead_end"),
    ),
    "{cell} is not part of the figure": (texts.NOT_IN_FIGURE, _keep("cell")),
    "the numbers run from 0 to {top}, not {value}": (texts.NUMBERS_RUN, _keep("top", "value")),
    "the {tile} is already placed at {place}": (
        texts.TILE_PLACED_ALREADY,
        _keep("tile", "place"),
    ),
    "{first} and {second} are in one square, so they show the same number": (
        texts.SAME_SQUARE,
        _keep("first", "second"),
    ),
    "the square {square} shows {shown}, so {cell} cannot show {value}": (
        texts.SQUARE_SHOWS,
        _keep("square", "shown", "cell", "value"),
    ),
    "{value} already fills two squares: {first} and {second}": (
        texts.FILLS_TWO_ALREADY,
        _keep("value", "first", "second"),
    ),
    "{value} fills exactly two squares, not more": (texts.FILLS_TWO_ONLY, _keep("value")),
    "{value} already fills a square: {square}": (
        texts.FILLS_ONE_ALREADY,
        _keep("value", "square"),
    ),
    "{value} fills exactly a square, not more": (texts.FILLS_ONE_ONLY, _keep("value")),
    "no way to finish the figure keeps this placement": (texts.NO_FINISH_WITH, _none),
    "the figure is already filled": (texts.FIGURE_FILLED, _none),
    "no way to finish the figure from here": (texts.NO_FINISH_FROM_HERE, _none),
}

# The fives games (`engine.variants.fives`).
PLAYER_WORDS.update(
    {
        "{tile} goes on the double's end: write {name}": (
            texts.DOES_NOT_FIT_THAT_END,
            _keep("tile"),
        ),
        "option get-in is played only with scale: points": (texts.GET_IN_NEEDS_POINTS, _none),
        "option pair-out: both is played only with teams: 2": (
            texts.PAIR_OUT_NEEDS_PAIRS,
            _none,
        ),
    }
)


def in_player_words(said: Said) -> Said:
    """An engine refusal (as its template and values) in the words players read; a template
    no player meets as it is."""
    found = PLAYER_WORDS.get(said.message)
    if found is None or said.plural is not None:
        return said
    text, reword = found
    try:
        values = reword(said.params)
    except KeyError:  # the engine changed the template's values: its own words, not nothing
        return said
    text = values.pop("_sentence", text)
    if isinstance(text, tuple):
        return Said.counted(text, int(values.pop("count")), **values)
    return Said.of(text, **values)


refusals_reworded_by(in_player_words)
