"""What a person saw after one action: the answer, its followups, a modal, or a failure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import interactions as i
from . import rules
from .seen import SeenMessage

if TYPE_CHECKING:
    from .emulator import Emulator


@dataclass(frozen=True)
class TextInput:
    custom_id: str
    label: str | None
    style: int
    required: bool
    min_length: int
    max_length: int
    value: str | None


class ModalForm:
    """A modal the bot opened for one person; `Person.submit` fills it."""

    def __init__(self, interaction: i.Interaction) -> None:
        assert interaction.modal is not None
        self.interaction = interaction
        self.data = interaction.modal

    @property
    def title(self) -> str:
        return str(self.data.get("title"))

    @property
    def custom_id(self) -> str:
        return str(self.data.get("custom_id"))

    @property
    def inputs(self) -> list[TextInput]:
        return [
            TextInput(
                item["custom_id"],
                label,
                item.get("style", 1),
                item.get("required", True),
                item.get("min_length", 0),
                item.get("max_length", rules.TEXT_INPUT_VALUE_MAX),
                item.get("value"),
            )
            for _, item, label in rules.modal_inputs(self.data.get("components") or [])
        ]


class InteractionResult:
    """What the person saw after one action."""

    def __init__(self, emulator: Emulator, interaction: i.Interaction) -> None:
        self.emulator = emulator
        self.interaction = interaction

    def __repr__(self) -> str:
        return f"<InteractionResult type={self.type} failed={self.failed} response={self.response}>"

    @property
    def failed(self) -> bool:
        """True when Discord would show "This interaction failed" (no answer in time)."""
        return self.interaction.failed

    @property
    def type(self) -> int | None:
        return self.interaction.response_type

    @property
    def response(self) -> SeenMessage | None:
        """The message the response made or updated (filled by the first followup if deferred)."""
        original = self.interaction.original
        if original is None:
            return None
        return SeenMessage(self.emulator, original, self.interaction.user)

    @property
    def ephemeral(self) -> bool:
        return self.interaction.original is not None and self.interaction.original.ephemeral

    @property
    def followups(self) -> list[SeenMessage]:
        return [
            SeenMessage(self.emulator, m, self.interaction.user) for m in self.interaction.followups
        ]

    @property
    def modal(self) -> ModalForm | None:
        return ModalForm(self.interaction) if self.interaction.modal is not None else None

    @property
    def choices(self) -> list[dict[str, Any]]:
        return list(self.interaction.choices or [])
