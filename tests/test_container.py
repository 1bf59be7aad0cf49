"""The container files say what the bot reads: compose.yaml's `bot` keeps the SQLite store on
a volume, its `postgres` profile runs PostgreSQL and one process per shard covering every shard
once; every variable the image or compose sets is a setting of the bot; the image copies every
package of the project, installs from the locked runtime dependencies and runs as a user that
is not root."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = ROOT / "cogs" / "common" / "settings.py"


def read_settings() -> set[str]:
    return set(re.findall(r'values\.get\("([A-Z_]+)"', SETTINGS.read_text(encoding="utf-8")))


def compose() -> dict[str, Any]:
    services: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))[
        "services"
    ]
    return services


def test_compose_runs_the_bot_on_a_volume_and_shards_on_postgresql() -> None:
    services = compose()
    bot = services["bot"]
    assert "profiles" not in bot  # `docker compose up` starts it
    assert any(str(volume).endswith(":/data") for volume in bot["volumes"])
    sharded = {name: s for name, s in services.items() if "postgres" in s.get("profiles", [])}
    assert set(sharded) == {"db", "shard-0", "shard-1"}
    shards = [services[f"shard-{n}"]["environment"] for n in (0, 1)]
    counts = {env["SHARD_COUNT"] for env in shards}
    assert counts == {"2"}
    assert sorted(env["SHARD_IDS"] for env in shards) == ["0", "1"]
    assert all(env["DATABASE_URL"].startswith("postgresql://") for env in shards)
    known = read_settings()
    for env in shards:
        assert set(env) <= known


def test_the_image_copies_the_whole_bot_and_runs_it_as_a_plain_user() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]
    found = setuptools["packages"]["find"]["include"]  # "engine*": the package and below it
    tops = {pattern.rstrip("*").split(".")[0] for pattern in found}
    assert tops == {"engine", "render", "data", "cogs"}
    for top in tops:
        assert f"COPY {top} /app/{top}" in dockerfile, top
    for module in setuptools["py-modules"]:
        assert f"COPY {module}.py " in dockerfile, module
    assert "--require-hashes" in dockerfile and "requirements.run.lock" in dockerfile
    assert re.search(r"^USER (?!root)\w+", dockerfile, flags=re.MULTILINE)
    env = re.search(r"^ENV ((?:.*\\\n)*.*)$", dockerfile, flags=re.MULTILINE)
    assert env is not None
    names = set(re.findall(r"([A-Z_]+)=", env[1])) - {"PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE"}
    assert names and names <= read_settings()
    assert "/healthz" in dockerfile  # the image's health check asks the bot itself
