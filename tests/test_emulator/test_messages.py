"""Channel messages through the real client: files, edits that replace attachments, deletes,
history, threads without a starter message, archiving, rate limits and their headers."""

from __future__ import annotations

import time
from typing import Any

import aiohttp
import discord
import pytest

from tests.emulator import Emulator
from tests.emulator.ratelimit import Limit

from .example_bot import ExampleBot, png


def home(bot: ExampleBot, emu: Emulator) -> discord.TextChannel:
    channel = bot.get_channel(emu.home.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_an_edit_can_replace_the_attachments(emu: Emulator, example: ExampleBot) -> None:
    message = await home(example, emu).send("board", file=png("red"))
    await message.edit(content="board, move 2", attachments=[png("blue")])
    seen = emu.channel().last
    assert seen is not None and seen.content == "board, move 2"
    assert len(seen.files) == 1 and seen.files[0].image().getpixel((0, 0)) == (0, 0, 255)
    await message.edit(attachments=[])
    assert seen.files == [] and seen.content == "board, move 2"


async def test_the_bot_reads_back_recent_messages_and_deletes_its_own(
    emu: Emulator, example: ExampleBot
) -> None:
    channel = home(example, emu)
    for number in range(3):
        await channel.send(f"move {number}")
    history = [m.content async for m in channel.history(limit=2)]
    assert history == ["move 2", "move 1"]
    last = await channel.fetch_message(emu.channel().messages[-1].id)
    await last.delete()
    assert [m.content for m in emu.channel().messages] == ["move 0", "move 1"]
    with pytest.raises(discord.NotFound):
        await channel.fetch_message(last.id)
    assert "10008" in emu.refusals[0] and emu.violations == []


async def test_ephemeral_messages_are_not_in_the_channel_history(
    emu: Emulator, example: ExampleBot
) -> None:
    await emu.user("alice").slash("domino help")
    assert [m async for m in home(example, emu).history(limit=10)] == []


async def test_a_thread_without_a_starter_message_can_be_used_and_archived(
    emu: Emulator, example: ExampleBot
) -> None:
    thread = await home(example, emu).create_thread(
        name="table-2", type=discord.ChannelType.public_thread
    )
    await thread.send("first move", file=png())
    await thread.edit(archived=True)
    assert emu.thread("table-2").archived
    await thread.send("a move unarchives it")
    assert not emu.thread("table-2").archived
    assert [m.content for m in emu.thread("table-2").messages] == [
        "first move",
        "a move unarchives it",
    ]


async def test_a_guild_without_threads_refuses_them(emu: Emulator, example: ExampleBot) -> None:
    emu.guild.threads_allowed = False
    with pytest.raises(discord.Forbidden):
        await home(example, emu).create_thread(name="t", type=discord.ChannelType.public_thread)


async def test_the_client_throttles_itself_on_the_rate_limit_headers(
    emu: Emulator, example: ExampleBot
) -> None:
    emu.rate_limiter.message_limit = Limit(2, 0.4)
    channel = home(example, emu)
    began = time.monotonic()
    for number in range(3):
        await channel.send(f"move {number}")
    assert time.monotonic() - began >= 0.3  # the third waited for the bucket to reset
    assert emu.rate_limited == [] and len(emu.channel().messages) == 3


async def test_rate_limit_headers_count_down_and_a_burst_gets_429_with_via(emu: Emulator) -> None:
    emu.rate_limiter.message_limit = Limit(2, 5.0)
    url = f"{emu.api_base}/channels/{emu.home.id}/messages"
    headers = {"Authorization": f"Bot {emu.token}"}
    replies: list[tuple[int, dict[str, Any], Any]] = []
    async with aiohttp.ClientSession(headers=headers) as session:
        for number in range(3):
            async with session.post(url, json={"content": str(number)}) as reply:
                replies.append((reply.status, dict(reply.headers), await reply.json()))
    assert [status for status, _, _ in replies] == [200, 200, 429]
    assert [h["X-RateLimit-Remaining"] for _, h, _ in replies] == ["1", "0", "0"]
    assert all(h["X-RateLimit-Limit"] == "2" for _, h, _ in replies)
    assert replies[0][1]["Content-Type"] == "application/json"
    _, limited_headers, body = replies[2]
    assert limited_headers["Via"] and 0 < body["retry_after"] <= 5.0
    assert emu.rate_limited == [f"POST /api/v10/channels/{emu.home.id}/messages"]


async def test_requests_without_the_bot_token_get_401(emu: Emulator) -> None:
    async with aiohttp.ClientSession() as session, session.get(f"{emu.api_base}/users/@me") as r:
        assert r.status == 401


async def test_the_original_response_can_be_read_edited_and_deleted(
    emu: Emulator, example: ExampleBot
) -> None:
    async def answer(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("lobby")
        original = await interaction.original_response()
        assert original.content == "lobby"
        await interaction.edit_original_response(content="lobby, edited", attachments=[png()])
        follow = await interaction.followup.send("second", wait=True)
        await follow.edit(content="second, edited")
        await interaction.delete_original_response()

    example.probe = answer
    result = await emu.user("alice").slash("probe")
    assert result.response is not None and result.response.deleted
    assert [m.content for m in emu.channel().messages] == ["second, edited"]


async def test_a_private_thread_shows_only_to_the_people_added_to_it(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    thread = await home(example, emu).create_thread(name="alice-hand")
    await thread.add_user(discord.Object(alice.id))
    await thread.send("your tiles")
    assert alice.channel("alice-hand").last is not None
    assert bob.channel("alice-hand").messages == []
    assert emu.thread("alice-hand").last is not None  # everyone's view ignores membership


class Scoreboard(discord.ui.LayoutView):
    """Components V2: a container with a text display and a row with a button."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        again: discord.ui.Button[Scoreboard] = discord.ui.Button(label="Again", custom_id="again")
        again.callback = self.again  # type: ignore[method-assign]
        self.add_item(
            discord.ui.Container(
                discord.ui.TextDisplay("## Final score\nalice 150, bob 120"),
                discord.ui.ActionRow(again),
            )
        )

    async def again(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("New game", ephemeral=True)


async def test_a_components_v2_layout_is_shown_and_its_button_works(
    emu: Emulator, example: ExampleBot
) -> None:
    await home(example, emu).send(view=Scoreboard())
    shown = emu.channel().last
    assert shown is not None and "alice 150, bob 120" in shown.text and shown.labels == ["Again"]
    again = await emu.user("alice").click(shown, "Again")
    assert again.response is not None and again.response.content == "New game"


LAYOUT_ERRORS = {
    "content beside a layout": {"content": "hi", "components": [{"type": 10, "content": "x"}]},
    "41 components": {"components": [{"type": 10, "content": "x"}] * 41},
    "over 4000 characters": {"components": [{"type": 10, "content": "x" * 4001}]},
    "a container in a container": {
        "components": [{"type": 17, "components": [{"type": 17, "components": []}]}]
    },
}


@pytest.mark.parametrize("payload", LAYOUT_ERRORS.values(), ids=LAYOUT_ERRORS.keys())
async def test_a_malformed_layout_is_refused_with_50035(
    emu: Emulator, example: ExampleBot, payload: dict[str, Any]
) -> None:
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=emu.home.id)
    with pytest.raises(discord.HTTPException) as caught:
        await example.http.request(route, json=payload | {"flags": 1 << 15})
    assert caught.value.code == 50035 and len(emu.take_violations()) == 1


def _layout(*children: dict[str, Any]) -> dict[str, Any]:
    return {"flags": 1 << 15, "components": list(children)}


def _text(content: str = "x") -> dict[str, Any]:
    return {"type": 10, "content": content}


def _button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": custom_id, "custom_id": custom_id}


def _gallery(**item: Any) -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": "attachment://board.png"}} | item]}


MORE_LAYOUT_ERRORS = {
    "embeds beside a layout": _layout(_text()) | {"embeds": [{"title": "board"}]},
    "a sticker beside a layout": _layout(_text()) | {"sticker_ids": ["1"]},
    "a poll beside a layout": _layout(_text()) | {"poll": {"question": {"text": "?"}}},
    "40 components nested in a container": _layout({"type": 17, "components": [_text()] * 40}),
    "4000 characters over two text displays": _layout(_text("x" * 2000), _text("x" * 2001)),
    "six buttons in a row inside a container": _layout(
        {
            "type": 17,
            "components": [{"type": 1, "components": [_button(f"b{n}") for n in range(6)]}],
        }
    ),
    "a section without an accessory": _layout({"type": 9, "components": [_text()]}),
    "a select as a section's accessory": _layout(
        {
            "type": 9,
            "components": [_text()],
            "accessory": {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]},
        }
    ),
    "four texts in a section": _layout(
        {"type": 9, "components": [_text()] * 4, "accessory": _button("sit")}
    ),
    "a thumbnail without a url": _layout(
        {"type": 9, "components": [_text()], "accessory": {"type": 11, "media": {}}}
    ),
    "an empty text display": _layout(_text("")),
    "alt text over 1024 characters": _layout(_gallery(description="x" * 1025)),
    "a spoiler that is not a boolean": _layout(_gallery(spoiler="yes")),
    "a file component with a web url": _layout(
        {"type": 13, "file": {"url": "https://example.com/a.png"}}
    ),
    "the same custom id in a row and a section": _layout(
        {"type": 1, "components": [_button("sit")]},
        {"type": 9, "components": [_text()], "accessory": _button("sit")},
    ),
}


@pytest.mark.parametrize("payload", MORE_LAYOUT_ERRORS.values(), ids=MORE_LAYOUT_ERRORS.keys())
async def test_more_malformed_layouts_are_refused_with_50035(
    emu: Emulator, example: ExampleBot, payload: dict[str, Any]
) -> None:
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=emu.home.id)
    with pytest.raises(discord.HTTPException) as caught:
        await example.http.request(route, json=payload)
    assert caught.value.code == 50035 and len(emu.take_violations()) == 1


async def test_an_embed_message_becomes_a_layout_only_by_an_edit_that_clears_its_embed(
    emu: Emulator, example: ExampleBot
) -> None:
    """Discord lets an edit set the flag on a message sent without it only if the same edit
    clears its content and embeds; the flag then stays: content is refused afterwards."""
    message = await home(example, emu).send("old board", embed=discord.Embed(title="Hand 1"))
    with pytest.raises(discord.HTTPException) as caught:
        await message.edit(view=Scoreboard())  # the content and the embed are left as they are
    assert caught.value.code == 50035 and len(emu.take_violations()) == 1
    await message.edit(content=None, embed=None, view=Scoreboard())
    shown = emu.channel().last
    assert shown is not None and shown.embeds == [] and "alice 150, bob 120" in shown.text
    route = discord.http.Route("PATCH", "/channels/{c}/messages/{m}", c=emu.home.id, m=message.id)
    with pytest.raises(discord.HTTPException) as caught:
        await example.http.request(route, json={"content": "back to text", "flags": 0})
    assert caught.value.code == 50035 and len(emu.take_violations()) == 1
    assert shown.embeds == [] and "back to text" not in shown.text


async def test_a_layout_shows_only_the_attachments_it_points_at(
    emu: Emulator, example: ExampleBot
) -> None:
    """Attachments of a Components V2 message are kept, but shown only through a gallery, a
    file or a thumbnail that names them."""
    view = discord.ui.LayoutView()
    view.add_item(discord.ui.TextDisplay("the board"))
    view.add_item(
        discord.ui.MediaGallery(
            discord.MediaGalleryItem("attachment://board.png", description="alt")
        )
    )
    board = discord.File(png("red").fp, filename="board.png")
    hand = discord.File(png("blue").fp, filename="hand.png")
    await home(example, emu).send(view=view, files=[board, hand])
    shown = emu.channel().last
    assert shown is not None and [f.filename for f in shown.files] == ["board.png"]
    assert len(shown.message.attachments) == 2
