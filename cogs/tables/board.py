"""What a table shows: the public board (picture + embed), the lobby, a player's private hand,
the score sheet. Snapshots are taken synchronously from the table (so they are consistent);
pictures are drawn off the event loop (in worker processes: see `cogs.common.pictures`), since
Pillow would stall it.

Nothing here sees a hand it may not show: the board and the score sheet are drawn from
`Table.public_view()` (no hand, no moves); a hand is drawn only from its own seat's view.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

import discord

import render
from cogs import texts
from cogs.common import colours, pictures, tiles
from cogs.common.pictures import worded_view
from cogs.lang import Said, Words
from cogs.tables.ending import Ending
from cogs.tables.table import Phase, Table
from engine import Draw, Pass, Play, SeatView
from engine.actions import Action
from engine.variants.mexican_train import Stop
from engine.variants.pairs import Exchange, LayPairs
from render.hand import exchange_label, lay_label, turn_note
from render.sprites import set_top

COLOUR = colours.TABLE
#: How many of the last moves the board's words repeat (the picture shows the tiles, not who
#: placed them last).
LAST_MOVES = 2
#: The most lines of moves the board's words show: every move since the player to move last
#: moved, up to this many (a run of forced draws is one line), so the words stay short at ten
#: players.
MOST_MOVES = 4


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
    ending: Ending | None
    winners: tuple[int, ...]
    #: The turn's alert was delivered long after the turn began: the table waited for it, and
    #: the turn's time counts from then (`flow.turn_deadline`).
    paused: bool = False

    @classmethod
    def of(
        cls,
        table: Table,
        deadline: float | None,
        between_until: float | None,
        *,
        paused: bool = False,
    ) -> BoardSnapshot:
        view = table.public_view() if table.match is not None else None
        return cls(
            table_id=table.id,
            version=table.version,
            game=table.setup.variant,
            phase=table.phase,
            view=view,
            names=tuple(table.names()),
            # A player who resigned and left is not called to play: an AI plays their seat.
            mentions=tuple(
                f"<@{seat.user_id}>"
                if seat.user_id is not None and number not in table.left
                else None
                for number, seat in enumerate(table.seats)
            ),
            dm_closed=tuple(seat.dm_closed for seat in table.seats),
            log=tuple(table.log),
            deadline=deadline,
            between_until=between_until,
            choosers=table.lead_choosers() if table.phase is Phase.BETWEEN else (),
            ending=table.ending,
            winners=table.winners,
            paused=paused,
        )

    @property
    def shown_names(self) -> tuple[str, ...]:
        """The players' names as the board's words show them (typed by users: escaped); the
        pictures draw `names` as they are."""
        return tuple(texts.user_text(name) for name in self.names)


def board_embed(snap: BoardSnapshot, w: Words) -> discord.Embed:
    """The public board's words, in the server's language (`w`): only what the picture does not
    show (it draws every seat's tiles, the scores, the boneyard and the game's status line), so
    a phone shows the picture with a few lines: the last moves, whose turn it is and until when,
    and between hands or at the end how the hand or the match ended."""
    embed = discord.Embed(title=board_title(snap, w), colour=COLOUR)
    lines = board_moves(snap, w) + board_status(snap, w)
    embed.description = "\n".join(lines or [w(texts.NO_BOARD_YET)])[:4000]
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=board_footer(snap, w))
    return embed


def board_title(snap: BoardSnapshot, w: Words) -> str:
    """The board's title: the game and the hand (or the round, in games played in rounds)."""
    view = snap.view
    assert view is not None
    number = len(view.results) + (1 if snap.phase is Phase.PLAYING else 0)
    game = w.game_name(snap.game)
    title = texts.round_title(w, game, view, max(number, 1))
    return title or w(texts.HAND_TITLE, game=game, number=max(number, 1))


def board_moves(snap: BoardSnapshot, w: Words) -> list[str]:
    """The last moves, in `w`'s words (`last_moves`), the tiles named as emojis of the
    table's set where they are uploaded."""
    assert snap.view is not None
    top = set_top(snap.view)
    return [w.say(tiles.tiled(line, top)) for line in last_moves(snap)]


def board_status(snap: BoardSnapshot, w: Words) -> list[str]:
    """Whose turn it is and until when (a Discord timestamp each reader's client counts down),
    between hands when the next starts and who may lead it, at the end how the match ended,
    and whose DMs are closed."""
    view, names = snap.view, snap.shown_names
    assert view is not None
    lines: list[str] = []
    if snap.phase is Phase.PLAYING and view.turn is not None:
        seat = view.turn
        turn = texts.turn_line(w, names[seat], snap.mentions[seat])
        if snap.deadline is not None:
            turn += " · " + texts.deadline_line(int(snap.deadline))
        lines.append(turn)
        if snap.paused:
            lines.append(w(texts.TURN_WAITED))
    # How the hand ended, its points and who is out are said once, under its score sheet.
    if snap.phase is Phase.BETWEEN and view.results:
        when = texts.deadline_line(int(snap.between_until or 0))
        lines.append(w(texts.dealt(texts.NEXT_HAND_STARTS, view.variant), when=when))
        # Only people press "I'll lead": winners who are all AI lead as the rules say.
        people = [seat for seat in snap.choosers if snap.mentions[seat] is not None]
        if len(people) > 1:
            pair = " & ".join(names[seat] for seat in people)
            lines.append(w(texts.CHOOSE_LEADER, pair=pair))
        elif people:
            lines.append(w(texts.CHOOSE_LEADER_ONE, name=names[people[0]]))
    if snap.phase is Phase.OVER:
        lines.append(texts.match_outcome(w, view, names, snap.winners))
    for name, closed in zip(names, snap.dm_closed, strict=True):
        if closed and snap.phase in (Phase.PLAYING, Phase.BETWEEN):
            lines.append(w(texts.DM_CLOSED, name=name))
    return lines


