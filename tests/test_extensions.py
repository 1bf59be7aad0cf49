"""The Discord layer as extensions: each feature package sets itself up in its own `setup`, they
load into a bot without Discord, their commands do not clash, nothing under cogs/ imports
`bot.py` at runtime, and every button's custom id of today is parsed by the one base."""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from cogs.common.bot import COGS, DominoBot
from cogs.common.components import PersistentItem
from cogs.common.errors import reply_error
from cogs.common.refusal import Refusal
from cogs.common.settings import Settings

ROOT = Path(__file__).resolve().parents[1]

#: One custom id of every kind, written as the bot writes them today: buttons on old messages
#: must keep working after any change.
CUSTOM_IDS = (
    "dl:0a1b2c3d4e:join",
    "dla:0a1b2c3d4e",
    "dls:0a1b2c3d4e",
    "dlr:0a1b2c3d4e",
    "dlo:0a1b2c3d4e",
    "dt:0a1b2c3d4e:rematch",
    "dt:0a1b2c3d4e:review",
    "dh:0a1b2c3d4e:12",
    "dm:0a1b2c3d4e:12:3",
    "dms:0a1b2c3d4e:12:1",
    "dp:0a1b2c3d4e:hint",
    "dmy:123456789012345678",
    "sl:a:*:rating:players:0",
    "sl:4:cyprus:points:pairs:me",
    "sh:123456789012345678:42",
    "shr:123456789012345678",
    "ss:42:17:nm",
    "ssr:42",
)


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[Any]:
    """The bot with every extension loaded by its own `setup`, without connecting: the
    database and the audience are what `setup_hook` gives the extensions before loading them."""
    from cogs.audience import Audience
    from data import Database

    settings = Settings(token="x", database=tmp_path / "db.sqlite3", sync_commands=False)
    bot = DominoBot(settings)
    bot.db = await Database.open(settings.database)
    bot.audience = Audience(bot.db, settings.clock)
    for extension in COGS:
        await bot.load_extension(extension)
    yield bot
    await bot.close()


def registered_items(bot: Any) -> dict[str, type[PersistentItem[Any]]]:
    # discord.py has no public reader of the registered dynamic items.
    store = bot._connection._view_store._dynamic_items
    return {pattern.pattern: item for pattern, item in store.items()}


def every_subclass(kind: type) -> set[type]:
    found = set(kind.__subclasses__())
    for sub in list(found):
        found |= every_subclass(sub)
    return found


async def test_every_extension_sets_itself_up(client: Any) -> None:
    assert set(client.extensions) == set(COGS)
    for name in COGS:
        assert callable(getattr(importlib.import_module(name), "setup", None)), name
    assert {"Domino", "Standings", "History", "Seasons"} <= set(client.cogs)
    assert client.tables.bot is client and client.puzzles.bot is client
    assert client.reviews.bot is client
    assert client.tree.on_error is reply_error  # the one error path of every command


async def test_every_button_and_menu_class_is_listened_to(client: Any) -> None:
    items = set(registered_items(client).values())
    assert items == every_subclass(PersistentItem) and len(items) == 17


async def test_no_two_commands_share_a_name(client: Any) -> None:
    names = [
        command.qualified_name
        for cog in client.cogs.values()
        for top in cog.get_app_commands()
        for command in (top, *getattr(top, "walk_commands", list)())
    ]
    assert len(names) == len(set(names)) and "domino new" in names


async def test_unloading_the_extensions_leaves_the_modules_they_share(client: Any) -> None:
    """discord.py drops an unloaded extension's module and every module under it; an extension
    that were a package would take its shared classes (`Refusal`, ...) with it."""
    for name in COGS:
        await client.unload_extension(name)
        assert not [module for module in sys.modules if module.startswith(name + ".")]
    assert sys.modules["cogs.tables.seating"].Refusal is Refusal


@pytest.mark.parametrize("custom_id", CUSTOM_IDS)
async def test_todays_custom_ids_are_parsed_by_the_one_base(client: Any, custom_id: str) -> None:
    found = [
        (item, match)
        for item in registered_items(client).values()
        if (match := item.__discord_ui_compiled_template__.fullmatch(custom_id))
    ]
    assert len(found) == 1, f"{custom_id} is read by {len(found)} classes"
    item, match = found[0]
    assert "from_custom_id" not in vars(item)  # parsed by the base, not by hand
    assert item.from_match(match).custom_id == custom_id


# -- nothing under cogs/ imports bot.py at runtime ---------------------------------------------


def runtime_imports(path: Path) -> set[str]:
    """Every absolute module a file imports, except under `if TYPE_CHECKING:`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and ast.unparse(node.test) in (
            "TYPE_CHECKING",
            "typing.TYPE_CHECKING",
        ):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


@pytest.mark.parametrize(
    "path", sorted((ROOT / "cogs").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_nothing_under_cogs_imports_bot_at_runtime(path: Path) -> None:
    assert not {name for name in runtime_imports(path) if name.partition(".")[0] == "bot"}


def test_the_runtime_import_checker_sees_through_functions_but_not_type_checking(
    tmp_path: Path,
) -> None:
    module = tmp_path / "sample.py"
    module.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot import DominoBot\n"
        "def f():\n    import bot\n",
        encoding="utf-8",
    )
    assert runtime_imports(module) == {"typing", "bot"}


# -- the kernel: no feature, no entry point, even for types ------------------------------------

#: What `cogs/common/` (the kernel every feature uses) may import of the Discord layer.
KERNEL_MAY_IMPORT = ("cogs.common", "cogs.lang", "cogs.texts", "cogs.audience")


def every_import(path: Path) -> set[str]:
    """Every absolute module (and imported name, as `module.name`) a file imports: at module
    level, inside functions and under `if TYPE_CHECKING:` alike."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "cogs" / "common").glob("*.py")),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_kernel_imports_no_feature_and_not_the_entry_point(path: Path) -> None:
    ours = {name for name in every_import(path) if name.partition(".")[0] in ("cogs", "bot")}
    assert {
        name for name in ours if name != "cogs" and not within(name, KERNEL_MAY_IMPORT)
    } == set()


@pytest.mark.parametrize(
    "path", sorted((ROOT / "cogs").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_nothing_under_cogs_imports_the_entry_point_even_for_types(path: Path) -> None:
    assert not {name for name in every_import(path) if name.partition(".")[0] == "bot"}
