"""The `emu` fixture fails a test that leaves an unhandled route or a broken rule behind."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

LEFTOVERS = """
from tests.emulator.fixtures import emu, pytest_configure  # noqa: F401


async def test_leaves_a_violation(emu):
    emu.record_violation("a sixth row of buttons")


async def test_leaves_an_unhandled_route(emu):
    emu.record_unhandled("GET /api/v10/guilds/1/bans")


async def test_takes_its_violation(emu):
    emu.record_violation("on purpose")
    assert emu.take_violations() == ["on purpose"]
"""


async def test_leftover_violations_and_unhandled_routes_fail_the_test(tmp_path: Path) -> None:
    (tmp_path / "test_leftovers.py").write_text(LEFTOVERS)
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pytest", str(tmp_path), "-q",
        "-p", "no:cacheprovider", "-p", "no:warnings",
        "-o", "asyncio_mode=auto", "-o", "asyncio_default_fixture_loop_scope=function",
        "--rootdir", str(tmp_path), "-c", os.devnull,
        cwd=tmp_path, env=os.environ | {"PYTHONPATH": str(ROOT)},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    output = (await child.communicate())[0].decode()
    assert "3 passed" in output and "2 errors" in output, output
    assert "violation: a sixth row of buttons" in output
    assert "unhandled: GET /api/v10/guilds/1/bans" in output
