"""JSON shapes the gateway sends that involve several world objects: guilds and members."""

from __future__ import annotations

from typing import Any

from .world import Channel, Guild, Member, World


def member_payload(member: Member, *, permissions: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {
        "user": member.user.payload(),
        "roles": [str(r) for r in member.role_ids],
        "joined_at": member.joined_at,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "nick": None,
        "avatar": None,
        "pending": False,
    }
    if permissions is not None:
        body["permissions"] = str(permissions)
    return body


def guild_create_payload(world: World, guild: Guild) -> dict[str, Any]:
    """GUILD_CREATE as sent after READY (a small guild: members included, no chunking)."""
    channels = [c for c in guild.channels.values() if not c.is_thread]
    threads = [c for c in guild.channels.values() if c.is_thread and not c.archived]
    return {
        "id": str(guild.id),
        "name": guild.name,
        "unavailable": False,
        "owner_id": str(guild.owner_id),
        "member_count": len(guild.members),
        "large": False,
        "roles": [r.payload() for r in guild.roles.values()],
        "channels": [_without_guild(c) for c in channels],
        "threads": [c.payload() for c in threads],
        "members": [member_payload(m) for m in guild.members.values()],
        "features": [],
        "emojis": [],
        "stickers": [],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": guild.preferred_locale,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "joined_at": guild.members[world.bot_user.id].joined_at,
    }


def _without_guild(channel: Channel) -> dict[str, Any]:
    body = channel.payload()
    body.pop("guild_id", None)
    return body
