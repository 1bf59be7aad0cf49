"""The contract the bot codes against: the names, their keyword-only options, and the layering
rule that `render/` imports only Pillow, the engine and the standard library."""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path

import render

RENDER = Path(render.__file__).parent


def test_the_public_functions_take_their_options_by_keyword_only() -> None:
    expected = {
        "board_png": (["view"], ["names", "theme", "highlight_last", "wording", "layers", "table"]),
        "hand_png": (["view"], ["theme", "wording"]),
        "decision_png": (["public", "own"], ["caption", "names", "theme", "wording"]),
        "score_sheet_png": (["view"], ["names", "theme", "wording"]),
        "dominosa_png": (["grid", "placements"], ["theme", "highlight", "wording"]),
        "quadrille_png": (["figure", "placements"], ["theme", "wording"]),
        "describe": (["view"], ["names", "wording"]),
        "move_label": (["action"], ["wording", "view", "names"]),
        "describe_hand": (["view"], ["names", "wording"]),
        "describe_sheet": (["view"], ["names", "wording"]),
        "describe_dominosa": (["grid", "placed"], ["size", "wording"]),
        "describe_quadrille": (["figure", "placed"], ["wording"]),
        "describe_chart": (["ratings"], ["name", "wording"]),
    }
    assert sorted(render.__all__) == sorted([*expected, "ENGLISH", "Wording"])
    for name, (positional, keywords) in expected.items():
        parameters = inspect.signature(getattr(render, name)).parameters.values()
        assert [p.name for p in parameters if p.kind is p.POSITIONAL_OR_KEYWORD] == positional
        assert [p.name for p in parameters if p.kind is p.KEYWORD_ONLY] == keywords


def test_render_imports_only_pillow_the_engine_and_the_standard_library() -> None:
    allowed = {"PIL", "engine", "render", "__future__"} | set(sys.stdlib_module_names)
    for path in RENDER.glob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                roots = {node.module.split(".")[0]}
            else:
                continue
            assert roots <= allowed, f"{path.name} imports {roots - allowed}"
