"""The bot's settings: every option, read from the environment or from a `.env` file beside
`bot.py` (see `.env.example`). `DISCORD_TOKEN` is required; the rest have working defaults.

A module of the kernel, not of the entry point: the bot class (`cogs.common.bot`), the tests and
the benchmarks build settings without importing `bot.py`, which only reads them and runs.
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from dotenv import dotenv_values

#: The project's folder (where `bot.py`, `.env` and the default SQLite file are).
HERE = Path(__file__).resolve().parents[2]


class ConfigError(Exception):
    """A setting that stops the bot from starting; the message is the one line to print."""


#: What a database URL may start with: SQLite (a file) or PostgreSQL (several processes).
DATABASE_SCHEMES = ("sqlite:///", "postgresql://")
YES = ("yes", "true", "on", "1")
NO = ("no", "false", "off", "0")
NUMBER = re.compile(r"[0-9]{1,6}")


def sqlite_url(path: Path | str) -> str:
    """The URL of the SQLite file at `path` (`sqlite:////abs/path`, `sqlite:///relative`)."""
    return f"sqlite:///{path}"


#: The SQLite file beside this one.
DEFAULT_DATABASE = sqlite_url(HERE / "domino.sqlite3")


def shown_url(url: str | Path) -> str:
    """A database URL as it may be printed: without its password."""
    text = str(url)
    try:
        parts = urlsplit(text)
    except ValueError:
        return "<a database URL that cannot be read>"
    if parts.password is None:
        return text
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


def read_yes_no(name: str, text: str) -> bool:
    value = text.strip().lower()
    if value in YES:
        return True
    if value in NO:
        return False
    raise ConfigError(f"{name} must be yes or no, not {text.strip()!r}")


def read_shard_ids(text: str, count: int) -> tuple[int, ...]:
    """`SHARD_IDS`: "0,2,5", a range "0-3", or both ("0-3,7"); each below `count`, none twice."""
    found: list[int] = []
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not NUMBER.fullmatch(first) or (dash and not NUMBER.fullmatch(last)):
            raise ConfigError(
                f'SHARD_IDS must list shard numbers ("0,2,5") or a range ("0-3"), not {text!r}'
            )
        start, end = int(first), int(last) if dash else int(first)
        if end < start:
            raise ConfigError(f"SHARD_IDS: the range {part} runs backwards")
        found.extend(range(start, end + 1))
    if any(shard >= count for shard in found):
        raise ConfigError(f"SHARD_IDS: every shard must be below SHARD_COUNT ({count}): {text!r}")
    if len(set(found)) != len(found):
        raise ConfigError(f"SHARD_IDS names a shard twice: {text!r}")
    return tuple(found)


def read_address(text: str) -> tuple[str, int]:
    """`HEALTH_ADDRESS`: `PORT` (this machine only: 127.0.0.1) or `HOST:PORT` (`0.0.0.0:9100`
    in a container, whose port is published). Port 0: any free port (the tests')."""
    host, colon, port = text.strip().rpartition(":")
    if not colon:
        host = "127.0.0.1"
    if not port.isdigit() or int(port) > 65535:
        raise ConfigError(f"HEALTH_ADDRESS must be PORT or HOST:PORT, not {text.strip()!r}")
    return host.strip("[]") or "0.0.0.0", int(port)


@dataclass(frozen=True)
class Settings:
    """Every option of the bot. Only `token` is required; the rest have working defaults.
    Times are seconds; `clock` gives Unix seconds (tests pass the emulator's clock).

    `database` is a URL (`sqlite:///path` or `postgresql://...`) or a path to a SQLite file.
    `shard_count` set: the bot runs those shards (`shard_ids`, all of them when None) as an
    `AutoShardedBot`. `shared_store`: other bot processes use the same store."""

    # Never shown: a settings object printed in a log or a traceback must not give the bot away.
    token: str = field(repr=False)
    log_level: str = "INFO"
    log_format: str = "text"  # or "json": one object per line (`cogs.common.logs`)
    database: str | Path = DEFAULT_DATABASE
    api_base: str | None = None
    gateway_url: str | None = None
    sync_commands: bool = True
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    ai_delay: float = 1.2  # how long an AI seat "thinks" before it plays
    ai_budget_ms: int | None = 400  # search time per AI move
    ai_workers: int = 2  # processes for the searching AI levels
    #: What a review spends on each decision of a player (`cogs.review.reviews`): worlds
    #: sampled, unless this much CPU time runs out first; and what a hint spends.
    review_worlds: int = 500
    review_cpu_ms: int = 600
    hint_worlds: int = 300
    hint_cpu_ms: int = 500
    between_hands_seconds: float = 20.0
    lobby_seconds: float = 15 * 60.0
    keep_finished_seconds: float = 60 * 60.0
    puzzle_idle_seconds: float = 7 * 24 * 60 * 60.0  # an untouched puzzle is put away
    notify_spacing_seconds: float = 1.0  # at most one new DM to a person this often
    tables_per_user: int = 3  # lobbies and unfinished tables one person may host or sit at
    puzzles_per_user: int = 3  # puzzles one person may have open
    #: Other bot processes share this store: their claims of jobs and outbox items are then
    #: respected until their leases end, and every cached table is checked against the
    #: stored revision before it is used; off, a start releases the claims its last run left.
    shared_store: bool = False
    #: Where `/healthz` and `/metrics` answer (`cogs.common.health`): `PORT` or `HOST:PORT`;
    #: None: no endpoint.
    health_address: str | None = None
    #: Once ready, collect the garbage once and freeze what the bot holds (`settle_memory`);
    #: the tests, which start a bot per test in one long process, leave it off.
    settle_memory: bool = True
    #: Tiles shown as the app's tile emojis on move buttons and in text, uploaded at start
    #: (`cogs.common.tiles`); off: tiles in words ("6-4"), no upload. On in a bot read from
    #: the environment (`TILE_EMOJIS=no` turns it off); off in one built by hand (the tests,
    #: which click tiles by their words, and the demo).
    tile_emojis: bool = False
    #: Set by `make demo` and `make playtest` only, never read from the environment: every
    #: table's seed (and every puzzle's) follows from this and how many were opened before it
    #: (`cogs.tables.table.seeds`), so one command deals the same match each time it runs.
    #: None, as every live bot has it: each seed is secret and drawn from `secrets`.
    demo_seed: str | None = None
    clock: Callable[[], float] = field(default=time.time)
    #: What reading the settings found worth saying, logged once logging is set up.
    notes: tuple[str, ...] = field(default=(), compare=False)

    def __repr__(self) -> str:
        """The settings as a log line: every field but the token, the database URL without
        its password."""
        shown = []
        for each in fields(self):
            if not each.repr:
                continue
            value = getattr(self, each.name)
            text = repr(shown_url(value)) if each.name == "database" else repr(value)
            shown.append(f"{each.name}={text}")
        return f"Settings({', '.join(shown)})"

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None

    @classmethod
    def from_environment(
        cls, env: Mapping[str, str] | None = None, dotenv: Path = HERE / ".env"
    ) -> Settings:
        """The settings from `env` (the process's environment when None) over those of the
        `dotenv` file: a variable set in the environment wins over the same one in the file,
        so a deployment can override one line of a shared `.env`."""
        values = read_dotenv(dotenv)
        values.update(os.environ if env is None else env)
        token = values.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set: put it in .env (see .env.example), "
                "or run `make demo` to see the bot work without one."
            )
        notes: list[str] = []
        database = read_database(values, notes)
        shard_count, shard_ids = read_shards(values)
        sync = values.get("SYNC_COMMANDS", "").strip()
        shared = values.get("SHARED_STORE", "").strip()
        health = values.get("HEALTH_ADDRESS", "").strip() or None
        emojis = values.get("TILE_EMOJIS", "").strip()
        if health is not None:
            read_address(health)
        try:
            return cls(
                token=token,
                log_level=read_log_level(values.get("LOG_LEVEL", "")),
                log_format=read_log_format(values.get("LOG_FORMAT", "")),
                database=database,
                api_base=values.get("DISCORD_API_BASE") or None,
                gateway_url=values.get("DISCORD_GATEWAY_URL") or None,
                # One process syncs: the one with shard 0, or the only one.
                sync_commands=read_yes_no("SYNC_COMMANDS", sync)
                if sync
                else shard_ids is None or 0 in shard_ids,
                shard_count=shard_count,
                shard_ids=shard_ids,
                shared_store=read_yes_no("SHARED_STORE", shared)
                if shared
                else database.startswith("postgresql://") or shard_ids is not None,
                health_address=health,
                tile_emojis=read_yes_no("TILE_EMOJIS", emojis) if emojis else True,
                ai_delay=float(values.get("AI_DELAY_SECONDS", "1.2")),
                between_hands_seconds=float(values.get("BETWEEN_HANDS_SECONDS", "20")),
                lobby_seconds=float(values.get("LOBBY_SECONDS", "900")),
                puzzle_idle_seconds=float(values.get("PUZZLE_IDLE_SECONDS", "604800")),
                tables_per_user=int(values.get("TABLES_PER_USER", "3")),
                puzzles_per_user=int(values.get("PUZZLES_PER_USER", "3")),
                notes=tuple(notes),
            )
        except ValueError as error:
            reason = f"a setting in .env or the environment is not a number: {error}"
            raise ConfigError(reason) from None


