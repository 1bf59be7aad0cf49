"""Uploads encoded in one piece (`cogs.common.multipart`): Discord receives the same form as
aiohttp's own `FormData` sends, and what this class does not recognise goes through aiohttp."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from cogs.common.multipart import LeanFormData, install

PNG = bytes(range(256)) * 80  # binary, with every byte value (CR, LF, dashes among them)


@pytest.fixture
async def server() -> AsyncIterator[tuple[str, list[dict[str, Any]]]]:
    """A web server that records each form it receives as aiohttp parses it."""
    received: list[dict[str, Any]] = []

    async def record(request: web.Request) -> web.Response:
        form: dict[str, Any] = {"content_type": request.content_type}
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                assert isinstance(part, aiohttp.BodyPartReader)
                form[part.name or ""] = (
                    part.filename,
                    part.headers.get("Content-Type"),
                    await part.read(),
                )
        else:
            form.update(await request.post())
        received.append(form)
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_post("/upload", record)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    yield f"http://127.0.0.1:{port}/upload", received
    await runner.cleanup()


def discords_form(kind: type[aiohttp.FormData], files: int = 1) -> aiohttp.FormData:
    """A message with pictures as discord.py builds it (`handle_message_parameters`)."""
    form = kind(quote_fields=False)
    body = {"embeds": [{"description": "alice played 6-4 — «ça»"}], "attachments": []}
    form.add_field(name="payload_json", value=json.dumps(body, ensure_ascii=False))
    for number in range(files):
        form.add_field(
            name=f"files[{number}]",
            value=io.BytesIO(PNG + bytes([number])),
            filename=f"board{number}.png",
            content_type="application/octet-stream",
        )
    return form


async def send(url: str, form: aiohttp.FormData) -> None:
    async with aiohttp.ClientSession() as session, session.post(url, data=form) as response:
        assert response.status == 200


@pytest.mark.parametrize("files", [1, 3])
async def test_a_message_with_pictures_arrives_as_aiohttp_would_send_it(
    server: tuple[str, list[dict[str, Any]]], files: int
) -> None:
    url, received = server
    await send(url, discords_form(aiohttp.FormData, files))
    await send(url, discords_form(LeanFormData, files))
    theirs, ours = received
    assert ours == theirs
    assert ours["files[0]"] == ("board0.png", "application/octet-stream", PNG + b"\0")


def test_the_body_is_one_piece_with_a_boundary_found_nowhere_in_it() -> None:
    built = discords_form(LeanFormData)()
    assert isinstance(built, aiohttp.payload.BytesPayload)
    kind, _, boundary = built.content_type.partition("; boundary=")
    marker = boundary.encode()
    assert kind == "multipart/form-data" and len(marker) >= 16
    body = built._value
    assert body.count(b"--" + marker) == 3 and body.endswith(b"--" + marker + b"--\r\n")


async def test_forms_it_does_not_recognise_go_through_aiohttp(
    server: tuple[str, list[dict[str, Any]]],
) -> None:
    url, received = server
    plain = LeanFormData()  # no file: aiohttp sends it urlencoded
    plain.add_field("word", "domino")
    quoted = LeanFormData(quote_fields=True)
    quoted.add_field('na"me', io.BytesIO(b"x"), filename="a.png", content_type="image/png")
    assert not isinstance(quoted(), aiohttp.payload.BytesPayload)
    quoted = LeanFormData(quote_fields=True)
    quoted.add_field('na"me', io.BytesIO(b"x"), filename="a.png", content_type="image/png")
    await send(url, plain)
    await send(url, quoted)
    assert received[0] == {"content_type": "application/x-www-form-urlencoded", "word": "domino"}
    assert received[1]['na"me'] == ("a.png", "image/png", b"x")


def test_installed_discord_py_builds_its_forms_with_it() -> None:
    import discord.http
    import discord.webhook.async_

    original = aiohttp.FormData
    try:
        install()
        assert discord.http.aiohttp.FormData is LeanFormData
        assert discord.webhook.async_.aiohttp.FormData is LeanFormData
    finally:
        aiohttp.FormData = original  # type: ignore[misc]
