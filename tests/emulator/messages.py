"""Creating and editing messages under Discord's rules, shared by channel and interaction routes.

Both paths check the same limits (rules.py), the empty-message rule (50006) and the file size
limit (40005), store attachments so their URLs serve the bytes back, work out whom the content
pings (mentions.py; every ping is kept in `emulator.pings`), and tell the gateway.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import rules
from .bodies import UploadedFile
from .emojis import broken_text_emojis, check_component_emojis
from .errors import CANNOT_SEND_EMPTY_MESSAGE, ENTITY_TOO_LARGE, DiscordError, invalid_form
from .gateway import DIRECT_MESSAGES, GUILD_MESSAGES
from .layout import IS_COMPONENTS_V2, check_conversion, walk
from .mentions import Ping, check_allowed, parse_mentions
from .world import EPHEMERAL, LOADING, Attachment, Channel, Message, User

if TYPE_CHECKING:
    from .emulator import Emulator

#: Flags a bot may set on a message it sends or edits.
SETTABLE_FLAGS = (1 << 2) | EPHEMERAL | (1 << 12) | (1 << 15)


def _check_files(files: list[UploadedFile], limit: int) -> None:
    for file in files:
        if len(file.data) > limit:
            raise DiscordError(413, ENTITY_TOO_LARGE, "Request entity too large")


def _attachment_meta(payload: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {str(a.get("id")): a for a in payload.get("attachments") or [] if isinstance(a, dict)}


def _store(
    emulator: Emulator, channel: Channel, file: UploadedFile, meta: dict[str, Any]
) -> Attachment:
    attachment_id = emulator.clock.snowflake()
    filename = str(meta.get("filename") or file.filename)
    attachment = Attachment(
        attachment_id,
        filename,
        file.data,
        file.content_type,
        f"{emulator.base_url}/attachments/{channel.id}/{attachment_id}/{filename}",
        meta.get("description"),
    )
    emulator.world.attachments[attachment_id] = attachment
    return attachment


def _mention(emulator: Emulator, message: Message, payload: dict[str, Any]) -> None:
    """Keep the content's mentions as Discord does, and note whom they ping."""
    world = emulator.world
    said = message.content
    if message.flags & IS_COMPONENTS_V2:  # a layout's text displays mention as content does
        said = "\n".join(
            c.get("content") or "" for c in walk(message.components) if c.get("type") == 10
        )
    found = parse_mentions(said, payload.get("allowed_mentions"), set(world.users))
    message.mentioned_users = [world.users[user] for user in found.users]
    message.mention_roles = list(found.roles)
    message.mention_everyone = found.everyone
    channel = world.channels[message.channel_id]
    pinged = set(found.users)
    if channel.guild_id is not None:
        guild = world.guilds[channel.guild_id]
        for member in guild.members.values():
            roles = {guild.id, *member.role_ids}
            if found.everyone or roles & set(found.roles):
                pinged.add(member.user.id)
    elif found.everyone and channel.recipient is not None:
        pinged.add(channel.recipient.id)
    pinged.discard(message.author.id)
    message.pinged = frozenset(pinged)
    if message.pinged or found.everyone:
        emulator.pings.append(
            Ping(message.id, message.channel_id, said, message.pinged, found.everyone)
        )


def create_message(
    emulator: Emulator,
    channel: Channel,
    author: User,
    payload: dict[str, Any],
    files: list[UploadedFile],
    *,
    size_limit: int,
    only_for: int | None = None,
    webhook_id: int | None = None,
    interaction: dict[str, Any] | None = None,
    allow_empty: bool = False,
    checked: bool = True,
) -> Message:
    """Validate `payload` (unless `checked` is off: lenient mode, after recording the
    violation) and add the message to `channel`; `announce` tells the gateway."""
    layout = bool(int(payload.get("flags") or 0) & IS_COMPONENTS_V2)
    errors = rules.check_message(payload, file_count=len(files), layout=layout) if checked else []
    errors += check_allowed(payload.get("allowed_mentions")) if checked else []
    errors += check_component_emojis(emulator, payload) if checked else []
    if errors:
        raise invalid_form(errors)
    _check_text_emojis(emulator, payload)
    if checked:
        _check_files(files, size_limit)
    if checked and not allow_empty and rules.is_empty(payload, len(files)):
        raise DiscordError(400, CANNOT_SEND_EMPTY_MESSAGE, "Cannot send an empty message")
    meta = _attachment_meta(payload)
    flags = int(payload.get("flags") or 0) & SETTABLE_FLAGS
    if only_for is not None:
        flags |= EPHEMERAL
    message = Message(
        id=emulator.clock.snowflake(),
        channel_id=channel.id,
        author=author,
        timestamp=emulator.clock.iso(),
        content=str(payload.get("content") or ""),
        embeds=list(payload.get("embeds") or []),
        components=list(payload.get("components") or []),
        attachments=[_store(emulator, channel, f, meta.get(str(f.index), {})) for f in files],
        flags=flags,
        guild_id=channel.guild_id,
        only_for=only_for,
        webhook_id=webhook_id,
        interaction=interaction,
    )
    _mention(emulator, message, payload)
    channel.messages.append(message)
    emulator.touch()
    emulator.observe("create", message)
    return message


