"""Application emojis: the routes that list, upload, rename and delete an app's own emojis, and
the rules on using a custom emoji in a message.

As Discord's Emoji resource documents them (List / Get / Create / Modify / Delete Application
Emoji, under `/applications/{application.id}/emojis`): the list answers `{"items": [...]}`, each
emoji with the `user` who uploaded it (the bot, through the API); a create takes `name` and
`image` (a data URI of a JPEG, PNG, GIF, WebP or AVIF picture, 256 KiB at most); a modify takes
`name` only; a delete answers 204. A name is 2 to 32 characters of letters, digits and
underscores, unique within the app; an app owns at most 2,000 emojis. discord.py 2.7.1 calls
these routes from `Client.fetch_application_emojis`, `create_application_emoji`,
`fetch_application_emoji`, `Emoji.edit` and `Emoji.delete`.

Using one: a button's or a select option's `emoji` with an `id` must be an emoji the bot may
use (here: one of its app's emojis); any other id is refused with 50035 "Invalid emoji", as
Discord does. In text, `<:name:id>` with an unknown id is not refused by Discord: it shows as
the words `:name:`. The emulator lets it through and records a violation, since a person would
see a broken emoji.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .bodies import read_body, sniff_content_type
from .errors import DiscordError, FieldError, invalid_form
from .layout import TEXT_DISPLAY, walk
from .rules import BUTTON, SELECTS
from .server import json_response, no_content
from .world import User

if TYPE_CHECKING:
    from .emulator import Emulator

A = "/api/v10"
NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
IMAGE_MAX = 256 * 1024
APPLICATION_EMOJIS_MAX = 2000
IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp", "image/avif")
DATA_URI = re.compile(r"data:(image/[a-z]+);base64,(.*)", re.DOTALL)
IN_TEXT = re.compile(r"<(a?):([A-Za-z0-9_]{2,32}):(\d{1,20})>")
UNKNOWN_EMOJI = 10014
MAXIMUM_EMOJIS = 30008


@dataclass
class AppEmoji:
    id: int
    name: str
    image: bytes
    content_type: str
    user: User

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "roles": [],
            "user": self.user.payload(),
            "require_colons": True,
            "managed": False,
            "animated": self.content_type == "image/gif",
            "available": True,
        }


def _name_errors(name: Any) -> list[FieldError]:
    if not isinstance(name, str):
        return [FieldError("name", "BASE_TYPE_REQUIRED", "This field is required")]
    if not 2 <= len(name) <= 32:
        return [FieldError("name", "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 32 in length.")]
    if not NAME.fullmatch(name):
        regex = "String value did not match validation regex."
        return [FieldError("name", "STRING_TYPE_REGEX", regex)]
    return []


def _taken(name: str) -> FieldError:
    return FieldError(
        "name", "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "Application emoji name already taken."
    )


def _image(value: Any) -> tuple[bytes, str]:
    """The picture of a data URI, or the form error Discord answers."""
    match = DATA_URI.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise invalid_form([FieldError("image", "IMAGE_INVALID", "Invalid image data")])
    try:
        data = base64.b64decode(match.group(2), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise invalid_form([FieldError("image", "IMAGE_INVALID", "Invalid image data")]) from exc
    kind = sniff_content_type(data, "")
    if kind not in IMAGE_TYPES:
        raise invalid_form([FieldError("image", "IMAGE_INVALID", "Invalid image data")])
    if len(data) > IMAGE_MAX:
        raise invalid_form(
            [FieldError("image", "BINARY_TYPE_MAX_SIZE", "File cannot be larger than 256.0 kb.")]
        )
    return data, kind


class EmojiRoutes:
    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator

    def register(self, router: web.UrlDispatcher) -> None:
        base = f"{A}/applications/{{app_id}}/emojis"
        router.add_get(base, self.list)
        router.add_post(base, self.create)
        router.add_get(f"{base}/{{emoji_id}}", self.get)
        router.add_patch(f"{base}/{{emoji_id}}", self.modify)
        router.add_delete(f"{base}/{{emoji_id}}", self.delete)

    @property
    def emojis(self) -> dict[int, AppEmoji]:
        return self.emulator.world.application_emojis

    def _check_app(self, request: web.Request) -> None:
        if request.match_info["app_id"] != str(self.emulator.world.application_id):
            raise DiscordError(403, 50001, "Missing Access")

    def _emoji(self, request: web.Request) -> AppEmoji:
        self._check_app(request)
        raw = request.match_info["emoji_id"]
        emoji = self.emojis.get(int(raw)) if raw.isdigit() else None
        if emoji is None:
            raise DiscordError(404, UNKNOWN_EMOJI, "Unknown Emoji")
        return emoji

    async def list(self, request: web.Request) -> web.Response:
        self._check_app(request)
        return json_response({"items": [e.payload() for e in self.emojis.values()]})

    async def get(self, request: web.Request) -> web.Response:
        return json_response(self._emoji(request).payload())

    async def create(self, request: web.Request) -> web.Response:
        self._check_app(request)
        payload, _ = await read_body(request)
        name = payload.get("name")
        errors = _name_errors(name)
        if not errors and any(e.name == name for e in self.emojis.values()):
            errors.append(_taken(str(name)))
        if errors:
            raise invalid_form(errors)
        data, kind = _image(payload.get("image"))
        if len(self.emojis) >= APPLICATION_EMOJIS_MAX:
            raise DiscordError(
                400, MAXIMUM_EMOJIS, f"Maximum number of emojis reached ({APPLICATION_EMOJIS_MAX})"
            )
        world = self.emulator.world
        emoji = AppEmoji(self.emulator.clock.snowflake(), str(name), data, kind, world.bot_user)
        self.emojis[emoji.id] = emoji
        self.emulator.touch()
        return json_response(emoji.payload(), status=201)

    async def modify(self, request: web.Request) -> web.Response:
        emoji = self._emoji(request)
        payload, _ = await read_body(request)
        name = payload.get("name")
        errors = _name_errors(name)
        if not errors and any(e.name == name and e is not emoji for e in self.emojis.values()):
            errors.append(_taken(str(name)))
        if errors:
            raise invalid_form(errors)
        emoji.name = str(name)
        return json_response(emoji.payload())

    async def delete(self, request: web.Request) -> web.Response:
        emoji = self._emoji(request)
        del self.emojis[emoji.id]
        self.emulator.touch()
        return no_content()


# -- using emojis in messages --------------------------------------------------------------------


def _component_paths(components: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """(path, component) for every component, nested or not, paths as Discord names them."""
    found: list[tuple[str, dict[str, Any]]] = []

    def visit(path: str, component: dict[str, Any]) -> None:
        found.append((path, component))
        for index, child in enumerate(component.get("components") or []):
            visit(f"{path}.components.{index}", child)
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            visit(f"{path}.accessory", accessory)

    for index, component in enumerate(components):
        visit(f"components.{index}", component)
    return found


def check_component_emojis(emulator: Emulator, payload: dict[str, Any]) -> list[FieldError]:
    """Buttons' and select options' custom emojis: each must be one the bot may use."""
    components = payload.get("components")
    if not isinstance(components, list):
        return []
    known = emulator.world.application_emojis
    errors: list[FieldError] = []

    def check(path: str, emoji: Any) -> None:
        if not isinstance(emoji, dict) or emoji.get("id") is None:
            return  # none, or a Unicode emoji by name
        raw = str(emoji.get("id"))
        if not raw.isdigit() or int(raw) not in known:
            invalid = FieldError(f"{path}.emoji.id", "COMPONENT_INVALID_EMOJI", "Invalid emoji")
            errors.append(invalid)

    for path, component in _component_paths(components):
        if component.get("type") == BUTTON:
            check(path, component.get("emoji"))
        elif component.get("type") in SELECTS:
            for index, option in enumerate(component.get("options") or []):
                check(f"{path}.options.{index}", option.get("emoji"))
    return errors


def texts_of(payload: dict[str, Any]) -> list[str]:
    """Every text of a message body where Discord draws custom emojis: content, embeds' titles,
    descriptions and fields, text displays."""
    found = [str(payload.get("content") or "")]
    for embed in payload.get("embeds") or []:
        found += [str(embed.get("title") or ""), str(embed.get("description") or "")]
        for embed_field in embed.get("fields") or []:
            found += [str(embed_field.get("name") or ""), str(embed_field.get("value") or "")]
    components = payload.get("components")
    if isinstance(components, list):
        found += [
            str(c.get("content") or "") for c in walk(components) if c.get("type") == TEXT_DISPLAY
        ]
    return found


def broken_text_emojis(emulator: Emulator, payload: dict[str, Any]) -> list[str]:
    """`<:name:id>` in the texts whose id is no emoji the bot may use: shown as `:name:`."""
    known = emulator.world.application_emojis
    return [
        match.group(0)
        for text in texts_of(payload)
        for match in IN_TEXT.finditer(text)
        if int(match.group(3)) not in known
    ]
