"""Localized slash commands: what Discord checks when a bot syncs them, and what a client in a
given locale shows.

A command, an option and a choice may carry `name_localizations` / `description_localizations`
(`{locale: text}`); a client whose locale has an entry shows it instead of the default, and the
interaction it sends still names everything canonically (`data.name`, option names, choice
values). Discord refuses a sync (50035 Invalid Form Body) when a key is not one of its locales, a
localized name breaks the name rules (`^[-_\\w]{1,32}$`, Unicode letters allowed, lowercase), a
description or a choice name is not 1-100 characters, or two siblings would show the same name in
some locale.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from .errors import FieldError

#: Discord's locales (the keys a localization may use).
LOCALES = frozenset(locale.value for locale in discord.Locale)
NAME = re.compile(r"^[-_\w]{1,32}$")
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
CHAT_INPUT = 1


def check_commands(commands: list[dict[str, Any]]) -> list[FieldError]:
    """Every problem Discord would report in a bulk overwrite of `commands` (the whole list)."""
    errors: list[FieldError] = []
    for index, command in enumerate(commands):
        slash = command.get("type", CHAT_INPUT) == CHAT_INPUT
        _check_node(command, str(index), errors, slash=slash, option=False)
    slash_commands = [c for c in commands if c.get("type", CHAT_INPUT) == CHAT_INPUT]
    _check_unique(slash_commands, "", errors, "APPLICATION_COMMANDS_DUPLICATE_NAME")
    return errors


def _check_node(
    node: dict[str, Any], path: str, errors: list[FieldError], *, slash: bool, option: bool
) -> None:
    name = node.get("name")
    if option and (not isinstance(name, str) or not _valid_name(name)):
        errors.append(FieldError(f"{path}.name", "APPLICATION_COMMAND_INVALID_NAME", "Invalid"))
    names = node.get("name_localizations") or {}
    for locale, text in _entries(names, f"{path}.name_localizations", errors):
        if slash and not (isinstance(text, str) and _valid_name(text)):
            errors.append(
                FieldError(
                    f"{path}.name_localizations.{locale}",
                    "APPLICATION_COMMAND_INVALID_NAME",
                    "Command name is invalid",
                )
            )
    descriptions = node.get("description_localizations") or {}
    for locale, text in _entries(descriptions, f"{path}.description_localizations", errors):
        if slash and not (isinstance(text, str) and 1 <= len(text) <= 100):
            errors.append(_bad_length(f"{path}.description_localizations.{locale}", 100))
    options = node.get("options") or []
    for index, child in enumerate(options):
        _check_node(child, f"{path}.options.{index}", errors, slash=slash, option=True)
        for number, choice in enumerate(child.get("choices") or []):
            where = f"{path}.options.{index}.choices.{number}"
            localized = choice.get("name_localizations") or {}
            for locale, text in _entries(localized, f"{where}.name_localizations", errors):
                if not (isinstance(text, str) and 1 <= len(text) <= 100):
                    errors.append(_bad_length(f"{where}.name_localizations.{locale}", 100))
    _check_unique(options, f"{path}.options.", errors, "APPLICATION_COMMAND_OPTIONS_DUPLICATE")


def _entries(localizations: Any, path: str, errors: list[FieldError]) -> list[tuple[str, object]]:
    """The (locale, text) pairs of a localization dict; a key that is no Discord locale is an
    error of its own."""
    if not isinstance(localizations, dict):
        errors.append(FieldError(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used"))
        return []
    entries = []
    for locale, text in localizations.items():
        if locale not in LOCALES:
            errors.append(FieldError(f"{path}.{locale}", "LOCALE_INVALID", "Invalid locale"))
        else:
            entries.append((locale, text))
    return entries


def _valid_name(name: str) -> bool:
    return bool(NAME.match(name)) and name == name.lower()


def _bad_length(path: str, most: int) -> FieldError:
    return FieldError(path, "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {most} in length.")


def _check_unique(
    siblings: list[dict[str, Any]], path: str, errors: list[FieldError], code: str
) -> None:
    """Siblings must show different names in every locale (a localized name, else the
    default)."""
    locales = {"": None} | {
        locale: None
        for sibling in siblings
        for locale in (sibling.get("name_localizations") or {})
        if locale in LOCALES
    }
    for locale in locales:
        seen: dict[str, int] = {}
        for index, sibling in enumerate(siblings):
            shown = shown_name(sibling, locale or None)
            if shown in seen:
                where = f"{path}{index}.name" + (f"_localizations.{locale}" if locale else "")
                errors.append(FieldError(where, code, f"Name {shown!r} is used twice"))
            seen.setdefault(shown, index)


# -- what a client shows ---------------------------------------------------------------------


def shown_name(node: dict[str, Any], locale: str | None) -> str:
    """A command's, option's or choice's name as a client in `locale` shows it."""
    localized = (node.get("name_localizations") or {}).get(locale) if locale else None
    return str(localized if isinstance(localized, str) else node.get("name", ""))


def shown_description(node: dict[str, Any], locale: str | None) -> str:
    localized = (node.get("description_localizations") or {}).get(locale) if locale else None
    return str(localized if isinstance(localized, str) else node.get("description", ""))


def named(nodes: list[dict[str, Any]], word: str, locale: str | None) -> dict[str, Any] | None:
    """The node that a client in `locale` shows as `word`; the canonical name works too (the
    shown name wins where both would match)."""
    shown = next((node for node in nodes if shown_name(node, locale) == word), None)
    return shown or next((node for node in nodes if node.get("name") == word), None)


def as_seen_by(node: dict[str, Any], locale: str | None) -> dict[str, Any]:
    """`node` (a synced command, option or choice) with the names and descriptions a client in
    `locale` shows: `name`, `description` (commands and options), `options`, `choices` (with
    their `value`), and `canonical` (the name the interaction carries)."""
    seen: dict[str, Any] = {"name": shown_name(node, locale), "canonical": node.get("name")}
    if "description" in node:
        seen["description"] = shown_description(node, locale)
    if "value" in node:
        seen["value"] = node["value"]
    if node.get("options"):
        seen["options"] = [as_seen_by(child, locale) for child in node["options"]]
    if node.get("choices"):
        seen["choices"] = [as_seen_by(choice, locale) for choice in node["choices"]]
    return seen
