"""The translation layer at work: which language a Discord locale speaks, messages with their
values, plural forms as each language counts, numbers as each language writes them, and
sentences kept for later (`Said`)."""

from __future__ import annotations

from collections.abc import Callable

import discord
import pytest

from cogs.lang import LANGUAGES, Command, Said, Words, language_of, native_name, words
from cogs.lang.catalogues import plural_forms

NBSP = "\u00a0"


# -- which language ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("es-ES", "es"),
        ("es-419", "es"),
        ("pt-BR", "pt"),
        ("it", "it"),
        ("de", "de"),
        ("pl", "pl"),
        ("en-US", "en"),
        ("en-GB", "en"),
        (discord.Locale.spain_spanish, "es"),
        (discord.Locale.polish, "pl"),
        (discord.Locale.brazil_portuguese, "pt"),
    ],
)
def test_each_discord_locale_of_the_six_languages_speaks_it(locale: object, language: str) -> None:
    assert language_of(locale) == language


@pytest.mark.parametrize("locale", [None, "fr", "ja", "xx-YY", "", discord.Locale.french, 42])
def test_any_other_locale_and_no_locale_speak_english(locale: object) -> None:
    assert language_of(locale) == "en"


def test_every_language_is_named_in_itself() -> None:
    names = {language: native_name(language) for language in LANGUAGES}
    assert names == {
        "en": "English",
        "es": "Español",
        "pt": "Português",
        "it": "Italiano",
        "de": "Deutsch",
        "pl": "Polski",
    }


def test_an_unknown_language_is_refused_with_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        Words("fr")


# -- messages and values ----------------------------------------------------------------------


def test_english_is_the_message_itself_with_its_values_filled() -> None:
    w = words("en")
    assert w("{name} played {move}", name="alice", move="6-4") == "alice played 6-4"
    assert w("It is not your turn.") == "It is not your turn."


def test_a_translated_message_comes_in_the_language_with_its_values(
    catalogue: Callable[..., None],
) -> None:
    catalogue("es", [("{name} played {move}", "{name} jugó {move}")])
    w = Words("es")
    assert w("{name} played {move}", name="ana", move="6-4") == "ana jugó 6-4"


def test_an_untranslated_message_falls_back_to_english(catalogue: Callable[..., None]) -> None:
    catalogue("it", [("{name} played {move}", "")])
    assert Words("it")("{name} played {move}", name="Gino", move="5-5") == "Gino played 5-5"


def test_a_fuzzy_translation_is_not_used(catalogue: Callable[..., None]) -> None:
    catalogue("de", [("Boneyard", "Knochenhof")], fuzzy=("Boneyard",))
    assert Words("de")("Boneyard") == "Boneyard"


def test_a_translation_with_wrong_placeholders_falls_back_to_english(
    catalogue: Callable[..., None],
) -> None:
    catalogue("pt", [("{name} passed", "{nome} passou")])
    assert Words("pt")("{name} passed", name="Rui") == "Rui passed"


def test_one_english_word_with_two_meanings_is_told_apart_by_context(
    catalogue: Callable[..., None],
) -> None:
    catalogue("es", [("hard", "difícil", "command"), ("hard", "fuerte")])
    w = Words("es")
    assert w.context("command", "hard") == "difícil"
    assert w("hard") == "fuerte"


def test_integer_values_are_written_as_the_language_writes_numbers(
    catalogue: Callable[..., None],
) -> None:
    catalogue("de", [("{points} points", "{points} Punkte")])
    assert Words("de")("{points} points", points=12345) == "12.345 Punkte"
    assert words("en")("{points} points", points=12345) == "12,345 points"


def test_a_string_value_is_never_reformatted() -> None:
    assert words("de")("Match #{number}", number="12345") == "Match #12345"


# -- numbers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("en", "1,234,567.5"),
        ("es", "1.234.567,5"),
        ("pt", "1.234.567,5"),
        ("it", "1.234.567,5"),
        ("de", "1.234.567,5"),
        ("pl", f"1{NBSP}234{NBSP}567,5"),
    ],
)
def test_numbers_use_each_languages_separators(language: str, written: str) -> None:
    assert words(language).number(1234567.5) == written


def test_a_rating_keeps_its_one_decimal_and_a_share_is_a_percent() -> None:
    assert words("en").number(4.5, 1) == "4.5"
    assert words("de").number(4.0, 1) == "4,0"
    assert words("en").percent(0.5) == "50%"
    assert words("de").percent(0.5) == f"50{NBSP}%"


def test_points_of_a_hand_carry_their_sign() -> None:
    assert words("en").signed(12) == "+12"
    assert words("en").signed(-3) == "-3"
    assert words("pl").signed(0) == "0"


