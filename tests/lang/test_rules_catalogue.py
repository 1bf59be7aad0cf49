"""The `rules` domain: the games' names, summaries, rules texts and options in every language.

The template (rules.pot) must be what the registry gives today, and every language's rules.po
must translate exactly its entries, completely, with the game names of cogs/lang/GLOSSARY.md, in
texts that fit where Discord shows them: an embed for the rules, a picker choice of at most 100
characters for "name — summary".
"""

from __future__ import annotations

import inspect
import io
import re
from gettext import GNUTranslations
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from cogs.lang.games import (
    CHOICE_LIMIT,
    TEMPLATE,
    all_games,
    entries,
    games_catalogue,
    picker_label,
    player_rules,
    rulebook,
    rules_text,
)
from engine.puzzles import all_puzzles

LOCALES = TEMPLATE.parent
GLOSSARY = LOCALES.parent / "GLOSSARY.md"
LANGUAGES = sorted(path.parents[1].name for path in LOCALES.glob("*/LC_MESSAGES/rules.po"))
RULES_LIMIT = 3_500  # under Discord's 4,096 for an embed description, with room for the title
PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*\}")
NUMBER = re.compile(r"\d+")
# The English rules texts cite their rulebook by seed number ("seed 001 §6", "seed 002, version
# 1"); players do not know those numbers, so translations name the rulebook instead.
CITATION = re.compile(r"seed \d{3}(?: §[\d-]+|, version \d+)?")
SEED_NUMBER = re.compile(r"\b00[0-4]\b")


def read(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source)


def catalogue(language: str) -> Catalog:
    return read(LOCALES / language / "LC_MESSAGES" / "rules.po")


def keyed(catalog: Catalog) -> dict[tuple[str | None, str], str]:
    """`(msgctxt, msgid) -> msgstr` for every entry but the header."""
    return {(m.context, str(m.id)): str(m.string) for m in catalog if m.id}


def shown(language: str) -> dict[str, str]:
    """msgctxt -> the text the bot shows in a language ("en": the template's English msgid)."""
    if language == "en":
        return {str(m.context): str(m.id) for m in read(TEMPLATE) if m.id}
    return {str(context): text for (context, _), text in keyed(catalogue(language)).items()}


