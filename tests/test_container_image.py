"""The container image runs the bot: started with `docker run` against the emulator, it comes
up as a user that is not root, answers `/healthz` and `/metrics` on its port, plays (a table
opened and joined), and stops gracefully on `docker stop` (SIGTERM, exit status 0).

Needs a Docker daemon and the built image, named by `DOMINO_IMAGE` (see docs/operating.md,
"Containers": `docker/make-base.sh`, then `docker build --build-arg BASE=domino-base:bookworm
-t domino-bot .`); skipped without them."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import socket
import subprocess
import uuid

import aiohttp
import pytest

from tests.emulator.emulator import Emulator
from tests.tables.play import start_two_player

IMAGE = os.environ.get("DOMINO_IMAGE", "")
pytestmark = pytest.mark.skipif(
    not IMAGE or shutil.which("docker") is None, reason="no DOMINO_IMAGE to run"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def fetch(port: int, path: str) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(
            f"http://127.0.0.1:{port}{path}", timeout=aiohttp.ClientTimeout(total=5)
        ) as response,
    ):
        return response.status, await response.text()


async def healthy(port: int, within: float) -> dict[str, object]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while True:
        try:
            status, text = await fetch(port, "/healthz")
            if status == 200:
                found: dict[str, object] = json.loads(text)
                return found
        except (aiohttp.ClientError, TimeoutError):
            pass
        if loop.time() > deadline:
            raise TimeoutError("the container's /healthz never answered 200")
        await asyncio.sleep(0.5)


async def test_the_image_runs_the_bot_and_stops_on_sigterm(emu: Emulator) -> None:
    emu.rate_limiter.enabled = False
    port, name = free_port(), f"domino-test-{uuid.uuid4().hex[:8]}"
    settings = {
        "DISCORD_TOKEN": emu.token,
        "DISCORD_API_BASE": emu.api_base,
        "DISCORD_GATEWAY_URL": emu.gateway_url,
        "HEALTH_ADDRESS": f"127.0.0.1:{port}",
        "AI_DELAY_SECONDS": "0",
    }
    command = ["docker", "run", "--rm", "--name", name, "--network", "host"]
    for key, value in settings.items():
        command += ["-e", f"{key}={value}"]
    bot = await asyncio.create_subprocess_exec(
        *command, IMAGE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT
    )
    try:
        health = await healthy(port, within=120)
        assert health["gateway"] == {"0": True}
        user = subprocess.run(
            ["docker", "exec", name, "id", "-u"], capture_output=True, text=True, check=True
        )
        assert user.stdout.strip() != "0"
        await start_two_player(emu)
        _, metrics = await fetch(port, "/metrics")
        clicks = re.search(r'^domino_clicks_total\{kind="dl"\} (\S+)$', metrics, re.MULTILINE)
        assert clicks is not None and float(clicks[1]) == 2  # Join and Start
        stop = await asyncio.create_subprocess_exec("docker", "stop", "--time", "20", name)
        assert await stop.wait() == 0
        assert await asyncio.wait_for(bot.wait(), 30) == 0  # SIGTERM: a graceful stop
    finally:
        if bot.returncode is None:
            subprocess.run(["docker", "rm", "-f", name], capture_output=True)
            await bot.wait()
    assert bot.stdout is not None
    lines = (await bot.stdout.read()).decode().splitlines()
    events = [json.loads(line) for line in lines if line.startswith("{")]
    assert events and len(events) == len(lines)  # JSON lines, one event each
    assert any(event["message"] == "shutting down" for event in events)
    assert emu.token not in "\n".join(lines)