# -- plural forms -----------------------------------------------------------------------------


def test_english_has_one_and_many() -> None:
    w = words("en")
    forms = ("{count} hint", "{count} hints")
    assert [w.plural(*forms, n) for n in (0, 1, 2)] == ["0 hints", "1 hint", "2 hints"]


def test_polish_counts_with_three_forms(catalogue: Callable[..., None]) -> None:
    forms = ("{count} tile", "{count} tiles")
    catalogue("pl", [(forms, ("{count} kamień", "{count} kamienie", "{count} kamieni"))])
    w = Words("pl")
    said = {n: w.plural(*forms, n) for n in (1, 2, 4, 5, 12, 22, 25, 101)}
    assert said == {
        1: "1 kamień",
        2: "2 kamienie",
        4: "4 kamienie",
        5: "5 kamieni",
        12: "12 kamieni",
        22: "22 kamienie",
        25: "25 kamieni",
        101: "101 kamieni",
    }


def test_spanish_counts_with_two_forms(catalogue: Callable[..., None]) -> None:
    forms = ("{count} hand", "{count} hands")
    catalogue("es", [(forms, ("{count} mano", "{count} manos"))])
    w = Words("es")
    assert [w.plural(*forms, n) for n in (1, 2, 1000)] == ["1 mano", "2 manos", "1.000 manos"]


def test_all_plural_forms_are_given_for_pictures_even_untranslated(
    catalogue: Callable[..., None],
) -> None:
    forms = ("{count} tile", "{count} tiles")
    catalogue("pl", [(forms, ("{count} kamień", "{count} kamienie", "{count} kamieni"))])
    assert plural_forms("pl", "domino", *forms) == (
        "{count} kamień",
        "{count} kamienie",
        "{count} kamieni",
    )
    # Untranslated: form 0 is one, every other form the English plural.
    assert plural_forms("pl", "domino", "{count} hand", "{count} hands") == (
        "{count} hand",
        "{count} hands",
        "{count} hands",
    )
    assert plural_forms("en", "domino", *forms) == forms


# -- sentences kept for later -----------------------------------------------------------------


def test_a_said_sentence_is_worded_for_each_reader(catalogue: Callable[..., None]) -> None:
    catalogue(
        "es",
        [
            ("{name} drew", "{name} robó"),
            ("{line} (forced)", "{line} (obligado)"),
        ],
    )
    line = Said.of("{line} (forced)", line=Said.of("{name} drew", name="ana"))
    assert str(line) == "ana drew (forced)"
    assert Words("es").say(line) == "ana robó (obligado)"


def test_a_said_sentence_survives_json_and_old_plain_lines_read_back() -> None:
    counted = Said.counted(("{count} hint", "{count} hints"), 3)
    line = Said.of(
        "{a} and {b} in {game}", a=Said.of("x {n}", n=2), b=counted, game=Said.game("cyprus")
    )
    assert Said.from_json(line.to_json()) == line
    assert str(Said.from_json(line.to_json())) == "x 2 and 3 hints in Cyprus"
    assert Said.from_json("alice played 6-4") == Said("alice played 6-4")


class _Message(str):
    """A stand-in for engine.messages.Message: an English text remembering its template."""

    template = "{tile} does not match an open end"
    params = {"tile": "6-4"}  # noqa: RUF012


class _Refusal(ValueError):
    message = _Message("6-4 does not match an open end")


def test_an_engine_refusal_is_worded_from_its_template(catalogue: Callable[..., None]) -> None:
    catalogue("es", [("{tile} does not match an open end", "{tile} no casa con ninguna punta")])
    assert Words("es").refusal(_Refusal("6-4 does not match")) == "6-4 no casa con ninguna punta"
    assert words("en").refusal(ValueError("plain text")) == "plain text"


def test_a_games_name_comes_from_the_rules_domain(catalogue: Callable[..., None]) -> None:
    catalogue("es", [("Partnership dominoes", "Dominó en parejas", "partnership|name")], "rules")
    assert Words("es").game_name("partnership") == "Dominó en parejas"
    assert words("en").game_name("partnership") == "Partnership dominoes"
    assert Words("es").game_name("cyprus") == "Cyprus"  # untranslated: its English name


def test_a_slash_command_is_written_as_the_readers_client_shows_it(
    catalogue: Callable[..., None],
) -> None:
    catalogue("es", [("domino", "dominó", "command"), ("new", "Nueva Mesa", "command")])
    w = Words("es")
    assert w.slash("domino new") == "/dominó new"  # a name Discord would refuse stays English
    line = Said.of("Open one with {command}.", command=Command("domino new"))
    assert str(Said.from_json(line.to_json())) == "Open one with /domino new."
    assert w.say(line) == "Open one with /dominó new."
