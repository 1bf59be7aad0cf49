"""Who a message pings, by Discord's rules for mentions in content and `allowed_mentions`.

Discord parses `<@id>` / `<@!id>` (users), `<@&id>` (roles) and `@everyone` / `@here` in a
message's content (never in embeds). Without `allowed_mentions` every kind is parsed; with it,
only what it allows: `parse` lists the kinds parsed whole (`users`, `roles`, `everyone`),
`users` / `roles` list the ids allowed one by one (a kind may not be both in `parse` and listed:
400). A mention that is not allowed stays in the text but pings nobody and is left out of the
message's `mentions`, `mention_roles` and `mention_everyone`.

The emulator takes the sender as allowed to ping everyone and every role (a bot with Mention
@everyone, @here and All Roles), so a test sees every ping the payload itself would allow.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import FieldError

USER = re.compile(r"<@!?([0-9]{1,20})>")
ROLE = re.compile(r"<@&([0-9]{1,20})>")
EVERYONE = re.compile(r"@(?:everyone|here)")
KINDS = ("users", "roles", "everyone")
LISTED_MAX = 100


@dataclass(frozen=True)
class Mentions:
    """The mentions of a message's content that Discord keeps (and notifies)."""

    users: tuple[int, ...] = ()
    roles: tuple[int, ...] = ()
    everyone: bool = False

    def __bool__(self) -> bool:
        return bool(self.users or self.roles or self.everyone)


@dataclass(frozen=True)
class Ping:
    """A message create or edit that pinged someone: a snapshot (later edits do not change it)."""

    message_id: int
    channel_id: int
    content: str
    pinged: frozenset[int]
    everyone: bool


def check_allowed(allowed: Any) -> list[FieldError]:
    """Discord's form errors for an `allowed_mentions` object."""
    if allowed is None:
        return []
    if not isinstance(allowed, dict):
        return [FieldError("allowed_mentions", "MODEL_TYPE_CONVERT", "Must be an object.")]
    errors: list[FieldError] = []
    parse = allowed.get("parse") or []
    for kind in parse:
        if kind not in KINDS:
            errors.append(
                FieldError("allowed_mentions.parse", "BASE_TYPE_CHOICES", f"Not a choice: {kind}")
            )
    for kind in ("users", "roles"):
        listed = allowed.get(kind) or []
        if listed and kind in parse:
            errors.append(
                FieldError(
                    f"allowed_mentions.{kind}",
                    "MUTUALLY_EXCLUSIVE",
                    f"parse:[{kind}] and {kind}: [ids...] are mutually exclusive.",
                )
            )
        if len(listed) > LISTED_MAX:
            errors.append(
                FieldError(f"allowed_mentions.{kind}", "BASE_TYPE_MAX_LENGTH", "Too many ids.")
            )
    return errors


def parse_mentions(content: str, allowed: Any, known_users: set[int]) -> Mentions:
    """The mentions Discord keeps for `content` under `allowed` (None: the field was absent)."""
    users = [int(found) for found in USER.findall(content)]
    roles = [int(found) for found in ROLE.findall(content)]
    everyone = EVERYONE.search(content) is not None
    if isinstance(allowed, dict):
        parse = set(allowed.get("parse") or [])
        listed_users = {int(user) for user in allowed.get("users") or []}
        listed_roles = {int(role) for role in allowed.get("roles") or []}
        users = [user for user in users if "users" in parse or user in listed_users]
        roles = [role for role in roles if "roles" in parse or role in listed_roles]
        everyone = everyone and "everyone" in parse
    return Mentions(
        tuple(dict.fromkeys(user for user in users if user in known_users)),
        tuple(dict.fromkeys(roles)),
        everyone,
    )
