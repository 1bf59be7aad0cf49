"""Login, application, gateway discovery, command sync, users, guilds, attachments served back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from .bodies import read_body
from .errors import DiscordError, FieldError, invalid_form
from .localizations import check_commands
from .payloads import member_payload
from .server import json_response

if TYPE_CHECKING:
    from .emulator import Emulator

A = "/api/v10"
#: Discord's daily cap on command creates per guild (and for global commands).
DAILY_COMMAND_CREATES = 200


class CoreRoutes:
    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator

    def register(self, router: web.UrlDispatcher) -> None:
        router.add_get(f"{A}/users/@me", self.me)
        router.add_get(f"{A}/oauth2/applications/@me", self.application)
        router.add_get(f"{A}/applications/@me", self.application)
        router.add_get(f"{A}/gateway", self.gateway)
        router.add_get(f"{A}/gateway/bot", self.gateway_bot)
        router.add_get(f"{A}/applications/{{app_id}}/commands", self.get_commands)
        router.add_put(f"{A}/applications/{{app_id}}/commands", self.put_commands)
        router.add_get(
            f"{A}/applications/{{app_id}}/guilds/{{guild_id}}/commands", self.get_commands
        )
        router.add_put(
            f"{A}/applications/{{app_id}}/guilds/{{guild_id}}/commands", self.put_commands
        )
        router.add_get(f"{A}/users/{{user_id}}", self.user)
        router.add_get(f"{A}/guilds/{{guild_id}}", self.guild)
        router.add_get(f"{A}/guilds/{{guild_id}}/members/{{user_id}}", self.member)
        router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self.attachment)

    async def me(self, request: web.Request) -> web.Response:
        user = self.emulator.world.bot_user
        return json_response(user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0})

    async def application(self, request: web.Request) -> web.Response:
        world = self.emulator.world
        owner = next(iter(world.guilds.values())).owner_id if world.guilds else world.bot_user.id
        return json_response(
            {
                "id": str(world.application_id),
                "name": world.bot_user.name,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": world.users[owner].payload(),
                "verify_key": "0" * 64,
                "flags": self.emulator.application_flags,
                "integration_types_config": {
                    str(kind): {} for kind in sorted(self.emulator.install_types)
                },
                "team": None,
                "summary": "",
                "rpc_origins": [],
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "approximate_guild_count": len(world.guilds),
                "bot": world.bot_user.payload(),
            }
        )

    async def gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.emulator.gateway_url})

    async def gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        shards = self.emulator.shard_count  # the recommended count (AutoShardedClient uses it)
        body = {"url": self.emulator.gateway_url, "shards": shards, "session_start_limit": limit}
        return json_response(body)

    def _check_app(self, request: web.Request) -> int | None:
        if request.match_info["app_id"] != str(self.emulator.world.application_id):
            raise DiscordError(403, 50001, "Missing Access")
        guild = request.match_info.get("guild_id")
        if guild is None:
            return None
        if int(guild) not in self.emulator.world.guilds:
            raise DiscordError(404, 10004, "Unknown Guild")
        return int(guild)

    async def get_commands(self, request: web.Request) -> web.Response:
        guild_id = self._check_app(request)
        return json_response(self.emulator.synced_commands(guild_id))

    async def put_commands(self, request: web.Request) -> web.Response:
        guild_id = self._check_app(request)
        payload, _ = await read_body(request)
        commands: Any = payload.get("__list__")
        if not isinstance(commands, list):
            raise invalid_form([FieldError("_", "BASE_TYPE_ARRAY", "Must be an array")])
        errors: list[FieldError] = []
        for index, command in enumerate(commands):
            name = command.get("name")
            if not isinstance(name, str) or not 1 <= len(name) <= 32 or name != name.lower():
                errors.append(
                    FieldError(f"{index}.name", "APPLICATION_COMMAND_INVALID_NAME", "Invalid name")
                )
            if (
                command.get("type", 1) == 1
                and not 1 <= len(command.get("description") or "") <= 100
            ):
                errors.append(
                    FieldError(
                        f"{index}.description",
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 100 in length.",
                    )
                )
        if not errors:  # the localizations are read once the list has the right shape
            errors += check_commands(commands)
        if errors:
            raise invalid_form(errors)
        stored = self.emulator.store_commands(guild_id, commands)
        return json_response(stored)

    async def user(self, request: web.Request) -> web.Response:
        world = self.emulator.world
        user = world.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return json_response(user.payload())

    async def guild(self, request: web.Request) -> web.Response:
        world = self.emulator.world
        guild = world.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        body = {
            "id": str(guild.id),
            "name": guild.name,
            "owner_id": str(guild.owner_id),
            "roles": [r.payload() for r in guild.roles.values()],
            "features": [],
            "emojis": [],
            "stickers": [],
            "icon": None,
            "approximate_member_count": len(guild.members),
        }
        return json_response(body)

    async def member(self, request: web.Request) -> web.Response:
        world = self.emulator.world
        guild = world.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            raise DiscordError(404, 10007, "Unknown Member")
        return json_response(member_payload(member))

    async def attachment(self, request: web.Request) -> web.Response:
        attachment = self.emulator.world.attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None or attachment.filename != request.match_info["filename"]:
            return web.Response(status=404, text="Not Found")
        return web.Response(body=attachment.data, headers={"Content-Type": attachment.content_type})