def read_database(values: Mapping[str, str], notes: list[str]) -> str:
    """`DATABASE_URL`, else `DATABASE_PATH` (a SQLite file), else the file beside bot.py. Both
    set: the URL wins, and a note says so."""
    url = values.get("DATABASE_URL", "").strip()
    path = values.get("DATABASE_PATH", "").strip()
    if url and path:
        notes.append(f"DATABASE_URL and DATABASE_PATH are both set: using {shown_url(url)}")
    if not url:
        return sqlite_url(path) if path else DEFAULT_DATABASE
    if not url.startswith(DATABASE_SCHEMES):
        raise ConfigError(
            f"DATABASE_URL must start with sqlite:/// or postgresql://, not {shown_url(url)!r}"
        )
    return url


def read_shards(values: Mapping[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    """`SHARD_COUNT` (a whole number, at least 1) and `SHARD_IDS` (only with a count)."""
    count_text = values.get("SHARD_COUNT", "").strip()
    ids_text = values.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise ConfigError("SHARD_IDS is set without SHARD_COUNT: set both, or neither")
        return None, None
    if not NUMBER.fullmatch(count_text) or int(count_text) < 1:
        raise ConfigError(f"SHARD_COUNT must be a whole number of at least 1, not {count_text!r}")
    count = int(count_text)
    return count, read_shard_ids(ids_text, count) if ids_text else None


def read_log_level(text: str) -> str:
    """`LOG_LEVEL`: one of logging's level names, any case; `INFO` when empty. Checked here,
    because a name logging does not know would otherwise stop the start with a traceback."""
    level = text.strip().upper() or "INFO"
    if not isinstance(logging.getLevelName(level), int):
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {text.strip()!r}")
    return level


def read_log_format(text: str) -> str:
    """`LOG_FORMAT`: `text` (the default) or `json`."""
    form = text.strip().lower() or "text"
    if form not in ("text", "json"):
        raise ConfigError(f"LOG_FORMAT must be text or json, not {text.strip()!r}")
    return form


def read_dotenv(path: Path) -> dict[str, str]:
    """The variables a `.env` file sets, read by python-dotenv as every other tool reads such a
    file: `# comments` on their own line or after a value, `export KEY=value`, quotes (inside
    which `#` is kept), `${OTHER}` expanded. A line without `=` sets nothing."""
    if not path.is_file():
        return {}
    return {
        key: value
        for key, value in dotenv_values(path, encoding="utf-8").items()
        if value is not None
    }
