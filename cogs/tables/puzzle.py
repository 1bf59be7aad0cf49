"""The puzzle kinds, for the table runner telling stored puzzles from stored tables: the attempt
now lives in `cogs.puzzles.attempt`; this name stays while `cogs.tables.runner` (rewritten on
another branch) still imports it, and goes once the runner imports from there."""

from cogs.puzzles.attempt import KINDS

__all__ = ["KINDS"]
