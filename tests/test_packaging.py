"""A wheel built from pyproject.toml holds the whole bot: every module of engine, render, data
and cogs, bot.py, and every other file of those packages (the migrations, the message
catalogues, the rules texts: what the code opens at runtime), and the build says nothing is
wrong (setuptools warns about each folder it would leave out).

The wheel is built from a copy of the sources (a build writes `build/` and `*.egg-info` beside
pyproject.toml), in pip's ordinary isolated build environment, whose setuptools comes from the
package index; no index, no build: the test is skipped then, never passed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "render", "data", "cogs")
#: Files the code reads beside its modules, which must be among the files of the packages (the
#: test wants every file of the packages in the wheel, these included).
READ_AT_RUNTIME = (
    "data/migrations/*.sql",  # data/migrate.py
    "cogs/lang/locales/*/*/*.po",  # cogs/lang/catalogues.py
    "cogs/lang/rules/*.md",  # the players' rules texts
)
#: What setuptools or the build backend prints when something is off.
WARNINGS = ("Warning", "warning:", "check.warn", "is absent from the `packages`")


def tracked(pattern: str) -> set[str]:
    return {
        path.relative_to(ROOT).as_posix()
        for path in ROOT.glob(pattern)
        if path.is_file() and "__pycache__" not in path.parts
    }


def sources(into: Path) -> None:
    """The files a build reads, copied without caches."""
    for name in ("pyproject.toml", "README.md", "bot.py"):
        shutil.copy2(ROOT / name, into / name)
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package, into / package, ignore=shutil.ignore_patterns("__pycache__")
        )


@pytest.mark.timeout(120)
def test_the_wheel_holds_every_module_and_data_file_and_builds_without_warnings(
    tmp_path: Path,
) -> None:
    source, out = tmp_path / "source", tmp_path / "wheel"
    source.mkdir()
    sources(source)
    environment = {
        key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"
    }
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(out), str(source)],
        capture_output=True,
        text=True,
        env=environment,
        timeout=110,
    )
    log = built.stdout + built.stderr
    if built.returncode != 0 and "No matching distribution found for setuptools" in log:
        pytest.skip("no package index to fetch setuptools for the build")
    assert built.returncode == 0, log[-3000:]
    (wheel,) = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        held = set(archive.namelist())
    wanted = {"bot.py"}
    for package in PACKAGES:
        wanted |= tracked(f"{package}/**/*")
    for pattern in READ_AT_RUNTIME:
        assert tracked(pattern) and tracked(pattern) <= wanted, pattern
    missing = sorted(wanted - held)
    assert not missing, f"the wheel lacks {len(missing)} files: {missing[:20]}"
    warned = [line.strip() for line in log.splitlines() if any(w in line for w in WARNINGS)]
    assert not warned, "\n".join(warned[:20])
