"""`/domino mine`: a person sees every table and puzzle that counts against their caps, and
leaves each from there (a lobby left or closed, a match resigned, a puzzle given up), which frees
its place; nobody else can use their list, whatever a client sends."""

from __future__ import annotations

from typing import Any

import discord

from cogs import texts
from tests.emulator.emulator import Emulator
from tests.emulator.messages import announce, create_message
from tests.emulator.seen import SeenMessage
from tests.tables.play import start_two_player
from tests.tables.test_processes import refusal_of
from tests.tables.test_trust import copy_of

WAYS_OUT = (
    texts.MINE_LEAVE_LOBBY,
    texts.MINE_CLOSE_LOBBY,
    texts.MINE_RESIGN,
    texts.MINE_GIVE_UP,
)


async def places(domino: discord.Client, person: Any) -> set[str]:
    """The tables and puzzles the store counts `person` in."""
    db = domino.db  # type: ignore[attr-defined]
    user = person.user.id
    return set(await db.open_tables_of(user, "table")) | set(
        await db.open_tables_of(user, "puzzle")
    )


def options(listing: SeenMessage) -> dict[str, str]:
    """The list's menu: what each choice does, by place id."""
    if not listing.selects:
        return {}
    menu = listing.select(texts.MINE_PLACEHOLDER)
    return {option["value"]: option.get("description", "") for option in menu.options}


async def forged_menu(emu: Emulator, owner: Any, place_id: str) -> SeenMessage:
    """A message carrying a `/domino mine` menu of `owner`'s that offers `place_id`, as a
    client that writes its own components would send it."""
    select = {
        "type": 3,
        "custom_id": f"dmy:{owner.user.id}",
        "placeholder": texts.MINE_PLACEHOLDER,
        "options": [{"label": "a place", "value": place_id}],
    }
    message = create_message(
        emu,
        emu.home,
        emu.world.bot_user,
        {"content": "a forged list", "components": [{"type": 1, "components": [select]}]},
        [],
        size_limit=0,
        checked=False,
    )
    await announce(emu, message)
    return SeenMessage(emu, message, None)


async def test_mine_lists_every_open_place_and_each_one_can_be_left_from_it(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = await start_two_player(emu)  # alice hosts and plays a match
    carol = emu.user("carol")
    carols = (await carol.slash("domino new", game="two-player")).response
    await alice.click(carols, "Join")
    own = (await alice.slash("domino new", game="two-player")).response
    await alice.slash("domino puzzle", game="quadrille")
    counted = await places(domino, alice)
    assert len(counted) == 4
    listing = (await alice.slash("domino mine")).response
    assert listing.ephemeral and not listing.visible_to(bob)
    assert set(options(listing)) == counted
    assert sorted(options(listing).values()) == sorted(WAYS_OUT)
    assert texts.MINE_PLAYING.format(number=1) in listing.text
    assert "Quadrille" in listing.text and str(emu.home.id) in listing.text

    # Nobody else acts through alice's list: not bob on a copy of it, nor a forged menu that
    # names a place of carol's that alice is not at.
    copy = await copy_of(emu, listing, emu.home)
    refused = await bob.choose(copy, next(iter(counted)), placeholder=texts.MINE_PLACEHOLDER)
    assert refusal_of(refused) == texts.MINE_NOT_YOURS.format(command="/domino mine")
    hosted = await places(domino, carol)
    solo = (await carol.slash("domino new", game="two-player")).response
    [carols_own] = await places(domino, carol) - hosted
    forged = await forged_menu(emu, alice, carols_own)
    refused = await alice.choose(forged, carols_own, placeholder=texts.MINE_PLACEHOLDER)
    assert refusal_of(refused) == texts.NO_SUCH_TABLE
    assert await places(domino, alice) == counted
    assert carols_own in await places(domino, carol) and solo.buttons

    for way_out in WAYS_OUT:
        [place] = [place for place, does in options(listing).items() if does == way_out]
        await alice.choose(listing, place, placeholder=texts.MINE_PLACEHOLDER)
        if way_out == texts.MINE_RESIGN:
            # A match is resigned only once confirmed: the list asks first, and Keep
            # playing changes nothing.
            assert listing.text == texts.RESIGN_CONCEDES and place in await places(domino, alice)
            await alice.click(listing, texts.KEEP_PLAYING)
            assert place in options(listing) and place in await places(domino, alice)
            await alice.choose(listing, place, placeholder=texts.MINE_PLACEHOLDER)
            await alice.click(listing, texts.RESIGN)
        await emu.wait_for(lambda place=place: place not in options(listing))
        counted.discard(place)
        assert await places(domino, alice) == counted
    assert texts.MINE_NONE in listing.text and not listing.selects

    # each place was left the way its own buttons leave it
    await emu.wait_for(lambda: "alice" not in carols.text)  # she left carol's lobby
    assert await places(domino, carol) == hosted | {carols_own}
    await emu.wait_for(lambda: not own.buttons)  # her lobby closed
    assert await places(domino, bob) == set()  # the match is over: she resigned
    puzzle = next(m for m in emu.channel().messages if "Quadrille" in m.text)
    await emu.wait_for(lambda: not puzzle.buttons)  # given up
