"""Multipart bodies as discord.py's aiohttp writes them, read by the emulator's own splitter."""

from __future__ import annotations

import aiohttp
import pytest

from tests.emulator.bodies import UploadedFile, _read_multipart
from tests.emulator.errors import DiscordError

PNG = b"\x89PNG\r\n\x1a\n" + b"\r\n--not-the-boundary\r\n" * 3


async def encoded(form: aiohttp.FormData) -> tuple[str, bytes]:
    writer = form()
    return writer.headers["Content-Type"], await writer.as_bytes()


def discord_form(filename: str) -> aiohttp.FormData:
    """What discord.py sends for a message with one file (`quote_fields=False`)."""
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", '{"content": "board", "attachments": [{"id": 0}]}')
    form.add_field("files[0]", PNG, filename=filename, content_type="application/octet-stream")
    return form


async def test_the_payload_and_the_files_are_read_with_their_names() -> None:
    content_type, body = await encoded(discord_form('tablé "1".png'))
    payload, files = _read_multipart(content_type, body)
    assert payload == {"content": "board", "attachments": [{"id": 0}]}
    assert files == [UploadedFile(0, 'tablé "1".png', PNG)]
    assert files[0].content_type == "image/png"


async def test_a_body_cut_short_is_refused() -> None:
    content_type, body = await encoded(discord_form("board.png"))
    with pytest.raises(DiscordError):
        _read_multipart(content_type, body[: len(body) // 2])


async def test_a_nested_multipart_is_refused() -> None:
    inner = aiohttp.MultipartWriter("mixed")
    inner.append("deep")
    outer = aiohttp.MultipartWriter("form-data")
    outer.append(inner).set_content_disposition("form-data", name="files[0]")
    body = await outer.as_bytes()
    with pytest.raises(DiscordError):
        _read_multipart(outer.headers["Content-Type"], body)
