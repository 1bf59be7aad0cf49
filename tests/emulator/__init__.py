"""A small fake Discord for end-to-end tests: the real discord.py client talks to it over
loopback, and a driver plays the people who use the bot. See `emulator.Emulator`."""

from .commands import DriverError
from .driver import InteractionResult, ModalForm, Person
from .emulator import Emulator
from .process import BotProcess
from .runner import BotRunner
from .seen import SeenChannel, SeenFile, SeenMessage

__all__ = [
    "BotProcess",
    "BotRunner",
    "DriverError",
    "Emulator",
    "InteractionResult",
    "ModalForm",
    "Person",
    "SeenChannel",
    "SeenFile",
    "SeenMessage",
]
