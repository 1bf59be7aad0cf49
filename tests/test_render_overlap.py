"""No text drawn over other text, in any picture, in any of the bot's languages.

Every text a picture shows is recorded by `render.text.recording()`; these tests draw boards,
hands and score sheets of random games of all twenty table games (random legal moves, seeded),
and the two puzzles, in all six languages, and check that no two text boxes meet and that none
leaves the picture."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator

import pytest
from PIL import Image

from cogs.lang import words
from cogs.lang.catalogues import LANGUAGES
from engine import Match
from engine.errors import BadOption
from engine.puzzles import new_game
from engine.puzzles.dominosa_game import DominosaGame
from engine.variants import all_variants
from engine.view import SeatView
from render.board import board_image
from render.hand import hand_image
from render.puzzles import dominosa_image, quadrille_image
from render.sheet import score_sheet_image
from render.text import TextBox, recording
from render.wording import ENGLISH, Wording

#: Long names, as Discord allows: the pictures must fit or cut them, never overlap them.
NAMES = ["Ana", "Maximiliano", "Grzegorz Brzęczyszczykiewicz", "Bo", "Ewa", "Zé", "Li", "Ümit",
         "Jo", "Karolina"]  # fmt: skip
GAMES = [variant.id for variant in all_variants()]
#: A game-room table with the double-twelve set, the largest tiles and hands.
TABLES = [(game, {}) for game in GAMES] + [("gameroom", {"set": 12, "teams": 5})]


def _wordings() -> list[Wording]:
    return [ENGLISH if language == "en" else words(language).wording() for language in LANGUAGES]


def _meet(a: TextBox, b: TextBox) -> bool:
    return (
        a.box[0] < b.box[2] and b.box[0] < a.box[2] and a.box[1] < b.box[3] and b.box[1] < a.box[3]
    )


def _problems(draw: Callable[..., Image.Image], *args: object, **options: object) -> list[str]:
    """What is wrong with the texts of the picture `draw(*args, **options)`."""
    with recording() as boxes:
        image = draw(*args, **options)
    width, height = image.size
    found = [
        f"{a.text!r} {a.box} overlaps {b.text!r} {b.box}"
        for a, b in itertools.combinations(boxes, 2)
        if _meet(a, b)
    ]
    found += [
        f"{box.text!r} {box.box} leaves the {width}x{height} picture"
        for box in boxes
        if box.box[0] < 0 or box.box[1] < 0 or box.box[2] > width or box.box[3] > height
    ]
    return found


def _positions(game: str, options: dict[str, object], seed: int) -> Iterator[tuple[Match, int]]:
    """Views along a random match: a few moves into each hand, late in it, and after it (with
    its score sheet), for at most two hands. Yields the match and the seat to look from."""
    match = _largest_table(game, options, seed)
    rng = random.Random(seed)
    for _ in range(2):
        if match.over:
            return
        hand = match.start_hand()
        moves = 0
        while not hand.over:
            action = rng.choice(hand.legal_actions())
            match.apply(action)
            moves += 1
            if moves in (3, 25) and not hand.over:
                yield match, hand.turn if hand.turn is not None else 0
        yield match, 0


def _largest_table(game: str, options: dict[str, object], seed: int) -> Match:
    """A match of `game` with as many players as its rules allow with these options."""
    counts = next(variant.player_counts for variant in all_variants() if variant.id == game)
    for players in sorted(counts, reverse=True):
        try:
            return Match(game, players, options, seed=seed)
        except BadOption:
            continue
    raise AssertionError(f"{game} takes no players with {options}")


def _views() -> list[tuple[str, SeatView]]:
    views = []
    for index, (game, options) in enumerate(TABLES):
        for match, seat in _positions(game, options, seed=index):
            views.append((game, match.view_for(seat)))
    return views


VIEWS = _views()
WORDINGS = _wordings()


@pytest.mark.parametrize("kind", ["board", "hand", "sheet"])
def test_no_text_meets_other_text_or_leaves_the_picture(kind: str) -> None:
    problems = []
    for (game, view), wording in itertools.product(VIEWS, WORDINGS):
        names = NAMES[: view.players]
        if kind == "board":
            found = _problems(board_image, view, names=names, wording=wording)
        elif kind == "hand":
            found = _problems(hand_image, view, wording=wording)
        elif view.results:
            found = _problems(score_sheet_image, view, names=names, wording=wording)
        else:
            continue
        problems += [f"{game} ({wording.language}): {problem}" for problem in found]
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("wording", WORDINGS, ids=lambda wording: wording.language)
def test_every_language_fits_the_hand_of_a_star_game(wording: Wording) -> None:
    """The hand of a cyprus or cross-nine game lists up to eight ends: in every language they
    go under the heading, never over it."""
    for game in ("cyprus", "cross-nine"):
        for match, seat in _positions(game, {}, seed=7):
            view = match.view_for(seat)
            assert not _problems(hand_image, view, wording=wording)


@pytest.mark.parametrize("wording", WORDINGS, ids=lambda wording: wording.language)
def test_puzzle_texts_never_meet(wording: Wording) -> None:
    for top in (3, 6, 9):
        game = new_game("dominosa", {"set": top}, seed=top)
        assert isinstance(game, DominosaGame)
        hint = game.hint()
        game.place(*hint.placement)
        highlight = hint.placement
        found = _problems(
            dominosa_image, game.grid, game.placements, highlight=highlight, wording=wording
        )
        assert not found
    figure = ("aabbccdd", "aabbccdd", ".eeffgg.", ".eeffgg.")
    placements = [((0, 0), 3, (0, 1), 3), ((0, 2), 5, (1, 2), 4)]
    assert not _problems(quadrille_image, figure, placements, wording=wording)
