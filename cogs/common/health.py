"""The operator's window into a running bot: an HTTP endpoint, off unless `HEALTH_ADDRESS` is
set, served by aiohttp (discord.py's own HTTP library) inside the bot's process.

- `GET /healthz`: JSON saying whether each of this process's shards has its gateway connection
  up, whether the store answers (a short read with a timeout), the outbox's backlog and how late
  its most overdue item is, and how late the most overdue job is. HTTP 200 when all is well,
  503 otherwise (`unhealthy`): a load balancer, an orchestrator or a monitor reads the status
  alone, a person reads the JSON.
- `GET /metrics`: every metric of `cogs.common.metrics` in Prometheus's text format.

Both read the store at most once a second (`metrics.StoreReader`), whoever asks how often.
"""

from __future__ import annotations

import json
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from aiohttp import web
from discord.ext import commands

from cogs.common import metrics
from cogs.common.settings import read_address

if TYPE_CHECKING:
    from collections.abc import Callable

    from data import Database
    from data.vitals import Vitals

log = logging.getLogger(__name__)

#: Past these the bot is unhealthy: a job this late (an AI seat or a turn timer waiting),
#: an outbox item this late (a board nobody sees change).
JOB_LAG_LIMIT = 60.0
OUTBOX_LATE_LIMIT = 120.0
#: A button's or a form's custom id: its kind (a short prefix) and, on a table, the table's id.
CUSTOM_ID = re.compile(r"([a-z]{1,6}):([A-Za-z0-9_-]{1,40})")


def unhealthy(gateway: dict[str, bool], store: Vitals | None) -> list[str]:
    """What is wrong, in words (nothing: healthy)."""
    wrong = [f"shard {shard}: gateway disconnected" for shard, up in gateway.items() if not up]
    if store is None:
        wrong.append("store unreachable")
        return wrong
    if store.job_lag > JOB_LAG_LIMIT:
        wrong.append(f"jobs {store.job_lag:.0f} s late")
    if store.outbox_late > OUTBOX_LATE_LIMIT:
        wrong.append(f"outbox {store.outbox_late:.0f} s late")
    return wrong


class Health:
    """The endpoint of one bot: started with the store open (`start`), stopped first at close."""

    def __init__(self, bot: commands.Bot, address: str) -> None:
        self.bot = bot
        self.host, self.port = read_address(address)
        self.gateway: dict[str, bool] = {}  # shard (as shown) -> connected
        self.reader: metrics.StoreReader | None = None
        self._runner: web.AppRunner | None = None
        self._listen()

    def _listen(self) -> None:
        """Follow the gateway connection of each shard and count the clicks."""
        bot = self.bot
        ids = bot.shard_ids if isinstance(bot, discord.AutoShardedClient) else None
        shards = [str(shard) for shard in (ids or [bot.shard_id or 0])]
        self.gateway = dict.fromkeys(shards, False)
        for shard in shards:
            metrics.GATEWAY_CONNECTED.labels(shard).set(0)

        def setter(up: bool) -> Any:
            async def listener(shard_id: int | None = None) -> None:
                shard = str(shard_id or 0)
                self.gateway[shard] = up
                metrics.GATEWAY_CONNECTED.labels(shard).set(1 if up else 0)

            return listener

        if isinstance(bot, discord.AutoShardedClient):
            events = ("on_shard_connect", "on_shard_ready", "on_shard_resumed")
            lost = "on_shard_disconnect"
        else:
            events, lost = ("on_connect", "on_ready", "on_resumed"), "on_disconnect"
        for event in events:
            bot.add_listener(setter(True), event)
        bot.add_listener(setter(False), lost)
        bot.add_listener(self.on_interaction, "on_interaction")

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = data.get("custom_id")
        found = CUSTOM_ID.match(custom_id) if isinstance(custom_id, str) else None
        if found is not None:
            metrics.clicked(found[1], found[2])
        else:
            metrics.clicked(interaction.type.name, None)

    async def start(self, db: Database, clock: Callable[[], float]) -> None:
        """Serve, reading the store `db` (its vitals timed by `clock`, the bot's)."""
        self.reader = metrics.StoreReader(db, clock)
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self._runner.addresses:  # port 0: the one the system chose
            self.port = int(self._runner.addresses[0][1])
        log.info("health and metrics at http://%s:%d/healthz and /metrics", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def healthz(self, request: web.Request) -> web.Response:
        assert self.reader is not None
        store = await self.reader.read()
        wrong = unhealthy(self.gateway, store)
        body: dict[str, Any] = {
            "healthy": not wrong,
            "problems": wrong,
            "gateway": self.gateway,
            "store": {"reachable": store is not None, "error": self.reader.error},
        }
        if store is not None:
            body["outbox"] = {
                "items": store.outbox,
                "due": store.outbox_due,
                "late_seconds": round(store.outbox_late, 3),
            }
            body["jobs"] = {
                "due": store.jobs_due,
                "late": store.jobs_late,
                "lag_seconds": round(store.job_lag, 3),
            }
            body["tables_open"] = store.open_tables
        return web.Response(
            text=json.dumps(body), content_type="application/json", status=503 if wrong else 200
        )

    async def metrics(self, request: web.Request) -> web.Response:
        assert self.reader is not None
        await self.reader.read()
        return web.Response(
            body=metrics.exposition(), headers={"Content-Type": metrics.CONTENT_TYPE}
        )
