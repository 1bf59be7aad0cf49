"""Components V2 (`IS_COMPONENTS_V2`, discord.py's `LayoutView`): the layout rules, and a walk
over every component of a message, nested or not, that the driver uses to find buttons.

With the flag, a message carries no content, embeds, stickers or poll; its components may be
action rows, sections, text displays, media galleries, files, separators and containers, at most
40 in all (nested ones counted) with at most 4000 characters of text. A section holds 1 to 3
text displays beside ONE accessory, a button or a thumbnail; a row 1 to 5 buttons or one select;
a gallery 1 to 10 items, each a url or an `attachment://` name with at most 1024 characters of
alt text; `spoiler` is a boolean wherever it may be given. The flag is set when a message is
sent, or by an edit that clears the content and embeds in the same request, and never taken
back (messages.py). The attachments of such a message are shown only where a gallery, a file
or a thumbnail points at them (`shown_attachments`): the rest are kept but not shown.
(From Discord's component reference and its "Using Message Components" page.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .errors import FieldError
from .rules import ACTION_ROW, BUTTON, check_action_row, check_interactive

IS_COMPONENTS_V2 = 1 << 15
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = (
    9,
    10,
    11,
    12,
    13,
    14,
    17,
)
TOP_LEVEL = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
IN_CONTAINER = TOP_LEVEL - {CONTAINER}
COMPONENTS_MAX = 40
TEXT_MAX = 4000
SECTION_TEXTS_MAX = 3
GALLERY_ITEMS_MAX = 10
ALT_TEXT_MAX = 1024
LEGACY_FIELDS = ("content", "embeds", "poll", "sticker_ids")
ATTACHMENT = "attachment://"


def _legacy(key: str) -> FieldError:
    return FieldError(
        key,
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
        "The 'content' and 'embeds' fields cannot be used with components v2",
    )


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first: rows' children, containers' and sections' contents,
    a section's accessory."""
    for component in components:
        yield component
        yield from walk(component.get("components") or [])
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield accessory


def check_layout_message(payload: dict[str, Any]) -> list[FieldError]:
    errors: list[FieldError] = []
    errors.extend(_legacy(key) for key in LEGACY_FIELDS if payload.get(key))
    components = payload.get("components")
    if not isinstance(components, list):
        return errors
    every = list(walk(components))
    if len(every) > COMPONENTS_MAX:
        errors.append(
            FieldError("components", "BASE_TYPE_MAX_LENGTH", f"Must be {COMPONENTS_MAX} or fewer")
        )
    text = sum(len(c.get("content") or "") for c in every if c.get("type") == TEXT_DISPLAY)
    if text > TEXT_MAX:
        errors.append(
            FieldError("components", "BASE_TYPE_MAX_LENGTH", f"Text over {TEXT_MAX} characters")
        )
    seen: set[str] = set()
    for index, component in enumerate(components):
        errors.extend(_check(f"components.{index}", component, TOP_LEVEL, seen))
    return errors


def _check(
    path: str, component: dict[str, Any], allowed: set[int], seen: set[str]
) -> list[FieldError]:
    kind = component.get("type")
    if kind not in allowed:
        return [FieldError(f"{path}.type", "UNION_TYPE_CHOICES", f"Component type {kind} here")]
    if kind == ACTION_ROW:
        return check_action_row(path, component, seen)
    errors: list[FieldError] = []
    if kind == CONTAINER:
        for index, child in enumerate(component.get("components") or []):
            errors.extend(_check(f"{path}.components.{index}", child, IN_CONTAINER, seen))
    elif kind == SECTION:
        texts = component.get("components") or []
        if not 1 <= len(texts) <= SECTION_TEXTS_MAX or any(
            t.get("type") != TEXT_DISPLAY for t in texts
        ):
            errors.append(
                FieldError(f"{path}.components", "BASE_TYPE_BAD_LENGTH", "1 to 3 text displays")
            )
        accessory = component.get("accessory") or {}
        if accessory.get("type") == BUTTON:
            errors.extend(check_interactive(f"{path}.accessory", accessory, seen))
        elif accessory.get("type") != THUMBNAIL:
            errors.append(
                FieldError(f"{path}.accessory", "UNION_TYPE_CHOICES", "A button or a thumbnail")
            )
        if accessory.get("type") == THUMBNAIL:
            errors.extend(_check_media(f"{path}.accessory", accessory))
    elif kind == MEDIA_GALLERY:
        items = component.get("items") or []
        if not 1 <= len(items) <= GALLERY_ITEMS_MAX:
            errors.append(FieldError(f"{path}.items", "BASE_TYPE_BAD_LENGTH", "1 to 10 items"))
        for index, item in enumerate(items):
            errors.extend(_check_media(f"{path}.items.{index}", item))
    elif kind == FILE:
        url = str((component.get("file") or {}).get("url") or "")
        if not url.startswith(ATTACHMENT):
            errors.append(
                FieldError(f"{path}.file.url", "UNFURLED_MEDIA_ITEM_INVALID", "attachment:// only")
            )
    elif kind == TEXT_DISPLAY and not component.get("content"):
        errors.append(FieldError(f"{path}.content", "BASE_TYPE_REQUIRED", "This field is required"))
    if "spoiler" in component and not isinstance(component["spoiler"], bool):
        errors.append(FieldError(f"{path}.spoiler", "BASE_TYPE_BOOLEAN", "Must be true or false"))
    return errors


def _check_media(path: str, item: dict[str, Any]) -> list[FieldError]:
    """A gallery item or a thumbnail: a url (or an attachment's name), its alt text, spoiler."""
    errors: list[FieldError] = []
    if not (item.get("media") or {}).get("url"):
        errors.append(FieldError(f"{path}.media.url", "BASE_TYPE_REQUIRED", "A url is required"))
    if len(item.get("description") or "") > ALT_TEXT_MAX:
        errors.append(
            FieldError(f"{path}.description", "BASE_TYPE_MAX_LENGTH", f"{ALT_TEXT_MAX} or fewer")
        )
    if "spoiler" in item and not isinstance(item["spoiler"], bool):
        errors.append(FieldError(f"{path}.spoiler", "BASE_TYPE_BOOLEAN", "Must be true or false"))
    return errors


def check_conversion(old: dict[str, Any], payload: dict[str, Any]) -> list[FieldError]:
    """An edit that sets the flag on a message sent without it (`old`: its content and embeds):
    Discord takes it only if the same edit clears what the message shows outside components
    (a field the edit leaves out is kept, so it must be given, empty)."""
    return [
        _legacy(key) for key in ("content", "embeds") if old.get(key) and payload.get(key, old[key])
    ]


def references(components: list[dict[str, Any]]) -> set[str]:
    """The attachments' names that the layout's galleries, files and thumbnails point at."""
    found: list[str] = []
    for component in walk(components):
        kind = component.get("type")
        if kind == MEDIA_GALLERY:
            found += [
                str((item.get("media") or {}).get("url") or "")
                for item in component.get("items") or []
            ]
        elif kind == FILE:
            found.append(str((component.get("file") or {}).get("url") or ""))
        elif kind == THUMBNAIL:
            found.append(str((component.get("media") or {}).get("url") or ""))
    return {url.removeprefix(ATTACHMENT) for url in found if url.startswith(ATTACHMENT)}
