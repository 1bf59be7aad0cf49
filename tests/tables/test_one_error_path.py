"""A failure in a slash command, a button and a form, through the emulator: each reaches the one
error path once (one logged code, one ephemeral apology quoting it) and nothing else reports it
(no cog handler of its own, no discord.py "Ignoring exception")."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
import pytest

from cogs import texts
from cogs.puzzles import texts as puzzle_texts
from tests.emulator.emulator import Emulator
from tests.tables.puzzles import opened

APOLOGY = re.compile(re.escape(texts.UNEXPECTED).replace(r"\{code\}", "(?P<code>[0-9a-f]{6})"))


async def broken(*args: Any, **kwargs: Any) -> None:
    raise RuntimeError("a bug")


def answered_once(result: Any, caplog: pytest.LogCaptureFixture) -> None:
    """One apology, told to the user alone, with the code of the one logged traceback."""
    messages = [*result.followups]
    if result.response is not None:
        messages.append(result.response)
    apologies = [m for m in messages if APOLOGY.fullmatch(str(m.text))]
    assert len(apologies) == 1 and apologies[0].ephemeral, [m.text for m in messages]
    logged = [r for r in caplog.records if r.name == "cogs.common.errors"]
    assert len(logged) == 1 and logged[0].exc_info is not None
    code = APOLOGY.fullmatch(str(apologies[0].text))
    assert code is not None and code["code"] in logged[0].getMessage()
    others = [r for r in caplog.records if "Ignoring exception" in r.getMessage()]
    assert not others
    caplog.clear()


async def test_a_failing_command_button_and_form_each_answer_once(
    emu: Emulator,
    domino: discord.Client,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    alice = emu.user("alice")
    puzzles: Any = domino.puzzles  # type: ignore[attr-defined]
    puzzle = opened(emu, await alice.slash("domino puzzle", size=3, difficulty="easy"))
    form = (await alice.click(puzzle, puzzle_texts.PUZZLE_PLACE)).modal
    caplog.clear()

    with monkeypatch.context() as patch:
        patch.setattr(puzzles, "open", broken)
        answered_once(await alice.slash("domino puzzle", size=3, difficulty="easy"), caplog)
    with monkeypatch.context() as patch:
        patch.setattr(puzzles, "click", broken)
        answered_once(await alice.click(puzzle, puzzle_texts.PUZZLE_HINT), caplog)
    with monkeypatch.context() as patch:
        patch.setattr(puzzles, "act", broken)
        answered_once(await alice.submit(form, {puzzle_texts.PUZZLE_CELLS: "A1-A2"}), caplog)
