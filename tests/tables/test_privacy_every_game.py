"""No one sees a tile the rules hide from them, in any table game, over a whole match.

Each of the 20 table games is played to its end through the emulator, by scripted people
(random legal moves, by the buttons of their DMs, or of the "Your hand" answer in three games)
and AI seats, from `/domino new` with options that make the match short. Every version of every
message (creations and every edit), every thread name and every picture is read as it arrives
(`Emulator.observers`), against what its reader may know: anyone for the channel and the
table's thread, the recipient for a DM, the one person an ephemeral answer is for. Read are the
content, every string of the embeds (title, description, fields, footer, author) and of the
components (labels, custom ids, placeholders, options' labels, values and descriptions, a
layout's text displays and its gallery's alt texts), the attachments' alt texts and names,
and each picture by the views it was drawn from (no hand, no moves but the reader's own, no
other seat's `Exchange` in its history). The table's seed appears nowhere either.

Hidden at which moment (the ground truth, `tests/tables/privacy.py`): the bot runs in this event
loop, so its `Table` is read as each message arrives. Within a hand what a reader may know only
grows (the tiles placed or laid, every hand once it is over, and their own tiles), so it is
kept per hand as a union over the hand's states. The message was drawn from a state that may be
older than the one it arrives in (an AI moved, the next hand was dealt meanwhile: seen in
`cyprus`, where a board arrived after the deal naming a tile placed in the hand before): the
bot's drawing functions note which version each task draws from, and a tile counts as secret
only if it was secret in every state from the oldest version still being drawn to now. No false
alarm, since the state it was drawn from is in that window; a leak is missed only if its tile
became public within it. The board's log keeps its last six lines across a deal: in its words
only, tiles placed by those lines' actions (worked out from the actions, not from the words)
are not secret.

The checks are seen to fail: each planted leak below (one short game each) puts a hidden tile,
a private picture or the seed where someone else reads it, and the watch must report it there.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest

from cogs import texts
from cogs.common import pictures
from cogs.review import answer as review_answer
from cogs.tables import board, clicks, components, layouts
from cogs.tables.messages import board as board_message
from cogs.tables.messages import hands, thread
from cogs.tables.table import Table
from engine.actions import Action
from engine.variants import all_variants
from engine.variants.pairs import Pairs as PairsGame
from tests.emulator.emulator import Emulator
from tests.tables.play import move_message, play_match, private_answer
from tests.tables.privacy import PrivacyWatch


@dataclass(frozen=True)
class Game:
    """One match to play: the game, its `/domino new` options, who sits (scripted people, then
    AI seats of the given levels) and where the people find their moves."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    people: int = 2
    ai: tuple[str, ...] = ()
    #: The people play by pressing "Your hand" (moves in ephemeral answers), not by their DMs.
    by_hand_button: bool = False
    #: The first person to move asks for a hint (the table is opened with hints).
    hint: bool = False
    #: The host asks for the review of the finished match (a one-hand game: the watch's
    #: knowledge is the last hand's, and a review names tiles of every hand).
    review: bool = False

    def __str__(self) -> str:
        return self.game


#: Every table game (`python -m engine variants` less the two solitaire puzzles), made short.
GAMES = [
    Game("partnership", {"target": 40}, 2, ("random", "easy")),
    Game("traditional", {"target": 30}, 2, ("easy",)),
    Game("two-player", {"target": 20}, 1, ("easy",), by_hand_button=True),
    Game("home-and-away", {}, 2),
    Game("kids", {}, 2, ("random",), review=True),
    Game("111", {"target": 40}, 2, ("random", "easy")),
    Game("pool", {"options": "hands=2"}, 2, ("random",)),
    Game("cross", {"target": 30}, 1, ("random", "easy")),
    Game("double-cross", {"target": 30}, 2),
    Game("maltese", {"target": 30}, 2, ("easy",)),
    Game("sebastopol", {"target": 30}, 2, ("random", "easy")),
    Game("cross-nine", {"target": 30}, 2, ("random",)),
    Game("cyprus", {"target": 30}, 2, ("random", "easy")),
    Game("beginner", {"target": 30}, 1, ("easy",)),
    Game("hungarian", {"options": "hands=2"}, 2, ("random",), by_hand_button=True),
    Game("sum", {"options": "target=50 wins=2"}, 2, ("random",)),
    Game("french", {"target": 20}, 1, ("random",)),
    Game("pairs", {}, 2),
    Game("classic", {"target": 30, "hints": True}, 2, ("easy",), by_hand_button=True, hint=True),
    Game("gameroom", {"target": 30}, 2, ("random",)),
    Game("all-fives", {"target": 30}, 2, ("easy",)),
    Game(
        "fives-threes",
        {"options": "teams=2 pair-out=both target=15 exact=no"},
        2,
        ("easy", "random"),
    ),
    Game("mexican-train", {"options": "hands=1 set=9"}, 2, ("random",)),
    Game("latin", {"target": 30}, 2, ("random", "easy")),
    Game("dominican", {"target": 30}, 2, ("easy", "random")),
    Game("puerto-rico", {"target": 30}, 2, ("random", "easy")),
    Game("pr-500", {"target": 60}, 2, ("easy", "random")),
    Game("cuban", {"target": 30}, 2, ("random", "easy")),
]


