"""The layering of DESIGN.md and the import contract of docs/architecture.md, checked on the
source: an AST walk of every module's imports.

- engine/ imports only the standard library (and itself), and not even asyncio or logging;
- render/ imports PIL, engine and the standard library, never discord, data or cogs;
- data/ never imports discord or cogs;
- nothing in engine/, render/ or data/ imports cogs;
- inside cogs/ and bot.py, a package imports only what its row of the package table in
  docs/architecture.md allows (`CONTRACT` below is that table, and a test keeps the two equal);
- no import cycle among the modules of engine/, render/, data/ or cogs/;
- nothing imports `bot`, the entry point.

Every import counts, in every form: module level, under `if TYPE_CHECKING:`, inside a function,
relative (`from . import x`), and `importlib.import_module("name")` with a literal name. A
back-reference written under `TYPE_CHECKING` or inside a function is still a back-reference: it
is hidden from the interpreter, not removed. The checker is this file's own AST walk rather than
import-linter: import-linter's graph (grimp) does see `TYPE_CHECKING` and function-local imports,
but not `import_module("name")`, and the walk is short and needs no package of its own.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
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


# The import graph: every import of every module of ours, resolved to the module it names.

SOURCE_ROOTS = ("engine", "render", "data", "cogs", "bot")


@dataclass(frozen=True)
class Import:
    """One import: `source` imports `target` (a module of ours, or an outside dotted name) at
    `line`; `form` says where it is written ("module", "type-checking" or "function") and `how`
    ("absolute", "relative" or "dynamic", for `import_module("name")`). `via` is the package a
    module is taken from in `from package import module`: the statement runs that package's
    `__init__` and reads the module off it, so for cycles it counts as importing the package
    too (an empty `__init__` imports nothing, so only a re-exporting one can close a circle)."""

    source: str
    target: str
    line: int
    form: str
    how: str
    via: str | None = None

    def __str__(self) -> str:
        via = f", from {self.via}" if self.via else ""
        return f"{self.source}:{self.line} -> {self.target} ({self.form}, {self.how}{via})"


def source_files(root: Path = ROOT) -> dict[str, Path]:
    """Every module of engine/, render/, data/, cogs/ and bot.py, by its dotted name."""
    files = [root / "bot.py", *(p for top in SOURCE_ROOTS[:-1] for p in (root / top).rglob("*.py"))]
    return {module_name(path, root): path for path in sorted(files) if path.is_file()}


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(module: str, path: Path, known: set[str]) -> list[Import]:
    """Every import written in the module, each resolved to the module it names: `from
    cogs.tables import board` names `cogs.tables.board` (a module), `from cogs.tables.table
    import Table` names `cogs.tables.table`; a package named on the way (`cogs`, `cogs.tables`)
    is not counted, as it is not what the import is for."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[Import] = []

    def add(
        target: str, node: ast.stmt | ast.expr, form: str, how: str, via: str | None = None
    ) -> None:
        found.append(Import(module, resolve(target, known), node.lineno, form, how, via))

    def visit(node: ast.AST, form: str) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node, form, "absolute")
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = _relative(package, node.level, node.module)
            how = "relative" if node.level else "absolute"
            for alias in node.names:
                inner = f"{base}.{alias.name}"
                if inner in known:
                    add(inner, node, form, how, via=resolve(base, known))
                else:
                    add(base, node, form, how)
        elif isinstance(node, ast.Call) and (name := _dynamic_name(node, package)):
            add(name, node, form, "dynamic")
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            form = "function"
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for statement in node.body:
                visit(statement, "type-checking" if form == "module" else form)
            for statement in node.orelse:
                visit(statement, form)
            visit(node.test, form)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, form)

    visit(tree, "module")
    return found


def resolve(name: str, known: set[str]) -> str:
    """The module of ours a dotted name lands in (its longest known prefix), or the name itself
    when it is not ours (the standard library, discord, PIL)."""
    if name.partition(".")[0] not in SOURCE_ROOTS:
        return name
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in known:
            return ".".join(parts[:end])
    return name


def _relative(package: str, level: int, module: str | None) -> str:
    parts = package.split(".")
    base = ".".join(parts[: len(parts) - (level - 1)])
    return f"{base}.{module}" if module else base


def _dynamic_name(node: ast.Call, package: str) -> str | None:
    """The literal name of `importlib.import_module("x")`, `import_module(".x", "pkg")` or
    `__import__("x")`."""
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if called not in ("import_module", "__import__") or not node.args:
        return None
    first = node.args[0]
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return None
    name = first.value
    if called == "import_module" and name.startswith("."):
        anchor = node.args[1] if len(node.args) > 1 else None
        anchor = anchor or next((k.value for k in node.keywords if k.arg == "package"), None)
        if isinstance(anchor, ast.Constant) and isinstance(anchor.value, str):
            package = anchor.value
        level = len(name) - len(name.lstrip("."))
        return _relative(package, level, name.lstrip(".") or None)
    return name


