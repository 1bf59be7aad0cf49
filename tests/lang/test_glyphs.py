"""Every language's words in pictures have their glyphs in the project's font (Open Sans, shipped
with the `ttf-opensans` package): no label, plural form or game name of any catalogue is drawn
as a box, and a board drawn in each language comes out."""

from __future__ import annotations

import pytest

import render
from cogs.lang import LANGUAGES, words
from engine import Match
from render.text import missing_glyphs
from render.wording import messages


def picture_texts(language: str) -> list[str]:
    wording = words(language).wording()
    found: list[str] = []
    for name, _context, _english in messages():
        value = getattr(wording, name)
        found.extend(value if isinstance(value, tuple) else [value])
    found.extend(name for _, name in wording.game_names)
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_a_picture_shows_has_its_glyphs(language: str) -> None:
    missing = {text: chars for text in picture_texts(language) if (chars := missing_glyphs(text))}
    assert missing == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_board_is_drawn_and_described_in_each_language(language: str) -> None:
    match = Match("partnership", 4, seed=3)
    match.start_hand()
    match.apply(match.legal_actions()[0])
    view = match.view_for(0)
    wording = words(language).wording()
    names = ["Ana", "Łukasz", "Zoë", "Jürgen"]
    assert render.board_png(view, names=names, wording=wording).startswith(b"\x89PNG")
    alt = render.describe(view, names=names, wording=wording)
    assert words(language).game_name("partnership") in alt
