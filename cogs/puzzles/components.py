"""The buttons, menus and the form of a puzzle message. The buttons are `DynamicItem`s carrying
the puzzle id (`dp:{id}:{verb}`), so they work after a restart; Place and Remove open a short
form (`dpf:{id}:{verb}`, a modal) for the cells, named as on the picture's rulers.

A Dominosa tile is also chosen without typing, in two menus: the puzzle message's menu of rows
(`dpr:{id}`), then, answered to the player alone, a menu of the tiles that start in that row
(`dpt:{id}:{row}`): each placement that fits there (to the right, or down) and each tile there to
take away. Their values are what a player would type (`place C3-D3`, `remove C3`), so a choice is
carried out exactly as a typed placement, refusals and all.

The callbacks only hand the click on to the puzzles (`interaction.client.puzzles`, seen as
`PuzzleActs`): no rule and no attempt state lives here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Protocol, cast

import discord

from cogs.common.components import Fields, Form, PersistentItem, count
from cogs.lang import Words, words
from cogs.puzzles import texts as puzzle_texts

VERBS = ("place", "remove", "hint", "check", "quit")
ENGLISH = words("en")  # labels of buttons rebuilt from a custom id (never shown again)
FORM_ID = re.compile(r"dpf:(?P<puzzle>[0-9a-z]+):(?P<verb>place|remove)")


class PuzzleActs(Protocol):
    """Where a puzzle's clicks and forms go (`cogs.puzzles.runner.Puzzles`)."""

    async def click(
        self, interaction: discord.Interaction[Any], puzzle_id: str, verb: str
    ) -> None: ...

    async def act(
        self,
        interaction: discord.Interaction[Any],
        puzzle_id: str,
        verb: str,
        text: str,
        *,
        menu_row: int | None = None,
    ) -> None: ...

    async def row_chosen(
        self, interaction: discord.Interaction[Any], puzzle_id: str, row: int
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
        "check": puzzle_texts.PUZZLE_CHECK,
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


#: A choice of the tiles' menu: a verb and the cells as a player types them.
CHOICE = re.compile(r"(?P<verb>place|remove) (?P<cells>[A-Z]+[0-9]+(?:-[A-Z]+[0-9]+)?)")


class RowMenu(
    PersistentItem[discord.ui.Select[Any]],
    template=r"dpr:(?P<puzzle_id>[0-9a-z]+)",
):
    """The puzzle message's menu of rows: the first step of choosing a tile without typing."""

    def __init__(
        self, puzzle_id: str, rows: Sequence[str] = ("1",), placeholder: str = "-"
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"dpr:{puzzle_id}",
                placeholder=placeholder[:150],
                options=[
                    discord.SelectOption(label=label[:100], value=str(index))
                    for index, label in enumerate(rows[:25])
                ],
                row=0,
            )
        )
        self.puzzle_id = puzzle_id

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        raw = self.item.values[0] if self.item.values else "-1"
        row = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 3 else -1
        await puzzles_of(interaction).row_chosen(interaction, self.puzzle_id, row)


class TileMenu(
    PersistentItem[discord.ui.Select[Any]],
    template=r"dpt:(?P<puzzle_id>[0-9a-z]+):(?P<row>\d{1,2})",
):
    """The tiles that start in one row, to place or take away (values as typed: `place C3-D3`,
    `remove C3`); sent to the player alone."""

    fields: ClassVar[Fields] = {"row": count}

    def __init__(
        self,
        puzzle_id: str,
        row: int,
        options: Sequence[tuple[str, str]] = (("-", "-"),),
        placeholder: str = "-",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"dpt:{puzzle_id}:{row}",
                placeholder=placeholder[:150],
                options=[
                    discord.SelectOption(label=label[:100], value=value[:100])
                    for label, value in options[:25]
                ],
            )
        )
        self.puzzle_id = puzzle_id
        self.grid_row = row  # not `row`: an item's `row` is where Discord lays it out

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        raw = self.item.values[0] if self.item.values else ""
        found = CHOICE.fullmatch(raw)
        verb, cells = (found["verb"], found["cells"]) if found else ("place", raw[:40])
        await puzzles_of(interaction).act(
            interaction, self.puzzle_id, verb, cells, menu_row=self.grid_row
        )
