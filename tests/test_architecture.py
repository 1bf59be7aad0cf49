"""The layering of DESIGN.md, checked on the source: an AST walk of every module's imports.

- engine/ imports only the standard library (and itself), and not even asyncio or logging;
- render/ imports PIL, engine and the standard library, never discord, data or cogs;
- data/ never imports discord or cogs;
- nothing in engine/, render/ or data/ imports cogs.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STDLIB = frozenset(sys.stdlib_module_names)
ENGINE_FORBIDDEN_STDLIB = {"asyncio", "logging", "sqlite3", "tkinter"}


def imported_roots(path: Path) -> set[str]:
    """The top-level package of every absolute import in the module (relative imports stay
    inside the package and are left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.partition(".")[0])
        elif isinstance(node, ast.Call) and _dynamic_import(node):
            roots.add(_dynamic_import(node) or "")
    return roots


def _dynamic_import(node: ast.Call) -> str | None:
    """`importlib.import_module("x")` or `__import__("x")` with a literal name."""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if name not in ("import_module", "__import__") or not node.args:
        return None
    first = node.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value.partition(".")[0]
    return None


def modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def test_the_packages_exist_and_have_modules() -> None:
    for package in ("engine", "render", "data", "cogs"):
        assert (ROOT / package / "__init__.py").is_file()
    assert len(modules("engine")) > 10


@pytest.mark.parametrize("path", modules("engine"), ids=lambda path: path.name)
def test_engine_imports_only_the_standard_library(path: Path) -> None:
    foreign = imported_roots(path) - STDLIB - {"engine", "__future__"}
    assert not foreign, f"{path.relative_to(ROOT)} imports {sorted(foreign)}"
    assert not imported_roots(path) & ENGINE_FORBIDDEN_STDLIB


@pytest.mark.parametrize("path", modules("render"), ids=lambda path: path.name)
def test_render_imports_only_pil_engine_and_the_standard_library(path: Path) -> None:
    foreign = imported_roots(path) - STDLIB - {"PIL", "engine", "render", "__future__"}
    assert not foreign, f"{path.relative_to(ROOT)} imports {sorted(foreign)}"


@pytest.mark.parametrize("path", modules("data"), ids=lambda path: path.name)
def test_data_never_imports_discord_or_cogs(path: Path) -> None:
    assert not imported_roots(path) & {"discord", "cogs", "render"}


@pytest.mark.parametrize(
    "path", [*modules("engine"), *modules("render"), *modules("data")], ids=str
)
def test_cogs_are_never_imported_below_them(path: Path) -> None:
    assert "cogs" not in imported_roots(path)
    assert "bot" not in imported_roots(path)


def test_the_checker_sees_imports_of_every_form(tmp_path: Path) -> None:
    module = tmp_path / "sample.py"
    module.write_text(
        "import os.path\nfrom discord import ui\nfrom . import sibling\n"
        "import importlib\nimportlib.import_module('PIL.Image')\n",
        encoding="utf-8",
    )
    assert imported_roots(module) == {"os", "discord", "importlib", "PIL"}
