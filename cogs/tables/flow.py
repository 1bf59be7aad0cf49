"""A table's flow: what a change of it shows and what falls due next. Pure: the table and the
settings in, keys and a due job out; the runner stores them with the change (`Tables.act`).

- What a change shows (`show_for`): outbox keys, shown by the message modules (`publisher`).
- Its next job (`next_job`): one per table, from its phase (an expiring lobby, an AI's move, a
  person's turn timer, the pause between hands, forgetting a finished table).
- When a person's turn runs out as the board shows it (`turn_deadline`).
- What the jobs do to a table (`expire`, `next_hand`, `set_dm_closed`), run as actions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from cogs.common.settings import Settings
from cogs.tables.rows import Due
from cogs.tables.table import Phase, Step, Table
from data import TurnClock
from data.turn_clocks import UNTIL_SHOWN

FORGET_CANCELLED_SECONDS = 5.0  # a closed lobby's row stays while its last words are shown

#: A turn whose alert was delivered this long after the turn began: the table waited for it
#: (Discord or the bot was down), and its board says so for the rest of the turn.
PAUSED_AFTER_SECONDS = 60.0


def show_for(table: Table, steps: Iterable[Step] = (), *, was: Phase | None = None) -> list[str]:
    """What a change of `table` must show: the lobby message while there is no match (and once
    more when the match starts or the lobby closes), else the board and the hands, the thread
    where the match starts, and one score sheet for each hand that ended; a friends' table,
    its one message."""
    if table.friends:
        return ["reply"]  # its one message, by the latest token (`messages.reply`)
    if table.match is None:
        return ["lobby"]
    keys = ["board", "hands"]
    if was is Phase.LOBBY:
        keys = ["thread", "lobby", *keys]
    keys += [f"sheet:{step.hand_over.number}" for step in steps if step.hand_over is not None]
    return keys


def asking(table: Table) -> list[str]:
    """The notices that ping the partners a resignation asks whether their side concedes
    (`cogs.tables.resigning`), while they have not answered."""
    question = table.question
    if question is None:
        return []
    return [f"notice:asked:{seat}" for seat in question.asked if seat not in question.agreed]


def next_job(table: Table, settings: Settings) -> Due | None:
    """The table's next job, from its state."""
    if table.phase is Phase.LOBBY:
        return Due("expire", table.created_at + settings.lobby_seconds)
    if table.phase is Phase.PLAYING:
        if table.needs_ai() is not None:
            return Due("ai", table.turn_started + settings.ai_delay)
        # Timed from when the person was told (`data.turn_clocks`): due once shown.
        clock = TurnClock(table.version, table.setup.turn_seconds, table.turn_started)
        return Due("timer", UNTIL_SHOWN, clock)
    if table.phase is Phase.BETWEEN:
        # Everyone pressed Ready (AI seats always are): no need to wait out the pause.
        pause = 0.0 if table.all_ready() else settings.between_hands_seconds
        return Due("next-hand", table.turn_started + pause)
    if table.phase is Phase.OVER:
        # Kept a while (stored, so across a restart) for its Rematch and Leave buttons.
        return Due("forget", table.finished_at + settings.keep_finished_seconds)
    return Due("forget", table.finished_at + FORGET_CANCELLED_SECONDS)


def turn_deadline(table: Table, clock: TurnClock | None, now: float) -> tuple[float, bool]:
    """When the person's turn runs out, as the board shows it, and whether the table
    waited for the turn to be shown (longer than `PAUSED_AFTER_SECONDS`: the board says
    so). A turn is timed from when its alert was delivered (`clock.shown_at`); the board is
    shown first, so before that it counts from now (the alert follows at once, and one that
    comes late has the board shown again: `messages.shown.REDRAW_AFTER_SECONDS`). A turn
    stored before turns had clocks runs from when it began, as its timer does."""
    seconds = table.setup.turn_seconds
    if clock is None:
        return table.turn_started + seconds, False
    if clock.version == table.version and clock.shown_at is not None:
        shown = clock.shown_at
    else:
        shown = max(now, table.turn_started)
    return shown + seconds, shown - table.turn_started > PAUSED_AFTER_SECONDS


def expire(table: Table) -> list[Step]:
    table.expire()
    return []


def next_hand(now: float) -> Callable[[Table], list[Step]]:
    def deal(table: Table) -> list[Step]:
        return table.next_hand(now)

    return deal


def set_dm_closed(table: Table, seat: int, closed: bool) -> None:
    table.seats[seat].dm_closed = closed
