"""data/ never imports discord or Pillow (DESIGN.md, layers); its SQL stays inside it, and every
difference between SQLite and PostgreSQL stays inside `data.sql`."""

from __future__ import annotations

import ast
import re
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "data"
FORBIDDEN = {"discord", "PIL", "render", "cogs", "bot"}
DRIVERS = {"aiosqlite", "asyncpg"}
# What only one dialect understands, outside `data.sql`: a driver's cursor attributes,
# SQLite's INSERT OR, PRAGMAs, two-argument MIN/MAX.
DIALECT_ONLY = re.compile(r"lastrowid|rowcount|INSERT OR|PRAGMA |\bMAX\([^()]*,|\bMIN\([^()]*,")


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
    return roots


def test_the_data_layer_imports_no_discord_pillow_render_or_cogs() -> None:
    modules = sorted(DATA.rglob("*.py"))
    assert DATA / "sql" / "postgresql.py" in modules
    for module in modules:
        assert not imported_roots(module) & FORBIDDEN, module.name


def test_only_the_dialects_know_the_drivers_and_dialect_only_sql() -> None:
    dialects = DATA / "sql"
    outside = [path for path in sorted(DATA.rglob("*.py")) if dialects not in path.parents]
    assert DATA / "queries.py" in outside
    for module in outside:
        assert not imported_roots(module) & DRIVERS, module.name
        assert not DIALECT_ONLY.search(" ".join(_sql_texts(module))), module.name


def _sql_texts(module: Path) -> list[str]:
    """The module's string constants, docstrings left out."""
    tree = ast.parse(module.read_text("utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]
