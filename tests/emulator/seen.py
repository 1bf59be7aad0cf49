"""Messages, files and channels as one person (or everyone) sees them in the Discord client.

These are live views: a message edited by the bot reads differently the next time a test
looks. A view with no viewer shows the channel's public messages (no ephemeral ones, whoever
may open the channel); a person's view shows what that person can open, with their own
ephemeral messages and nobody else's.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import rules
from .layout import IS_COMPONENTS_V2, references, walk
from .permissions import MANAGE_THREADS, VIEW_CHANNEL
from .world import LOADING, PRIVATE_THREAD, Attachment, Channel, Message, User

if TYPE_CHECKING:
    from PIL import Image

    from .emulator import Emulator


@dataclass(frozen=True)
class Button:
    label: str | None
    custom_id: str | None
    style: int
    disabled: bool
    url: str | None
    emoji: str | None


@dataclass(frozen=True)
class Select:
    custom_id: str
    placeholder: str | None
    options: list[dict[str, Any]]
    min_values: int
    max_values: int
    disabled: bool
    type: int

    @property
    def values(self) -> list[str]:
        return [o["value"] for o in self.options]


@dataclass(frozen=True)
class SeenFile:
    attachment: Attachment

    @property
    def filename(self) -> str:
        return self.attachment.filename

    @property
    def data(self) -> bytes:
        return self.attachment.data

    @property
    def url(self) -> str:
        return self.attachment.url

    @property
    def content_type(self) -> str:
        return self.attachment.content_type

    @property
    def is_png(self) -> bool:
        return self.attachment.data.startswith(b"\x89PNG\r\n\x1a\n")

    def image(self) -> Image.Image:
        from PIL import Image

        picture = Image.open(io.BytesIO(self.attachment.data))
        picture.load()
        return picture


class SeenMessage:
    def __init__(self, emulator: Emulator, message: Message, viewer: User | None) -> None:
        self.emulator = emulator
        self.message = message
        self.viewer = viewer

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        return f"<SeenMessage {self.id}{flags} {self.content[:40]!r} buttons={self.labels}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeenMessage) and other.message is self.message

    def __hash__(self) -> int:
        return hash(self.message.id)

    @property
    def id(self) -> int:
        return self.message.id

    @property
    def content(self) -> str:
        return self.message.content

    @property
    def pinged(self) -> frozenset[int]:
        """The ids of the users the content pinged (by mention, role or @everyone/@here) under
        the message's `allowed_mentions`; the author never."""
        return self.message.pinged

    @property
    def mention_everyone(self) -> bool:
        return self.message.mention_everyone

    @property
    def text(self) -> str:
        """Content and every embed's title, description and fields, for `in` checks."""
        parts = [self.message.content]
        for embed in self.message.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for field in embed.get("fields") or []:
                parts += [field.get("name") or "", field.get("value") or ""]
            parts.append((embed.get("footer") or {}).get("text") or "")
        parts += [
            c.get("content") or "" for c in walk(self.message.components) if c.get("type") == 10
        ]
        return "\n".join(p for p in parts if p)

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds

    @property
    def embed(self) -> dict[str, Any] | None:
        return self.message.embeds[0] if self.message.embeds else None

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.message.components

    @property
    def files(self) -> list[SeenFile]:
        """The attachments a person sees: with Components V2, only those a gallery, a file or
        a thumbnail of the layout points at (Discord keeps the others but does not show them)."""
        attachments = self.message.attachments
        if self.message.flags & IS_COMPONENTS_V2:
            named = references(self.message.components)
            attachments = [a for a in attachments if a.filename in named]
        return [SeenFile(a) for a in attachments]

    @property
    def author(self) -> User:
        return self.message.author

    @property
    def ephemeral(self) -> bool:
        return self.message.ephemeral

    @property
    def loading(self) -> bool:
        """A deferred "thinking" placeholder that no followup or edit has filled yet."""
        return bool(self.message.flags & LOADING)

    @property
    def deleted(self) -> bool:
        return self.message.deleted

    @property
    def edited(self) -> bool:
        return self.message.edited_timestamp is not None

    @property
    def channel(self) -> SeenChannel:
        return SeenChannel(
            self.emulator, self.emulator.world.channels[self.message.channel_id], self.viewer
        )

    @property
    def thread(self) -> SeenChannel | None:
        if self.message.thread_id is None:
            return None
        return SeenChannel(
            self.emulator, self.emulator.world.channels[self.message.thread_id], self.viewer
        )

    @property
    def seen_by(self) -> list[str]:
        """Names of everyone who can see this message now (one name for an ephemeral one)."""
        users = self.emulator.world.users.values()
        return sorted(u.name for u in users if not u.bot and self.visible_to(u))

    def visible_to(self, who: Any) -> bool:
        user: User = getattr(who, "user", who)
        if isinstance(who, str):
            user = self.emulator.world.user_named(who)
        channel = self.emulator.world.channels[self.message.channel_id]
        return self.message.visible_to(user.id) and can_view(self.emulator, channel, user)

    # -- components -----------------------------------------------------------------------
    @property
    def buttons(self) -> list[Button]:
        found = []
        for c in walk(self.message.components):
            if c.get("type") == rules.BUTTON:
                emoji = (c.get("emoji") or {}).get("name")
                found.append(
                    Button(
                        c.get("label"),
                        c.get("custom_id"),
                        c.get("style", 1),
                        bool(c.get("disabled")),
                        c.get("url"),
                        emoji,
                    )
                )
        return found

    @property
    def labels(self) -> list[str]:
        return [b.label or b.emoji or "" for b in self.buttons]

    def button(self, label: str | None = None, *, custom_id: str | None = None) -> Button:
        for button in self.buttons:
            if (label is not None and label in (button.label, button.emoji)) or (
                custom_id is not None and button.custom_id == custom_id
            ):
                return button
        wanted = label if label is not None else custom_id
        raise LookupError(f"no button {wanted!r} on {self!r}")

    @property
    def selects(self) -> list[Select]:
        found = []
        for c in walk(self.message.components):
            if c.get("type") in rules.SELECTS:
                found.append(
                    Select(
                        c["custom_id"],
                        c.get("placeholder"),
                        list(c.get("options") or []),
                        c.get("min_values", 1),
                        c.get("max_values", 1),
                        bool(c.get("disabled")),
                        c["type"],
                    )
                )
        return found

    def select(self, placeholder: str | None = None, *, custom_id: str | None = None) -> Select:
        selects = self.selects
        for select in selects:
            if placeholder is None and custom_id is None:
                return select
            if select.placeholder == placeholder or (custom_id and select.custom_id == custom_id):
                return select
        raise LookupError(f"no select {placeholder or custom_id!r} on {self!r}")


