"""Application emojis through discord.py 2.7.1's own calls: upload, list, rename, delete, the
rules on names, pictures and counts, and using them on buttons, in menus and in text."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from PIL import Image

from tests.emulator import Emulator
from tests.emulator.emojis import APPLICATION_EMOJIS_MAX, AppEmoji

from .example_bot import ExampleBot


def picture(size: int = 128, colour: str = "ivory") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGBA", (size, size), colour).save(buffer, "PNG")
    return buffer.getvalue()


async def refused(call: Any) -> discord.HTTPException:
    with pytest.raises(discord.HTTPException) as caught:
        await call
    return caught.value


async def test_an_uploaded_emoji_is_listed_renamed_and_deleted(
    emu: Emulator, example: ExampleBot
) -> None:
    assert await example.fetch_application_emojis() == []
    made = await example.create_application_emoji(name="d_6_4", image=picture())
    listed = await example.fetch_application_emojis()
    assert [(e.id, e.name) for e in listed] == [(made.id, "d_6_4")]
    assert listed[0].user is not None and listed[0].user.id == emu.world.bot_user.id
    fetched = await example.fetch_application_emoji(made.id)
    assert fetched.name == "d_6_4" and str(fetched) == f"<:d_6_4:{made.id}>"
    renamed = await fetched.edit(name="d_4_6")
    assert renamed.name == "d_4_6"
    await renamed.delete()
    assert await example.fetch_application_emojis() == []
    error = await refused(example.fetch_application_emoji(made.id))
    assert (error.status, error.code) == (404, 10014)
    [unknown] = emu.take_violations()  # asking for a deleted emoji is the bot's mistake
    assert unknown.endswith(f"/emojis/{made.id}: 404 10014 Unknown Emoji")


@pytest.mark.parametrize("name", ["a", "x" * 33, "d-6-4", "dé_6"])
async def test_a_name_outside_2_to_32_letters_digits_and_underscores_is_refused(
    emu: Emulator, example: ExampleBot, name: str
) -> None:
    error = await refused(example.create_application_emoji(name=name, image=picture()))
    assert (error.status, error.code) == (400, 50035)
    assert emu.world.application_emojis == {}
    assert len(emu.take_violations()) == 1


async def test_a_name_already_taken_is_refused_on_upload_and_on_rename(
    emu: Emulator, example: ExampleBot
) -> None:
    await example.create_application_emoji(name="d_6_6", image=picture())
    other = await example.create_application_emoji(name="d_5_5", image=picture())
    error = await refused(example.create_application_emoji(name="d_6_6", image=picture()))
    assert error.code == 50035 and "already taken" in str(error)
    error = await refused(other.edit(name="d_6_6"))
    assert error.code == 50035
    assert sorted(e.name for e in await example.fetch_application_emojis()) == ["d_5_5", "d_6_6"]
    assert len(emu.take_violations()) == 2


async def test_a_picture_over_256_kib_or_not_a_picture_is_refused(
    emu: Emulator, example: ExampleBot
) -> None:
    noise = Image.frombytes("RGB", (400, 400), bytes(range(256)) * (400 * 400 * 3 // 256 + 1))
    buffer = io.BytesIO()
    noise.effect_spread(50).save(buffer, "PNG")
    assert len(buffer.getvalue()) > 256 * 1024
    error = await refused(example.create_application_emoji(name="big", image=buffer.getvalue()))
    assert error.code == 50035 and "256" in str(error)
    not_a_picture = "data:image/png;base64,bm90IGEgcGljdHVyZQ=="  # discord.py checks it: sent raw
    app = emu.world.application_id
    error = await refused(example.http.create_application_emoji(app, "text", not_a_picture))
    assert error.code == 50035
    assert emu.world.application_emojis == {}
    assert len(emu.take_violations()) == 2


async def test_an_application_owns_at_most_2000_emojis(emu: Emulator, example: ExampleBot) -> None:
    bot_user = emu.world.bot_user
    for number in range(APPLICATION_EMOJIS_MAX):
        emu.world.application_emojis[number + 1] = AppEmoji(
            number + 1, f"e{number}", b"", "image/png", bot_user
        )
    error = await refused(example.create_application_emoji(name="one_more", image=picture()))
    assert (error.status, error.code) == (400, 30008)
    assert len(emu.world.application_emojis) == APPLICATION_EMOJIS_MAX
    emu.take_violations()


async def test_a_button_or_an_option_with_an_emoji_not_the_apps_is_refused_as_invalid(
    emu: Emulator, example: ExampleBot
) -> None:
    ours = await example.create_application_emoji(name="d_6_4", image=picture())
    channel = example.get_channel(emu.home.id)
    assert isinstance(channel, discord.TextChannel)

    def view(emoji: discord.PartialEmoji) -> discord.ui.View:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="left", emoji=emoji, custom_id="b"))
        return view

    sent = await channel.send("moves", view=view(discord.PartialEmoji(name="d_6_4", id=ours.id)))
    seen = emu.channel().find("moves")
    assert seen is not None and seen.buttons[0].emoji == "d_6_4"
    stranger = discord.PartialEmoji(name="d_6_4", id=ours.id + 1)
    error = await refused(channel.send("moves", view=view(stranger)))
    assert (error.status, error.code) == (400, 50035) and "Invalid emoji" in str(error)
    menu = discord.ui.View()
    option = discord.SelectOption(label="6-4", value="0", emoji=stranger)
    menu.add_item(discord.ui.Select(custom_id="m", options=[option]))
    error = await refused(sent.edit(view=menu))
    assert error.code == 50035 and "Invalid emoji" in str(error)
    unicode = discord.ui.View()
    unicode.add_item(discord.ui.Button(label="hint", emoji="💡", custom_id="h"))
    await sent.edit(view=unicode)
    assert len(emu.take_violations()) == 2


async def test_an_unknown_emoji_in_text_shows_as_words_and_is_recorded(
    emu: Emulator, example: ExampleBot
) -> None:
    ours = await example.create_application_emoji(name="d_6_4", image=picture())
    channel = example.get_channel(emu.home.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send(f"alice played {ours}")
    assert emu.violations == []
    await channel.send(embed=discord.Embed(description=f"bob played <:d_5_5:{ours.id + 7}>"))
    assert emu.take_violations() == [
        f"unknown emoji in text (shown as words): <:d_5_5:{ours.id + 7}>"
    ]
