"""The buttons and menus of a table, as `DynamicItem`s whose custom ids carry the table id (and,
for moves, the version of the game they were drawn for). The bot listens to the templates, not
to message ids, so every button works again after a restart as soon as its table is reloaded.

The callbacks only hand the click on: a lobby's to the lobbies, a table's and a move to the
clicks (`cogs.tables.clicks`, which dispatches a table button's verb, Review included), a Hint to
the reviews (`interaction.client.reviews`, a `cogs.common.ports.ReviewDesk`): no rule and no
table state lives here.

Custom ids (all under 100 characters):
- `dl:{table}:{verb}` lobby buttons (join, leave, start, cancel); `dla:{table}` the AI level
  menu (a level adds one AI, `fill:{level}` fills every empty seat); `dls:{table}` the seat
  menu (free seats and AI seats to take); `dlr:{table}` the host's menu of AI seats to empty;
  `dlo:{table}` the host's menu of the game's options (values `name=value`);
- `dt:{table}:{verb}` table buttons (hand, resign, draw, ready, lead, rematch, leave, review;
  sure and keep under the confirmation of Resign; concede and playon for a partner asked;
  back: "I'm back", on the hand of a player whose seat an AI took over);
- `dm:{table}:{version}:{index}` a move button; `dms:{table}:{version}:{page}` a move menu;
  `dh:{table}:{version}` the Hint button beside them (tables with hints).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, cast

import discord

from cogs import texts
from cogs.common.components import Fields, PersistentItem, count
from cogs.common.ports import ReviewDesk
from cogs.common.tiles import TileMark
from cogs.lang import Words, words

ID = r"[0-9a-z]+"
LOBBY_VERBS = ("join", "leave", "start", "cancel")
TABLE_VERBS = (
    "hand",
    "resign",
    "draw",
    "ready",
    "lead",
    "rematch",
    "leave",
    "review",
    "sure",  # the confirmation of Resign ("Resign?"): resign
    "keep",  # ... keep playing
    "concede",  # a partner asked: their side concedes
    "playon",  # ... plays on
    "back",  # "I'm back": a seat the timer handed to an AI, taken back
)
MOVE_BUTTONS_MAX = 20  # 4 rows of 5; more moves than that go into menus
MENU_SIZE = 25
#: The AI menu's values that fill every empty seat: `fill:easy`.
FILL = "fill:"
#: The words of items rebuilt from a custom id to handle a click: their labels are never shown.
ENGLISH = words("en")


class LobbyClicks(Protocol):
    """Where a lobby's clicks go (`cogs.tables.lobbies.Lobbies`)."""

    async def click(
        self, interaction: discord.Interaction[Any], table_id: str, verb: str, value: str | None
    ) -> None: ...


class TableClicks(Protocol):
    """Where a table's and a move's clicks go (`cogs.tables.clicks.Clicks`)."""

    async def click(
        self, interaction: discord.Interaction[Any], table_id: str, verb: str
    ) -> None: ...

    async def move(
        self, interaction: discord.Interaction[Any], table_id: str, version: int, index: int
    ) -> None: ...


def lobbies_of(interaction: discord.Interaction[Any]) -> LobbyClicks:
    return cast(LobbyClicks, interaction.client.tables.lobbies)


def clicks_of(interaction: discord.Interaction[Any]) -> TableClicks:
    return cast(TableClicks, interaction.client.tables.clicks)


def reviews_of(interaction: discord.Interaction[Any]) -> ReviewDesk:
    return cast(ReviewDesk, interaction.client.reviews)


class LobbyButton(
    PersistentItem[discord.ui.Button[Any]],
    template=rf"dl:(?P<table_id>{ID}):(?P<verb>{'|'.join(LOBBY_VERBS)})",
):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }
    LABELS: ClassVar[dict[str, str]] = {
        "join": texts.JOIN,
        "leave": texts.LEAVE,
        "start": texts.START,
        "cancel": texts.CANCEL,
    }

    def __init__(self, table_id: str, verb: str, w: Words = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=w(self.LABELS[verb]),
                style=self.STYLES[verb],
                custom_id=f"dl:{table_id}:{verb}",
            )
        )
        self.table_id = table_id
        self.verb = verb

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await lobbies_of(interaction).click(interaction, self.table_id, self.verb, None)


