"""What the Discord client lets a user type: slash commands checked against the synced schema.

The real client only offers commands the bot synced and only sends options they declare, with
values of the declared type, inside `min/max`, and among the `choices` when there are choices.
So the driver refuses anything else with `DriverError` before any interaction exists.

A client shows commands, options and choices by their localized names for its locale (see
localizations.py); the driver accepts those, as the person sees them, and the canonical names,
and the interaction carries the canonical ones, as Discord's does.

Where a command is offered follows its `integration_types` (0: installed to a server, the
default; 1: installed to a user) and `contexts` (0: servers, 1: the bot's DM, 2: group DMs and
DMs between people; absent: servers and, unless `dm_permission` is false, the bot's DM). A
group DM, or a DM between people, has no server install, so only the commands of a user
install reach it: the person must have installed the app (`Person.install`) and the command
must allow both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .localizations import named, shown_name
from .payloads import member_payload
from .permissions import ADMINISTRATOR
from .world import (
    BOT_DM_CONTEXT,
    GUILD_CONTEXT,
    GUILD_INSTALL,
    PRIVATE_CHANNEL_CONTEXT,
    USER_INSTALL,
    Channel,
    User,
    World,
)

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


class DriverError(Exception):
    """What a real user could not do (the client would not offer it)."""


@dataclass
class Invocation:
    """A typed command, ready to become an interaction's `data`."""

    command: dict[str, Any]
    path: list[str]
    options: list[dict[str, Any]]
    resolved: dict[str, Any]


def find_command(
    world: World,
    commands: dict[int | None, list[dict[str, Any]]],
    channel: Channel,
    name: str,
    locale: str | None = None,
    user: User | None = None,
) -> dict[str, Any]:
    pool = list(commands.get(None, []))
    if channel.guild_id is not None:
        pool += commands.get(channel.guild_id, [])
    slash = [command for command in pool if command.get("type", 1) == 1]
    command = named(slash, name, locale)
    if command is not None:
        installed = user is not None and user.id in world.user_installs
        if not _offered(command, _context_of(channel), installed):
            where = "in DMs" if channel.guild_id is None else "here"
            raise DriverError(f"/{name} is not offered {where}")
        return command
    synced = sorted(shown_name(c, locale) for c in pool)
    raise DriverError(f"no slash command /{name} here; synced: {synced}")


def _context_of(channel: Channel) -> int:
    if channel.guild_id is not None:
        return GUILD_CONTEXT
    return PRIVATE_CHANNEL_CONTEXT if channel.without_bot else BOT_DM_CONTEXT


def _offered(command: dict[str, Any], context: int, user_installed: bool) -> bool:
    """Whether a client offers `command` in `context` to a person (who has installed the app to
    their account, or not)."""
    installs = command.get("integration_types") or [GUILD_INSTALL]
    contexts = command.get("contexts")
    if contexts is None:
        if context == PRIVATE_CHANNEL_CONTEXT:
            return False
        if context == BOT_DM_CONTEXT and command.get("dm_permission", True) is False:
            return False
    elif context not in contexts:
        return False
    if context == PRIVATE_CHANNEL_CONTEXT:  # no server install reaches a (group) DM of people
        return USER_INSTALL in installs and user_installed
    return GUILD_INSTALL in installs or (USER_INSTALL in installs and user_installed)


def invoke(
    world: World,
    commands: dict[int | None, list[dict[str, Any]]],
    channel: Channel,
    user: User,
    text: str,
    values: dict[str, Any],
    *,
    focused: str | None = None,
    locale: str | None = None,
) -> Invocation:
    """Resolve `text` ("domino new", or as a client in `locale` shows it: "dominó nueva") to a
    leaf command and check `values` against it. `path` and the options are canonical."""
    words = text.strip().lstrip("/").split()
    if not words:
        raise DriverError("empty command")
    command = find_command(world, commands, channel, words[0], locale, user)
    _check_member_permissions(world, command, channel, user)
    node = command
    path = [command["name"]]
    for word in words[1:]:
        children = [
            o for o in node.get("options") or [] if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
        ]
        match = named(children, word, locale)
        if match is None:
            raise DriverError(f"/{' '.join(path)} has no subcommand {word!r}")
        node = match
        path.append(match["name"])
    leaf_options = node.get("options") or []
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in leaf_options):
        names = [shown_name(o, locale) for o in leaf_options]
        raise DriverError(f"/{' '.join(path)} needs a subcommand: {names}")
    resolved: dict[str, Any] = {}
    if focused is not None:
        option = named(leaf_options, focused, locale)
        focused = option["name"] if option is not None else focused
    options = _check_options(world, channel, leaf_options, values, resolved, focused, locale)
    for depth in range(len(path) - 1, 0, -1):
        parent = _node_at(command, path[1:depth])
        kind = next(o["type"] for o in parent.get("options") or [] if o["name"] == path[depth])
        options = [{"type": kind, "name": path[depth], "options": options}]
    return Invocation(command, path, options, resolved)


