"""data/ never imports discord or Pillow (DESIGN.md, layers); its SQL stays inside it."""

from __future__ import annotations

import ast
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "data"
FORBIDDEN = {"discord", "PIL", "render", "cogs", "bot"}


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
    return roots


def test_the_data_layer_imports_no_discord_pillow_render_or_cogs() -> None:
    modules = sorted(DATA.glob("*.py"))
    assert modules
    for module in modules:
        assert not imported_roots(module) & FORBIDDEN, module.name
