"""Discord's limits on what a message, a modal or an autocomplete answer may contain.

Each check returns the field errors Discord would list (path, code, message); the caller turns
a non-empty list into 400 / 50035. Limits are from Discord's documentation (message, embed,
component and modal references), the ones DISCORD.md's table names and their neighbours.
"""

from __future__ import annotations

from typing import Any

from .errors import FieldError

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_LIMITS = {"title": 256, "description": 4096}
EMBED_FIELDS_MAX = 25
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FOOTER_MAX = 2048
AUTHOR_NAME_MAX = 256
FILES_MAX = 10
ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
CUSTOM_ID_MAX = 100
LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
SELECT_PLACEHOLDER_MAX = 150
OPTION_TEXT_MAX = 100
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_VALUE_MAX = 4000
CHOICES_MAX = 25

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 5, 6, 7, 8
LABEL = 18
SELECTS = {STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT}
LINK_STYLE, PREMIUM_STYLE = 5, 6


def _too_long(path: str, limit: int) -> FieldError:
    return FieldError(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _bad_length(path: str, low: int, high: int) -> FieldError:
    return FieldError(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def check_message(
    payload: dict[str, Any], *, file_count: int = 0, layout: bool = False
) -> list[FieldError]:
    """Every limit on a message body that is present in `payload` (creates and edits alike);
    `layout`: the message has the IS_COMPONENTS_V2 flag (see layout.py)."""
    if layout:
        from .layout import check_layout_message

        errors = check_layout_message(payload)
        if file_count > FILES_MAX:
            errors.append(_too_long("files", FILES_MAX))
        return errors
    errors = []
    content = payload.get("content")
    if isinstance(content, str) and len(content) > CONTENT_MAX:
        errors.append(_too_long("content", CONTENT_MAX))
    embeds = payload.get("embeds")
    if isinstance(embeds, list):
        errors.extend(check_embeds(embeds))
    components = payload.get("components")
    if isinstance(components, list):
        errors.extend(check_components(components))
    if file_count > FILES_MAX:
        errors.append(_too_long("files", FILES_MAX))
    return errors


def embed_length(embed: dict[str, Any]) -> int:
    """Characters that count towards the 6000 total: titles, texts, names and values."""
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    for field in embed.get("fields") or []:
        total += len(field.get("name") or "") + len(field.get("value") or "")
    return total


def check_embeds(embeds: list[dict[str, Any]]) -> list[FieldError]:
    errors: list[FieldError] = []
    if len(embeds) > EMBEDS_MAX:
        errors.append(_too_long("embeds", EMBEDS_MAX))
    for index, embed in enumerate(embeds):
        base = f"embeds.{index}"
        for key, limit in EMBED_LIMITS.items():
            if len(embed.get(key) or "") > limit:
                errors.append(_too_long(f"{base}.{key}", limit))
        if len((embed.get("footer") or {}).get("text") or "") > FOOTER_MAX:
            errors.append(_too_long(f"{base}.footer.text", FOOTER_MAX))
        if len((embed.get("author") or {}).get("name") or "") > AUTHOR_NAME_MAX:
            errors.append(_too_long(f"{base}.author.name", AUTHOR_NAME_MAX))
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            errors.append(_too_long(f"{base}.fields", EMBED_FIELDS_MAX))
        for number, field in enumerate(fields):
            name, value = field.get("name") or "", field.get("value") or ""
            if not 1 <= len(name) <= FIELD_NAME_MAX:
                errors.append(_bad_length(f"{base}.fields.{number}.name", 1, FIELD_NAME_MAX))
            if not 1 <= len(value) <= FIELD_VALUE_MAX:
                errors.append(_bad_length(f"{base}.fields.{number}.value", 1, FIELD_VALUE_MAX))
    if sum(embed_length(e) for e in embeds) > EMBED_TOTAL_MAX:
        errors.append(
            FieldError("embeds", "BASE_TYPE_MAX_LENGTH", "Embed size exceeds maximum size of 6000")
        )
    return errors


def check_components(rows: list[dict[str, Any]]) -> list[FieldError]:
    """Action rows of buttons and selects: 5 rows, 5 buttons or one select a row, unique ids."""
    errors: list[FieldError] = []
    if len(rows) > ROWS_MAX:
        errors.append(_too_long("components", ROWS_MAX))
    seen: set[str] = set()
    for r, row in enumerate(rows):
        base = f"components.{r}"
        if row.get("type") != ACTION_ROW:
            errors.append(
                FieldError(f"{base}.type", "UNION_TYPE_CHOICES", "Value must be an action row.")
            )
            continue
        errors.extend(check_action_row(base, row, seen))
    return errors


def check_action_row(base: str, row: dict[str, Any], seen: set[str]) -> list[FieldError]:
    """One action row: 1..5 buttons, or one select alone; custom ids unique in `seen`."""
    errors: list[FieldError] = []
    children = row.get("components") or []
    if not children:
        errors.append(_bad_length(f"{base}.components", 1, BUTTONS_PER_ROW_MAX))
    selects = [c for c in children if c.get("type") in SELECTS]
    if selects and len(children) > 1:
        errors.append(
            FieldError(
                f"{base}.components",
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        )
    elif len(children) > BUTTONS_PER_ROW_MAX:
        errors.append(_too_long(f"{base}.components", BUTTONS_PER_ROW_MAX))
    for c, child in enumerate(children):
        errors.extend(check_interactive(f"{base}.components.{c}", child, seen))
    return errors


def _check_custom_id(path: str, custom_id: Any, seen: set[str]) -> list[FieldError]:
    if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= CUSTOM_ID_MAX:
        return [_bad_length(f"{path}.custom_id", 1, CUSTOM_ID_MAX)]
    if custom_id in seen:
        return [
            FieldError(
                f"{path}.custom_id",
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        ]
    seen.add(custom_id)
    return []


def check_interactive(path: str, child: dict[str, Any], seen: set[str]) -> list[FieldError]:
    """A button or a select, wherever it sits."""
    kind = child.get("type")
    errors: list[FieldError] = []
    if kind == BUTTON:
        style = child.get("style")
        if style == LINK_STYLE:
            if not child.get("url") or "custom_id" in child:
                errors.append(
                    FieldError(path, "BUTTON_COMPONENT_URL_REQUIRED", "A link button needs a url")
                )
        elif style != PREMIUM_STYLE:
            errors.extend(_check_custom_id(path, child.get("custom_id"), seen))
        if len(child.get("label") or "") > LABEL_MAX:
            errors.append(_too_long(f"{path}.label", LABEL_MAX))
        if not child.get("label") and not child.get("emoji") and style != PREMIUM_STYLE:
            errors.append(
                FieldError(path, "BUTTON_COMPONENT_INVALID", "A button needs a label or an emoji")
            )
    elif kind in SELECTS:
        errors.extend(_check_custom_id(path, child.get("custom_id"), seen))
        errors.extend(check_select(path, child))
    else:
        errors.append(
            FieldError(f"{path}.type", "UNION_TYPE_CHOICES", f"Component type {kind} not allowed")
        )
    return errors


def check_select(path: str, select: dict[str, Any]) -> list[FieldError]:
    errors: list[FieldError] = []
    if len(select.get("placeholder") or "") > SELECT_PLACEHOLDER_MAX:
        errors.append(_too_long(f"{path}.placeholder", SELECT_PLACEHOLDER_MAX))
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= SELECT_OPTIONS_MAX or not 1 <= high <= SELECT_OPTIONS_MAX or low > high:
        errors.append(FieldError(f"{path}.max_values", "NUMBER_TYPE_MAX", "Bad value range"))
    if select.get("type") != STRING_SELECT:
        return errors
    options = select.get("options") or []
    if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
        errors.append(_bad_length(f"{path}.options", 1, SELECT_OPTIONS_MAX))
    elif high > len(options):
        errors.append(
            FieldError(f"{path}.max_values", "NUMBER_TYPE_MAX", "More values than options")
        )
    values: set[str] = set()
    for o, option in enumerate(options):
        for key in ("label", "value"):
            if not 1 <= len(option.get(key) or "") <= OPTION_TEXT_MAX:
                errors.append(_bad_length(f"{path}.options.{o}.{key}", 1, OPTION_TEXT_MAX))
        if option.get("value") in values:
            errors.append(
                FieldError(
                    f"{path}.options.{o}.value",
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Option values must be unique",
                )
            )
        values.add(option.get("value") or "")
    return errors


def check_modal(data: dict[str, Any]) -> list[FieldError]:
    """A modal: custom id, a title of 1..45, 1..5 text inputs (in rows or labels)."""
    errors = _check_custom_id("data", data.get("custom_id"), set())
    if not 1 <= len(data.get("title") or "") <= MODAL_TITLE_MAX:
        errors.append(_bad_length("data.title", 1, MODAL_TITLE_MAX))
    components = data.get("components") or []
    if not 1 <= len(components) <= MODAL_COMPONENTS_MAX:
        errors.append(_bad_length("data.components", 1, MODAL_COMPONENTS_MAX))
    seen: set[str] = set()
    for path, item, label in modal_inputs(components):
        errors.extend(_check_custom_id(path, item.get("custom_id"), seen))
        if label is not None and not 1 <= len(label) <= TEXT_INPUT_LABEL_MAX:
            errors.append(_bad_length(f"{path}.label", 1, TEXT_INPUT_LABEL_MAX))
        if item.get("type") == TEXT_INPUT:
            low, high = item.get("min_length", 0), item.get("max_length", TEXT_INPUT_VALUE_MAX)
            if not 0 <= low <= high <= TEXT_INPUT_VALUE_MAX:
                errors.append(FieldError(f"{path}.max_length", "NUMBER_TYPE_MAX", "Bad range"))
            if len(item.get("value") or "") > TEXT_INPUT_VALUE_MAX:
                errors.append(_too_long(f"{path}.value", TEXT_INPUT_VALUE_MAX))
    return errors


def modal_inputs(
    components: list[dict[str, Any]],
) -> list[tuple[str, dict[str, Any], str | None]]:
    """(path, input, label) for every input of a modal, whether in action rows or labels."""
    found: list[tuple[str, dict[str, Any], str | None]] = []
    for r, top in enumerate(components):
        if top.get("type") == ACTION_ROW:
            for c, item in enumerate(top.get("components") or []):
                found.append((f"data.components.{r}.components.{c}", item, item.get("label")))
        elif top.get("type") == LABEL:
            item = top.get("component") or {}
            found.append((f"data.components.{r}.component", item, top.get("label")))
    return found


def check_choices(choices: Any) -> list[FieldError]:
    """An autocomplete answer: at most 25 choices, names 1..100 characters."""
    if not isinstance(choices, list):
        return [FieldError("data.choices", "BASE_TYPE_REQUIRED", "This field is required")]
    errors: list[FieldError] = []
    if len(choices) > CHOICES_MAX:
        errors.append(_too_long("data.choices", CHOICES_MAX))
    for index, choice in enumerate(choices):
        if not 1 <= len(str(choice.get("name", ""))) <= OPTION_TEXT_MAX:
            errors.append(_bad_length(f"data.choices.{index}.name", 1, OPTION_TEXT_MAX))
    return errors


def is_empty(payload: dict[str, Any], attachment_count: int) -> bool:
    """No content, embeds, attachments, components, stickers or poll: Discord's 50006."""
    return not (
        payload.get("content")
        or payload.get("embeds")
        or attachment_count
        or payload.get("components")
        or payload.get("sticker_ids")
        or payload.get("poll")
    )
