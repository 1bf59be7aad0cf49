"""The `rules` domain: every game's name, summary, rules for players, rulebook and options.

The entries come from the engine's registry (the 23 table games and the 5 presets of the
partnership game, `engine.all_variants()`) and the two solitaire puzzles
(`engine.puzzles.all_puzzles()`), in the order of RULES.md §2 and §4. Each entry's
msgctxt says which game and which text, its msgid is the English text the bot shows today:

    <id>|name              the display name (`name`)
    <id>|summary           the one-line summary (`summary`)
    <id>|rules             the rules text `/domino rules` shows (`rules_text`)
    <id>|rulebook          the rulebook the rules come from, named for players (`rulebook`)
    <id>|option|<option>   the description of each lobby option (`Option.help`)

The rules and the rulebook are written for players in cogs/lang/rules/<id>.md, one file a game
(see cogs/lang/GLOSSARY.md, "The rules for players"). The engine's docstrings stay what they are,
the specification for developers, with its ids, option names and RULES.md sections: a player
reads what to do to win, then how a hand goes, in words of the table.

`python -m cogs.lang.games` writes the template, cogs/lang/locales/rules.pot; the translations
live beside it in <language>/LC_MESSAGES/rules.po. A test checks the committed template equals
a fresh `games_catalogue()`, so a changed rules file or option shows up as untranslated.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from engine import all_variants
from engine.puzzles import PuzzleInfo, all_puzzles
from engine.variants.base import Variant

DOMAIN = "rules"
LOCALES = Path(__file__).parent / "locales"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"

Game = type[Variant] | PuzzleInfo

PLAYER_RULES = Path(__file__).parent / "rules"
_RULEBOOK = "Rulebook: "

CHOICE_LIMIT = 100  # Discord's limit on the name of an autocomplete choice
ELLIPSIS = "…"


def all_games() -> list[Game]:
    """The table games and presets (RULES.md §2, then §4), then the two puzzles."""
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


@dataclass(frozen=True)
class PlayerRules:
    """A game's rules as players read them, and the rulebook they come from.

    `text` is paragraphs separated by one blank line, each paragraph a single line (Discord wraps
    it to the reader's window; a line break inside a sentence would show as one). `rulebook` is a
    noun phrase ("the Spanish rules of traditional dominoes") the rules embed's footer shows
    after "Source:".
    """

    rulebook: str
    text: str


@cache
def player_rules(game_id: str) -> PlayerRules:
    """The rules file of a game: a first line "Rulebook: <name>", a blank line, the text."""
    path = PLAYER_RULES / f"{game_id}.md"
    head, _, body = path.read_text(encoding="utf-8").partition("\n\n")
    if not head.startswith(_RULEBOOK) or "\n" in head:
        raise ValueError(f"{path} must start with one line {_RULEBOOK!r}<the rulebook's name>")
    return PlayerRules(rulebook=head.removeprefix(_RULEBOOK).strip(), text=body.strip())


def rules_text(kind: Game) -> str:
    """The English rules text `/domino rules` shows for a game: its rules for players."""
    return player_rules(kind.id).text


def rulebook(kind: Game) -> str:
    """The English name of the rulebook a game's rules come from, as players know it."""
    return player_rules(kind.id).rulebook


def entries(kind: Game) -> Iterator[tuple[str, str]]:
    """A game's `(msgctxt, msgid)` pairs, in catalogue order."""
    yield f"{kind.id}|name", kind.name
    yield f"{kind.id}|summary", kind.summary
    yield f"{kind.id}|rules", rules_text(kind)
    yield f"{kind.id}|rulebook", rulebook(kind)
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
            "# Generated by `python -m cogs.lang.games` from the engine's registry and the rules\n"
            "# for players in cogs/lang/rules/; do not edit."
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
