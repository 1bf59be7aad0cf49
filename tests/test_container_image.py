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
from pathlib import Path

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


async def open_tables(port: int, within: float) -> float:
    """`domino_tables_open` on a process's /metrics, once it is not 0 (or 0 after `within`)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while True:
        _, metrics = await fetch(port, "/metrics")
        found = re.search(r"^domino_tables_open (\S+)$", metrics, re.MULTILINE)
        assert found is not None
        if float(found[1]) or loop.time() > deadline:
            return float(found[1])
        await asyncio.sleep(0.5)


def bridge_address() -> str:
    """This machine's address on Docker's default bridge: containers on any of the engine's
    bridge networks (compose makes its own) reach it through their gateway, with no NAT."""
    found = subprocess.run(
        ["docker", "network", "inspect", "bridge", "-f", "{{(index .IPAM.Config 0).Gateway}}"],
        capture_output=True,
        text=True,
        check=True,
    )
    return found.stdout.strip()


def compose(project: str, env_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`docker compose` (the plugin, or Debian's docker-compose) on the repository's
    compose.yaml, with `.env` read from `env_dir` as an admin's would be beside the file."""
    tool = ["docker", "compose"] if COMPOSE_PLUGIN else ["docker-compose"]
    command = [*tool, "-p", project, "-f", str(ROOT / "compose.yaml")]
    command += ["--project-directory", str(env_dir), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


COMPOSE_PLUGIN = (
    subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0
    if shutil.which("docker")
    else False
)
ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(
    not COMPOSE_PLUGIN and shutil.which("docker-compose") is None, reason="no docker compose"
)
async def test_compose_runs_two_shards_on_one_postgresql(tmp_path: Path) -> None:
    """compose.yaml's `postgres` profile as an admin starts it (`up shard-0 shard-1`, the
    images built): PostgreSQL comes up healthy, each process connects its own shard of two
    and answers /healthz on its published port, a table played on shard 0's server is in the
    store that shard 1's process reads, and `down` stops both gracefully."""
    async with Emulator(host=bridge_address()) as emu:
        emu.rate_limiter.enabled = False
        emu.shard_count = 2
        far = await emu.add_guild("Far Club", "general", shard=1, count=2)
        assert emu.shard_of(far) == 1 and emu.shard_of(emu.guild) == 0
        (tmp_path / ".env").write_text(
            f"DISCORD_TOKEN={emu.token}\n"
            f"DISCORD_API_BASE={emu.api_base}\n"
            f"DISCORD_GATEWAY_URL={emu.gateway_url}\n"
            "AI_DELAY_SECONDS=0  # no pause before an AI seat's move\n"
            f"POSTGRES_PASSWORD={uuid.uuid4().hex}\n",
            encoding="utf-8",
        )
        project = f"domino-test-{uuid.uuid4().hex[:8]}"
        started = compose(
            project,
            tmp_path,
            "--profile",
            "postgres",
            "up",
            "-d",
            "--no-build",
            "shard-0",
            "shard-1",
        )
        try:
            assert started.returncode == 0, started.stderr
            shard_0, shard_1 = await healthy(9101, within=180), await healthy(9102, within=60)
            assert shard_0["gateway"] == {"0": True} and shard_1["gateway"] == {"1": True}
            await start_two_player(emu)  # on the home server: shard 0's process
            # Shard 1's process counts it from the same store (its gauges are read at most
            # once a second, so a scrape may show the count of a moment ago).
            assert await open_tables(9102, within=10) == 1
            stopped = compose(project, tmp_path, "--profile", "postgres", "stop")
            assert stopped.returncode == 0, stopped.stderr
            for shard in ("shard-0", "shard-1"):
                state = subprocess.run(
                    ["docker", "inspect", "-f", "{{.State.ExitCode}}", f"{project}_{shard}_1"],
                    capture_output=True,
                    text=True,
                )
                if state.returncode != 0:  # the plugin names containers project-shard-1
                    state = subprocess.run(
                        ["docker", "inspect", "-f", "{{.State.ExitCode}}", f"{project}-{shard}-1"],
                        capture_output=True,
                        text=True,
                    )
                assert state.stdout.strip() == "0", f"{shard} did not stop gracefully"
        finally:
            logs = compose(project, tmp_path, "--profile", "postgres", "logs", "--no-color")
            print(logs.stdout[-20000:])  # shown by pytest if the test failed
            compose(project, tmp_path, "--profile", "postgres", "down", "-v", "--timeout", "20")
        assert not emu.unhandled and not emu.violations
        events = [
            json.loads(line.split("| ", 1)[1])
            for line in logs.stdout.splitlines()
            if line.startswith("shard-") and "| {" in line
        ]
        assert any(event["message"] == "shutting down" for event in events)
        noise = [e["message"] for e in events if e["level"] in ("WARNING", "ERROR", "CRITICAL")]
        assert noise == []  # nothing an admin would have to look up
        assert emu.token not in logs.stdout
