"""The emulated Discord's state: users, guilds, roles, members, channels, threads, messages.

Plain data plus the few rules that are about state rather than requests: who can see a message
(ephemeral visibility), and which permissions and overwrites apply to a member in a channel
(the bits and the algorithm are in permissions.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .clock import Clock
from .permissions import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    ATTACH_FILES,
    BOT_ROLE_DEFAULT,
    EMBED_LINKS,
    EVERYONE_DEFAULT,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    Overwrite,
    in_channel,
)

GUILD_TEXT, DM, GROUP_DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 3, 11, 12
THREAD_TYPES = {PUBLIC_THREAD, PRIVATE_THREAD}

#: Where an interaction happens (its `context`) and where a command may be used (`contexts`).
GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CHANNEL_CONTEXT = 0, 1, 2
#: How an app is installed (`integration_types`, the keys of `authorizing_integration_owners`).
GUILD_INSTALL, USER_INSTALL = 0, 1

EPHEMERAL = 1 << 6
LOADING = 1 << 7


@dataclass
class User:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    #: The Discord locale of the person's client: interactions they send carry it.
    locale: str = "en-US"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class Member:
    user: User
    role_ids: list[int]
    joined_at: str


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str
    url: str
    description: str | None = None

    def payload(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description:
            body["description"] = self.description
        return body


@dataclass
class Message:
    id: int
    channel_id: int
    author: User
    timestamp: str
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    edited_timestamp: str | None = None
    guild_id: int | None = None
    #: None: everyone who sees the channel; otherwise the one user an ephemeral message is for.
    only_for: int | None = None
    webhook_id: int | None = None
    interaction: dict[str, Any] | None = None
    thread_id: int | None = None
    deleted: bool = False
    #: The mentions Discord kept from the content (see mentions.py), and who they ping.
    mentioned_users: list[User] = field(default_factory=list)
    mention_roles: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    pinged: frozenset[int] = frozenset()

    @property
    def ephemeral(self) -> bool:
        return self.only_for is not None

    def visible_to(self, user_id: int) -> bool:
        return not self.deleted and (self.only_for is None or self.only_for == user_id)

    def payload(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": 0 if self.interaction is None else 20,
            "content": self.content,
            "author": self.author.payload(),
            "mentions": [user.payload() for user in self.mentioned_users],
            "mention_roles": [str(role) for role in self.mention_roles],
            "mention_everyone": self.mention_everyone,
            "components": self.components,
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "flags": self.flags,
            "pinned": False,
            "tts": False,
        }
        if self.guild_id is not None:
            body["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            body["webhook_id"] = str(self.webhook_id)
            body["application_id"] = str(self.webhook_id)
        if self.interaction is not None:
            body["interaction_metadata"] = self.interaction
        if self.thread_id is not None:
            body["thread"] = {"id": str(self.thread_id)}
        return body


@dataclass
class Channel:
    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    overwrites: list[Overwrite] = field(default_factory=list)
    recipient: User | None = None
    messages: list[Message] = field(default_factory=list)
    # threads
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    archive_timestamp: str | None = None
    starter_message_id: int | None = None
    #: Who was added to a thread (a private thread shows only to them and to MANAGE_THREADS).
    members: set[int] = field(default_factory=set)
    #: Deleted by a moderator (`Emulator.delete_channel`): Discord answers 10003 for it.
    deleted: bool = False
    #: The people of a group DM, or of a DM between two people (the bot is never one: an app
    #: reaches those only through the interactions of people who installed it).
    recipients: list[User] = field(default_factory=list)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_group_dm(self) -> bool:
        return self.type == GROUP_DM

    @property
    def without_bot(self) -> bool:
        """A group DM or a DM between two people: the bot is not in it, so it hears nothing of
        it and its REST cannot reach it (only interaction tokens do). The bot's own DM with a
        person (`recipient`) is not one of these."""
        return self.type == GROUP_DM or (self.type == DM and self.recipient is None)

    def has_recipient(self, user_id: int) -> bool:
        """Whether `user_id` is in this DM or group DM."""
        if self.without_bot:
            return any(user.id == user_id for user in self.recipients)
        return self.recipient is not None and self.recipient.id == user_id

    def payload(self) -> dict[str, Any]:
        body: dict[str, Any] = {"id": str(self.id), "type": self.type, "name": self.name}
        if self.is_group_dm:
            body.update(
                recipients=[user.payload() for user in self.recipients],
                owner_id=str(self.owner_id),
                last_message_id=None,
                icon=None,
            )
            return body
        if self.type == DM and self.recipient is None:
            # A DM between two people, as an interaction there shows it: no recipients (Discord
            # leaves them out where the app's bot is not one of them; discord.py: "if sent from
            # a DM channel, recipient is None"), so a bot must not rely on them.
            body.update(last_message_id=None, flags=0)
            del body["name"]
            return body
        if self.type == DM and self.recipient is not None:
            body.update(recipients=[self.recipient.payload()], last_message_id=None)
            del body["name"]
            return body
        body.update(
            guild_id=str(self.guild_id),
            position=self.position,
            permission_overwrites=[o.payload() for o in self.overwrites],
            parent_id=None if self.parent_id is None else str(self.parent_id),
            nsfw=False,
            topic=None,
            last_message_id=None,
            rate_limit_per_user=0,
        )
        if self.is_thread:
            body.update(
                owner_id=str(self.owner_id),
                message_count=len(self.messages),
                member_count=1,
                total_message_sent=len(self.messages),
                thread_metadata={
                    "archived": self.archived,
                    "locked": self.locked,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": self.archive_timestamp,
                },
            )
        return body


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    #: Guild-wide features the emulator can switch off (e.g. threads).
    threads_allowed: bool = True
    #: The server's language setting: `guild_locale` of interactions, `preferred_locale`.
    preferred_locale: str = "en-US"

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]


class World:
    """Everything the fake Discord knows; mutated by REST handlers and by tests."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.dm_channels: dict[int, Channel] = {}  # by recipient id
        self.attachments: dict[int, Attachment] = {}
        #: The application's own emojis by id (emojis.py: uploaded through the API).
        self.application_emojis: dict[int, Any] = {}
        self.bot_user = self.add_user("Domino Bot", bot=True)
        self.application_id = self.bot_user.id
        #: Who installed the app to their account (`Person.install`): only they can use its
        #: commands where it is not installed (a group DM).
        self.user_installs: set[int] = set()

    # -- building the world -------------------------------------------------------------
    def add_user(self, name: str, *, bot: bool = False) -> User:
        user = User(self.clock.snowflake(), name, bot=bot)
        self.users[user.id] = user
        return user

    def user_named(self, name: str) -> User:
        for user in self.users.values():
            if user.name == name:
                return user
        raise KeyError(f"no user named {name!r}")

    def add_guild(self, name: str, owner: User, *, guild_id: int | None = None) -> Guild:
        """A guild the bot is in, with its @everyone role, its owner and the bot as members;
        `guild_id` picks the id (its shard: see `Clock.past_snowflake`)."""
        guild = Guild(guild_id or self.clock.snowflake(), name, owner.id)
        guild.roles[guild.id] = Role(guild.id, "@everyone", EVERYONE_DEFAULT)
        self.guilds[guild.id] = guild
        bot_role = Role(self.clock.snowflake(), self.bot_user.name, BOT_ROLE_DEFAULT, 1, True)
        guild.roles[bot_role.id] = bot_role
        self.join(guild, owner)
        guild.members[self.bot_user.id] = Member(self.bot_user, [bot_role.id], self.clock.iso())
        return guild

    def join(self, guild: Guild, user: User) -> Member:
        member = Member(user, [], self.clock.iso())
        guild.members[user.id] = member
        return member

    def add_text_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(
            self.clock.snowflake(), GUILD_TEXT, name, guild.id, position=len(guild.channels)
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        return channel

    def add_thread(
        self, parent: Channel, name: str, owner: User, *, private: bool, starter: int | None
    ) -> Channel:
        thread = Channel(
            starter if starter is not None else self.clock.snowflake(),
            PRIVATE_THREAD if private else PUBLIC_THREAD,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=owner.id,
            archive_timestamp=self.clock.iso(),
            starter_message_id=starter,
            members={owner.id},
        )
        self.channels[thread.id] = thread
        assert parent.guild_id is not None
        self.guilds[parent.guild_id].channels[thread.id] = thread
        return thread

    def dm_channel(self, user: User) -> Channel:
        """The bot's DM channel with `user` (created on first use, as Discord does)."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = Channel(self.clock.snowflake(), DM, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def add_group_dm(self, owner: User, *others: User, name: str = "") -> Channel:
        """A group DM of `owner` and `others`: a place no bot is in."""
        channel = Channel(
            self.clock.snowflake(),
            GROUP_DM,
            name,
            owner_id=owner.id,
            recipients=[owner, *others],
        )
        self.channels[channel.id] = channel
        return channel

    def add_private_dm(self, one: User, other: User, *, name: str = "") -> Channel:
        """A DM between two people: a place no bot is in (unlike `dm_channel`, the bot's own
        DM with a person). `name` is the emulator's handle for it (Discord's DMs have none)."""
        channel = Channel(self.clock.snowflake(), DM, name, recipients=[one, other])
        self.channels[channel.id] = channel
        return channel

    # -- reading --------------------------------------------------------------------------
    def channel(self, channel_id: int) -> Channel | None:
        channel = self.channels.get(channel_id)
        return None if channel is None or channel.deleted else channel

    def channel_named(self, name: str) -> Channel:
        for channel in self.channels.values():
            if channel.name == name and not channel.deleted:
                return channel
        raise KeyError(f"no channel named {name!r}")

    def find_message(self, message_id: int) -> Message | None:
        for channel in self.channels.values():
            for message in channel.messages:
                if message.id == message_id and not message.deleted:
                    return message
        return None

    # -- permissions ----------------------------------------------------------------------
    def base_permissions(self, guild: Guild, user_id: int) -> int:
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        member = guild.members.get(user_id)
        if member is None:
            return 0
        permissions = guild.everyone.permissions
        for role_id in member.role_ids:
            role = guild.roles.get(role_id)
            if role is not None:
                permissions |= role.permissions
        return ALL_PERMISSIONS if permissions & ADMINISTRATOR else permissions

    def permissions_in(self, channel: Channel, user_id: int) -> int:
        """Discord's algorithm; a thread uses its parent's overwrites; a DM allows messaging."""
        if channel.guild_id is None:
            return VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY
        guild = self.guilds[channel.guild_id]
        permissions = self.base_permissions(guild, user_id)
        if permissions & ADMINISTRATOR or user_id == guild.owner_id:
            return ALL_PERMISSIONS
        source = self.channels[channel.parent_id] if channel.parent_id else channel
        member = guild.members.get(user_id)
        return in_channel(
            permissions,
            guild_id=guild.id,
            user_id=user_id,
            role_ids=member.role_ids if member else [],
            overwrites=source.overwrites,
        )

    def deny(self, channel: Channel, user_id: int, permissions: int) -> None:
        """Add a member overwrite that denies `permissions` in `channel` (tests use this)."""
        for o in channel.overwrites:
            if o.kind == 1 and o.target_id == user_id:
                o.deny |= permissions
                o.allow &= ~permissions
                return
        channel.overwrites.append(Overwrite(user_id, 1, deny=permissions))

    def allow(self, channel: Channel, user_id: int, permissions: int) -> None:
        for o in channel.overwrites:
            if o.kind == 1 and o.target_id == user_id:
                o.allow |= permissions
                o.deny &= ~permissions
                return
        channel.overwrites.append(Overwrite(user_id, 1, allow=permissions))
