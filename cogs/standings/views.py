"""The buttons and menus of /leaderboard and /history, as `DynamicItem`s: everything a click needs
is in the custom id, so pagination and the replay stepper work on any old message, after any
restart, without the bot remembering a thing.

Custom ids (all well under 100 characters):
- `sl:{season}:{game}:{order}:{kind}:{page}` a leaderboard page (`season` a season id or `a` for
  all time, `game` a variant id or `*` for all games, `page` 0-based or `me`: the clicker's own);
- `sh:{player}:{before}` older matches of `/history` (`player` a user id, `before` a match id);
- `shr:{player}` the menu of matches to replay (values are match ids);
- `ss:{match}:{position}:{verb}` a replay step (`verb` tells apart two buttons going to the same
  position: `ph` previous hand, `pm` previous move, `nm` next move, `nh` next hand);
- `ssr:{match}` the replay's Review: the clicker's own review of that match (`cogs.review`).

The callbacks only hand the click to the `Standings` or `History` cog (or the review to
`bot.reviews`); nothing is decided here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, cast

import discord

from cogs import texts
from cogs.common.components import Fields, PersistentItem, count, row_id
from cogs.common.refusal import Refusal
from cogs.lang import Words
from cogs.lang import words as words_in
from cogs.standings import texts as words
from data.models import Kind, Order

if TYPE_CHECKING:
    from cogs.common.ports import ReviewDesk

ORDERS: tuple[Order, ...] = ("rating", "wins", "points")
KINDS: tuple[Kind, ...] = ("players", "pairs")
STEP_VERBS = ("ph", "pm", "nm", "nh")
MENU_SIZE = 25
ENGLISH = words_in("en")  # labels of items rebuilt from a custom id (never shown again)


class Pages(Protocol):
    """What the leaderboard's buttons ask of the `Standings` cog (`cogs.standings.leaderboard`,
    which builds these buttons: named by a protocol, so the two modules do not import each
    other)."""

    async def leaderboard_page(
        self, interaction: discord.Interaction[Any], scope: BoardScope, page: int | str
    ) -> None: ...


class Replays(Protocol):
    """What the history's and the replay's buttons ask of the `History` cog
    (`cogs.standings.history`)."""

    async def history_page(
        self, interaction: discord.Interaction[Any], player: int, before: int
    ) -> None: ...

    async def open_replay(self, interaction: discord.Interaction[Any], match_id: int) -> None: ...

    async def replay_step(
        self, interaction: discord.Interaction[Any], match_id: int, position: int
    ) -> None: ...


def standings_of(interaction: discord.Interaction[Any]) -> Pages:
    return cast("Pages", _cog(interaction, "Standings"))


def history_of(interaction: discord.Interaction[Any]) -> Replays:
    return cast("Replays", _cog(interaction, "History"))


def _cog(interaction: discord.Interaction[Any], name: str) -> Any:
    cog = interaction.client.get_cog(name)
    if cog is None:  # pragma: no cover - the cogs are loaded with the bot
        raise RuntimeError(f"the {name} cog is not loaded")
    return cog


@dataclass(frozen=True)
class BoardScope:
    """Which leaderboard: a season (`None`: all time), a game (`None`: all), an order, a kind."""

    season_id: int | None
    variant: str | None
    order: Order
    kind: Kind

    def custom_id(self, page: int | str) -> str:
        season = "a" if self.season_id is None else str(self.season_id)
        return f"sl:{season}:{self.variant or '*'}:{self.order}:{self.kind}:{page}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> BoardScope:
        season = None if match["season"] == "a" else row_id(match["season"])
        variant = None if match["game"] == "*" else match["game"]
        return cls(season, variant, cast(Order, match["order"]), cast(Kind, match["kind"]))


class LeaderboardButton(
    PersistentItem[discord.ui.Button[Any]],
    template=(
        r"sl:(?P<season>a|\d+):(?P<game>\*|[0-9a-z][0-9a-z-]*)"
        rf":(?P<order>{'|'.join(ORDERS)}):(?P<kind>{'|'.join(KINDS)}):(?P<page>\d+|me)"
    ),
):
    def __init__(
        self,
        scope: BoardScope,
        page: int | str,
        label: str = "-",
        *,
        disabled: bool = False,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=style, disabled=disabled, custom_id=scope.custom_id(page)
            )
        )
        self.scope = scope
        self.page = page

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        # Four of the groups are one argument, the scope; the page is a number or `me`.
        page: int | str = match["page"] if match["page"] == "me" else count(match["page"])
        return cls(BoardScope.from_match(match), page)

    @classmethod
    def refusal(cls, match: re.Match[str]) -> Refusal:
        return Refusal(words.UNKNOWN_SEASON, name=match["season"])

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await standings_of(interaction).leaderboard_page(interaction, self.scope, self.page)


class OlderMatchesButton(
    PersistentItem[discord.ui.Button[Any]],
    template=r"sh:(?P<player>\d+):(?P<before>\d+)",
):
    fields: ClassVar[Fields] = {"player": count, "before": row_id}

    @classmethod
    def refusal(cls, match: re.Match[str]) -> Refusal:
        return Refusal(words.NO_SUCH_MATCH, number=match["before"])

    def __init__(self, player: int, before: int, w: Words = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=w(words.HISTORY_MORE),
                style=discord.ButtonStyle.secondary,
                custom_id=f"sh:{player}:{before}",
            )
        )
        self.player = player
        self.before = before

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await history_of(interaction).history_page(interaction, self.player, self.before)


class ReplayMenu(
    PersistentItem[discord.ui.Select[Any]],
    template=r"shr:(?P<player>\d+)",
):
    """Pick a match of the list to step through it (an ephemeral stepper opens)."""

    fields: ClassVar[Fields] = {"player": count}

    def __init__(
        self, player: int, options: Sequence[tuple[str, int]] = (("-", 0),), w: Words = ENGLISH
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"shr:{player}",
                placeholder=w(words.HISTORY_PICK),
                options=[
                    discord.SelectOption(label=label[:100], value=str(match_id))
                    for label, match_id in options[:MENU_SIZE]
                ],
            )
        )
        self.player = player

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        raw = self.item.values[0] if self.item.values else ""
        try:
            match_id = row_id(raw) if raw.isascii() and raw.isdigit() else 0
        except ValueError:
            raise Refusal(words.NO_SUCH_MATCH, number=raw) from None
        await history_of(interaction).open_replay(interaction, match_id)


class StepButton(
    PersistentItem[discord.ui.Button[Any]],
    template=rf"ss:(?P<match_id>\d+):(?P<position>\d+):(?P<verb>{'|'.join(STEP_VERBS)})",
):
    fields: ClassVar[Fields] = {"match_id": row_id, "position": count}

    @classmethod
    def refusal(cls, match: re.Match[str]) -> Refusal:
        return Refusal(words.NO_SUCH_MATCH, number=match["match_id"])

    LABELS: ClassVar[dict[str, tuple[str, str]]] = {
        "ph": ("⏮", words.PREVIOUS_HAND),
        "pm": ("◀", words.PREVIOUS_MOVE),
        "nm": ("▶", words.NEXT_MOVE),
        "nh": ("⏭", words.NEXT_HAND),
    }

    def __init__(
        self,
        match_id: int,
        position: int,
        verb: str,
        *,
        disabled: bool = False,
        w: Words = ENGLISH,
        variant: str = "",
    ) -> None:
        emoji, label = self.LABELS[verb]
        super().__init__(
            discord.ui.Button(
                label=w(texts.dealt(label, variant)),
                emoji=emoji,
                style=discord.ButtonStyle.primary
                if verb in ("pm", "nm")
                else discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"ss:{match_id}:{position}:{verb}",
            )
        )
        self.match_id = match_id
        self.position = position

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await history_of(interaction).replay_step(interaction, self.match_id, self.position)


class ReviewButton(
    PersistentItem[discord.ui.Button[Any]],
    template=r"ssr:(?P<match_id>\d+)",
):
    """The replay's Review: where the clicker lost points in that match (players only)."""

    fields: ClassVar[Fields] = {"match_id": row_id}

    @classmethod
    def refusal(cls, match: re.Match[str]) -> Refusal:
        return Refusal(words.NO_SUCH_MATCH, number=match["match_id"])

    def __init__(self, match_id: int, w: Words = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=w(texts.REVIEW),
                style=discord.ButtonStyle.success,
                custom_id=f"ssr:{match_id}",
            )
        )
        self.match_id = match_id

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        reviews = cast("ReviewDesk", interaction.client.reviews)
        await reviews.review_match(interaction, self.match_id)


