"""The README's examples work as written: the Python examples of the README and of the docs it
sends contributors to run, and the engine's command lines it shows are the ones the engine
accepts."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import engine
from engine import Match, Play

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
#: Where the README sends contributors for code to run: its own examples, docs/engine.md's, and
#: the section of docs/ai.md it links for using the AI from Python (the rest of that page
#: sketches a new game's AI, which is not meant to run alone).
EXAMPLES = (
    README.read_text(encoding="utf-8"),
    (ROOT / "docs" / "engine.md").read_text(encoding="utf-8"),
    (ROOT / "docs" / "ai.md")
    .read_text(encoding="utf-8")
    .partition("## Using the AI from Python")[2],
)


def python_blocks() -> list[str]:
    return [
        block for text in EXAMPLES for block in re.findall(r"```python\n(.*?)```", text, flags=re.S)
    ]


def test_every_readme_python_example_runs() -> None:
    blocks = python_blocks()
    assert blocks, "the README and its docs have Python examples"
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})


def test_the_readme_engine_example_plays_the_lead() -> None:
    block = next(block for block in python_blocks() if "Match(" in block)
    namespace: dict[str, object] = {}
    exec(compile(block, str(README), "exec"), namespace)
    match = namespace["match"]
    assert isinstance(match, Match)
    assert match.hand is not None and len(match.hand.actions) == 1


def test_the_readme_example_refusal_is_a_value_error() -> None:
    match = Match("partnership", 4, seed=7)
    hand = match.start_hand()
    lead = match.view_for(hand.turn).legal[0]
    assert isinstance(lead, Play)
    out_of_turn = Play((hand.turn + 1) % 4, lead.tile)
    with pytest.raises(ValueError, match="not your turn"):
        match.apply(out_of_turn)


def test_the_engine_docstring_example_runs() -> None:
    failed, tried = doctest.testmod(engine, verbose=False)
    assert tried > 0 and failed == 0


def test_the_readme_lists_the_engine_commands() -> None:
    text = README.read_text(encoding="utf-8")
    for command in (
        "python -m engine variants",
        "python -m engine replay",
        "python -m engine simulate",
    ):
        assert command in text
