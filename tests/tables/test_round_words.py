"""Mexican Train deals rounds, not hands: what its table shows says "round" throughout.

Its players count the match in rounds (each with its own engine double, "round 2 of 13"); the
texts every game shares about a deal (how it ended, its penalty points, the line between deals,
the options, the score sheet and its alt text, each seat's DM) must not call one a "hand" there.
A whole match of two rounds is played through the emulator, in English and in a Spanish server
with a Spanish player, and every version of every message is read: the only "hand" left is the
player's own tiles ("Your hand").
"""

from __future__ import annotations

import re

import discord
import pytest

from cogs import texts
from cogs.lang import words
from cogs.standings import texts as history_words
from tests.emulator.emulator import Emulator
from tests.standings.helpers import answer
from tests.tables.play import board, play_match, table_channel
from tests.tables.seen_words import PUBLIC, Transcript, transcript

__all__ = ["transcript"]  # the fixture

GAME = "mexican-train"
#: A deal called a hand, in each language's words (the player's own tiles, "Your hand", aside).
HAND = {"en": r"\bhands?\b", "es": r"\bmanos?\b"}
ROUND = {"en": "round", "es": "ronda"}


def hand_words(seen: list[str], language: str) -> list[str]:
    """The texts that call something a hand, other than the player's tiles ("Your hand")."""
    own = words(language)(texts.YOUR_HAND)
    found = re.compile(HAND[language], re.IGNORECASE)
    return [text for text in seen if found.search(text.replace(own, ""))]


async def play_two_rounds(emu: Emulator, language: str) -> None:
    """One person and an AI play a Mexican Train match of two rounds to its end."""
    person = emu.user("alice", locale="es-ES" if language == "es" else "en-US")
    lobby = (await person.slash("domino new", {"options": "hands=2"}, game=GAME)).response
    w = words(language)
    await person.choose(lobby, "random", placeholder=w(texts.AI_LEVEL_PLACEHOLDER))
    await person.click(lobby, w(texts.START))
    await play_match(emu, [person], seconds=180, board_words=w)
    await emu.settle()


def assert_said_in_rounds(emu: Emulator, transcript: Transcript, language: str) -> None:
    alice = emu.user("alice")
    seen = transcript.texts_for(PUBLIC) + transcript.texts_for(alice.id)
    assert hand_words(seen, language) == []
    # ...and the rounds are named: each round's ending, under its score sheet, and in the DM
    sheets = [m for m in table_channel(emu).messages if m.files and m.content]
    assert len(sheets) == 2
    assert all(m.content.lower().startswith(ROUND[language]) for m in sheets)
    assert any(ROUND[language] in text.lower() for text in transcript.texts_for(alice.id))
    assert board(emu) is not None


async def test_a_mexican_train_table_says_round_where_other_games_say_hand(
    emu: Emulator, domino: discord.Client, transcript: Transcript
) -> None:
    await play_two_rounds(emu, "en")
    assert_said_in_rounds(emu, transcript, "en")


async def test_a_mexican_train_match_is_replayed_and_listed_in_rounds(
    emu: Emulator, domino: discord.Client
) -> None:
    """/domino history lists the match by its rounds, and its replay steps round by round:
    each step's caption and the buttons that jump between deals say "round", not "hand"."""
    await play_two_rounds(emu, "en")
    alice = emu.user("alice")
    listing = answer(await alice.slash("history"))
    assert "2 rounds" in listing.text and not re.search(HAND["en"], listing.text)
    stepper = answer(await alice.choose(listing, "1", placeholder=history_words.HISTORY_PICK))
    labels = {b.label for b in stepper.buttons}
    assert {"Previous round", "Next round"} <= labels and not labels & {
        "Previous hand",
        "Next hand",
    }
    captions = [stepper.text]
    await alice.click(stepper, "Next round")
    captions.append(stepper.text)
    await alice.click(stepper, history_words.NEXT_MOVE)
    captions.append(stepper.text)
    assert "Round 1 of 2: the deal." in captions[0].splitlines()
    assert "Round 2 of 2: the deal." in captions[1].splitlines()
    assert re.search(r"^Round 2 of 2, move 1 of \d+: ", captions[2], re.MULTILINE)
    assert not any(re.search(HAND["en"], text.replace(texts.YOUR_HAND, "")) for text in captions)


@pytest.mark.emulator(guild_locale="es-ES")
async def test_a_spanish_mexican_train_table_says_ronda_not_mano(
    emu: Emulator, domino: discord.Client, transcript: Transcript
) -> None:
    await play_two_rounds(emu, "es")
    assert_said_in_rounds(emu, transcript, "es")