LEADERBOARD_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (LeaderboardButton,)
HISTORY_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    OlderMatchesButton,
    ReplayMenu,
    StepButton,
    ReviewButton,
)


# -- views ------------------------------------------------------------------------------------


def leaderboard_view(scope: BoardScope, page: int, pages: int, w: Words) -> discord.ui.View:
    """Previous, Next, and "My page" (the clicker's own page: whoever clicks it)."""
    view = discord.ui.View(timeout=None)
    view.add_item(LeaderboardButton(scope, max(page - 1, 0), w(words.PREVIOUS), disabled=page <= 0))
    view.add_item(LeaderboardButton(scope, page + 1, w(words.NEXT), disabled=page + 1 >= pages))
    view.add_item(
        LeaderboardButton(scope, "me", w(words.MY_PAGE), style=discord.ButtonStyle.primary)
    )
    return view


def history_view(
    player: int, options: Sequence[tuple[str, int]], before: int | None, w: Words
) -> discord.ui.View | None:
    if not options:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayMenu(player, options, w))
    if before is not None:
        view.add_item(OlderMatchesButton(player, before, w))
    return view


def stepper_view(
    match_id: int, targets: dict[str, int], position: int, w: Words, variant: str = ""
) -> discord.ui.View:
    """The four step buttons (a button whose target is where we are is disabled), and Review;
    `variant` names the game, whose deals may be rounds."""
    view = discord.ui.View(timeout=None)
    for verb in STEP_VERBS:
        target = targets[verb]
        view.add_item(
            StepButton(match_id, target, verb, disabled=target == position, w=w, variant=variant)
        )
    view.add_item(ReviewButton(match_id, w))
    return view
