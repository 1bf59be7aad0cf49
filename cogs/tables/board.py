"""What a table shows: the public board (picture + embed), the lobby, a player's private hand,
the score sheet. Snapshots are taken synchronously from the table (so they are consistent);
pictures are drawn off the event loop (in worker processes: see `pictures`), since Pillow
would stall it.

Nothing here sees a hand it may not show: the board and the score sheet are drawn from
`Table.public_view()` (no hand, no moves); a hand is drawn only from its own seat's view.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import discord

import render
from cogs import texts
from cogs.tables import pictures
from cogs.tables.table import Phase, Table
from engine import Draw, Pass, Play, SeatView
from engine.actions import Action

COLOUR = discord.Colour(0x2E7D32)


@dataclass(frozen=True)
class BoardSnapshot:
    """The public state of a table at one version."""

    table_id: str
    version: int
    game: str
    phase: Phase
    view: SeatView | None  # public: no hand, no moves
    names: tuple[str, ...]
    mentions: tuple[str | None, ...]
    dm_closed: tuple[bool, ...]
    log: tuple[str, ...]
    deadline: float | None
    between_until: float | None
    choosers: tuple[int, ...]
    ended: str | None
    winners: tuple[int, ...]

    @classmethod
    def of(cls, table: Table, deadline: float | None, between_until: float | None) -> BoardSnapshot:
        view = table.public_view() if table.match is not None else None
        return cls(
            table_id=table.id,
            version=table.version,
            game=table.setup.kind.name,
            phase=table.phase,
            view=view,
            names=tuple(table.names()),
            mentions=tuple(
                f"<@{seat.user_id}>" if seat.user_id is not None else None for seat in table.seats
            ),
            dm_closed=tuple(seat.dm_closed for seat in table.seats),
            log=tuple(table.log),
            deadline=deadline,
            between_until=between_until,
            choosers=table.lead_choosers() if table.phase is Phase.BETWEEN else (),
            ended=table.ended,
            winners=table.winners,
        )


def _unit_name(names: tuple[str, ...], unit: tuple[int, ...]) -> str:
    return " & ".join(names[seat] for seat in unit)


def board_embed(snap: BoardSnapshot) -> discord.Embed:
    view = snap.view
    assert view is not None
    number = len(view.results) + (1 if snap.phase is Phase.PLAYING else 0)
    embed = discord.Embed(
        title=texts.HAND_TITLE.format(game=snap.game, number=max(number, 1)), colour=COLOUR
    )
    lines = list(snap.log) or [texts.NO_BOARD_YET]
    embed.description = "\n".join(lines)[:4000]
    if snap.phase is Phase.PLAYING and view.turn is not None:
        seat = view.turn
        turn = texts.turn_line(snap.names[seat], snap.mentions[seat])
        if snap.deadline is not None:
            turn += " · " + texts.deadline_line(int(snap.deadline))
        embed.add_field(name=texts.TO_PLAY, value=turn, inline=False)
    sizes = "\n".join(
        f"{name}: {size}"
        for name, size, seated in zip(snap.names, view.hand_sizes, view.seated, strict=True)
        if seated
    )
    embed.add_field(name=texts.HANDS, value=sizes or "-", inline=True)
    embed.add_field(name=texts.BONEYARD, value=str(view.boneyard), inline=True)
    scores = "\n".join(
        f"{_unit_name(snap.names, unit)}: {score}"
        for unit, score in zip(view.units, view.scores, strict=True)
    )
    embed.add_field(name=texts.SCORES, value=scores or "-", inline=True)
    if view.total is not None:
        embed.add_field(name=texts.TOTAL, value=str(view.total), inline=True)
    if view.status:
        embed.add_field(name=texts.STATUS, value=view.status[:1000], inline=False)
    notes: list[str] = []
    if snap.phase is Phase.BETWEEN and view.results:
        when = texts.deadline_line(int(snap.between_until or 0))
        notes.append(texts.BETWEEN_HANDS.format(number=len(view.results), when=when))
        if snap.choosers:
            pair = " & ".join(snap.names[seat] for seat in snap.choosers)
            notes.append(texts.CHOOSE_LEADER.format(pair=pair))
    if snap.phase is Phase.OVER:
        winners = " & ".join(snap.names[seat] for seat in snap.winners)
        notes.append(texts.match_result(winners))
    for name, closed in zip(snap.names, snap.dm_closed, strict=True):
        if closed and snap.phase in (Phase.PLAYING, Phase.BETWEEN):
            notes.append(texts.DM_CLOSED.format(name=name))
    if notes:
        embed.add_field(name="\u200b", value="\n".join(notes)[:1024], inline=False)
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=texts.SPECTATORS)
    return embed


def board_verbs(snap: BoardSnapshot) -> list[str]:
    if snap.phase is Phase.PLAYING:
        return ["hand", "resign", "draw"]
    if snap.phase is Phase.BETWEEN:
        return ["hand", "ready", *(["lead"] if snap.choosers else []), "resign"]
    if snap.phase is Phase.OVER:
        return ["rematch", "leave"]
    return []


async def board_file(snap: BoardSnapshot) -> discord.File:
    """The board picture, with its description as alt text (for screen readers)."""
    assert snap.view is not None
    view, names = snap.view, list(snap.names)
    data = await pictures.board_png(view, names)
    alt = render.describe(view, names=names)[:1000]
    return discord.File(io.BytesIO(data), filename="board.png", description=alt)


async def score_sheet_file(snap: BoardSnapshot) -> discord.File:
    view, names = snap.view, list(snap.names)
    assert view is not None
    data = await pictures.score_sheet_png(view, names)
    return discord.File(io.BytesIO(data), filename="scores.png")


def hand_result_text(snap: BoardSnapshot) -> str:
    view = snap.view
    assert view is not None and view.results
    result = view.results[-1]
    winners = " & ".join(snap.names[seat] for seat in result.winners) or "-"
    points = ", ".join(
        f"{_unit_name(snap.names, unit)} {points:+d}"
        for unit, points in zip(view.units, result.points, strict=True)
    )
    return texts.hand_result(len(view.results), winners, result.end, points)


# -- the private hand -------------------------------------------------------------------------


def move_labels(legal: tuple[Action, ...]) -> tuple[list[str], bool]:
    """Labels for the moves, and whether they fit on buttons (plays, draws and passes do;
    a variant's own actions go into a menu with their full description)."""
    labels = [render.move_label(action) for action in legal]
    simple = all(isinstance(action, Play | Draw | Pass) for action in legal)
    return labels, simple


def hand_embed(view: SeatView, where: str, turn_name: str | None) -> discord.Embed:
    embed = discord.Embed(title=texts.YOUR_TILES.format(where=where), colour=COLOUR)
    if view.over or view.turn is None:
        embed.description = texts.HAND_FINISHED if view.results else texts.NO_TILES
    elif view.my_turn:
        embed.description = texts.YOUR_TURN
    else:
        embed.description = texts.NOT_YOUR_TURN_YET.format(name=turn_name or "-")
    embed.set_image(url="attachment://hand.png")
    return embed


async def hand_file(view: SeatView) -> discord.File:
    data = await pictures.hand_png(view)
    return discord.File(io.BytesIO(data), filename="hand.png")
