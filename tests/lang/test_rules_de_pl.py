"""The games in German and Polish (the `rules` domain): every game named, summarised and
explained for players, in texts that fit where Discord shows them.

The shared completeness test checks every language against the template; these checks are the
ones particular to how the game texts are shown: an embed for the rules, a picker choice of at
most 100 characters for "name — summary", and seed 002's Polish words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

LOCALES = Path(__file__).resolve().parents[2] / "cogs" / "lang" / "locales"
LANGUAGES = ("de", "pl")
RULES_LIMIT = 3_500  # an embed description takes 4,000; the rest is headroom
CHOICE_LIMIT = 100  # Discord's limit on an autocomplete choice's name


def template() -> Catalog:
    with (LOCALES / "rules.pot").open("rb") as source:
        return read_po(source)


def translations(language: str) -> Catalog:
    with (LOCALES / language / "LC_MESSAGES" / "rules.po").open("rb") as source:
        return read_po(source, locale=language)


def texts(catalog: Catalog) -> dict[str, str]:
    """msgctxt -> the text shown: the translation, or in the template the English msgid."""
    shown = {}
    for message in catalog:
        if message.id:
            text = message.string if catalog.locale else message.id
            shown[str(message.context)] = str(text)
    return shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_game_text_of_the_template_is_translated(language: str) -> None:
    english = {(message.context, message.id) for message in template() if message.id}
    catalog = translations(language)
    translated = {(message.context, message.id) for message in catalog if message.id}
    assert translated == english
    for message in catalog:
        if message.id:
            assert not message.fuzzy, message.context
            assert isinstance(message.string, str) and message.string.strip(), message.context


def test_polish_declares_its_three_plural_forms() -> None:
    catalog = translations("pl")
    assert catalog.num_plurals == 3
    assert catalog.plural_expr == (
        "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_texts_fit_in_a_discord_embed(language: str) -> None:
    for context, text in texts(translations(language)).items():
        if context.endswith("|rules"):
            assert len(text) <= RULES_LIMIT, (context, len(text))


@pytest.mark.parametrize("language", LANGUAGES)
def test_name_and_summary_fit_one_game_picker_choice(language: str) -> None:
    entries = texts(translations(language))
    for context, summary in entries.items():
        if context.endswith("|summary"):
            name = entries[context.replace("|summary", "|name")]
            label = f"{name} — {summary}"
            assert len(label) <= CHOICE_LIMIT, label


def test_polish_game_names_are_the_rulebooks_own() -> None:
    """Seed 002 names the games it describes; Polish players know them by these names."""
    names = texts(translations("pl"))
    assert names["beginner|name"] == "Domino dla początkujących"
    assert names["hungarian|name"] == "Domino węgierskie"
    assert names["sum|name"] == "Domino włoskie"
    assert names["french|name"] == "Domino francuskie"
    assert names["pairs|name"] == "Domino parzyste"
    assert names["dominosa|name"] == "Dominosa"
    assert names["quadrille|name"] == "Kwadrat domina"


def test_polish_rules_use_the_rulebooks_words_for_the_boneyard() -> None:
    """Seed 002 calls the stock the talon ("talon, tj. zbiór zakrytych kamieni"); "pula" is the
    pot of chips in Domino z pulą, so it must not name the boneyard anywhere else."""
    rules = {c: t for c, t in texts(translations("pl")).items() if c.endswith("|rules")}
    assert re.search(r"\btalon\b", rules["traditional|rules"])
    assert re.search(r"\bkamieni\b", rules["traditional|rules"])
    for context, text in rules.items():
        if not context.startswith("pool|"):
            assert not re.search(r"\bpul[aięą]", text), context


@pytest.mark.parametrize("language", LANGUAGES)
def test_quadrille_figure_is_drawn_as_in_english(language: str) -> None:
    """The figure is a picture made of letters: a translation keeps it line for line."""
    english = texts(template())["quadrille|rules"]
    translated = texts(translations(language))["quadrille|rules"]
    figure = [line for line in english.splitlines() if line.startswith("    ")]
    assert len(figure) == 8
    assert [line for line in translated.splitlines() if line.startswith("    ")] == figure
