"""Pseudo-translations for end-to-end tests: every message of the `domino` template in a made-up
form of a language (`«es» It is not your turn.`), so a test can tell which language a text is
in whatever the real catalogues hold yet. Placeholders are kept, plural messages get every form
the language counts with, and command names stay valid Discord names (`dominó`, `nueva`, else
`<name>-<language>`). The `rules` catalogues are the real ones, copied."""

from __future__ import annotations

import shutil
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from cogs.lang import catalogues
from cogs.lang.commands import CONTEXT, NAME_NOTE

#: Command names as a client in that language shows them (the rest: `<name>-<language>`).
NAMES = {"es": {"domino": "dominó", "new": "nueva"}, "pl": {"domino": "domino-pl"}}


def marked(language: str, text: str, form: int | None = None) -> str:
    return f"«{language}» {text}" if form is None else f"«{language}:{form}» {text}"


def command_text(language: str, text: str, name: bool) -> str:
    if name:
        return NAMES.get(language, {}).get(text, f"{text}-{language}")
    return marked(language, text)[:100]


def pseudo_catalogue(language: str) -> Catalog:
    with catalogues.template_path("domino").open("rb") as pot:
        template = read_po(pot, domain="domino")
    catalog = Catalog(locale=language, domain="domino", fuzzy=False)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            singular, plural = message.id
            forms = tuple(
                marked(language, singular if i == 0 else plural, i)
                for i in range(catalog.num_plurals)
            )
            catalog.add((singular, plural), forms, context=message.context)
        elif message.context == CONTEXT:
            name = NAME_NOTE in message.auto_comments
            catalog.add(message.id, command_text(language, message.id, name), context=CONTEXT)
        else:
            catalog.add(message.id, marked(language, message.id), context=message.context)
    return catalog


def write_pseudo_locales(folder: Path, languages: tuple[str, ...]) -> None:
    """Fill `folder` like cogs/lang/locales: pseudo `domino` catalogues for `languages`, the real
    `rules` catalogues of every language."""
    real = catalogues.LOCALES
    for language in ("es", "pt", "it", "de", "pl"):
        rules = real / language / "LC_MESSAGES" / "rules.po"
        target = folder / language / "LC_MESSAGES"
        target.mkdir(parents=True, exist_ok=True)
        if rules.is_file():
            shutil.copy(rules, target / "rules.po")
        if language in languages:
            with (target / "domino.po").open("wb") as out:
                write_po(out, pseudo_catalogue(language))
    shutil.copy(real / "domino.pot", folder / "domino.pot")
