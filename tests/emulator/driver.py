"""People who use the bot: type slash commands, click, choose, fill modals, close their DMs.

Every action goes through the wire: the driver builds the interaction Discord would build, sends
INTERACTION_CREATE over the gateway, waits for the bot's first response (or Discord's deadline:
then the person sees "This interaction failed", recorded as a violation unless the test said
`expect_failure=True`), then waits for the bot to settle so followups have landed.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from . import interactions as i
from . import rules
from .commands import DriverError, invoke
from .localizations import as_seen_by
from .messages import announce, announce_delete, create_message
from .results import InteractionResult, ModalForm
from .seen import SeenChannel, SeenMessage, can_view
from .world import USER_INSTALL, Channel, Message, User

#: How long a person waits, in real seconds, for an answer that never comes (see `_await_answer`).
REAL_SECONDS_TO_ANSWER = 60.0

if TYPE_CHECKING:
    from .emulator import Emulator

__all__ = ["DriverError", "InteractionResult", "ModalForm", "Person"]


class Person:
    def __init__(self, emulator: Emulator, user: User, channel: Channel) -> None:
        self.emulator = emulator
        self.user = user
        self.where = channel

    def __repr__(self) -> str:
        return f"<Person {self.user.name} in #{self.where.name or 'DM'}>"

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def id(self) -> int:
        return self.user.id

    # -- where and what they see ----------------------------------------------------------
    def at(self, where: Any) -> Person:
        """The same person typing in another channel, thread or their DM with the bot."""
        channel = getattr(where, "channel", where)
        if not isinstance(channel, Channel):
            raise TypeError(f"not a channel: {where!r}")
        return Person(self.emulator, self.user, channel)

    @property
    def dm(self) -> SeenChannel:
        return SeenChannel(self.emulator, self.emulator.world.dm_channel(self.user), self.user)

    def channel(self, name: str | None = None) -> SeenChannel:
        world = self.emulator.world
        found = self.emulator.home if name is None else world.channel_named(name)
        return SeenChannel(self.emulator, found, self.user)

    async def say(self, content: str) -> SeenMessage:
        """Post a plain message where this person is (chat that pushes the board up)."""
        where = self.where
        if not can_view(self.emulator, where, self.user):
            raise DriverError(f"{self.user.name} cannot see #{where.name}")
        message = create_message(
            self.emulator, where, self.user, {"content": content}, [], size_limit=0
        )
        await announce(self.emulator, message)
        await self.emulator.settle()
        return SeenMessage(self.emulator, message, self.user)

    async def delete(self, message: SeenMessage) -> None:
        """Delete a message as a moderator would (the bot gets MESSAGE_DELETE)."""
        message.message.deleted = True
        self.emulator.touch()
        await announce_delete(self.emulator, message.message)
        await self.emulator.settle()

    def install(self) -> None:
        """Add the app to their account (a user install): its commands that allow it are then
        offered to them in group DMs too."""
        if USER_INSTALL not in self.emulator.install_types:
            raise DriverError("the app cannot be installed to a user")
        self.emulator.world.user_installs.add(self.user.id)

    def close_dms(self) -> None:
        """Like turning off "Allow direct messages": the bot's DMs now fail with 50007."""
        self.user.dms_open = False

    def open_dms(self) -> None:
        self.user.dms_open = True

    @property
    def locale(self) -> str:
        """This person's client locale (`emu.user(name, locale=...)`)."""
        return self.user.locale

    def commands(self) -> list[dict[str, Any]]:
        """The slash commands this person's client lists where they are, in their locale (see
        `Emulator.commands_as_seen_by`)."""
        guild_id = self.where.guild_id
        if guild_id is None:
            synced = self.emulator.commands.get(None, [])
            return [as_seen_by(c, self.locale) for c in synced if c.get("type", 1) == 1]
        return self.emulator.commands_as_seen_by(self.locale, self.emulator.world.guilds[guild_id])

    # -- actions --------------------------------------------------------------------------
    async def slash(
        self,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        expect_failure: bool = False,
        **values: Any,
    ) -> InteractionResult:
        """Type `/command` with `values` (or `options`, for names that are not identifiers).
        Names as this person's client shows them (their locale's) or canonical ones."""
        chosen = {**(options or {}), **values}
        invocation = invoke(
            self.emulator.world,
            self.emulator.commands,
            self.where,
            self.user,
            command,
            chosen,
            locale=self.user.locale,
        )
        data = self._command_data(invocation)
        return await self._interact(i.APPLICATION_COMMAND, data, None, expect_failure)

    async def autocomplete(
        self, command: str, option: str, typed: str, **values: Any
    ) -> list[dict[str, Any]]:
        """What the client offers while `option` holds `typed` (others as given)."""
        chosen = {**values, option: typed}
        invocation = invoke(
            self.emulator.world,
            self.emulator.commands,
            self.where,
            self.user,
            command,
            chosen,
            focused=option,
            locale=self.user.locale,
        )
        result = await self._interact(i.AUTOCOMPLETE, self._command_data(invocation), None, False)
        return result.choices

    async def click(
        self,
        message: Any,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        expect_failure: bool = False,
    ) -> InteractionResult:
        seen = self._seen(message)
        button = seen.button(label, custom_id=custom_id)
        if button.disabled:
            raise DriverError(f"{button.label!r} is disabled")
        if button.custom_id is None:
            raise DriverError(f"{button.label!r} is a link button: it opens {button.url}")
        data = {"custom_id": button.custom_id, "component_type": rules.BUTTON}
        return await self._interact(i.MESSAGE_COMPONENT, data, seen.message, expect_failure)

    async def choose(
        self,
        message: Any,
        values: list[str] | str,
        *,
        placeholder: str | None = None,
        custom_id: str | None = None,
        expect_failure: bool = False,
    ) -> InteractionResult:
        """Pick `values` (option values or labels) in a string select."""
        seen = self._seen(message)
        select = seen.select(placeholder, custom_id=custom_id)
        if select.disabled:
            raise DriverError(f"select {select.placeholder!r} is disabled")
        wanted = [values] if isinstance(values, str) else list(values)
        picked = []
        for value in wanted:
            option = next((o for o in select.options if value in (o["value"], o["label"])), None)
            if option is None:
                raise DriverError(
                    f"{value!r} is not an option: {[o['label'] for o in select.options]}"
                )
            picked.append(option["value"])
        if not select.min_values <= len(picked) <= select.max_values:
            raise DriverError(f"choose {select.min_values}..{select.max_values}, not {len(picked)}")
        data = {"custom_id": select.custom_id, "component_type": select.type, "values": picked}
        return await self._interact(i.MESSAGE_COMPONENT, data, seen.message, expect_failure)

    select = choose

    async def submit(
        self,
        modal: ModalForm | InteractionResult | None,
        values: dict[str, str] | None = None,
        *,
        expect_failure: bool = False,
        **by_name: str,
    ) -> InteractionResult:
        """Fill a modal's inputs (by label or custom id) and press Submit."""
        if isinstance(modal, InteractionResult):
            modal = modal.modal
        if modal is None:
            raise DriverError("no modal is open")
        if modal.interaction.user.id != self.user.id:
            raise DriverError(f"that modal was opened for {modal.interaction.user.name}")
        given = {**(values or {}), **by_name}
        filled: dict[str, str] = {}
        for item in modal.inputs:
            value = next((given.pop(k) for k in (item.label, item.custom_id) if k in given), None)
            if value is None:
                value = item.value or ""
            if item.required and not value:
                raise DriverError(f"{item.label or item.custom_id!r} is required")
            if value and not item.min_length <= len(value) <= item.max_length:
                raise DriverError(
                    f"{item.label!r} takes {item.min_length}..{item.max_length} characters"
                )
            filled[item.custom_id] = value
        if given:
            raise DriverError(f"the modal has no inputs {sorted(given)}")
        components = []
        for top in modal.data.get("components") or []:
            if top.get("type") == rules.LABEL:
                inner = top["component"]
                components.append(
                    {
                        "type": rules.LABEL,
                        "component": {
                            "type": inner["type"],
                            "custom_id": inner["custom_id"],
                            "value": filled[inner["custom_id"]],
                        },
                    }
                )
            else:
                components.append(
                    {
                        "type": rules.ACTION_ROW,
                        "components": [
                            {
                                "type": c["type"],
                                "custom_id": c["custom_id"],
                                "value": filled[c["custom_id"]],
                            }
                            for c in top.get("components") or []
                        ],
                    }
                )
        data = {"custom_id": modal.custom_id, "components": components}
        opener = modal.interaction
        return await self._interact(
            i.MODAL_SUBMIT,
            data,
            opener.message,
            expect_failure,
            channel=opener.channel,
            opened_from=opener,
        )

    # -- plumbing -------------------------------------------------------------------------
    def _seen(self, message: Any) -> SeenMessage:
        if isinstance(message, InteractionResult):
            message = message.response
        if isinstance(message, SeenMessage):
            raw = message.message
        elif isinstance(message, Message):
            raw = message
        else:
            raise TypeError(f"not a message: {message!r}")
        channel = self.emulator.world.channels[raw.channel_id]
        if not raw.visible_to(self.user.id) or not can_view(self.emulator, channel, self.user):
            raise DriverError(f"{self.user.name} cannot see message {raw.id}")
        return SeenMessage(self.emulator, raw, self.user)

    def _command_data(self, invocation: Any) -> dict[str, Any]:
        command = invocation.command
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": command.get("type", 1),
            "options": invocation.options,
        }
        if invocation.resolved:
            data["resolved"] = invocation.resolved
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        return data

    async def _interact(
        self,
        kind: int,
        data: dict[str, Any],
        message: Message | None,
        expect_failure: bool,
        *,
        channel: Channel | None = None,
        opened_from: i.Interaction | None = None,
    ) -> InteractionResult:
        emulator = self.emulator
        if not emulator.gateway.live and not expect_failure:
            # A forgotten bot, most likely; a test that means it (the bot is down: Discord
            # takes the click and it fails) says `expect_failure=True`.
            raise DriverError("no bot is connected to the gateway")
        where = channel or (emulator.world.channels[message.channel_id] if message else self.where)
        if where.guild_id is None and not where.has_recipient(self.user.id):
            raise DriverError(f"{self.user.name} is not in that DM")
        guild = emulator.world.guilds.get(where.guild_id) if where.guild_id is not None else None
        if guild is not None and self.user.id not in guild.members:
            raise DriverError(f"{self.user.name} is not a member of {guild.name}")
        if not can_view(emulator, where, self.user):
            raise DriverError(f"{self.user.name} cannot see #{where.name}")
        interaction = i.new_interaction(
            emulator.world,
            kind=kind,
            user=self.user,
            channel=where,
            data=data,
            now=emulator.clock.now(),
            message=message,
        )
        interaction.opened_from = opened_from
        interaction.expect_failure = expect_failure
        emulator.interactions[interaction.id] = interaction
        payload = i.interaction_payload(
            emulator.world, interaction, size_limit=emulator.attachment_size_limit
        )
        await emulator.gateway.dispatch("INTERACTION_CREATE", payload)
        await self._await_answer(interaction)
        if not interaction.failed:
            await emulator.settle()
        return InteractionResult(emulator, interaction)

    async def _await_answer(self, interaction: i.Interaction) -> None:
        emulator = self.emulator
        # Discord's deadline is on the emulator's clock, which a test may hold still: a bot
        # that never answers then fails the test after this much real time, not hangs it.
        loop = asyncio.get_running_loop()
        give_up = loop.time() + REAL_SECONDS_TO_ANSWER
        while not interaction.answered.is_set():
            if loop.time() > give_up:
                raise DriverError(
                    f"{self.user.name}'s {_describe(interaction)} got no response in"
                    f" {REAL_SECONDS_TO_ANSWER:.0f} s of real time"
                )
            overdue = emulator.clock.now() - interaction.created > emulator.ack_deadline
            if not overdue and interaction.expect_failure and await emulator.stays_idle():
                # Nothing is running that could still answer: this interaction alone skips to
                # Discord's deadline (the clock, which the bot may read, does not move).
                interaction.created -= emulator.ack_deadline + 0.01
                overdue = True
            if overdue:
                interaction.failed = True
                if not interaction.expect_failure:
                    emulator.record_violation(
                        f"interaction failed: {self.user.name}'s {_describe(interaction)} got no"
                        f" response within {emulator.ack_deadline:.1f}s"
                    )
                return
            await emulator._wait_change(0.05)


def _describe(interaction: i.Interaction) -> str:
    data = interaction.data
    if interaction.type in (i.APPLICATION_COMMAND, i.AUTOCOMPLETE):
        return f"/{data.get('name')}"
    return f"{data.get('custom_id')!r}"
