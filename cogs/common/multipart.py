"""Message uploads encoded in one piece: every board, hand and score sheet the bot sends is a
multipart body (the message's JSON and a PNG), built by discord.py as an `aiohttp.FormData`.

aiohttp writes such a form part by part: a writer object, a payload object and header lines
per part, a random boundary from the system, and a socket write per piece. For the two parts
discord.py sends (`payload_json` and `files[N]`), `LeanFormData` builds the same body as one
`bytes` and gives it to aiohttp as a single payload: a quarter to a third less CPU a request
(`bench.table_load` sends four uploads a click), and one write to the socket instead of eight.
Anything it does not recognise as that simple shape (other value types, names that need
quoting, transfer encodings) is encoded by aiohttp's own `FormData`, unchanged.

`install()` makes `aiohttp.FormData` this class for the process (discord.py's HTTP client and
its webhook adapter both build their forms through that name). What Discord receives is the
same form: the same field names, file names, content types and bytes.
"""

from __future__ import annotations

import io
import itertools
import os
from typing import Any

import aiohttp
from aiohttp import payload

_ORIGINAL = aiohttp.FormData
_PREFIX = os.urandom(8).hex()  # once per process; each body adds a counter
_counter = itertools.count()
_UNSAFE = frozenset('"\\\r\n')


def _plain(text: str) -> bool:
    """A name or file name that needs no quoting in a part's header."""
    return text.isascii() and text.isprintable() and not _UNSAFE.intersection(text)


class LeanFormData(_ORIGINAL):
    """`aiohttp.FormData`, built as one `bytes` payload when its fields are simple."""

    def __init__(
        self,
        fields: Any = (),
        quote_fields: bool = True,
        charset: str | None = None,
        *,
        default_to_multipart: bool = False,
    ) -> None:
        # No MultipartWriter yet (its boundary is a system call): only if it is needed.
        self._lean_options = (quote_fields, charset, default_to_multipart)
        self._lean_fields: list[tuple[str, Any, dict[str, Any]]] = []
        self._lean_given = fields

    def add_field(self, name: str, value: Any, **options: Any) -> None:
        self._lean_fields.append((name, value, options))

    @property
    def is_multipart(self) -> bool:
        return True

    def __call__(self) -> payload.Payload:
        body = None if self._lean_given else self._encoded()
        if body is None:
            return self._by_aiohttp()
        data, boundary = body
        return payload.BytesPayload(data, content_type=f"multipart/form-data; boundary={boundary}")

    def _simple(self) -> bool:
        """Fields this class encodes as aiohttp would: plain names, a file among them (else
        aiohttp sends a urlencoded form), text, bytes or an in-memory file as values."""
        if not any(options.get("filename") for _, _, options in self._lean_fields):
            return False
        for name, value, options in self._lean_fields:
            if set(options) - {"filename", "content_type"} or not _plain(name):
                return False
            for text in (options.get("filename"), options.get("content_type")):
                if text is not None and not _plain(text):
                    return False
            if not isinstance(value, str | bytes | bytearray | io.BytesIO | io.BufferedIOBase):
                return False
            if not isinstance(value, str) and options.get("content_type") is None:
                return False
        return True

    def _encoded(self) -> tuple[bytes, str] | None:
        if not self._simple():
            return None
        parts: list[tuple[bytes, bytes]] = []
        for name, value, options in self._lean_fields:
            filename, content_type = options.get("filename"), options.get("content_type")
            if isinstance(value, str):
                content = value.encode()
                content_type = content_type or "text/plain; charset=utf-8"
            elif isinstance(value, bytes | bytearray):
                content = bytes(value)
            else:
                content = value.read()
            disposition = f'form-data; name="{name}"'
            if filename is not None:
                disposition += f'; filename="{filename}"'
            head = f"Content-Disposition: {disposition}\r\nContent-Type: {content_type}\r\n\r\n"
            parts.append((head.encode(), content))
        while True:
            boundary = f"{_PREFIX}{next(_counter):016x}"
            marker = boundary.encode()
            if not any(marker in content for _, content in parts):
                break
        pieces: list[bytes] = []
        for part_head, content in parts:
            pieces += (b"--", marker, b"\r\n", part_head, content, b"\r\n")
        pieces += (b"--", marker, b"--\r\n")
        return b"".join(pieces), boundary

    def _by_aiohttp(self) -> payload.Payload:
        quote_fields, charset, default_to_multipart = self._lean_options
        form = _ORIGINAL(
            self._lean_given,
            quote_fields=quote_fields,
            charset=charset,
            default_to_multipart=default_to_multipart,
        )
        for name, value, options in self._lean_fields:
            form.add_field(name, value, **options)
        result: payload.Payload = form()
        return result


def install() -> None:
    """Build every `aiohttp.FormData` of this process as a `LeanFormData` (idempotent)."""
    aiohttp.FormData = LeanFormData  # type: ignore[misc]
