"""A table started before the board became a Components V2 layout plays on after the upgrade:
its board, sent as an embed with rows of buttons, is edited in place into the layout (Discord
sets the flag only on an edit that clears the embed in the same request; the emulator refuses
any other), its old buttons still work until then, and what it shows reads the same."""

from __future__ import annotations

from typing import Any

import discord

from cogs import texts
from tests.emulator.emulator import Emulator
from tests.emulator.layout import IS_COMPONENTS_V2, walk
from tests.tables.play import board, board_footer, board_title, board_words, play_match

BUTTON = 2


def as_sent_before(message: Any) -> None:
    """Make the board message what the bot sent before the layouts: no flag, its words in an
    embed (title, description, the picture, the footer), its buttons in a row of their own."""
    shown = message.message
    buttons = [c for c in walk(shown.components) if c.get("type") == BUTTON]
    shown.embeds = [
        {
            "title": board_title(message),
            "description": board_words(message),
            "image": {"url": "attachment://board.png"},
            "footer": {"text": board_footer(message)},
        }
    ]
    shown.components = [{"type": 1, "components": buttons}]
    shown.flags &= ~IS_COMPONENTS_V2


async def test_a_board_sent_as_an_embed_before_the_upgrade_becomes_a_layout(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    lobby = (await alice.slash("domino new", game="partnership", target=10)).response
    for _ in range(3):
        await alice.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await alice.click(lobby, "Start")
    await emu.wait_for(lambda: board(emu))
    await emu.settle()
    await emu.restart_bot()  # the upgrade: the old board is read from Discord as it was
    old = board(emu)
    as_sent_before(old)
    assert old.embeds and texts.YOUR_HAND in old.labels
    # Its old button still works: "Your hand" answers alice with her tiles.
    answer = await alice.click(old, texts.YOUR_HAND)
    assert answer.followups or answer.response
    final = await play_match(emu, [alice])
    # The old message was edited into the layout (in place, or once the board was posted again
    # below: without its buttons); the board shows no embed, the picture by its gallery with
    # its alt text, and the match's end in its words.
    assert old.message.flags & IS_COMPONENTS_V2 and old.embeds == [] and old.files
    assert final.message.flags & IS_COMPONENTS_V2 and final.embeds == []
    assert [f.filename for f in final.files] == ["board.png"]
    assert final.files[0].attachment.description
    assert "won the match" in board_words(final)
    assert emu.violations == []
