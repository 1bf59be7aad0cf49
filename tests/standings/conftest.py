"""The standings tests use the bot with test timings (`domino`) from the table tests."""

from tests.tables.conftest import domino

__all__ = ["domino"]