class LobbyMenu(
    PersistentItem[discord.ui.Select[Any]],
    template=rf"(?P<kind>dla|dls|dlr|dlo):(?P<table_id>{ID})",
):
    """The host's "Add AI" menu (`dla`, values are levels, or `fill:` and a level), the seat
    menu (`dls`, values are seat numbers), the host's "Remove an AI" menu (`dlr`, seat numbers)
    or options menu (`dlo`, `name=value`)."""

    PLACEHOLDERS: ClassVar[dict[str, str]] = {
        "dla": texts.AI_LEVEL_PLACEHOLDER,
        "dls": texts.SEAT_PICK,
        "dlr": texts.REMOVE_AI_PLACEHOLDER,
        "dlo": texts.OPTION_PLACEHOLDER,
    }
    VERBS: ClassVar[dict[str, str]] = {"dla": "ai", "dls": "seat", "dlr": "remove", "dlo": "option"}

    def __init__(
        self,
        table_id: str,
        kind: str,
        options: Sequence[tuple[str, str]] = (("-", "-"),),
        w: Words = ENGLISH,
    ) -> None:
        placeholder = w(self.PLACEHOLDERS[kind])
        super().__init__(
            discord.ui.Select(
                custom_id=f"{kind}:{table_id}",
                placeholder=placeholder,
                options=[
                    discord.SelectOption(label=label, value=value) for label, value in options
                ],
            )
        )
        self.table_id = table_id
        self.kind = kind

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        value = self.item.values[0] if self.item.values else ""
        verb = self.VERBS[self.kind]
        if verb == "ai" and value.startswith(FILL):
            verb, value = "fill", value.removeprefix(FILL)
        await lobbies_of(interaction).click(interaction, self.table_id, verb, value)


class TableButton(
    PersistentItem[discord.ui.Button[Any]],
    template=rf"dt:(?P<table_id>{ID}):(?P<verb>{'|'.join(TABLE_VERBS)})",
):
    LABELS: ClassVar[dict[str, str]] = {
        "hand": texts.YOUR_HAND,
        "resign": texts.RESIGN,
        "draw": texts.OFFER_DRAW,
        "ready": texts.READY,
        "lead": texts.CLAIM_LEAD,
        "rematch": texts.REMATCH,
        "leave": texts.LEAVE,
        "review": texts.REVIEW,
        "sure": texts.RESIGN,
        "keep": texts.KEEP_PLAYING,
        "concede": texts.CONCEDE,
        "playon": texts.PLAY_ON,
        "back": texts.IM_BACK,
    }
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "hand": discord.ButtonStyle.primary,
        "rematch": discord.ButtonStyle.success,
        "sure": discord.ButtonStyle.danger,
        "keep": discord.ButtonStyle.primary,
        "playon": discord.ButtonStyle.primary,
        "back": discord.ButtonStyle.success,
    }

    def __init__(self, table_id: str, verb: str, w: Words = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=w(self.LABELS[verb]),
                style=self.STYLES.get(verb, discord.ButtonStyle.secondary),
                custom_id=f"dt:{table_id}:{verb}",
            )
        )
        self.table_id = table_id
        self.verb = verb

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await clicks_of(interaction).click(interaction, self.table_id, self.verb)


class MoveButton(
    PersistentItem[discord.ui.Button[Any]],
    template=rf"dm:(?P<table_id>{ID}):(?P<version>\d+):(?P<index>\d+)",
):
    fields: ClassVar[Fields] = {"version": count, "index": count}

    def __init__(
        self,
        table_id: str,
        version: int,
        index: int,
        label: str = "?",
        emoji: discord.PartialEmoji | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or None,
                emoji=emoji,
                style=discord.ButtonStyle.primary,
                custom_id=f"dm:{table_id}:{version}:{index}",
            )
        )
        self.table_id = table_id
        self.version = version
        self.index = index

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await clicks_of(interaction).move(interaction, self.table_id, self.version, self.index)


class MoveMenu(
    PersistentItem[discord.ui.Select[Any]],
    template=rf"dms:(?P<table_id>{ID}):(?P<version>\d+):(?P<page>\d+)",
):
    """Moves as a menu: when there are too many for buttons, or for moves without a short
    label (a variant's special actions). Values are move indexes."""

    fields: ClassVar[Fields] = {"version": count, "page": count}

    def __init__(
        self,
        table_id: str,
        version: int,
        page: int,
        options: Sequence[tuple[str, int]] = (("-", 0),),
        placeholder: str = texts.MOVES_PLACEHOLDER,
        emojis: Sequence[discord.PartialEmoji | None] = (),
    ) -> None:
        shown = [*emojis, *[None] * (len(options) - len(emojis))]
        super().__init__(
            discord.ui.Select(
                custom_id=f"dms:{table_id}:{version}:{page}",
                placeholder=placeholder[:150],
                options=[
                    discord.SelectOption(label=label[:100], value=str(index), emoji=emoji)
                    for (label, index), emoji in zip(options, shown, strict=True)
                ],
            )
        )
        self.table_id = table_id
        self.version = version

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        raw = self.item.values[0] if self.item.values else "-1"
        index = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 6 else -1
        await clicks_of(interaction).move(interaction, self.table_id, self.version, index)


