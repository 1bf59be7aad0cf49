"""Discord's error answers: the JSON shape, the codes the emulator uses, and one exception.

A handler raises `DiscordError`; the server turns it into the response Discord would send.
`bot_fault` separates rules the bot broke (recorded in `Emulator.violations`) from answers a
correct bot must expect and handle, such as a user who closed their DMs (`Emulator.refusals`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
MISSING_ACCESS = 50001
CANNOT_SEND_EMPTY_MESSAGE = 50006
CANNOT_SEND_TO_USER = 50007
CANNOT_EDIT_OTHERS_MESSAGE = 50005
MISSING_PERMISSIONS = 50013
INVALID_FORM_BODY = 50035
INVALID_WEBHOOK_TOKEN = 50027
ENTITY_TOO_LARGE = 40005
MAX_FOLLOWUPS = 40094
ENTRY_POINT_REMOVED = 50240
ALREADY_ACKNOWLEDGED = 40060
UNAUTHORIZED = 0
THREAD_ARCHIVED = 50083


@dataclass
class FieldError:
    """One entry of the nested `errors` tree: a dotted path (`embeds.0.title`) and its reason."""

    path: str
    code: str
    message: str


@dataclass
class DiscordError(Exception):
    """An error response: HTTP status, Discord's JSON code and message, optional field errors."""

    status: int
    code: int
    message: str
    field_errors: list[FieldError] = field(default_factory=list)
    bot_fault: bool = True

    def __str__(self) -> str:
        detail = "; ".join(f"{e.path}: {e.message}" for e in self.field_errors)
        return f"{self.status} {self.code} {self.message}" + (f" ({detail})" if detail else "")

    def body(self) -> dict[str, Any]:
        payload: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.field_errors:
            payload["errors"] = nest_errors(self.field_errors)
        return payload


def nest_errors(errors: list[FieldError]) -> dict[str, Any]:
    """Discord's nested shape: `{"embeds": {"0": {"title": {"_errors": [{code, message}]}}}}`."""
    tree: dict[str, Any] = {}
    for error in errors:
        node = tree
        for part in error.path.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": error.code, "message": error.message})
    return tree


def invalid_form(errors: list[FieldError]) -> DiscordError:
    return DiscordError(400, INVALID_FORM_BODY, "Invalid Form Body", errors)


def missing_permissions() -> DiscordError:
    return DiscordError(403, MISSING_PERMISSIONS, "Missing Permissions", bot_fault=False)


def missing_access() -> DiscordError:
    return DiscordError(403, MISSING_ACCESS, "Missing Access", bot_fault=False)


def unknown_channel() -> DiscordError:
    # Not a violation: a channel or message deleted by a person is a case the bot must handle.
    return DiscordError(404, UNKNOWN_CHANNEL, "Unknown Channel", bot_fault=False)


def unknown_message() -> DiscordError:
    return DiscordError(404, UNKNOWN_MESSAGE, "Unknown Message", bot_fault=False)
