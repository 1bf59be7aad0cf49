"""The buttons and the form of a puzzle message. The buttons are `DynamicItem`s carrying the
puzzle id (`dp:{id}:{verb}`), so they work after a restart; Place and Remove open a short form
(`dpf:{id}:{verb}`, a modal) for the cells, named as on the picture's rulers.

The callbacks only hand the click on to the puzzles (`interaction.client.puzzles`, seen as
`PuzzleActs`): no rule and no attempt state lives here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Protocol, cast

import discord

from cogs.common.components import Form, PersistentItem
from cogs.lang import Words, words
from cogs.puzzles import texts as puzzle_texts

VERBS = ("place", "remove", "hint", "quit")
ENGLISH = words("en")  # labels of buttons rebuilt from a custom id (never shown again)
FORM_ID = re.compile(r"dpf:(?P<puzzle>[0-9a-z]+):(?P<verb>place|remove)")


class PuzzleActs(Protocol):
    """Where a puzzle's clicks and forms go (`cogs.puzzles.runner.Puzzles`)."""

    async def click(
        self, interaction: discord.Interaction[Any], puzzle_id: str, verb: str
    ) -> None: ...

    async def act(
        self, interaction: discord.Interaction[Any], puzzle_id: str, verb: str, text: str
    ) -> None: ...


def puzzles_of(interaction: discord.Interaction[Any]) -> PuzzleActs:
    return cast(PuzzleActs, interaction.client.puzzles)


class PuzzleButton(
    PersistentItem[discord.ui.Button[Any]],
    template=rf"dp:(?P<puzzle_id>[0-9a-z]+):(?P<verb>{'|'.join(VERBS)})",
):
    LABELS: ClassVar[dict[str, str]] = {
        "place": puzzle_texts.PUZZLE_PLACE,
        "remove": puzzle_texts.PUZZLE_REMOVE,
        "hint": puzzle_texts.PUZZLE_HINT,
        "quit": puzzle_texts.PUZZLE_QUIT,
    }

    def __init__(self, puzzle_id: str, verb: str, w: Words = ENGLISH) -> None:
        style = discord.ButtonStyle.primary if verb == "place" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=w(self.LABELS[verb]), style=style, custom_id=f"dp:{puzzle_id}:{verb}"
            )
        )
        self.puzzle_id = puzzle_id
        self.verb = verb

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await puzzles_of(interaction).click(interaction, self.puzzle_id, self.verb)


def typed_values(components: list[Any]) -> Iterator[str]:
    """The values typed into a submitted form's text inputs, however they are nested."""
    for component in components:
        if isinstance(component, dict):
            if "value" in component:
                yield str(component["value"])
            yield from typed_values(list(component.get("components") or []))
            if isinstance(component.get("component"), dict):
                yield from typed_values([component["component"]])


class CellsForm(Form):
    """Asks for the cells of a placement (two; with their numbers in Quadrille) or of a
    removal (one)."""

    FIELDS: ClassVar[dict[tuple[str, str], tuple[str, str]]] = {
        ("dominosa", "place"): (puzzle_texts.PUZZLE_CELLS, puzzle_texts.PUZZLE_CELLS_HOW),
        ("quadrille", "place"): (puzzle_texts.PUZZLE_NUMBERS, puzzle_texts.PUZZLE_NUMBERS_HOW),
    }

    def __init__(
        self, puzzles: PuzzleActs, puzzle_id: str, verb: str, game_id: str, w: Words
    ) -> None:
        title = w(puzzle_texts.PUZZLE_PLACE if verb == "place" else puzzle_texts.PUZZLE_REMOVE)
        super().__init__(title=title, custom_id=f"dpf:{puzzle_id}:{verb}")
        label, placeholder = self.FIELDS.get(
            (game_id, verb), (puzzle_texts.PUZZLE_CELL, puzzle_texts.PUZZLE_CELL_HOW)
        )
        self.cells: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=w(label), placeholder=w(placeholder), max_length=40
        )
        self.add_item(self.cells)
        self.puzzles, self.puzzle_id, self.verb = puzzles, puzzle_id, verb

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await self.puzzles.act(interaction, self.puzzle_id, self.verb, str(self.cells.value))
