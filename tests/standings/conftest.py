"""The standings tests use the bot with test timings (`domino`) from the table tests, on each
store (`store`: SQLite and PostgreSQL)."""

from tests.pg import pg_cluster, pg_database
from tests.tables.conftest import domino, store

__all__ = ["domino", "pg_cluster", "pg_database", "store"]
