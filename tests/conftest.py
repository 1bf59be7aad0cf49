"""Shared fixtures: the Discord emulator (`emu`) and the real bot running against it (`bot`)."""

from tests.emulator.fixtures import bot, emu, pytest_configure, pytest_runtest_makereport

__all__ = ["bot", "emu", "pytest_configure", "pytest_runtest_makereport"]