def _node_at(command: dict[str, Any], names: list[str]) -> dict[str, Any]:
    node = command
    for name in names:
        node = next(o for o in node.get("options") or [] if o["name"] == name)
    return node


def _check_member_permissions(
    world: World, command: dict[str, Any], channel: Channel, user: User
) -> None:
    needed = command.get("default_member_permissions")
    if needed is None or channel.guild_id is None:
        return
    have = world.permissions_in(channel, user.id)
    if have & ADMINISTRATOR:
        return
    if int(needed) & ~have or int(needed) == 0:
        raise DriverError(f"/{command['name']} is hidden from {user.name} (permissions)")


def _check_options(
    world: World,
    channel: Channel,
    declared: list[dict[str, Any]],
    values: dict[str, Any],
    resolved: dict[str, Any],
    focused: str | None,
    locale: str | None = None,
) -> list[dict[str, Any]]:
    by_name = {o["name"]: o for o in declared}
    canonical: dict[str, Any] = {}
    for typed, value in values.items():
        option = named(declared, typed, locale)
        if option is None:
            shown = sorted(shown_name(o, locale) for o in declared)
            raise DriverError(f"unknown options [{typed!r}]; declared: {shown}")
        canonical[option["name"]] = value
    values = canonical
    if focused is None:
        missing = [o["name"] for o in declared if o.get("required") and o["name"] not in values]
        if missing:
            raise DriverError(f"required options missing: {missing}")
    out: list[dict[str, Any]] = []
    for name, value in values.items():
        option = by_name[name]
        if name == focused:
            out.append({"type": option["type"], "name": name, "value": str(value), "focused": True})
            continue
        out.append(
            {
                "type": option["type"],
                "name": name,
                "value": _coerce(world, channel, option, value, resolved, locale),
            }
        )
    return out


def _coerce(
    world: World,
    channel: Channel,
    option: dict[str, Any],
    value: Any,
    resolved: dict[str, Any],
    locale: str | None = None,
) -> Any:
    kind, name = option["type"], option["name"]
    choices = option.get("choices")
    if choices:
        for choice in choices:
            if value in (choice["value"], shown_name(choice, locale), choice["name"]):
                return choice["value"]
        offered = [shown_name(c, locale) for c in choices]
        raise DriverError(f"{value!r} is not a choice of {name}: {offered}")
    if kind == STRING:
        if not isinstance(value, str):
            raise DriverError(f"{name} takes text, not {value!r}")
        if not option.get("min_length", 0) <= len(value) <= option.get("max_length", 6000):
            raise DriverError(f"{name}: length of {value!r} outside the allowed range")
        return value
    if kind in (INTEGER, NUMBER):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise DriverError(f"{name} takes a number, not {value!r}")
        if kind == INTEGER and not isinstance(value, int):
            raise DriverError(f"{name} takes a whole number, not {value!r}")
        low, high = option.get("min_value"), option.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise DriverError(f"{name}: {value} outside {low}..{high}")
        return value
    if kind == BOOLEAN:
        if not isinstance(value, bool):
            raise DriverError(f"{name} takes true or false, not {value!r}")
        return value
    if kind in (USER, MENTIONABLE):
        user = getattr(value, "user", value)
        if isinstance(user, str):
            user = world.user_named(user)
        if not isinstance(user, User):
            raise DriverError(f"{name} takes a user, not {value!r}")
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        if channel.guild_id is not None:
            member = world.guilds[channel.guild_id].members.get(user.id)
            if member is not None:
                body = member_payload(member, permissions=world.permissions_in(channel, user.id))
                body.pop("user")
                resolved.setdefault("members", {})[str(user.id)] = body
        return str(user.id)
    if kind == CHANNEL:
        target = getattr(value, "channel", value)
        if not isinstance(target, Channel):
            raise DriverError(f"{name} takes a channel, not {value!r}")
        resolved.setdefault("channels", {})[str(target.id)] = target.payload() | {
            "permissions": "0"
        }
        return str(target.id)
    raise DriverError(f"option type {kind} of {name} is not emulated")