def fixed_table_id(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's id and its seed (and so its deal) are the same on every run."""
    monkeypatch.setattr(clicks, "new_table_id", lambda: name)
    monkeypatch.setattr("cogs.tables.table.new_seed", lambda: f"privacy-{name}")


@pytest.fixture
def watch(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> Iterator[PrivacyWatch]:
    watching = PrivacyWatch(emu, live=lambda: domino.tables.tables)  # type: ignore[attr-defined]
    watching.install(monkeypatch)
    yield watching


async def play(emu: Emulator, game: Game) -> Any:
    """Open the table, seat everyone, start, and play the match to its end."""
    names = ["alice", "bob", "carol"][: game.people]
    people = [emu.user(name) for name in names]
    host = people[0]
    lobby = (await host.slash("domino new", dict(game.options), game=game.game)).response
    for person in people[1:]:
        await person.click(lobby, "Join")
    for level in game.ai:
        await host.choose(lobby, level, placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await host.click(lobby, "Start")
    if game.hint:
        await ask_for_a_hint(emu, people)
    final = await play_match(emu, people, seconds=120.0, via_hand_button=game.by_hand_button)
    if game.review:
        answer = private_answer(await host.click(final, texts.REVIEW))
        assert answer.embeds and answer.visible_to(host)
        assert not any(answer.visible_to(person) for person in people[1:])
    return final


async def ask_for_a_hint(emu: Emulator, people: list[Any]) -> None:
    """The first person offered moves presses Hint: only they read the answer."""
    mover = await emu.wait_for(
        lambda: next((p for p in people if move_message(p.dm.messages)), None)
    )
    answer = private_answer(await mover.click(move_message(mover.dm.messages), texts.HINT))
    assert answer.text.startswith("**Hint:**") and answer.visible_to(mover)
    assert not any(answer.visible_to(person) for person in people if person is not mover)


def every_game() -> list[Any]:
    return [pytest.param(game, id=game.game) for game in GAMES]


@pytest.mark.parametrize("game", every_game())
async def test_no_one_sees_a_tile_hidden_from_them(
    emu: Emulator, watch: PrivacyWatch, monkeypatch: pytest.MonkeyPatch, game: Game
) -> None:
    fixed_table_id(f"t{GAMES.index(game):02d}privacy", monkeypatch)
    final = await play(emu, game)
    assert "won the match" in final.text or "draw" in final.text.lower()
    assert watch.versions > 10 and watch.pictures_checked > 4, "the watch read too little"
    assert not watch.leaks, "\n" + watch.report()


def test_every_table_game_is_played() -> None:
    puzzles = {"dominosa", "quadrille"}
    games = {variant.id for variant in all_variants()} - puzzles
    assert sorted(game.game for game in GAMES) == sorted(games)


# -- the checks fail when a leak is planted ------------------------------------------------------


def secret_tile(watch: PrivacyWatch, table_id: str, reader: int | None = None) -> str:
    """A tile `reader` (a seat, None: anyone) may not know now ("?" if none is left)."""
    secret = watch.knowledge.secret_now(table_id, reader)
    return str(min(secret, key=lambda tile: tile.index)) if secret else "?"


def only_table(watch: PrivacyWatch) -> Table:
    (table,) = watch.live().values()
    return table


def plant_in_board_text(watch: PrivacyWatch, monkeypatch: pytest.MonkeyPatch) -> None:
    """The board's words (a text display of its layout) name a hidden tile."""
    status = board.board_status

    def leaking(snap: board.BoardSnapshot, w: Any) -> list[str]:
        return [*status(snap, w), f"Peek: {secret_tile(watch, snap.table_id)}"]

    monkeypatch.setattr(board, "board_status", leaking)


def plant_in_gallery_alt(watch: PrivacyWatch, monkeypatch: pytest.MonkeyPatch) -> None:
    """The alt text of the board's gallery item (not its attachment's) names a hidden tile."""
    layout = layouts.board_layout

    def leaking(
        snap: board.BoardSnapshot, w: Any, verbs: Any, *, alt: str | None, **keywords: Any
    ) -> Any:
        tile = secret_tile(watch, snap.table_id)
        return layout(snap, w, verbs, alt=f"{alt} Under the table: {tile}.", **keywords)

    monkeypatch.setattr(board_message, "board_layout", leaking)


def plant_in_move_label(watch: PrivacyWatch, monkeypatch: pytest.MonkeyPatch) -> None:
    labels = board.move_labels

    def leaking(
        legal: tuple[Action, ...], w: Any, view: Any = None, names: Any = ()
    ) -> tuple[list[str], bool]:
        shown, simple = labels(legal, w, view, names)
        seat = legal[0].seat if legal else None
        return [f"{label} ({secret_tile(watch, only_table(watch).id, seat)})" for label in shown], (
            simple
        )

    monkeypatch.setattr(board, "move_labels", leaking)


def plant_in_custom_id(watch: PrivacyWatch, monkeypatch: pytest.MonkeyPatch) -> None:
    table_view = components.table_view
    layout = layouts.board_layout

    def peek(table_id: str) -> discord.ui.Button[Any]:
        tile = secret_tile(watch, table_id)
        return discord.ui.Button(label="Peek", custom_id=f"dt:{table_id}:peek:{tile}")

    def leaking(table_id: str, verbs: Any, w: Any) -> discord.ui.View:
        view = table_view(table_id, verbs, w)
        view.add_item(peek(table_id))
        return view

    def leaking_layout(snap: board.BoardSnapshot, w: Any, verbs: Any, **keywords: Any) -> Any:
        shown = layout(snap, w, verbs, **keywords)
        shown.add_item(discord.ui.ActionRow(peek(snap.table_id)))
        return shown

    monkeypatch.setattr(board_message, "board_layout", leaking_layout)  # the board's buttons
    monkeypatch.setattr(thread, "table_view", leaking)  # "Your hand" on a turn alert


def plant_in_thread_name(watch: PrivacyWatch, monkeypatch: pytest.MonkeyPatch) -> None:
    start = Table.start

    def renaming(self: Table, *args: Any, **kwargs: Any) -> Any:
        steps = start(self, *args, **kwargs)
        name = self.seats[0].name
        self.seats[0].name = f"{name} {secret_tile(watch, self.id)}"
        return steps

    # The thread is named after the first seat, once the match is dealt.
    monkeypatch.setattr(Table, "start", renaming)


def plant_in_alt_text(watch: PrivacyWatch, monkeypatch: pytest.MonkeyPatch) -> None:
    """The board's description (made with its picture, in a worker) names a hidden tile."""
    drawn = pictures.board

    async def leaking(view: Any, names: Any, language: str, table: str = "") -> pictures.Picture:
        picture = await drawn(view, names, language, table)
        tile = secret_tile(watch, only_table(watch).id)
        return picture._replace(alt=f"{picture.alt} Under the table: {tile}.")

    monkeypatch.setattr(pictures, "board", leaking)


def plant_private_board_picture(watch: PrivacyWatch, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Table, "public_view", lambda self: self.view(1))


def plant_in_ephemeral_answer(watch: PrivacyWatch, monkeypatch: pytest.MonkeyPatch) -> None:
    """The "Your hand" answer a player (ephemeral) with another's tile in its words."""
    hand_message = hands.hand_message

    async def leaking(table_id: str, variant: str, view: Any, *args: Any, **kwargs: Any) -> Any:
        embed, file, moves = await hand_message(table_id, variant, view, *args, **kwargs)
        embed.description = f"{embed.description} ({secret_tile(watch, table_id, view.seat)})"
        return embed, file, moves

    monkeypatch.setattr(hands, "hand_message", leaking)


def plant_seed_in_footer(watch: PrivacyWatch, monkeypatch: pytest.MonkeyPatch) -> None:
    def leaking(snap: board.BoardSnapshot, w: Any) -> str:
        return f"Table {snap.table_id}, dealt from {only_table(watch).seed}"

    monkeypatch.setattr(board, "board_footer", leaking)


def plant_exchange_in_log(watch: PrivacyWatch, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game shows everyone the tile put under the stock (as the code once did): the one
    place that decides what of a move is public lets the exchange through."""
    monkeypatch.setattr(PairsGame, "seen_by", lambda self, action, seat: action)


def plant_in_review(watch: PrivacyWatch, monkeypatch: pytest.MonkeyPatch) -> None:
    """The review of a finished match names, beside the reviewer's own tiles, another's."""
    decision_embed = review_answer.decision_embed
    summary_embed = review_answer.summary_embed

    def leaking(*args: Any, **kwargs: Any) -> discord.Embed:
        shown = decision_embed(*args, **kwargs)
        shown.description = f"{shown.description} ({secret_tile(watch, only_table(watch).id, 0)})"
        return shown

    def leaking_summary(*args: Any, **kwargs: Any) -> discord.Embed:
        shown = summary_embed(*args, **kwargs)
        shown.description = f"{shown.description} ({secret_tile(watch, only_table(watch).id, 0)})"
        return shown

    monkeypatch.setattr(review_answer, "decision_embed", leaking)
    monkeypatch.setattr(review_answer, "summary_embed", leaking_summary)


@dataclass(frozen=True)
class Plant:
    name: str
    plant: Any
    game: Game
    where: str  # a word of the leak's `where` (the message kind and field)
    kind: str = "tile"  # what leaks: "tile", "picture" or "seed"


PLANTS = [
    Plant("board text", plant_in_board_text, Game("two-player", {"target": 1}), ".content"),
    Plant("gallery alt", plant_in_gallery_alt, Game("two-player", {"target": 1}), ".items["),
    Plant("button label", plant_in_move_label, Game("two-player", {"target": 1}), ".label"),
    Plant("custom id", plant_in_custom_id, Game("two-player", {"target": 1}), ".custom_id"),
    Plant("thread name", plant_in_thread_name, Game("two-player", {"target": 1}), "thread name"),
    Plant("alt text", plant_in_alt_text, Game("two-player", {"target": 1}), "alt text"),
    Plant(
        "private board picture",
        plant_private_board_picture,
        Game("two-player", {"target": 1}),
        "board.png",
        "picture",
    ),
    Plant(
        "ephemeral answer",
        plant_in_ephemeral_answer,
        Game("two-player", {"target": 1}, by_hand_button=True),
        "ephemeral to",
    ),
    Plant(
        "seed in a footer",
        plant_seed_in_footer,
        Game("two-player", {"target": 1}),
        ".content",
        "seed",
    ),
    Plant("pairs' exchange in the log", plant_exchange_in_log, Game("pairs"), ".description"),
    Plant(
        "review",
        plant_in_review,
        Game("two-player", {"target": 1}, review=True),
        "ephemeral to alice: embeds[0].description",
    ),
]


@pytest.mark.parametrize("plant", PLANTS, ids=[plant.name for plant in PLANTS])
async def test_a_planted_leak_is_caught(
    emu: Emulator, watch: PrivacyWatch, monkeypatch: pytest.MonkeyPatch, plant: Plant
) -> None:
    fixed_table_id("planted", monkeypatch)
    plant.plant(watch, monkeypatch)
    await play(emu, plant.game)
    caught = [leak for leak in watch.leaks if plant.where in leak.where and leak.kind == plant.kind]
    assert caught, f"the planted leak went unseen; seen: \n{watch.report()}"