def board_footer(snap: BoardSnapshot, w: Words) -> str:
    """The line under the board: the scores (`texts.board_footer`)."""
    assert snap.view is not None
    return texts.board_footer(w, snap.view)


def last_moves(snap: BoardSnapshot) -> tuple[Said, ...]:
    """The moves the board's words repeat: at least the last `LAST_MOVES` lines, and during a
    hand every line since the player to move last moved (what happened since their turn), up to
    `MOST_MOVES` (a run of draws and passes the table played itself is one line of the log, so
    a move followed by such a run stays on the board)."""
    log = snap.log
    shown = min(LAST_MOVES, len(log))
    view = snap.view
    if snap.phase is Phase.PLAYING and view is not None and view.turn is not None:
        name = texts.user_text(snap.names[view.turn])
        since = 0
        for line in reversed(log):
            if texts.said_by(line) == name:
                break
            since += 1
        shown = max(shown, min(since, MOST_MOVES))
    return log[len(log) - shown :] if shown else ()


def picture_file(picture: pictures.Picture, filename: str) -> discord.File:
    """A picture drawn by the workers as an attachment, its alt text as the description."""
    return discord.File(io.BytesIO(picture.png), filename=filename, description=picture.alt)


async def board_file(snap: BoardSnapshot, w: Words) -> discord.File:
    """The board picture, with its description as alt text (for screen readers), in the
    server's words (`w`), its status line included."""
    assert snap.view is not None
    view, names = worded_view(snap.view, w), list(snap.names)
    picture = await pictures.board(view, names, w.language, snap.table_id)
    return picture_file(picture, "board.png")


async def score_sheet_file(snap: BoardSnapshot, w: Words) -> discord.File:
    view, names = snap.view, list(snap.names)
    assert view is not None
    return picture_file(await pictures.score_sheet(view, names, w.language), "scores.png")


def hand_result_text(snap: BoardSnapshot, w: Words) -> str:
    """The message under a hand's score sheet, the hand's record in the table's channel: how
    it ended, the points of the sides whose score changed, and who it put out of the match
    (the board says how the match ended: not repeated here)."""
    view, names = snap.view, snap.shown_names
    assert view is not None and view.results
    lines = [texts.hand_outcome(w, view, names), texts.hand_points(w, view, names)]
    lines += texts.hand_bonuses(w, view, names)
    lines += texts.eliminations(w, view, names)
    return "\n".join(lines)


# -- the private hand -------------------------------------------------------------------------


def move_labels(
    legal: tuple[Action, ...], w: Words, view: SeatView | None = None, names: Sequence[str] = ()
) -> tuple[list[str], bool]:
    """Labels for the moves in the player's words (`w`), and whether they fit on buttons
    (plays, draws, passes, the pairs game's moves and the end of a Mexican Train run do;
    another variant's own actions go into a menu with their full description). `names`: the
    seats' names, which Mexican Train's plays name their trains by."""
    wording = w.wording()
    labels = [
        render.move_label(action, wording=wording, view=view, names=names)
        if isinstance(action, Play | Draw | Pass | Stop)
        else exchange_label(action, wording=wording)
        if isinstance(action, Exchange)
        else lay_label(action, wording=wording)
        if isinstance(action, LayPairs)
        else w.message(str(action))
        for action in legal
    ]
    # A pairs exchange is one tile under the stock, a laying of pairs at most three pairs: short
    # labels, buttons like plays (a menu only when there are more than the buttons' rows hold).
    simple = all(
        isinstance(action, Play | Draw | Pass | Exchange | LayPairs | Stop) for action in legal
    )
    return labels, simple


def turn_words(view: SeatView, w: Words) -> str | None:
    """What the seat to play must do, when a plain "your turn" would not say it (the pairs
    game: lay pairs, or put a tile under the stock and draw the top one); None otherwise.
    For the hand message's text, beside the picture whose footnote says the same."""
    if not view.my_turn or not view.laid_pairs:
        return None
    return turn_note(view, wording=w.wording())


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
        embed.description = turn_words(view, w) or w(texts.YOUR_TURN)
    else:
        shown = texts.user_text(turn_name) if turn_name else "-"
        embed.description = w(texts.NOT_YOUR_TURN_YET, name=shown)
    embed.set_image(url="attachment://hand.png")
    return embed


async def hand_file(view: SeatView, w: Words, names: Sequence[str] = ()) -> discord.File:
    """The hand picture for its owner only: its alt text lists the tiles (in `w`'s words)."""
    return picture_file(await pictures.hand(view, names, w.language), "hand.png")
