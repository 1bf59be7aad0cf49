"""The table's board as ONE Components V2 message (`board_layout`): a container with the game
and whose turn it is (the timer a Discord timestamp each reader's client counts down), the
board picture in a media gallery (its alt text the gallery item's description), the last
moves, the footer (who may watch, what penalty points mean) and the table's buttons in action
rows inside the container. The scores, the tiles in hand and the boneyard are the picture's,
as they were with the embed: the words stay a few lines, even at ten players.

It is built from the same snapshot and the same words as the embed was (`cogs.tables.board`),
so what it says and what it may show are the same: the public view, never a hand. The buttons
are the table's own (`cogs.tables.components.TableButton`), five to a row.

Why a layout here: the embed put whose turn it is under the moves, the picture at the bottom of
its frame and the buttons outside it; the layout reads top to bottom in one frame: whose turn
and until when, the board, what just happened, what can be done. Where a layout is not used (the
lobby, the hands, the score sheets), docs/design-discord-layer.md says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from cogs import texts
from cogs.lang import Words
from cogs.tables import board
from cogs.tables.board import BoardSnapshot
from cogs.tables.components import TableButton

#: What the words of a gallery item's alt text may hold (Discord's limit is 1024).
ALT_MAX = 1000
BUTTONS_PER_ROW = 5
#: Each of the board's three texts is cut to this, so together they stay under the 4000
#: characters Discord allows a layout (tests/tables/test_board_layouts.py: under 1000 as shown).
PART_MAX = 1200
BOARD_PICTURE = "attachment://board.png"


def board_texts(snap: BoardSnapshot, w: Words) -> tuple[str, str, str]:
    """The board's three texts, in the server's words (`w`): the title with whose turn it is
    (and between hands or at the end what comes next), the last moves (may be empty), the
    footer."""
    status = board.board_status(snap, w)
    moves = board.board_moves(snap, w)
    head = "\n".join([f"### {board.board_title(snap, w)}", *status])
    if not status and not moves:
        head += "\n" + w(texts.NO_BOARD_YET)
    footer = f"-# {board.board_footer(snap, w)}"
    return head[:PART_MAX], "\n".join(moves)[:PART_MAX], footer[:PART_MAX]


def board_layout(
    snap: BoardSnapshot,
    w: Words,
    verbs: Sequence[str],
    *,
    alt: str | None,
    texts: tuple[str, str, str] | None = None,
) -> discord.ui.LayoutView:
    """The board message as one container, in the server's words (`w`): the title and whose
    turn it is, the picture (`alt`: its alt text), the last moves and the footer, then the
    table's buttons (`verbs`, as `cogs.tables.clicks.offered` gives them; none on an old board
    the table moved away from). `texts`: `board_texts(snap, w)`, when the caller has them."""
    head, moves, footer = texts if texts is not None else board_texts(snap, w)
    children: list[discord.ui.Item[Any]] = [discord.ui.TextDisplay(head)]
    gallery = discord.MediaGalleryItem(BOARD_PICTURE, description=(alt or "")[:ALT_MAX] or None)
    children.append(discord.ui.MediaGallery(gallery))
    if moves:
        children.append(discord.ui.TextDisplay(moves))
    children.append(discord.ui.TextDisplay(footer))
    buttons = [TableButton(snap.table_id, verb, w) for verb in verbs]
    for first in range(0, len(buttons), BUTTONS_PER_ROW):
        children.append(discord.ui.ActionRow(*buttons[first : first + BUTTONS_PER_ROW]))
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.Container(*children, accent_colour=board.COLOUR))
    return layout
