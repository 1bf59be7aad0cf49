"""The buttons a table's board offers are asked of the model (`cogs.tables.clicks.offered`, the
`can_…` methods of `Table`): a button is shown exactly when its action can succeed for someone
seated. At random positions of random tables (people only, and one person with AI seats), every
button offered succeeds for some person at the table, and every button the phase's board could
show but does not would be refused to each of them."""

from __future__ import annotations

import contextlib
import copy
import random
from collections.abc import Callable

import pytest

from cogs.common.refusal import Refusal
from cogs.tables.clicks import OFFERS, offered
from cogs.tables.table import Phase, Table
from tests.test_table_model import ALICE, BOB, CAROL, DAVE, LEVELS, new_table

PEOPLE = ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol"), (DAVE, "dave"))


SERVER = 1


def _see_hand(table: Table, user: int) -> None:
    """What "Your hand" asks (`Clicks.show_hand`): a seat, and a match."""
    if table.seat_of(user) is None or table.match is None:
        raise Refusal("not seated")


def _rematch(table: Table, user: int) -> None:
    """What Rematch does (`Clicks.rematch`): a new lobby, or a seat in the one asked for."""
    if table.rematch_id is None:
        table.rematch_lobby(user, "t2", "8", 0.0)
    elif table.seat_of(user) is None:
        raise Refusal("not seated")


#: Each board button's action by a person, as its click carries it out.
ACTIONS: dict[str, Callable[[Table, int], object]] = {
    "hand": _see_hand,
    "resign": Table.resign,
    "draw": Table.offer_draw,
    "ready": Table.mark_ready,
    "lead": Table.claim_lead,
    "leave": Table.leave_after,
    "rematch": _rematch,
    "concede": lambda table, user: table.answer(user, True, 0.0),
    "playon": lambda table, user: table.answer(user, False, 0.0),
}


def _copy(table: Table) -> Table:
    """A copy the board's actions may change: they change the table around the match, never
    the match (copying a match is most of the cost)."""
    copied = copy.copy(table)
    copied.seats = [copy.copy(seat) for seat in table.seats]
    copied.ready, copied.draw_offers = set(table.ready), set(table.draw_offers)
    copied.log, copied._views = list(table.log), dict(table._views)
    copied.conceded, copied.left = list(table.conceded), list(table.left)
    return copied


def _succeeds(table: Table, verb: str, user: int) -> bool:
    try:
        ACTIONS[verb](_copy(table), user)
    except Refusal:
        return False
    return True


def a_table(variant: str, people: int, rng: random.Random) -> Table:
    table = new_table(variant)
    table.guild_id = SERVER  # a server's table (a friends' table offers no rematch: no server)
    for user, name in PEOPLE[:people]:
        # People who are asked even for a single move: the walk visits those positions too.
        table.join(user, name, plays_forced=False)
    if any(seat is None for seat in table.lobby.seats):
        table.fill_with_ai(ALICE, rng.choice(LEVELS), LEVELS)
    table.start(ALICE, 0.0)
    return table


def wander(table: Table, rng: random.Random) -> None:
    """One step of a match: a move (a person's or an AI's), the next hand, or a person's click
    on one of the board's buttons (refused or not)."""
    users = [seat.user_id for seat in table.seats if seat.user_id is not None]
    if table.phase is Phase.PLAYING and rng.random() < 0.9:
        seat = table.turn
        assert seat is not None
        legal = table.view(seat).legal
        table.apply(legal[rng.randrange(len(legal))], 0.0)
        table.run_forced(0.0)
    elif table.phase is Phase.BETWEEN and rng.random() < 0.3:
        table.next_hand(0.0)
    else:
        verb = rng.choice([verb for verb in ACTIONS if verb != "resign" or rng.random() < 0.05])
        with contextlib.suppress(Refusal):  # a refused click changes nothing
            ACTIONS[verb](table, rng.choice(users))


def test_a_table_of_one_person_and_ai_seats_offers_no_draw() -> None:
    table = a_table("two-player", 1, random.Random(1))
    assert table.phase is Phase.PLAYING
    assert "draw" not in offered(table)
    assert "resign" in offered(table) and "hand" in offered(table)
    with pytest.raises(Refusal):
        table.offer_draw(ALICE)


@pytest.mark.parametrize(
    ("variant", "people"),
    [
        ("two-player", 2),
        ("two-player", 1),
        ("partnership", 4),
        ("partnership", 1),
        ("partnership", 2),
        ("traditional", 3),
    ],
)
def test_every_button_offered_succeeds_and_none_left_out_would(variant: str, people: int) -> None:
    rng = random.Random(f"{variant}-{people}")
    positions = 0
    for _ in range(6):
        table = a_table(variant, people, rng)
        for _ in range(400):
            if table.phase is Phase.OVER and rng.random() < 0.2:
                break
            users = [seat.user_id for seat in table.seats if seat.user_id is not None]
            shown = offered(table)
            for verb, _can in OFFERS.get(table.phase, ()):
                if verb == "review":  # the recording's, not the model's
                    recorded = table.ending is not None and table.ending.recorded
                    assert (verb in shown) == recorded
                    continue
                anyone = any(_succeeds(table, verb, user) for user in users)
                assert (verb in shown) == anyone, (verb, table.phase, shown)
            positions += 1
            wander(table, rng)
    assert positions > 500
