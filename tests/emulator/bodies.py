"""Reading request bodies as discord.py sends them: JSON, or multipart with `payload_json`.

Files arrive as `files[n]` parts typed `application/octet-stream`, so the content type is told
from the bytes (PNG, JPEG, GIF, WebP signatures) and only then from the file name.
"""

from __future__ import annotations

import json
import mimetypes
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from .errors import DiscordError, FieldError, invalid_form


@dataclass(frozen=True)
class UploadedFile:
    index: int
    filename: str
    data: bytes

    @property
    def content_type(self) -> str:
        return sniff_content_type(self.data, self.filename)


def sniff_content_type(data: bytes, filename: str) -> str:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    guessed, _ = mimetypes.guess_type(filename)
    return guessed or "application/octet-stream"


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[UploadedFile]]:
    """The JSON payload and the uploaded files of a request (both empty when there is none)."""
    if request.content_type.startswith("multipart/"):
        return await _read_multipart(request)
    raw = await request.read()
    if not raw:
        return {}, []
    try:
        payload = json.loads(raw)
    except ValueError as exc:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc
    if not isinstance(payload, dict):
        return {"__list__": payload}, []
    return payload, []


async def _read_multipart(request: web.Request) -> tuple[dict[str, Any], list[UploadedFile]]:
    payload: dict[str, Any] = {}
    files: list[UploadedFile] = []
    reader = await request.multipart()
    while True:
        part = await reader.next()
        if part is None:
            break
        if not isinstance(part, BodyPartReader):  # nested multipart: Discord refuses it too
            raise invalid_form([FieldError("files", "BASE_TYPE_INVALID", "Nested multipart")])
        name = part.name or ""
        data = await part.read(decode=False)
        if name == "payload_json":
            payload = json.loads(bytes(data))
        elif name.startswith("files[") and name.endswith("]"):
            index = int(name[6:-1])
            files.append(UploadedFile(index, part.filename or f"file{index}", bytes(data)))
        elif name == "file":
            files.append(UploadedFile(len(files), part.filename or "file", bytes(data)))
    return payload, files