class HintButton(
    PersistentItem[discord.ui.Button[Any]],
    template=rf"dh:(?P<table_id>{ID}):(?P<version>\d+)",
):
    """Beside the moves of a table with hints: the move the AI would play now, and why, for
    the clicker alone (their own seat, on their turn, at this version)."""

    fields: ClassVar[Fields] = {"version": count}

    def __init__(self, table_id: str, version: int, w: Words = ENGLISH, *, row: int = 0) -> None:
        super().__init__(
            discord.ui.Button(
                label=w(texts.HINT),
                emoji="💡",
                style=discord.ButtonStyle.secondary,
                custom_id=f"dh:{table_id}:{version}",
                row=row,
            )
        )
        self.table_id = table_id
        self.version = version

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await reviews_of(interaction).hint(interaction, self.table_id, self.version)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    LobbyMenu,
    TableButton,
    MoveButton,
    MoveMenu,
    HintButton,
)


# -- views ------------------------------------------------------------------------------------


def lobby_view(
    table_id: str,
    levels: Sequence[str],
    seats: Sequence[tuple[str, str]],
    w: Words,
    *,
    removable: Sequence[tuple[str, str]] = (),
    options: Sequence[tuple[str, str]] = (),
) -> discord.ui.View:
    """The lobby's buttons and menus, in the words of the lobby's readers (the server's): the
    AI menu (add one, or fill every empty seat), the seat menu, the AI seats the host may empty
    (`removable`) and the game's options the host may choose (`options`). Five rows at most,
    as Discord allows."""
    view = discord.ui.View(timeout=None)
    for verb in LOBBY_VERBS:
        view.add_item(LobbyButton(table_id, verb, w))
    levels_named = [(texts.level_name(w, level), level) for level in levels]
    levels_named += [
        (w(texts.FILL_WITH_AI, level=texts.level_name(w, level)), FILL + level) for level in levels
    ]
    view.add_item(LobbyMenu(table_id, "dla", levels_named[:MENU_SIZE], w))
    if seats:
        view.add_item(LobbyMenu(table_id, "dls", seats[:MENU_SIZE], w))
    if removable:
        view.add_item(LobbyMenu(table_id, "dlr", removable[:MENU_SIZE], w))
    if options:
        view.add_item(LobbyMenu(table_id, "dlo", options[:MENU_SIZE], w))
    return view


def table_view(table_id: str, verbs: Sequence[str], w: Words) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for verb in verbs:
        view.add_item(TableButton(table_id, verb, w))
    return view


def moves_view(
    table_id: str,
    version: int,
    labels: Sequence[str],
    *,
    buttons: bool,
    w: Words,
    hint: bool = False,
    marks: Sequence[TileMark | None] = (),
) -> discord.ui.View:
    """The moves of the player to act: buttons when there are few with short labels, else menus
    of 25 (at most 5 menus; a hand never has more than 125 distinct moves). With `hint` (a
    table with hints), the Hint button on a row of its own below them, where one is left.
    `marks`: the tile emoji of each move (a play), shown on its button with the rest of the
    label ("on 6 left"; a bare tile with its words) and beside its menu option's words."""
    view = discord.ui.View(timeout=None)
    marks = [*marks, *[None] * (len(labels) - len(marks))]
    if buttons and len(labels) <= MOVE_BUTTONS_MAX:
        for index, label in enumerate(labels):
            mark = marks[index]
            if mark is None:
                view.add_item(MoveButton(table_id, version, index, label))
            else:
                # A bare tile keeps its words beside its emoji: a screen reader reads a
                # button's emoji by its name ("d_6_4_1f3a"), and its label aloud.
                short = mark.short(label) or mark.words
                view.add_item(MoveButton(table_id, version, index, short, mark.emoji))
        rows = -(-len(labels) // 5)
        if hint:
            view.add_item(HintButton(table_id, version, w, row=rows))
        return view
    pages = range(0, min(len(labels), 5 * MENU_SIZE), MENU_SIZE)
    for page, first in enumerate(pages):
        chunk = [(labels[i], i) for i in range(first, min(first + MENU_SIZE, len(labels)))]
        placeholder = (
            w(texts.MOVES_PLACEHOLDER)
            if len(labels) <= MENU_SIZE
            else w(texts.MORE_MOVES, first=first + 1, last=first + len(chunk))
        )
        emojis = [mark.emoji if mark else None for mark in marks[first : first + len(chunk)]]
        view.add_item(MoveMenu(table_id, version, page, chunk, placeholder, emojis))
    if hint and len(pages) < 5:
        view.add_item(HintButton(table_id, version, w, row=len(pages)))
    return view
