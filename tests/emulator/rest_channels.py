"""Channel routes: messages (send, read, edit, delete), DMs, threads, typing, reactions.

Guild channels check the bot's permissions as Discord computes them; a DM to a user who closed
their DMs is refused with 50007; sending into an archived (unlocked) thread unarchives it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import permissions as p
from . import world as w
from .bodies import read_body
from .errors import (
    CANNOT_EDIT_OTHERS_MESSAGE,
    CANNOT_SEND_TO_USER,
    THREAD_ARCHIVED,
    DiscordError,
    FieldError,
    invalid_form,
    missing_access,
    missing_permissions,
    unknown_channel,
    unknown_message,
)
from .gateway import GUILDS
from .messages import announce, announce_delete, create_message, edit_message
from .server import json_response, no_content

if TYPE_CHECKING:
    from .emulator import Emulator

A = "/api/v10"
#: What a bot may attach to a channel message (Discord's default upload limit).
CHANNEL_UPLOAD_LIMIT = 10 * 1024 * 1024


class ChannelRoutes:
    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator
        self.world = emulator.world

    def register(self, router: web.UrlDispatcher) -> None:
        c = f"{A}/channels/{{channel_id}}"
        router.add_get(c, self.get_channel)
        router.add_patch(c, self.edit_channel)
        router.add_get(f"{c}/messages", self.history)
        router.add_post(f"{c}/messages", self.send)
        router.add_get(f"{c}/messages/{{message_id}}", self.get_message)
        router.add_patch(f"{c}/messages/{{message_id}}", self.edit)
        router.add_delete(f"{c}/messages/{{message_id}}", self.delete)
        router.add_post(f"{c}/messages/{{message_id}}/threads", self.thread_from_message)
        router.add_post(f"{c}/threads", self.thread_without_message)
        router.add_put(f"{c}/thread-members/{{user_id}}", self.add_thread_member)
        router.add_post(f"{c}/typing", self.typing)
        router.add_put(f"{c}/messages/{{message_id}}/reactions/{{emoji}}/@me", self.react)
        router.add_post(f"{A}/users/@me/channels", self.open_dm)

    # -- helpers --------------------------------------------------------------------------
    def _channel(self, request: web.Request) -> w.Channel:
        channel = self.world.channel(int(request.match_info["channel_id"]))
        if channel is None:
            raise unknown_channel()
        if channel.without_bot:  # the bot is not in it: only interaction tokens reach it
            raise missing_access()
        if channel.guild_id is not None and not self._perms(channel) & p.VIEW_CHANNEL:
            raise missing_access()
        return channel

    def _perms(self, channel: w.Channel) -> int:
        return self.world.permissions_in(channel, self.world.bot_user.id)

    def _require(self, channel: w.Channel, permission: int) -> None:
        if channel.guild_id is not None and not self._perms(channel) & permission:
            raise missing_permissions()

    def _message(self, channel: w.Channel, request: web.Request) -> w.Message:
        raw = request.match_info["message_id"]
        for message in channel.messages:
            if str(message.id) == raw and not message.deleted and not message.ephemeral:
                return message
        raise unknown_message()

    # -- channels -------------------------------------------------------------------------
    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._channel(request).payload())

    async def edit_channel(self, request: web.Request) -> web.Response:
        """Threads only: rename, archive, lock (owner may archive its own thread)."""
        channel = self._channel(request)
        payload, _ = await read_body(request)
        if not channel.is_thread:
            self._require(channel, p.MANAGE_CHANNELS)
        elif channel.owner_id != self.world.bot_user.id or "locked" in payload:
            self._require(channel, p.MANAGE_THREADS)
        if "name" in payload:
            channel.name = str(payload["name"])
            self.emulator.observe("thread", channel)
        if "archived" in payload and channel.is_thread:
            channel.archived = bool(payload["archived"])
            channel.archive_timestamp = self.emulator.clock.iso()
        if "locked" in payload and channel.is_thread:
            channel.locked = bool(payload["locked"])
        self.emulator.touch()
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        await self.emulator.gateway.dispatch(event, channel.payload(), intent=GUILDS)
        return json_response(channel.payload())

    # -- messages -------------------------------------------------------------------------
    async def history(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self._require(channel, p.READ_MESSAGE_HISTORY)
        limit = min(max(int(request.query.get("limit", 50)), 1), 100)
        visible = [m for m in channel.messages if not m.deleted and not m.ephemeral]
        if "before" in request.query:
            visible = [m for m in visible if m.id < int(request.query["before"])]
        if "after" in request.query:
            visible = [m for m in visible if m.id > int(request.query["after"])]
            chosen = visible[:limit]
        else:
            chosen = visible[-limit:]
        return json_response([m.payload() for m in reversed(chosen)])

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self._require(channel, p.READ_MESSAGE_HISTORY)
        return json_response(self._message(channel, request).payload())

    def _check_can_send(self, channel: w.Channel, has_files: bool) -> None:
        if channel.type == w.DM:
            assert channel.recipient is not None
            if not channel.recipient.dms_open:
                raise DiscordError(
                    403, CANNOT_SEND_TO_USER, "Cannot send messages to this user", bot_fault=False
                )
            return
        if channel.is_thread:
            self._require(channel, p.SEND_MESSAGES_IN_THREADS)
            if channel.locked:
                raise DiscordError(400, THREAD_ARCHIVED, "Thread is locked", bot_fault=False)
        else:
            self._require(channel, p.SEND_MESSAGES)
        if has_files:
            self._require(channel, p.ATTACH_FILES)

    async def send(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, files = await read_body(request)
        self._check_can_send(channel, bool(files))
        message = self.emulator.enforce(
            lambda checked: create_message(
                self.emulator,
                channel,
                self.world.bot_user,
                payload,
                files,
                size_limit=CHANNEL_UPLOAD_LIMIT,
                checked=checked,
            )
        )
        if channel.is_thread and channel.archived:
            channel.archived = False  # Discord unarchives a thread on a new message
        await announce(self.emulator, message)
        return json_response(message.payload())

    async def edit(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(channel, request)
        payload, files = await read_body(request)
        if message.author.id != self.world.bot_user.id and set(payload) - {"flags"}:
            raise DiscordError(
                403,
                CANNOT_EDIT_OTHERS_MESSAGE,
                "Cannot edit a message authored by another user",
            )
        if files:
            self._require(channel, p.ATTACH_FILES)
        self.emulator.enforce(
            lambda checked: edit_message(
                self.emulator,
                message,
                payload,
                files,
                size_limit=CHANNEL_UPLOAD_LIMIT,
                checked=checked,
            )
        )
        await announce(self.emulator, message, "MESSAGE_UPDATE")
        return json_response(message.payload())

    async def delete(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(channel, request)
        if message.author.id != self.world.bot_user.id:
            self._require(channel, p.MANAGE_MESSAGES)
        message.deleted = True
        self.emulator.touch()
        await announce_delete(self.emulator, message)
        return no_content()

    # -- threads --------------------------------------------------------------------------
    def _check_threads(self, parent: w.Channel, private: bool) -> None:
        if parent.type != w.GUILD_TEXT:
            raise invalid_form([FieldError("type", "BASE_TYPE_CHOICES", "Not a text channel")])
        assert parent.guild_id is not None
        if not self.world.guilds[parent.guild_id].threads_allowed:
            raise missing_permissions()
        self._require(parent, p.CREATE_PRIVATE_THREADS if private else p.CREATE_PUBLIC_THREADS)

    def _thread_name(self, payload: dict[str, Any]) -> str:
        name = payload.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise invalid_form(
                [FieldError("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")]
            )
        return name

    async def thread_from_message(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        message = self._message(parent, request)
        payload, _ = await read_body(request)
        self._check_threads(parent, private=False)
        if message.thread_id is not None:
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        name = self._thread_name(payload)
        thread = self.world.add_thread(
            parent, name, self.world.bot_user, private=False, starter=message.id
        )
        message.thread_id = thread.id
        await self._announce_thread(thread)
        return json_response(thread.payload())

    async def thread_without_message(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        payload, _ = await read_body(request)
        private = int(payload.get("type") or w.PRIVATE_THREAD) == w.PRIVATE_THREAD
        self._check_threads(parent, private)
        name = self._thread_name(payload)
        thread = self.world.add_thread(
            parent, name, self.world.bot_user, private=private, starter=None
        )
        await self._announce_thread(thread)
        return json_response(thread.payload())

    async def _announce_thread(self, thread: w.Channel) -> None:
        self.emulator.touch()
        self.emulator.observe("thread", thread)
        body = thread.payload() | {"newly_created": True}
        await self.emulator.gateway.dispatch("THREAD_CREATE", body, intent=GUILDS)

    async def add_thread_member(self, request: web.Request) -> web.Response:
        thread = self._channel(request)
        if not thread.is_thread:
            raise invalid_form([FieldError("channel_id", "BASE_TYPE_CHOICES", "Not a thread")])
        self._require(thread, p.SEND_MESSAGES_IN_THREADS)
        raw = request.match_info["user_id"]
        user_id = self.world.bot_user.id if raw == "@me" else int(raw)
        if user_id not in self.world.users:
            raise DiscordError(404, 10013, "Unknown User")
        thread.members.add(user_id)
        self.emulator.touch()
        return no_content()

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    async def react(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self._message(channel, request)
        self._require(channel, p.ADD_REACTIONS | p.READ_MESSAGE_HISTORY)
        return no_content()

    # -- DMs ------------------------------------------------------------------------------
    async def open_dm(self, request: web.Request) -> web.Response:
        payload, _ = await read_body(request)
        try:
            user = self.world.users[int(payload.get("recipient_id") or 0)]
        except (KeyError, ValueError):
            raise invalid_form(
                [FieldError("recipient_id", "NUMBER_TYPE_COERCE", "Unknown user")]
            ) from None
        return json_response(self.world.dm_channel(user).payload())
