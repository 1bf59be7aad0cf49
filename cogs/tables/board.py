"""What a table shows: the public board (picture + embed), the lobby, a player's private hand,
the score sheet. Snapshots are taken synchronously from the table (so they are consistent);
pictures are drawn off the event loop (in worker processes: see `pictures`), since Pillow
would stall it.

Nothing here sees a hand it may not show: the board and the score sheet are drawn from
`Table.public_view()` (no hand, no moves); a hand is drawn only from its own seat's view.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, replace

import discord

import render
from cogs import texts
from cogs.lang import Said, Words
from cogs.tables import pictures
from cogs.tables.table import Phase, Table
from engine import Draw, Pass, Play, SeatView
from engine.actions import Action
from engine.messages import Message

COLOUR = discord.Colour(0x2E7D32)


@dataclass(frozen=True)
class BoardSnapshot:
    """The public state of a table at one version."""

    table_id: str
    version: int
    game: str  # the variant id
    phase: Phase
    view: SeatView | None  # public: no hand, no moves
    names: tuple[str, ...]
    mentions: tuple[str | None, ...]
    dm_closed: tuple[bool, ...]
    log: tuple[Said, ...]
    deadline: float | None
    between_until: float | None
    choosers: tuple[int, ...]
    ended: Said | None
    winners: tuple[int, ...]

    @classmethod
    def of(cls, table: Table, deadline: float | None, between_until: float | None) -> BoardSnapshot:
        view = table.public_view() if table.match is not None else None
        return cls(
            table_id=table.id,
            version=table.version,
            game=table.setup.variant,
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

    @property
    def shown_names(self) -> tuple[str, ...]:
        """The players' names as the board's words show them (typed by users: escaped); the
        pictures draw `names` as they are."""
        return tuple(texts.user_text(name) for name in self.names)


def _unit_name(names: tuple[str, ...], unit: tuple[int, ...]) -> str:
    return " & ".join(names[seat] for seat in unit)


def board_embed(snap: BoardSnapshot, w: Words) -> discord.Embed:
    """The public board's words, in the server's language (`w`)."""
    view, names = snap.view, snap.shown_names
    assert view is not None
    number = len(view.results) + (1 if snap.phase is Phase.PLAYING else 0)
    embed = discord.Embed(
        title=w(texts.HAND_TITLE, game=w.game_name(snap.game), number=max(number, 1)),
        colour=COLOUR,
    )
    lines = [w.say(line) for line in snap.log] or [w(texts.NO_BOARD_YET)]
    embed.description = "\n".join(lines)[:4000]
    if snap.phase is Phase.PLAYING and view.turn is not None:
        seat = view.turn
        turn = texts.turn_line(w, names[seat], snap.mentions[seat])
        if snap.deadline is not None:
            turn += " · " + texts.deadline_line(int(snap.deadline))
        embed.add_field(name=w(texts.TO_PLAY), value=turn, inline=False)
    sizes = "\n".join(
        f"{name}: {w.number(size)}"
        for name, size, seated in zip(names, view.hand_sizes, view.seated, strict=True)
        if seated
    )
    embed.add_field(name=w(texts.HANDS), value=sizes or "-", inline=True)
    embed.add_field(name=w(texts.BONEYARD), value=w.number(view.boneyard), inline=True)
    scores = "\n".join(
        f"{_unit_name(names, unit)}: {w.number(score)}"
        for unit, score in zip(view.units, view.scores, strict=True)
    )
    embed.add_field(name=w(texts.SCORES), value=scores or "-", inline=True)
    if view.total is not None:
        embed.add_field(name=w(texts.TOTAL), value=w.number(view.total), inline=True)
    if view.status:
        embed.add_field(name=w(texts.STATUS), value=w.message(view.status)[:1000], inline=False)
    notes: list[str] = []
    if snap.phase is Phase.BETWEEN and view.results:
        when = texts.deadline_line(int(snap.between_until or 0))
        notes.append(w(texts.BETWEEN_HANDS, number=len(view.results), when=when))
        if snap.choosers:
            pair = " & ".join(names[seat] for seat in snap.choosers)
            notes.append(w(texts.CHOOSE_LEADER, pair=pair))
    if snap.phase is Phase.OVER:
        winners = " & ".join(names[seat] for seat in snap.winners)
        notes.append(texts.match_result(w, winners))
    for name, closed in zip(names, snap.dm_closed, strict=True):
        if closed and snap.phase in (Phase.PLAYING, Phase.BETWEEN):
            notes.append(w(texts.DM_CLOSED, name=name))
    if notes:
        embed.add_field(name="\u200b", value="\n".join(notes)[:1024], inline=False)
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=w(texts.SPECTATORS))
    return embed


def board_verbs(snap: BoardSnapshot) -> list[str]:
    if snap.phase is Phase.PLAYING:
        return ["hand", "resign", "draw"]
    if snap.phase is Phase.BETWEEN:
        return ["hand", "ready", *(["lead"] if snap.choosers else []), "resign"]
    if snap.phase is Phase.OVER:
        return ["rematch", "leave"]
    return []


def worded_view(view: SeatView, w: Words) -> SeatView:
    """The view with its status line (an engine `Message`, English as it stands) in `w`'s
    words: render draws and describes the status as it is, and cannot translate it."""
    if not view.status:
        return view
    text = w.message(view.status)
    return replace(view, status=Message(text.replace("{", "{{").replace("}", "}}")))


async def board_file(snap: BoardSnapshot, w: Words) -> discord.File:
    """The board picture, with its description as alt text (for screen readers), in the
    server's words (`w`), its status line included."""
    assert snap.view is not None
    view, names = worded_view(snap.view, w), list(snap.names)
    wording = w.wording()
    data = await pictures.board_png(view, names, wording)
    alt = render.describe(view, names=names, wording=wording)[:1000]
    return discord.File(io.BytesIO(data), filename="board.png", description=alt)


