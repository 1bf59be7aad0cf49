"""Entry point: settings, logging, database, cogs, run. Nothing else lives here.

Configuration comes from the environment, or from a `.env` file beside this one
(see `.env.example`). `DISCORD_TOKEN` is required.

`DISCORD_API_BASE` and `DISCORD_GATEWAY_URL` point the client at another Discord-compatible
server; the test emulator uses them to run this very entry point against a loopback fake.
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import discord
from discord.ext import commands

log = logging.getLogger("domino")

HERE = Path(__file__).resolve().parent
COGS: tuple[str, ...] = ()


@dataclass(frozen=True)
class Settings:
    token: str
    log_level: str = "INFO"
    database: Path = HERE / "domino.sqlite3"
    api_base: str | None = None
    gateway_url: str | None = None

    @classmethod
    def from_environment(cls, env: dict[str, str] | None = None) -> Settings:
        values = dict(read_dotenv(HERE / ".env"))
        values.update(os.environ if env is None else env)
        token = values.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise SystemExit(
                "DISCORD_TOKEN is not set: put it in .env (see .env.example) or the environment."
            )
        return cls(
            token=token,
            log_level=values.get("LOG_LEVEL", "INFO").upper(),
            database=Path(values.get("DATABASE_PATH", str(HERE / "domino.sqlite3"))),
            api_base=values.get("DISCORD_API_BASE") or None,
            gateway_url=values.get("DISCORD_GATEWAY_URL") or None,
        )


def read_dotenv(path: Path) -> dict[str, str]:
    """`KEY=value` lines; `#` comments and blank lines ignored; quotes around a value removed."""
    if not path.is_file():
        return {}
    values: dict[str, str] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip("'\"")
    return values


def redirect_discord(api_base: str | None, gateway_url: str | None) -> None:
    """Point discord.py at another server (the test emulator) before the client starts."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        import yarl

        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


class DominoBot(commands.Bot):
    def __init__(self, settings: Settings) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.settings = settings

    async def setup_hook(self) -> None:
        for extension in COGS:
            await self.load_extension(extension)


def main() -> int:
    settings = Settings.from_environment()
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    redirect_discord(settings.api_base, settings.gateway_url)
    bot = DominoBot(settings)
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print("Discord rejected DISCORD_TOKEN: check the token in .env.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
