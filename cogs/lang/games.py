"""The `rules` domain: every game's name, summary, rules text and option descriptions.

The entries come from the engine's registry (the 20 table games, `engine.all_variants()`) and the
two solitaire puzzles (`engine.puzzles.all_puzzles()`), in the order of RULES.md §2. Each entry's
msgctxt says which game and which text, its msgid is the English text the bot shows today:

    <id>|name              the display name (`name`)
    <id>|summary           the one-line summary (`summary`)
    <id>|rules             the rules text `/domino rules` shows (`rules_text`)
    <id>|option|<option>   the description of each lobby option (`Option.help`)

`python -m cogs.lang.games` writes the template, cogs/lang/locales/rules.pot; the translations
live beside it in <language>/LC_MESSAGES/rules.po. A test checks the committed template equals
a fresh `games_catalogue()`, so a changed docstring or option shows up as untranslated.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from engine import all_variants
from engine.puzzles import PuzzleInfo, all_puzzles
from engine.puzzles import dominosa as dominosa_module
from engine.puzzles import quadrille as quadrille_module
from engine.variants.base import Variant

DOMAIN = "rules"
LOCALES = Path(__file__).parent / "locales"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"

Game = type[Variant] | PuzzleInfo

# The puzzles are not variants: their rules are the "The rules:" part of their module docstring
# (the rest of it is about generating and solving, which players never need).
_PUZZLE_MODULES: dict[str, ModuleType] = {
    "dominosa": dominosa_module,
    "quadrille": quadrille_module,
}
_RULES_HEADING = "The rules:"

CHOICE_LIMIT = 100  # Discord's limit on the name of an autocomplete choice
ELLIPSIS = "…"


def all_games() -> list[Game]:
    """The 20 table games, then the two puzzles: the order of RULES.md §2."""
    return [*all_variants(), *all_puzzles()]


def picker_label(name: str, summary: str, limit: int = CHOICE_LIMIT) -> str:
    """The game picker's choice: "name — summary", at most `limit` characters.

    Every summary is written to fit in every language (a test checks it); should one not, the
    label is cut after its last whole word that fits and ends with "…" (mid-word only when
    one word would fill more than half of the label).
    """
    label = f"{name} — {summary}"
    if len(label) <= limit:
        return label
    room = label[: limit - len(ELLIPSIS) + 1]  # one more character: is the cut at a space?
    cut = room.rsplit(" ", 1)[0].rstrip(" ,;:—-")
    if len(cut) < limit // 2:
        cut = room[:-1]
    return cut + ELLIPSIS


def rules_text(kind: Game) -> str:
    """The English rules text `/domino rules` shows for a game.

    A variant: its class docstring, dedented (its summary if it has none). A puzzle: the
    paragraph of its module docstring that starts "The rules:" (without those words) and the
    indented figure that follows it, if any.
    """
    if isinstance(kind, PuzzleInfo):
        return _puzzle_rules(_PUZZLE_MODULES[kind.id])
    return inspect.cleandoc(kind.__doc__ or kind.summary)


def _puzzle_rules(module: ModuleType) -> str:
    paragraphs = inspect.cleandoc(module.__doc__ or "").split("\n\n")
    starts = [i for i, text in enumerate(paragraphs) if text.startswith(_RULES_HEADING)]
    if not starts:
        raise ValueError(f"{module.__name__}'s docstring has no {_RULES_HEADING!r} paragraph")
    first = starts[0]
    kept = [paragraphs[first].removeprefix(_RULES_HEADING).strip()]
    # A figure drawn under the rules is indented; the first flush paragraph is about code again.
    for text in paragraphs[first + 1 :]:
        if not text.startswith("    "):
            break
        kept.append(text)
    kept[0] = kept[0][:1].upper() + kept[0][1:]
    return "\n\n".join(kept)


def entries(kind: Game) -> Iterator[tuple[str, str]]:
    """A game's `(msgctxt, msgid)` pairs, in catalogue order."""
    yield f"{kind.id}|name", kind.name
    yield f"{kind.id}|summary", kind.summary
    yield f"{kind.id}|rules", rules_text(kind)
    for option in kind.option_specs:
        yield f"{kind.id}|option|{option.name}", option.help


def games_catalogue() -> Catalog:
    """The template of the `rules` domain: every game's entries, untranslated.

    Each entry carries the game's RULES.md section and source as a comment for translators:
    the source names the rulebook (seed) whose words the translation should use. The texts have
    no placeholders: the bot shows them as they are, never through `str.format`.
    """
    catalog = Catalog(
        domain=DOMAIN,
        project="domino-table",
        version="0.1.0",
        header_comment=(
            "# The games of the domino tables: names, summaries, rules texts, options.\n"
            "# Generated by `python -m cogs.lang.games` from the engine's registry; do not edit."
        ),
        fuzzy=False,
    )
    for kind in all_games():
        note = f"RULES.md §{kind.section}; source: {kind.source}"
        for context, text in entries(kind):
            message = catalog.add(text, context=context, auto_comments=[note])
            # Shown verbatim, never formatted: Babel's guess from braces (a record example in a
            # rules text) would be wrong.
            message.flags.discard("python-brace-format")
    return catalog


def write_template(path: Path = TEMPLATE) -> Path:
    """Write `games_catalogue()` to `path` (the committed rules.pot by default)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, games_catalogue(), width=100, no_location=True)
    return path


def main(argv: Sequence[str] = ()) -> int:
    target = Path(argv[0]) if argv else TEMPLATE
    print(f"wrote {write_template(target)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