async def score_sheet_file(snap: BoardSnapshot, w: Words) -> discord.File:
    view, names = snap.view, list(snap.names)
    assert view is not None
    wording = w.wording()
    data = await pictures.score_sheet_png(view, names, wording)
    alt = render.describe_sheet(view, names=names, wording=wording)[:1000]
    return discord.File(io.BytesIO(data), filename="scores.png", description=alt)


def hand_result_text(snap: BoardSnapshot, w: Words) -> str:
    view, names = snap.view, snap.shown_names
    assert view is not None and view.results
    result = view.results[-1]
    winners = " & ".join(names[seat] for seat in result.winners) or "-"
    points = ", ".join(
        f"{_unit_name(names, unit)} {w.signed(points)}"
        for unit, points in zip(view.units, result.points, strict=True)
    )
    return texts.hand_result(w, len(view.results), winners, result.end, points)


# -- the private hand -------------------------------------------------------------------------


def move_labels(
    legal: tuple[Action, ...], w: Words, view: SeatView | None = None
) -> tuple[list[str], bool]:
    """Labels for the moves in the player's words (`w`), and whether they fit on buttons
    (plays, draws and passes do; a variant's own actions go into a menu with their full
    description)."""
    wording = w.wording()
    labels = [
        render.move_label(action, wording=wording, view=view)
        if isinstance(action, Play | Draw | Pass)
        else w.message(str(action))
        for action in legal
    ]
    simple = all(isinstance(action, Play | Draw | Pass) for action in legal)
    return labels, simple


def hand_embed(
    view: SeatView, where: str, turn_name: str | None, w: Words, *, ending: Sequence[str] = ()
) -> discord.Embed:
    """A player's private hand, in their own language (`w`); `where` is the game's id; `ending`:
    how the hand and the match ended, once they did (already in `w`'s words)."""
    embed = discord.Embed(title=w(texts.YOUR_TILES, where=w.game_name(where)), colour=COLOUR)
    if ending:
        embed.description = "\n".join(ending)[:4000]
    elif view.over or view.turn is None:
        embed.description = w(texts.HAND_FINISHED if view.results else texts.NO_TILES)
    elif view.my_turn:
        embed.description = w(texts.YOUR_TURN)
    else:
        shown = texts.user_text(turn_name) if turn_name else "-"
        embed.description = w(texts.NOT_YOUR_TURN_YET, name=shown)
    embed.set_image(url="attachment://hand.png")
    return embed


async def hand_file(view: SeatView, w: Words, names: Sequence[str] = ()) -> discord.File:
    """The hand picture for its owner only: its alt text lists the tiles (in `w`'s words)."""
    wording = w.wording()
    data = await pictures.hand_png(view, wording)
    alt = render.describe_hand(view, names=names, wording=wording)[:1000]
    return discord.File(io.BytesIO(data), filename="hand.png", description=alt)