def can_view(emulator: Emulator, channel: Channel, user: User) -> bool:
    if channel.guild_id is None:
        return channel.has_recipient(user.id)
    permissions = emulator.world.permissions_in(channel, user.id)
    if channel.type == PRIVATE_THREAD and user.id not in channel.members:
        return bool(permissions & MANAGE_THREADS)
    return bool(permissions & VIEW_CHANNEL)


class SeenChannel:
    def __init__(self, emulator: Emulator, channel: Channel, viewer: User | None) -> None:
        self.emulator = emulator
        self.channel = channel
        self.viewer = viewer

    def __repr__(self) -> str:
        return f"<SeenChannel #{self.name} {len(self.messages)} messages>"

    @property
    def id(self) -> int:
        return self.channel.id

    @property
    def name(self) -> str:
        return self.channel.name

    @property
    def guild_id(self) -> int | None:
        return self.channel.guild_id

    @property
    def archived(self) -> bool:
        return self.channel.archived

    @property
    def messages(self) -> list[SeenMessage]:
        """Oldest first; what the viewer (or everyone) can see right now."""
        if self.viewer is not None and not can_view(self.emulator, self.channel, self.viewer):
            return []
        shown = []
        for message in self.channel.messages:
            if message.deleted:
                continue
            if message.ephemeral and (self.viewer is None or message.only_for != self.viewer.id):
                continue
            shown.append(SeenMessage(self.emulator, message, self.viewer))
        return shown

    @property
    def last(self) -> SeenMessage | None:
        messages = self.messages
        return messages[-1] if messages else None

    def __len__(self) -> int:
        return len(self.messages)

    def find(self, text: str) -> SeenMessage | None:
        """The newest message whose content or embeds mention `text`."""
        for message in reversed(self.messages):
            if text in message.text:
                return message
        return None

    @property
    def threads(self) -> list[SeenChannel]:
        return [
            SeenChannel(self.emulator, c, self.viewer)
            for c in self.emulator.world.channels.values()
            if c.parent_id == self.channel.id and not c.deleted
        ]
