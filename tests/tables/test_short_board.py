"""The board's words are short and say only what its picture does not: the last moves, whose
turn it is and until when, how a hand or the match ended. The picture draws every seat's tiles,
the scores, the boneyard and the running total, so the words repeat none of them, even at ten
players. A new hand's board tells only that hand's moves; the lobby's summary of the game says
the numbers chosen for it."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from cogs import texts
from tests.emulator import rest_channels, rest_interactions
from tests.emulator.emulator import Emulator
from tests.emulator.layout import IS_COMPONENTS_V2, walk
from tests.emulator.world import Message
from tests.tables.play import play_match

#: The most lines a board's words take (title, description and footer together): what a phone
#: shows beside the picture without scrolling it away.
MOST_LINES = 8


class Boards:
    """Every version of the board's words the bot sent or edited, in order, as an embed's
    parts: a layout's heading is its title, its last line (`-# …`) its footer, the lines
    between its description."""

    def __init__(self) -> None:
        self.shown: list[dict[str, Any]] = []

    def record(self, message: Message) -> None:
        embeds = [copy.deepcopy(embed) for embed in message.embeds]
        if message.flags & IS_COMPONENTS_V2:
            texts_shown = [c["content"] for c in walk(message.components) if c.get("type") == 10]
            lines = "\n".join(texts_shown).splitlines()
            if lines and lines[0].startswith("### "):
                embeds.append(
                    {
                        "title": lines[0].removeprefix("### "),
                        "description": "\n".join(lines[1:-1]),
                        "footer": {"text": lines[-1].removeprefix("-# ")},
                    }
                )
        for embed in embeds:
            # (A game of penalty points says what they mean before it.)
            if str((embed.get("footer") or {}).get("text")).endswith(texts.SPECTATORS):
                self.shown.append(embed)

    def of_hand(self, number: int) -> list[dict[str, Any]]:
        return [embed for embed in self.shown if str(embed["title"]).endswith(f" {number}")]


@pytest.fixture
def boards(monkeypatch: pytest.MonkeyPatch) -> Iterator[Boards]:
    seen = Boards()
    for module in (rest_channels, rest_interactions):
        for name in ("create_message", "edit_message"):
            original = getattr(module, name)

            def recording(emu: Emulator, *args: Any, _original: Any = original, **kw: Any) -> Any:
                result = _original(emu, *args, **kw)
                seen.record(result if isinstance(result, Message) else args[0])
                return result

            monkeypatch.setattr(module, name, recording)
    yield seen


async def open_table(emu: Emulator, host: Any, game: str, ai: int, **options: Any) -> Any:
    # Asked even for a single move: every turn of the host waits for a click, so the board
    # shows it (a deal of single moves only, played at once, would show none).
    await host.slash("domino settings", single_moves="ask")
    typed = " ".join(f"{name}={value}" for name, value in options.items())
    values = {"game": game, **({"options": typed} if typed else {})}
    lobby = (await host.slash("domino new", values)).response
    for _ in range(ai):
        await host.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    return lobby


def lines_of(embed: dict[str, Any]) -> list[str]:
    lines = [str(embed.get("title") or "")]
    lines += str(embed.get("description") or "").splitlines()
    for field in embed.get("fields") or []:
        lines += [str(field.get("name") or ""), *str(field.get("value") or "").splitlines()]
    lines.append(str((embed.get("footer") or {}).get("text") or ""))
    return [line for line in lines if line.strip()]


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        ("cyprus", 10, {"target": 10}),  # ten players: ten tile counts the picture shows
        ("sum", 3, {"wins": 1}),  # a running total, drawn on the picture
        ("partnership", 4, {"target": 10}),  # no boneyard at all
    ],
    ids=["cyprus-10", "sum", "partnership"],
)
async def test_the_board_says_in_a_few_lines_only_what_the_picture_does_not(
    emu: Emulator,
    domino: discord.Client,
    boards: Boards,
    game: str,
    seats: int,
    options: dict[str, Any],
) -> None:
    alice = emu.user("alice")
    lobby = await open_table(emu, alice, game, seats - 1, **options)
    await alice.click(lobby, "Start")
    await play_match(emu, [alice], seconds=300)
    assert boards.shown
    longest = max(boards.shown, key=lambda embed: len(lines_of(embed)))
    assert len(lines_of(longest)) <= MOST_LINES, lines_of(longest)
    # No field: tiles in hand, scores, the boneyard and the total are all on the picture.
    assert [embed["fields"] for embed in boards.shown if embed.get("fields")] == []
    # Alice's turn shows her timer (AI seats have none).
    hers = [embed for embed in boards.shown if f"<@{alice.id}> is to play" in embed["description"]]
    assert hers and all("<t:" in embed["description"] for embed in hers)
    assert not [line for embed in boards.shown for line in lines_of(embed) if "(AI, " in line]


async def test_a_new_hand_s_board_tells_none_of_the_last_hand_s_moves(
    emu: Emulator, domino: discord.Client, boards: Boards
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = await open_table(emu, alice, "pool", 0, hands=2)
    await bob.click(lobby, texts.JOIN)
    await alice.click(lobby, "Start")
    await play_match(emu, [alice, bob], seconds=300)
    first, second = boards.of_hand(1), boards.of_hand(2)
    assert first and second
    moves = {
        line
        for embed in first
        for line in str(embed.get("description") or "").splitlines()
        if " played " in line or line.endswith((" passed", " drew"))
    }
    assert moves  # the first hand's moves were on its board
    opening = str(second[0].get("description") or "").splitlines()
    assert not moves & set(opening), opening


async def test_the_lobby_s_summary_says_the_chosen_target(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    lobby = await open_table(emu, alice, "partnership", 0, target=30)
    assert "the pair that reaches 30 loses" in lobby.text
    assert "100" not in lobby.text
    usual = (await alice.slash("domino new", game="traditional")).response
    assert "first to 100 wins" in usual.text
