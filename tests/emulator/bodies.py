"""Reading request bodies as discord.py sends them: JSON, or multipart with `payload_json`.

Files arrive as `files[n]` parts typed `application/octet-stream`, so the content type is told
from the bytes (PNG, JPEG, GIF, WebP signatures) and only then from the file name.
"""

from __future__ import annotations

import json
import mimetypes
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from aiohttp import hdrs, web
from aiohttp.multipart import content_disposition_filename, parse_content_disposition

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
    content_type = request.headers.get(hdrs.CONTENT_TYPE, "")
    if content_type.lstrip().lower().startswith("multipart/"):
        return _read_multipart(content_type, await request.read())
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


def _read_multipart(content_type: str, body: bytes) -> tuple[dict[str, Any], list[UploadedFile]]:
    """The parts of a multipart body, split at its boundary here: aiohttp's part reader parses
    every header of every part through the `email` package, which made reading bodies most of
    the emulator's CPU in the load benchmark."""
    payload: dict[str, Any] = {}
    files: list[UploadedFile] = []
    for headers, data in _parts(body, _boundary(content_type)):
        if headers.get("content-type", "").lower().startswith("multipart/"):
            # nested multipart: Discord refuses it too
            raise invalid_form([FieldError("files", "BASE_TYPE_INVALID", "Nested multipart")])
        name, filename = _disposition(headers.get("content-disposition", ""))
        name = name or ""
        if name == "payload_json":
            payload = json.loads(data)
        elif name.startswith("files[") and name.endswith("]"):
            index = int(name[6:-1])
            files.append(UploadedFile(index, filename or f"file{index}", data))
        elif name == "file":
            files.append(UploadedFile(len(files), filename or "file", data))
    return payload, files


def _boundary(content_type: str) -> bytes:
    for parameter in content_type.split(";")[1:]:
        key, _, value = parameter.partition("=")
        if key.strip().lower() == "boundary":
            return value.strip().strip('"').encode("latin-1")
    raise invalid_form([FieldError("files", "BASE_TYPE_INVALID", "No multipart boundary")])


def _parts(body: bytes, boundary: bytes) -> list[tuple[dict[str, str], bytes]]:
    """(headers with lower-case names, data) of each part (RFC 2046: a part starts after a
    `--boundary` line, ends before the CRLF of the next, and `--boundary--` closes the body)."""
    delimiter = b"--" + boundary
    chunks = body.split(delimiter)
    if len(chunks) < 2 or not chunks[-1].startswith(b"--"):
        raise invalid_form([FieldError("files", "BASE_TYPE_INVALID", "Unterminated multipart")])
    parts = []
    for chunk in chunks[1:-1]:
        if not chunk.startswith(b"\r\n") or not chunk.endswith(b"\r\n"):
            raise invalid_form([FieldError("files", "BASE_TYPE_INVALID", "Malformed multipart")])
        head, separator, data = chunk[2:-2].partition(b"\r\n\r\n")
        if not separator:  # a part without a body: its headers end the chunk
            head, data = head.removesuffix(b"\r\n"), b""
        headers: dict[str, str] = {}
        for line in head.decode("utf-8").split("\r\n"):
            key, _, value = line.partition(":")
            headers[key.strip().lower()] = value.strip()
        parts.append((headers, data))
    return parts


@lru_cache(maxsize=256)
def _disposition(header: str) -> tuple[str | None, str | None]:
    """The `name` and `filename` of a part, read by aiohttp's own parser (cached: it is slow,
    and clients send the same few headers again and again)."""
    _, parameters = parse_content_disposition(header or None)
    return (
        content_disposition_filename(parameters, "name"),
        content_disposition_filename(parameters, "filename"),
    )
