"""Interaction callbacks, followups and `@original`: the 3 s rule, one initial response, 15 min.

The callback answers 200 with `{interaction, resource}` because discord.py 2.7.1 always asks
`with_response=1` and parses the body. A deferred "thinking" response leaves a loading
placeholder that the first followup fills, as Discord does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import interactions as i
from . import rules
from .bodies import read_body
from .errors import (
    ALREADY_ACKNOWLEDGED,
    INVALID_WEBHOOK_TOKEN,
    MAX_FOLLOWUPS,
    UNKNOWN_INTERACTION,
    UNKNOWN_WEBHOOK,
    DiscordError,
    FieldError,
    invalid_form,
    unknown_message,
)
from .messages import announce, announce_delete, create_message, edit_message
from .server import json_response, no_content
from .world import EPHEMERAL, LOADING, Message

if TYPE_CHECKING:
    from .emulator import Emulator

A = "/api/v10"

#: Which response types each interaction type accepts.
ALLOWED = {
    i.APPLICATION_COMMAND: {i.MESSAGE_WITH_SOURCE, i.DEFERRED_MESSAGE, i.MODAL},
    i.MESSAGE_COMPONENT: {
        i.MESSAGE_WITH_SOURCE,
        i.DEFERRED_MESSAGE,
        i.DEFERRED_UPDATE,
        i.UPDATE_MESSAGE,
        i.MODAL,
    },
    i.AUTOCOMPLETE: {i.AUTOCOMPLETE_RESULT},
    i.MODAL_SUBMIT: {
        i.MESSAGE_WITH_SOURCE,
        i.DEFERRED_MESSAGE,
        i.DEFERRED_UPDATE,
        i.UPDATE_MESSAGE,
    },
}


class InteractionRoutes:
    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator

    def register(self, router: web.UrlDispatcher) -> None:
        router.add_post(f"{A}/interactions/{{interaction_id}}/{{token}}/callback", self.callback)
        hook = f"{A}/webhooks/{{app_id}}/{{token}}"
        router.add_post(hook, self.followup)
        router.add_get(f"{hook}/messages/{{message_id}}", self.get)
        router.add_patch(f"{hook}/messages/{{message_id}}", self.edit)
        router.add_delete(f"{hook}/messages/{{message_id}}", self.delete)

    # -- the initial response -------------------------------------------------------------
    async def callback(self, request: web.Request) -> web.StreamResponse:
        emulator = self.emulator
        interaction = emulator.interactions.get(int(request.match_info["interaction_id"]))
        if interaction is None or interaction.token != request.match_info["token"]:
            raise DiscordError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        payload, files = await read_body(request)
        now = emulator.clock.now()
        if interaction.response_type is not None:
            raise DiscordError(
                400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."
            )
        late = now - interaction.created
        if interaction.failed or late > emulator.ack_deadline:
            interaction.failed = True
            raise DiscordError(
                404, UNKNOWN_INTERACTION, f"Unknown interaction (answered after {late:.2f}s)"
            )
        kind = int(payload.get("type") or 0)
        if kind not in ALLOWED[interaction.type] or (
            kind in (i.DEFERRED_UPDATE, i.UPDATE_MESSAGE) and not interaction.from_component
        ):
            raise invalid_form(
                [
                    FieldError(
                        "type", "INTERACTION_RESPONSE_TYPE_INVALID", f"Type {kind} not allowed"
                    )
                ]
            )
        data: dict[str, Any] = payload.get("data") or {}
        resource: dict[str, Any] = {"type": kind}
        message: Message | None = None
        if kind in (i.MESSAGE_WITH_SOURCE, i.DEFERRED_MESSAGE):
            message = self._respond_with_message(interaction, kind, data, files)
        elif kind in (i.DEFERRED_UPDATE, i.UPDATE_MESSAGE):
            message = interaction.message
            assert message is not None
            if kind == i.UPDATE_MESSAGE:
                target = message
                emulator.enforce(
                    lambda checked: edit_message(
                        emulator,
                        target,
                        data,
                        files,
                        size_limit=emulator.attachment_size_limit,
                        checked=checked,
                    )
                )
                await announce(emulator, message, "MESSAGE_UPDATE")
            interaction.original = message
        elif kind == i.AUTOCOMPLETE_RESULT:
            errors = rules.check_choices(data.get("choices"))
            if errors:
                raise invalid_form(errors)
            interaction.choices = list(data["choices"])
        elif kind == i.MODAL:
            errors = rules.check_modal(data)
            if errors:
                raise invalid_form(errors)
            interaction.modal = data
        interaction.answer(kind, now)
        emulator.touch()
        if message is not None and kind in (i.MESSAGE_WITH_SOURCE, i.DEFERRED_MESSAGE):
            await announce(emulator, message)
        if "with_response" not in request.query:
            return no_content()
        summary: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
        if message is not None:
            summary.update(
                response_message_id=str(message.id),
                response_message_loading=bool(message.flags & LOADING),
                response_message_ephemeral=message.ephemeral,
            )
            resource["message"] = message.payload()
        return json_response({"interaction": summary, "resource": resource})

    def _respond_with_message(
        self, interaction: i.Interaction, kind: int, data: dict[str, Any], files: list[Any]
    ) -> Message:
        emulator = self.emulator
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        deferred = kind == i.DEFERRED_MESSAGE
        message = emulator.enforce(
            lambda checked: create_message(
                emulator,
                interaction.channel,
                emulator.world.bot_user,
                {} if deferred else data,
                [] if deferred else files,
                size_limit=emulator.attachment_size_limit,
                only_for=interaction.user.id if ephemeral else None,
                webhook_id=emulator.world.application_id,
                interaction=i.metadata(interaction),
                allow_empty=deferred,
                checked=checked,
            )
        )
        if deferred:
            message.flags |= LOADING
            interaction.thinking = True
        interaction.original = message
        return message

    # -- followups and @original ----------------------------------------------------------
    def _interaction(self, request: web.Request) -> i.Interaction:
        emulator = self.emulator
        if request.match_info["app_id"] != str(emulator.world.application_id):
            raise DiscordError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        interaction = emulator.interaction_by_token(request.match_info["token"])
        if interaction is None:
            raise DiscordError(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        if emulator.clock.now() - interaction.created > emulator.token_lifetime:
            raise DiscordError(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        if not interaction.acknowledged:
            raise DiscordError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        return interaction

    def _target(self, interaction: i.Interaction, request: web.Request) -> Message:
        raw = request.match_info["message_id"]
        if raw == "@original":
            if interaction.original is None or interaction.original.deleted:
                raise unknown_message()
            return interaction.original
        for message in interaction.followups:
            if str(message.id) == raw and not message.deleted:
                return message
        if interaction.original is not None and str(interaction.original.id) == raw:
            return interaction.original
        raise unknown_message()

    async def followup(self, request: web.Request) -> web.StreamResponse:
        emulator = self.emulator
        interaction = self._interaction(request)
        payload, files = await read_body(request)
        original = interaction.original
        if interaction.thinking and original is not None and original.flags & LOADING:
            emulator.enforce(
                lambda checked: edit_message(
                    emulator,
                    original,
                    payload,
                    files,
                    size_limit=emulator.attachment_size_limit,
                    checked=checked,
                )
            )
            await announce(emulator, original, "MESSAGE_UPDATE")
            message = original
        else:
            if interaction.user_install_only and len(interaction.followups) >= (
                i.USER_INSTALL_FOLLOWUPS
            ):
                raise DiscordError(
                    400,
                    MAX_FOLLOWUPS,
                    "This interaction has hit the maximum number of follow up messages",
                )
            ephemeral = bool(int(payload.get("flags") or 0) & EPHEMERAL)
            message = emulator.enforce(
                lambda checked: create_message(
                    emulator,
                    interaction.channel,
                    emulator.world.bot_user,
                    payload,
                    files,
                    size_limit=emulator.attachment_size_limit,
                    only_for=interaction.user.id if ephemeral else None,
                    webhook_id=emulator.world.application_id,
                    interaction=i.metadata(interaction),
                    checked=checked,
                )
            )
            interaction.followups.append(message)
            await announce(emulator, message)
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(message.payload())
        return no_content()

    async def get(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        return json_response(self._target(interaction, request).payload())

    async def edit(self, request: web.Request) -> web.Response:
        emulator = self.emulator
        interaction = self._interaction(request)
        message = self._target(interaction, request)
        payload, files = await read_body(request)
        emulator.enforce(
            lambda checked: edit_message(
                emulator,
                message,
                payload,
                files,
                size_limit=emulator.attachment_size_limit,
                checked=checked,
            )
        )
        await announce(emulator, message, "MESSAGE_UPDATE")
        return json_response(message.payload())

    async def delete(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        message = self._target(interaction, request)
        message.deleted = True
        self.emulator.touch()
        await announce_delete(self.emulator, message)
        return no_content()
