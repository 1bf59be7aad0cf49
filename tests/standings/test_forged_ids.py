"""Custom ids are the client's to send: every kind the bot listens to, with any text its
template matches (numbers of any length, any digits, other servers' rows), gets an answer or a
clean refusal, never "Something went wrong" and never a logged error.

A forged id is put on a message of the bot's in the server's channel, as a modified client
could present it, and clicked (or chosen, for a menu) through the emulator."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cogs import texts
from cogs.front.mine import MineKeep, MineMenu, MineResign
from cogs.puzzles.components import PuzzleButton, RowMenu, TileMenu
from cogs.standings import texts as words
from cogs.standings.views import HISTORY_ITEMS, LEADERBOARD_ITEMS, ReplayMenu
from cogs.tables.components import DYNAMIC_ITEMS, LobbyMenu, MoveMenu
from tests.emulator.emulator import Emulator
from tests.standings.helpers import answer, ephemeral_text, record_singles

KINDS: tuple[type[Any], ...] = (
    *DYNAMIC_ITEMS,
    *LEADERBOARD_ITEMS,
    *HISTORY_ITEMS,
    PuzzleButton,
    RowMenu,
    TileMenu,
    MineMenu,
    MineResign,
    MineKeep,
)
MENUS = (ReplayMenu, MoveMenu, LobbyMenu, MineMenu, RowMenu, TileMenu)
#: What "Something went wrong" begins with, in English (every person here reads English).
UNEXPECTED = texts.UNEXPECTED.split("(")[0].strip()
BIG = st.integers(0, 10**40).map(str) | st.sampled_from([str(2**63 - 1), str(2**63), str(2**64)])


def forge(message: Any, custom_id: str, value: str | None) -> None:
    """Put one button (or, with a `value`, a menu offering it) with `custom_id` on `message`."""
    if value is None:
        component = {"type": 2, "style": 2, "label": "x", "custom_id": custom_id}
    else:
        component = {"type": 3, "custom_id": custom_id, "options": [{"label": "x", "value": value}]}
    message.message.components = [{"type": 1, "components": [component]}]


def custom_ids(kind: type[Any]) -> st.SearchStrategy[str]:
    """Ids the kind's template matches: as the template spells them, and with every number in
    them replaced by a large one."""
    pattern = kind.__discord_ui_compiled_template__.pattern
    spelled = st.from_regex(re.compile(pattern), fullmatch=True)
    large = st.tuples(spelled, BIG).map(lambda pair: re.sub(r"[0-9]+", pair[1], pair[0]))
    return (spelled | large).filter(lambda text: 0 < len(text) <= 100)


def clicks() -> st.SearchStrategy[tuple[type[Any], str, str | None]]:
    values = st.text(max_size=100).filter(bool) | BIG
    return st.sampled_from(KINDS).flatmap(
        lambda kind: st.tuples(
            st.just(kind),
            custom_ids(kind).filter(
                lambda text: kind.__discord_ui_compiled_template__.fullmatch(text)
            ),
            values if kind in MENUS else st.none(),
        )
    )


async def test_the_kinds_forged_are_every_kind_the_bot_registers(
    emu: Emulator, domino: discord.Client
) -> None:
    registered = set(domino._connection._view_store._dynamic_items.values())  # type: ignore[attr-defined]
    assert registered == set(KINDS)


async def test_another_servers_season_is_refused(emu: Emulator, domino: discord.Client) -> None:
    other = await emu.add_guild("Other Club")
    secret = await domino.db.start_season(other.id, "Secret Cup")  # type: ignore[attr-defined]
    ours = await domino.db.start_season(emu.guild.id, "Autumn")  # type: ignore[attr-defined]
    alice, bob = emu.user("alice"), emu.user("bob")
    await record_singles(emu, domino, "m1", alice, bob)
    board = answer(await alice.slash("leaderboard"))
    forged = f"sl:{secret.id}:*:rating:players:0"
    forge(board, forged, None)
    refused = await alice.click(board, custom_id=forged)
    assert ephemeral_text(refused) == words.UNKNOWN_SEASON.format(name=str(secret.id))
    assert "Secret Cup" not in board.text
    own = f"sl:{ours.id}:*:rating:players:0"
    forge(board, own, None)
    await alice.click(board, custom_id=own)
    assert "Autumn" in board.embed["title"] and "alice" in board.text


async def test_numbers_past_64_bits_are_refused_cleanly(
    emu: Emulator, domino: discord.Client, caplog: pytest.LogCaptureFixture
) -> None:
    alice = emu.user("alice")
    board = answer(await alice.slash("leaderboard"))
    huge = str(2**64)
    for forged, refusal in (
        (f"sl:{huge}:*:rating:players:0", words.UNKNOWN_SEASON.format(name=huge)),
        (f"sh:{alice.id}:{huge}", words.NO_SUCH_MATCH.format(number=huge)),
        (f"ss:{huge}:0:nm", words.NO_SUCH_MATCH.format(number=huge)),
        (f"ssr:{huge}", words.NO_SUCH_MATCH.format(number=huge)),
    ):
        forge(board, forged, None)
        assert ephemeral_text(await alice.click(board, custom_id=forged)) == refusal
    forge(board, f"shr:{alice.id}", huge)
    chosen = await alice.choose(board, huge, custom_id=f"shr:{alice.id}")
    assert ephemeral_text(chosen) == words.NO_SUCH_MATCH.format(number=huge)
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(click=clicks())
async def test_any_custom_id_of_any_kind_gets_an_answer_or_a_refusal(
    emu: Emulator,
    domino: discord.Client,
    caplog: pytest.LogCaptureFixture,
    click: tuple[type[Any], str, str | None],
) -> None:
    kind, custom_id, value = click
    alice = emu.user("alice")
    if not hasattr(emu, "forged_on"):  # one message of the bot's for every example
        season = await domino.db.start_season(emu.guild.id, "Autumn")  # type: ignore[attr-defined]
        await record_singles(emu, domino, "m1", alice, emu.user("bob"))
        emu.forged_on = answer(await alice.slash("leaderboard", season=str(season.number)))  # type: ignore[attr-defined]
    message = emu.forged_on  # type: ignore[attr-defined]
    caplog.clear()
    forge(message, custom_id, value)
    if value is None:
        result = await alice.click(message, custom_id=custom_id)
    else:
        result = await alice.choose(message, value, custom_id=custom_id)
    assert not result.failed, (kind.__name__, custom_id, value)
    said = [m.text for m in [result.response, *result.followups] if m is not None]
    assert not any(UNEXPECTED in text for text in said), (custom_id, value, said)
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], (custom_id, value, errors)