def edit_message(
    emulator: Emulator,
    message: Message,
    payload: dict[str, Any],
    files: list[UploadedFile],
    *,
    size_limit: int,
    checked: bool = True,
) -> None:
    """Apply a PATCH: present fields replace, `attachments` lists the ones to keep."""
    # The flag cannot be taken back once a message has it.
    layout = bool((message.flags | int(payload.get("flags") or 0)) & IS_COMPONENTS_V2)
    errors = rules.check_message(payload, file_count=len(files), layout=layout) if checked else []
    errors += check_allowed(payload.get("allowed_mentions")) if checked else []
    errors += check_component_emojis(emulator, payload) if checked else []
    if checked and layout and not message.flags & IS_COMPONENTS_V2:
        old = {"content": message.content, "embeds": message.embeds}
        errors += check_conversion(old, payload)
    if errors:
        raise invalid_form(errors)
    _check_text_emojis(emulator, payload)
    if checked:
        _check_files(files, size_limit)
    channel = emulator.world.channels[message.channel_id]
    meta = _attachment_meta(payload)
    if "attachments" in payload and payload["attachments"] is not None:
        kept = [a for a in message.attachments if str(a.id) in meta]
    else:
        kept = list(message.attachments)
    attachments = kept + [_store(emulator, channel, f, meta.get(str(f.index), {})) for f in files]
    content = payload.get("content", message.content)
    embeds = payload.get("embeds", message.embeds)
    components = payload.get("components", message.components)
    candidate = {"content": content, "embeds": embeds, "components": components}
    if checked and rules.is_empty(candidate, len(attachments)):
        raise DiscordError(400, CANNOT_SEND_EMPTY_MESSAGE, "Cannot send an empty message")
    message.content = str(content or "")
    message.embeds = list(embeds or [])
    message.components = list(components or [])
    message.attachments = attachments
    if "flags" in payload and payload["flags"] is not None:
        # The flag is set by an edit that clears the rest (checked above), never taken back.
        keep = message.flags & (EPHEMERAL | IS_COMPONENTS_V2)
        message.flags = (int(payload["flags"]) & SETTABLE_FLAGS & ~EPHEMERAL) | keep
    message.flags &= ~LOADING
    message.edited_timestamp = emulator.clock.iso()
    if "content" in payload or message.flags & IS_COMPONENTS_V2:  # mentions parsed afresh
        _mention(emulator, message, payload)
    emulator.touch()
    emulator.observe("edit", message)


def _check_text_emojis(emulator: Emulator, payload: dict[str, Any]) -> None:
    """Custom emojis in text that Discord would show as `:name:` words (not refused)."""
    for broken in broken_text_emojis(emulator, payload):
        emulator.record_violation(f"unknown emoji in text (shown as words): {broken}")


def intent_for(channel: Channel) -> int:
    return DIRECT_MESSAGES if channel.guild_id is None else GUILD_MESSAGES


async def announce(emulator: Emulator, message: Message, event: str = "MESSAGE_CREATE") -> None:
    """Tell the gateway about a message everyone may see (ephemeral ones are never dispatched)."""
    channel = emulator.world.channels[message.channel_id]
    if message.ephemeral or channel.without_bot:  # the bot hears nothing of a (group) DM
        return
    data = message.payload()
    if event == "MESSAGE_CREATE" and channel.guild_id is not None:
        member = emulator.world.guilds[channel.guild_id].members.get(message.author.id)
        if member is not None:
            data["member"] = {
                "roles": [str(r) for r in member.role_ids],
                "joined_at": member.joined_at,
            }
    await emulator.gateway.dispatch(event, data, intent=intent_for(channel))


async def announce_delete(emulator: Emulator, message: Message) -> None:
    channel = emulator.world.channels[message.channel_id]
    if message.ephemeral or channel.without_bot:
        return
    data: dict[str, Any] = {"id": str(message.id), "channel_id": str(channel.id)}
    if channel.guild_id is not None:
        data["guild_id"] = str(channel.guild_id)
    await emulator.gateway.dispatch("MESSAGE_DELETE", data, intent=intent_for(channel))