def _is_type_checking(test: ast.expr) -> bool:
    """`if TYPE_CHECKING:` or `if typing.TYPE_CHECKING:`."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def all_imports(root: Path = ROOT) -> list[Import]:
    files = source_files(root)
    known = set(files)
    return [found for module, path in files.items() for found in imports_of(module, path, known)]


IMPORTS = all_imports()
MODULES = set(source_files())


def inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def cycles(imports: list[Import], *packages: str) -> list[list[str]]:
    """The strongly connected components of more than one module among the modules of
    `packages` (Tarjan's algorithm), each sorted, largest first."""
    graph: dict[str, set[str]] = {}
    for found in imports:
        for target in (found.target, found.via):
            if target is None or not any(inside(target, package) for package in packages):
                continue
            if any(inside(found.source, package) for package in packages):
                graph.setdefault(found.source, set()).add(target)
                graph.setdefault(target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for following in sorted(graph[node]):
            if following not in index:
                connect(following)
                low[node] = min(low[node], low[following])
            elif following in on_stack:
                low[node] = min(low[node], index[following])
        if low[node] == index[node]:
            component: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return sorted(components, key=lambda component: (-len(component), component))


def edges_within(imports: list[Import], members: list[str]) -> list[str]:
    """The imports that hold a cycle together, for the failure message."""
    return [
        str(found)
        for found in imports
        if found.source in members and (found.target in members or found.via in members)
    ]


# The contract: which package of cogs/ (and bot.py) may import which. The same table, in words,
# is docs/architecture.md's; `test_the_written_table_is_the_tested_one` keeps the two equal.
# A package may always import itself; a name in a row allows that module or package and
# everything below it. The kernel, for the features, is `cogs.common` with what it stands on.

KERNEL = ("cogs.common", "cogs.lang", "cogs.texts", "cogs.audience")
FEATURES = ("cogs.tables", "cogs.puzzles", "cogs.standings", "cogs.review")
TABLE_MODEL = tuple(
    f"cogs.tables.{name}"
    for name in (
        "table",
        "seating",
        "state",
        "ending",
        "lobby",
        "phase",
        "offers",
        "lobby_actions",
        "robots",
        "board",
        "messages.board",
    )
)
CONTRACT: dict[str, tuple[str, ...]] = {
    "cogs": (),
    "cogs.lang": (),
    "cogs.texts": ("cogs.lang",),
    "cogs.audience": ("cogs.lang",),
    "cogs.common": ("cogs.lang", "cogs.texts", "cogs.audience"),
    "cogs.runtime": (
        "cogs.common.refusal",
        "cogs.common.logs",
        "cogs.common.metrics",
        "cogs.lang",
        "cogs.texts",
    ),
    "cogs.tables": (*KERNEL, "cogs.runtime"),
    "cogs.puzzles": (*KERNEL, "cogs.runtime"),
    "cogs.standings": KERNEL,
    "cogs.review": (*KERNEL, *TABLE_MODEL, "cogs.standings.format", "cogs.standings.replay"),
    "cogs.front": (*KERNEL, "cogs.runtime", *FEATURES),
    "bot": ("cogs.common.settings", "cogs.common.bot", "cogs.common.logs"),
}
# What a package may not import from outside cogs/ (the rest of the table is about cogs/ only).
NEVER_OUTSIDE: dict[str, frozenset[str]] = {"cogs.runtime": frozenset({"discord"})}
CONTRACT_DOC = ROOT / "docs" / "architecture.md"


def package_of(module: str) -> str | None:
    """The row of the table a module of cogs/ or bot.py falls under (the longest that holds
    it; `cogs` itself is only the bare package), or None: a module no row places."""
    rows = [row for row in CONTRACT if module == row or (row != "cogs" and inside(module, row))]
    return max(rows, key=len) if rows else None


def contract_violations(imports: list[Import]) -> list[str]:
    """Every import of cogs/ and bot.py that its package's row does not allow."""
    found: list[str] = []
    placed = {found.source for found in imports if inside(found.source, "cogs")} | {"bot"}
    found += [
        f"{module}: no row of the table holds it"
        for module in sorted(placed)
        if package_of(module) is None
    ]
    for imported in imports:
        package = package_of(imported.source)
        if package is None:
            continue
        target = imported.target
        if target.partition(".")[0] in ("cogs", "bot"):
            allowed = (package, *CONTRACT[package])
            if not any(inside(target, row) for row in allowed) and target != "cogs":
                found.append(f"{imported} not allowed for {package}")
        elif target.partition(".")[0] in NEVER_OUTSIDE.get(package, ()):
            found.append(f"{imported} not allowed for {package}")
    return list(dict.fromkeys(found))


def bot_importers(imports: list[Import], package: str) -> list[str]:
    return [
        str(found) for found in imports if inside(found.source, package) and found.target == "bot"
    ]


def test_the_checker_sees_every_form_of_import(tmp_path: Path) -> None:
    """A sample package whose modules import each other in every form the contract counts:
    the checker must report each one, resolved to the module it names, and see the circle
    they close (a checker blind to any one form misses an edge and the circle)."""
    package = tmp_path / "cogs" / "sample"
    package.mkdir(parents=True)
    (tmp_path / "cogs" / "__init__.py").write_text("", encoding="utf-8")
    (package / "__init__.py").write_text("from cogs.sample.first import ONE\n", encoding="utf-8")
    (package / "first.py").write_text(
        "from __future__ import annotations\nfrom typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from cogs.sample.second import Two\nONE = 1\n",
        encoding="utf-8",
    )
    (package / "second.py").write_text(
        "def later() -> None:\n    from . import third\n", encoding="utf-8"
    )
    (package / "third.py").write_text(
        "import importlib\nfourth = importlib.import_module('cogs.sample.fourth')\n",
        encoding="utf-8",
    )
    (package / "fourth.py").write_text(
        "from cogs.sample import first\nfrom .. import sample\n", encoding="utf-8"
    )
    seen = {(found.source, found.target, found.form, found.how) for found in all_imports(tmp_path)}
    assert seen >= {
        ("cogs.sample", "cogs.sample.first", "module", "absolute"),
        ("cogs.sample.first", "cogs.sample.second", "type-checking", "absolute"),
        ("cogs.sample.second", "cogs.sample.third", "function", "relative"),
        ("cogs.sample.third", "cogs.sample.fourth", "module", "dynamic"),
        ("cogs.sample.fourth", "cogs.sample.first", "module", "absolute"),
        ("cogs.sample.fourth", "cogs.sample", "module", "relative"),
    }
    circle = ["cogs.sample.first", "cogs.sample.fourth", "cogs.sample.second", "cogs.sample.third"]
    assert cycles(all_imports(tmp_path), "cogs") == [["cogs.sample", *circle]]


def test_from_a_package_import_a_module_counts_the_package_for_cycles(tmp_path: Path) -> None:
    """`from data import seasons` runs data/__init__ first: when that `__init__` re-exports a
    module that imports `seasons`' importer, the two form a circle even though `seasons` itself
    is a module of its own."""
    package = tmp_path / "data"
    package.mkdir()
    (package / "__init__.py").write_text("from data.database import Database\n", encoding="utf-8")
    (package / "database.py").write_text("from data.recording import record\n", encoding="utf-8")
    (package / "recording.py").write_text("from data import seasons\n", encoding="utf-8")
    (package / "seasons.py").write_text("", encoding="utf-8")
    assert cycles(all_imports(tmp_path), "data") == [["data", "data.database", "data.recording"]]


def test_the_written_table_is_the_tested_one() -> None:
    """docs/architecture.md's table, row by row: the package, then every name it may import."""
    written: dict[str, tuple[str, ...]] = {}
    for line in CONTRACT_DOC.read_text(encoding="utf-8").splitlines():
        cells = line.split("|")[1:-1]
        if len(cells) < 2 or not cells[0].strip().startswith("`"):
            continue
        names = [re.findall(r"`([\w.]+)`", cell) for cell in cells[:2]]
        for package in names[0]:
            written[package] = tuple(names[1])
    expected = {package: tuple(sorted(set(allowed))) for package, allowed in CONTRACT.items()}
    assert {
        package: tuple(sorted(set(allowed))) for package, allowed in written.items()
    } == expected


def test_cogs_and_bot_import_only_what_the_table_allows() -> None:
    violations = contract_violations(IMPORTS)
    assert not violations, f"{len(violations)} imports break the table:\n" + "\n".join(violations)


@pytest.mark.parametrize(
    "packages",
    [
        ("engine",),
        ("render",),
        ("data",),
        ("cogs", "bot"),
    ],
    ids=lambda packages: "+".join(packages),
)
def test_no_import_cycle_within_a_package(packages: tuple[str, ...]) -> None:
    """Among the modules of engine/, of render/, of data/, and of cogs/ with bot.py (the
    entry point imported back under TYPE_CHECKING is how the Discord layer's circle hid)."""
    circles = cycles(IMPORTS, *packages)
    assert not circles, "\n\n".join(
        f"a circle of {len(members)}: {', '.join(members)}\n  "
        + "\n  ".join(edges_within(IMPORTS, members))
        for members in circles
    )


@pytest.mark.parametrize(
    "package",
    [
        "engine",
        "render",
        "data",
        "cogs",
    ],
)
def test_nothing_imports_the_entry_point(package: str) -> None:
    importers = bot_importers(IMPORTS, package)
    assert not importers, "bot.py is the entry point only:\n" + "\n".join(importers)


def test_every_module_is_seen() -> None:
    """The graph holds every module and every module that imports has its imports in it, so no
    rule above passes by not looking."""
    files = source_files()
    assert {"bot", "engine.messages", "data.recording", "cogs.tables.runner"} <= set(files)
    importing = {module for module, path in files.items() if "import " in path.read_text("utf-8")}
    assert importing <= {found.source for found in IMPORTS}