def glossary_names(language: str) -> dict[str, tuple[str, str]]:
    """The Games table of a language's section of GLOSSARY.md: id -> (English, name)."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = re.search(rf"^## {language} — .*?(?=^## |\Z)", text, re.M | re.S)
    assert section, f"GLOSSARY.md has no section for {language}"
    games = re.search(r"^### Games\n(.*?)(?=^### |\Z)", section.group(0), re.M | re.S)
    assert games, f"GLOSSARY.md's {language} section has no Games table"
    names: dict[str, tuple[str, str]] = {}
    for line in games.group(1).splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 4 or cells[0] in ("id", "") or set(cells[0]) <= {"-"}:
            continue
        names[cells[0]] = (cells[1], cells[2])
    return names


# -- the template ---------------------------------------------------------------------------


def test_template_is_a_fresh_extraction_of_the_registry() -> None:
    committed = [(m.context, m.id, m.auto_comments) for m in read(TEMPLATE) if m.id]
    fresh = [(m.context, m.id, m.auto_comments) for m in games_catalogue() if m.id]
    assert committed == fresh, "rules.pot is stale: run `python -m cogs.lang.games`"


def test_every_game_has_a_name_summary_rules_text_and_each_option() -> None:
    contexts = {m.context for m in games_catalogue() if m.id}
    assert len(all_games()) == 30  # the seeds' 20, the two puzzles, §4's three and 5 presets
    for game in all_games():
        for part in ("name", "summary", "rules"):
            assert f"{game.id}|{part}" in contexts
        for option in game.option_specs:
            assert f"{game.id}|option|{option.name}" in contexts


def test_a_games_rules_text_is_its_rules_for_players_not_the_engines_docstring() -> None:
    """The engine's docstrings are the specification for developers; players read their own
    text, from cogs/lang/rules/<id>.md."""
    for game in all_games():
        text = rules_text(game)
        assert text == player_rules(game.id).text
        assert text != inspect.cleandoc(game.__doc__ or game.summary), game.id
        assert rulebook(game) == player_rules(game.id).rulebook


def test_the_puzzles_rules_say_what_to_solve_not_how_the_bot_generates_it() -> None:
    dominosa, quadrille = all_puzzles()
    assert rules_text(dominosa).startswith("Find where every tile")
    assert "Generating" not in rules_text(dominosa)
    assert "28 tiles" in rules_text(quadrille)
    assert "Solving" not in rules_text(quadrille)


def test_rules_texts_are_shown_verbatim_so_no_entry_is_a_format_string() -> None:
    assert not any("python-brace-format" in m.flags for m in games_catalogue() if m.id)


# -- the translations -----------------------------------------------------------------------


def test_the_three_languages_of_this_part_are_present() -> None:
    assert {"es", "pt", "it"} <= set(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_catalogue_has_exactly_the_templates_entries(language: str) -> None:
    template = set(keyed(read(TEMPLATE)))
    translated = set(keyed(catalogue(language)))
    assert not template - translated, f"missing in {language}: {sorted(template - translated)}"
    assert not translated - template, f"extra in {language}: {sorted(translated - template)}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_is_translated_and_none_is_fuzzy(language: str) -> None:
    po = catalogue(language)
    assert str(po.locale) == language
    for message in po:
        if not message.id:
            continue
        assert str(message.string or "").strip(), f"{language} {message.context} is empty"
        assert not message.fuzzy, f"{language} {message.context} is fuzzy"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_catalogue_declares_the_plural_forms_of_its_language(language: str) -> None:
    """The rules domain has no plurals, but its header must still agree with the UI's: Polish
    has three forms (1 kamień, 2 kamienie, 5 kamieni)."""
    po = catalogue(language)
    expected = get_plural(language)
    assert (po.num_plurals, po.plural_expr) == (expected.num_plurals, expected.plural_expr)
    if language == "pl":
        assert po.num_plurals == 3


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_match_the_english(language: str) -> None:
    for (context, english), text in keyed(catalogue(language)).items():
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english)), context


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_texts_fit_a_discord_embed(language: str) -> None:
    for (context, _), text in keyed(catalogue(language)).items():
        if context and context.endswith("|rules"):
            assert len(text) < RULES_LIMIT, f"{language} {context}: {len(text)} characters"


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_texts_keep_every_number_and_option_name_of_the_english(language: str) -> None:
    """A cheap guard that no rule was dropped: hand sizes, targets, limits and the options a
    player types in the lobby (`hands`, `target`...) all survive translation."""
    options = {game.id: {option.name for option in game.option_specs} for game in all_games()}
    for (context, english), text in keyed(catalogue(language)).items():
        if not context or not context.endswith("|rules"):
            continue
        game = context.split("|")[0]
        numbers = set(NUMBER.findall(CITATION.sub("", english)))
        missing = numbers - set(NUMBER.findall(text))
        assert not missing, f"{language} {context} lost {sorted(missing)}"
        for option in options[game]:
            if f"`{option}" in english:
                assert f"`{option}" in text, f"{language} {context} lost the option {option}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_texts_name_the_rulebook_not_its_seed_number(language: str) -> None:
    """Players do not know the seed numbers ("reglamento 001"); the texts name the rulebook."""
    for context, text in shown(language).items():
        assert not SEED_NUMBER.search(text), f"{language} {context}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_texts_leave_out_the_engine_and_the_record_format(language: str) -> None:
    """The English docstrings also serve developers (`engine.layout`, a record's JSON, the ids
    a record gives the star's places, seat arithmetic); a player's rules text has none."""
    for context, text in shown(language).items():
        for internal in ("engine", '{"', "`NE`", "`Aka`", " s mod"):
            assert internal not in text, f"{language} {context} shows {internal}"


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_name_and_summary_fit_one_game_picker_choice_uncut(language: str) -> None:
    texts = shown(language)
    for game in all_games():
        name, summary = texts[f"{game.id}|name"], texts[f"{game.id}|summary"]
        label = picker_label(name, summary)
        assert label == f"{name} — {summary}", f"{language} {game.id}: {len(label)} characters"
        assert len(label) <= CHOICE_LIMIT


def test_a_picker_choice_too_long_is_cut_after_a_whole_word_with_an_ellipsis() -> None:
    label = picker_label("Dominó cruzado", "el doble de salida es una cruz " * 4)
    assert len(label) <= CHOICE_LIMIT and label.endswith("…")
    assert label[:-1].endswith(("el", "doble", "de", "salida", "es", "una", "cruz"))
    assert label[:-1] == label[:-1].rstrip(), "no space before the ellipsis"
    assert len(label) > CHOICE_LIMIT - len("salida …"), "only the word that did not fit is gone"


def test_a_picker_choice_of_one_endless_word_is_cut_at_the_limit() -> None:
    assert picker_label("X", "y" * 200) == "X — " + "y" * 95 + "…"


@pytest.mark.parametrize("language", LANGUAGES)
def test_game_names_are_the_glossarys(language: str) -> None:
    names = glossary_names(language)
    translated = keyed(catalogue(language))
    for game in all_games():
        assert game.id in names, f"GLOSSARY.md ({language}) has no row for {game.id}"
        english, name = names[game.id]
        assert english == game.name, f"GLOSSARY.md ({language}) misnames {game.id} in English"
        assert translated[(f"{game.id}|name", game.name)] == name


def test_names_differ_from_english_where_players_say_them_differently() -> None:
    spanish = {game: name for game, (_, name) in glossary_names("es").items()}
    assert spanish["partnership"] == "Dominó en parejas"
    assert spanish["cyprus"] == "Chipre"
    assert glossary_names("it")["cyprus"][1] == "Cipro"
    assert glossary_names("pt")["gameroom"][1] == "Dominó da Sala de Jogos"
    assert glossary_names("de")["cyprus"][1] == "Zypern"


def test_polish_game_names_are_the_rulebooks_own() -> None:
    """Seed 002 names the games it describes; Polish players know them by these names."""
    names = shown("pl")
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
    rules = {c: t for c, t in shown("pl").items() if c.endswith("|rules")}
    assert re.search(r"\btalon\b", rules["traditional|rules"])
    assert re.search(r"\bkamieni\b", rules["traditional|rules"])
    for context, text in rules.items():
        if not context.startswith("pool|"):
            assert not re.search(r"\bpul[aięą]", text), context


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_catalogue_compiles_and_answers_by_context(language: str) -> None:
    """The runtime path: compiled in memory, looked up with pgettext by `<id>|<part>`."""
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(language))
    compiled.seek(0)
    translations = GNUTranslations(compiled)
    for game in all_games():
        for context, english in entries(game):
            found = translations.pgettext(context, english)
            assert found != english or context.endswith("|name"), f"{language} {context}"


def test_every_table_game_says_in_its_summary_how_the_match_is_won() -> None:
    """The summary is what the lobby and the game picker show: a newcomer reads there what ends
    the match (a target reached wins or loses, most chips after the hands, first out), not only
    how a tile is played."""
    puzzles = {puzzle.id for puzzle in all_puzzles()}
    for game in all_games():
        if game.id in puzzles:
            continue
        assert re.search(r"\b(wins?|loses|eliminates)\b", game.summary), game.id
