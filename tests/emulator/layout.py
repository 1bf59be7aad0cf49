"""Components V2 (`IS_COMPONENTS_V2`, discord.py's `LayoutView`): the layout rules, and a walk
over every component of a message, nested or not, that the driver uses to find buttons.

With the flag, a message carries no content or embeds; its components may be action rows,
sections, text displays, media galleries, files, separators and containers, at most 40 in all
(nested ones counted) with at most 4000 characters of text.
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
    for key in ("content", "embeds", "poll", "sticker_ids"):
        if payload.get(key):
            errors.append(
                FieldError(key, "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                           "The 'content' and 'embeds' fields cannot be used with components v2")
            )  # fmt: skip
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
    elif kind == MEDIA_GALLERY and not 1 <= len(component.get("items") or []) <= GALLERY_ITEMS_MAX:
        errors.append(FieldError(f"{path}.items", "BASE_TYPE_BAD_LENGTH", "1 to 10 items"))
    return errors
