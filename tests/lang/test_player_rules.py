"""The rules players read with `/domino rules`: written for players in every language.

The engine's docstrings are the specification for developers (ids, option names, RULES.md
sections, the record format); a player reads what wins first, then how a hand goes, in flowing
paragraphs Discord wraps itself, with the rulebook named in words they understand. Every game
reads so in all six languages, and every text fits the embed it is shown in, whole.
"""

from __future__ import annotations

import re

import discord
import pytest

from cogs import texts
from cogs.lang import LANGUAGES, words
from cogs.lang.games import all_games, player_rules
from engine import all_variants
from tests.emulator.emulator import Emulator
from tests.tables.play import private_answer

GAMES = [game.id for game in all_games()]
TRANSLATED = [language for language in LANGUAGES if language != "en"]
LOCALES = {"en": "en-US", "de": "de", "es": "es-ES", "it": "it", "pl": "pl", "pt": "pt-BR"}

# What the specification says and a player never needs: its citations ("seed 001 §6"), its
# record format, markdown code and its bold, RULES.md.
SPECIFICATION = re.compile(r"\bseeds?\b|§|\brecords?\b|`|\*\*|RULES\.md|\{\"", re.IGNORECASE)
# The engine's names: the draw rules and the games' ids that are not English words ("cross-nine";
# "two-player" is also the game's English name, "Two-player dominoes").
ENGINE_IDS = {"draw-until-playable", "draw-one", "draw-two", "no-draw"} | {
    variant.id
    for variant in all_variants()
    if "-" in variant.id and variant.id not in variant.name.lower()
}
# An option by its id, as the specification names it or the lobby takes it: "option set",
# "target=50", "pairs=random" (in backquotes, "`teams: 2`", it is caught above).
OPTION_NAMES = "|".join(sorted({o.name for game in all_games() for o in game.option_specs}))
OPTION_TYPED = re.compile(rf"\boptions?\s+(?:{OPTION_NAMES})\b|\b(?:{OPTION_NAMES})=")
# Discord's limits for an embed.
TITLE_LIMIT, DESCRIPTION_LIMIT, FOOTER_LIMIT, EMBED_LIMIT = 256, 4096, 2048, 6000


def read(language: str, game: str) -> tuple[str, str]:
    """A game's rules text and rulebook as the bot shows them in `language`."""
    w = words(language)
    return w.game_rules(game), w.game_rulebook(game)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_rules_text_speaks_the_specifications_words(language: str) -> None:
    for game in GAMES:
        for text in read(language, game):
            assert not SPECIFICATION.search(text), f"{language} {game}: {text[:80]}"
            assert not OPTION_TYPED.search(text), f"{language} {game}"
            found = [engine_id for engine_id in ENGINE_IDS if engine_id in text.lower()]
            assert not found, f"{language} {game} names {found}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_paragraph_is_one_line_for_discord_to_wrap(language: str) -> None:
    for game in GAMES:
        text, book = read(language, game)
        assert "\n" not in book
        paragraphs = text.split("\n\n")
        assert len(paragraphs) >= 2, f"{language} {game}: the win first, then the details"
        for paragraph in paragraphs:
            assert paragraph, f"{language} {game}: an empty paragraph"
            assert "\n" not in paragraph, f"{language} {game}: a hard wrap in {paragraph[:60]!r}"
            assert paragraph == paragraph.strip() and "  " not in paragraph, f"{language} {game}"


def test_the_english_rules_say_what_wins_first_in_one_or_two_sentences() -> None:
    for game in GAMES:
        first = player_rules(game).text.split("\n\n")[0]
        sentences = re.findall(r"[.!?](?:\s|$)", first)
        assert 1 <= len(sentences) <= 2, f"{game}: {first}"
    for game in all_variants():
        first = player_rules(game.id).text.split("\n\n")[0]
        assert re.search(r"\b(wins?|loses?)\b", first), f"{game.id}: {first}"


def test_the_rulebook_is_named_as_players_know_it_not_by_number() -> None:
    for game in GAMES:
        book = player_rules(game).rulebook
        assert not re.search(r"\d{3}|version", book), f"{game}: {book}"
        assert "rules" in book, f"{game}: {book}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_game_reads_in_every_language_not_in_english(language: str) -> None:
    for game in GAMES:
        text, book = read(language, game)
        english_text, english_book = read("en", game)
        assert text != english_text, f"{language} {game} rules are the English"
        assert book != english_book, f"{language} {game} rulebook is the English"
        assert text.count("\n\n") == english_text.count("\n\n"), f"{language} {game}"


@pytest.mark.parametrize("language", LANGUAGES)
async def test_domino_rules_shows_every_game_whole_in_its_readers_language(
    emu: Emulator, bot: discord.Client, language: str
) -> None:
    """Every game, the two puzzles included, in one embed each: nothing cut, the footer names
    the rulebook in the reader's language."""
    reader = emu.user("reader", locale=LOCALES[language])
    w = words(language)
    for game in GAMES:
        answer = private_answer(await reader.slash("domino rules", game=game))
        assert answer.ephemeral
        embed = answer.embed
        text, book = read(language, game)
        assert embed["title"] == w(texts.RULES_TITLE, name=w.game_name(game))
        assert embed["description"] == text, f"{language} {game}: cut or not the rules"
        footer = embed["footer"]["text"]
        assert book in footer, f"{language} {game}: {footer}"
        assert len(embed["title"]) <= TITLE_LIMIT
        assert len(embed["description"]) <= DESCRIPTION_LIMIT
        assert len(footer) <= FOOTER_LIMIT
        assert len(embed["title"]) + len(embed["description"]) + len(footer) <= EMBED_LIMIT


async def test_the_rules_picker_offers_the_puzzles_too(emu: Emulator, bot: discord.Client) -> None:
    reader = emu.user("reader", locale="pl")
    offered = await reader.autocomplete("domino rules", "game", "kwadrat")
    assert [choice["value"] for choice in offered] == ["quadrille"]
    # With nothing typed: every game but the presets (offered once their name is typed)
    unlisted = sum(kind.preset for kind in all_variants())
    assert len(await reader.autocomplete("domino rules", "game", "")) == len(GAMES) - unlisted
