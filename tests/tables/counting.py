"""What one player receives during a match, counted as their phone would: new messages (DMs and
table messages that mention them), notifications (a new DM, or a new message that pings them)
and edits of those messages. Read from every message version the emulator stores."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.emulator.emulator import Emulator


@dataclass
class Received:
    user_id: int
    messages: set[int] = field(default_factory=set)  # new messages for them
    notifications: int = 0
    pings: int = 0  # new messages whose content pings them (a real mention)
    edits: int = 0
    #: notifications that came when it was not their turn to play
    off_turn: int = 0

    def per_hand(self, hands: int) -> tuple[float, float, float]:
        return (len(self.messages) / hands, self.notifications / hands, self.edits / hands)


def count_for(emu: Emulator, user_id: int, to_play: Callable[[], bool]) -> Received:
    """Start counting what `user_id` receives (an observer of every stored message version);
    `to_play` says, as each message is stored, whether it is their turn to play."""
    received = Received(user_id)

    def observe(kind: str, message: Any) -> None:
        if kind == "thread" or message.only_for is not None:
            return  # ephemeral answers come only when asked for: not counted
        channel = emu.world.channels.get(message.channel_id)
        in_dm = channel is not None and getattr(channel, "recipient", None) is not None
        mine = in_dm and channel.recipient.id == user_id
        mentions_them = any(user.id == user_id for user in message.mentioned_users)
        if kind == "create" and (mine or mentions_them):
            received.messages.add(message.id)
            if mine or user_id in message.pinged:
                received.notifications += 1
                received.pings += user_id in message.pinged
                received.off_turn += not to_play()
        elif kind == "edit" and message.id in received.messages:
            received.edits += 1

    emu.observers.append(observe)
    return received
