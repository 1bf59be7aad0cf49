"""How a hand and a match ended reads the same everywhere: the board, the message under each
score sheet in the thread, the score sheet's alt text, the player's DMs and /history, in every
family of games. Whole matches are played through the emulator (a person and random AI seats);
what each place says is compared with the one sentence `render.outcome` makes of the engine's
own results, read back from the store."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import discord
import pytest

from cogs import texts
from cogs.standings import texts as words
from engine import Draw, Match, Pass
from engine.variants import get_variant
from engine.view import public_view
from render import ENGLISH
from render.outcome import HandKind, hand_kind, hand_sentence, match_sentence
from tests.emulator.emulator import Emulator
from tests.standings.helpers import answer
from tests.tables.converged import stored_table
from tests.tables.play import (
    board,
    board_title,
    board_words,
    latest_version,
    move_message,
    play_match,
    table_channel,
)
from tests.tables.seen_words import PUBLIC, Transcript, transcript

__all__ = ["transcript"]  # the fixture, used by name

GAMES = [  # (game, seats, options): a short match of each family
    ("partnership", 4, {"target": 10}),  # pairs, the pair that reaches the target loses
    ("111", 4, {"target": 10}),  # pairs, first pair to the target
    ("two-player", 2, {"target": 10}),  # a line game with a boneyard
    ("cyprus", 4, {"target": 10}),  # a cross
    ("sum", 3, {"wins": 1}),  # a running total: a hand won by hitting the target
    ("hungarian", 3, {"hands": 2}),  # lowest total after the agreed hands
    ("pool", 3, {"hands": 2}),  # most chips after the agreed hands
    ("pairs", 2, {}),  # a row game: first to five pairs, or a drawn hand
]

# A sentence about how a hand or a match ended, wherever it is written (a board's title says
# "hand 2" in lower case; /history's captions say "Hand 1 of 3, move …"; a DM's own points say
# "Hand 2 is over: …": none is one).
HAND_SENTENCE = re.compile(r"Hand \d+(?! of| is over)[^.\n]*\.")
MATCH_SENTENCE = re.compile(r"[^.\n]*(?:won the match|match ended)[^.\n]*\.")


async def open_table(emu: Emulator, host: Any, game: str, ai: int, **options: Any) -> Any:
    typed = " ".join(f"{name}={value}" for name, value in options.items())
    values = {"game": game, **({"options": typed} if typed else {})}
    lobby = (await host.slash("domino new", values)).response
    for _ in range(ai):
        await host.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    return lobby


def outcome_sentences(text: str) -> list[str]:
    return [found.strip() for found in HAND_SENTENCE.findall(text) + MATCH_SENTENCE.findall(text)]


def board_versions(seen: Transcript) -> list[str]:
    """Every version of the board's words (the board's footer names it)."""
    footer = texts.SPECTATORS  # (a game of penalty points says what they mean before it)
    return [
        "\n".join(shown)
        for who, shown in seen.shown
        if who is PUBLIC and any(text.endswith(footer) for text in shown)
    ]


async def history_captions(emu: Emulator, person: Any) -> list[str]:
    """The /history stepper's caption at the end of every hand of the newest match: from each
    next hand's deal one move back, and the record's last position."""
    listing = answer(await person.slash("history"))
    stepper = answer(await person.choose(listing, "1", placeholder=words.HISTORY_PICK))
    captions = []

    def button(label: str) -> Any:
        return next(b for b in stepper.buttons if b.label == label)

    while not button(words.NEXT_HAND).disabled:
        await person.click(stepper, custom_id=button(words.NEXT_HAND).custom_id)
        if not button(words.PREVIOUS_MOVE).disabled and "the deal" in stepper.text:
            await person.click(stepper, custom_id=button(words.PREVIOUS_MOVE).custom_id)
            captions.append(stepper.text)
            await person.click(stepper, custom_id=button(words.NEXT_MOVE).custom_id)
    while not button(words.NEXT_MOVE).disabled:  # the last hand: to its last move
        await person.click(stepper, custom_id=button(words.NEXT_MOVE).custom_id)
    captions.append(stepper.text)
    return captions


async def worded_alike(
    emu: Emulator, transcript: Transcript, store: str, alice: Any, final: Any
) -> list[HandKind]:
    """Checks that every place words the stored match's hands and end with the one sentence;
    returns how each hand ended."""
    await emu.settle()  # the last score sheet may come after the final board
    stored = await stored_table(store)
    match = stored.match
    assert match is not None and match.over
    view = public_view(match)
    names = [str(seat["name"]) for seat in stored.seats]
    hands = [hand_sentence(view, result, names) for result in view.results]
    ending = match_sentence(view, match.winners, names)
    # The last DM says the match is over, in the same words.
    said = set(hands) | {ending, f"The match is over: {ending}"}

    # The board: at the end how the match ended; how each hand did is said under its sheet only.
    versions = board_versions(transcript)
    for sentence in hands:
        assert not any(sentence in version for version in versions), sentence
    assert ending in board_words(final)
    # The thread: a score sheet after every hand, its message and its alt text in those words.
    sheets = [m for m in table_channel(emu).messages if m.files and m.content]
    assert [m.content.splitlines()[0] for m in sheets] == hands
    for sheet, sentence in zip(sheets, hands, strict=True):
        assert sentence in sheet.files[0].attachment.description
    assert ending not in sheets[-1].content  # the board says it
    assert sheets[-1].files[0].attachment.description.endswith(ending)
    # /history: each hand's last move, and the record's end.
    captions = await history_captions(emu, alice)
    for caption, sentence in zip(captions, hands, strict=True):
        assert caption.count(sentence) == 1, caption
    assert ending in captions[-1]
    # Nowhere (in public, in Alice's DMs and answers) another wording of an outcome.
    everything = transcript.texts_for(PUBLIC) + transcript.texts_for(alice.id) + captions
    other = {s for text in everything for s in outcome_sentences(text)} - said
    assert not other, f"outcomes worded otherwise: {sorted(other)}"
    assert not [text for text in everything if "won by -" in text]
    return [hand_kind(result) for result in view.results]


@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[game for game, *_ in GAMES])
async def test_every_place_words_how_each_hand_and_the_match_ended_alike(
    emu: Emulator,
    domino: discord.Client,
    transcript: Transcript,
    store: str,
    game: str,
    seats: int,
    options: dict[str, Any],
) -> None:
    alice = emu.user("alice")
    lobby = await open_table(emu, alice, game, seats - 1, **options)
    await alice.click(lobby, "Start")
    final = await play_match(emu, [alice], seconds=300)
    await worded_alike(emu, transcript, store, alice, final)


# Found by searching seeds with the engine (see `scripted`): a pairs match whose only hand is
# blocked with no winner, so the match is drawn (the tie the board once called "won by -" and
# the score sheet a win); a home-and-away match drawn after two hands that were won.
SCRIPTED = [
    ("pairs", "wording-14", {HandKind.BLOCKED_NONE}),
    ("home-and-away", "wording-12", {HandKind.WENT_OUT}),
]


def scripted(game: str, seed: str) -> tuple[Match, list[int]]:
    """The match two players play at a table of `seed` when each move they choose is drawn from
    a `random.Random(seed)` (the moves the table plays itself, a lone draw or pass, draw
    nothing): the match and the index of each chosen move among the legal ones."""
    match = Match(get_variant(game)(2, {}), seed=seed)
    rng, picks = random.Random(seed), []
    while not match.over:
        hand = match.start_hand()
        while not hand.over:
            legal = match.legal_actions()
            if len(legal) == 1 and isinstance(legal[0], Draw | Pass):
                match.apply(legal[0])
                continue
            picks.append(rng.randrange(len(legal)))
            match.apply(legal[picks[-1]])
    return match, picks


async def play_script(emu: Emulator, people: list[Any], picks: list[int]) -> Any:
    """The people make the scripted moves in turn (and press Ready between hands) until the
    board offers a rematch; returns the final board."""
    played: dict[str, int] = {}
    moves = iter(picks)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 120
    while loop.time() < deadline:
        shown = board(emu)
        if shown is not None and texts.REMATCH in shown.labels:
            return shown
        if shown is not None and texts.READY in shown.labels:
            for person in people:
                key = f"ready:{person.name}:{board_title(shown)}"
                if key not in played:
                    played[key] = 1
                    await person.click(shown, texts.READY)
        for person in people:
            message = move_message(person.dm.messages)
            if message is None or latest_version(message) <= played.get(person.name, -1):
                continue
            played[person.name] = latest_version(message)
            index = str(next(moves))
            button = [b for b in message.buttons if (b.custom_id or "").endswith(f":{index}")]
            if button:
                await person.click(message, custom_id=button[0].custom_id)
            else:
                menu = next(m for m in message.selects if index in m.values)
                await person.choose(message, index, custom_id=menu.custom_id)
        await asyncio.sleep(0.05)
    raise AssertionError("the scripted match did not end")


@pytest.mark.parametrize(("game", "seed", "kinds"), SCRIPTED, ids=[game for game, *_ in SCRIPTED])
async def test_a_drawn_match_and_a_hand_nobody_won_read_the_same_everywhere(
    emu: Emulator,
    domino: discord.Client,
    transcript: Transcript,
    store: str,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    seed: str,
    kinds: set[HandKind],
) -> None:
    match, picks = scripted(game, seed)
    assert not match.winners  # drawn
    monkeypatch.setattr("cogs.tables.table.new_seed", lambda: seed)
    alice, bob = emu.user("alice"), emu.user("bob")
    for person in (alice, bob):  # the script picks every move, single ones too
        await person.slash("domino settings", single_moves="ask")
    lobby = await open_table(emu, alice, game, 0)
    await bob.click(lobby, texts.JOIN)
    await alice.click(lobby, texts.START)
    final = await play_script(emu, [alice, bob], picks)
    assert set(await worded_alike(emu, transcript, store, alice, final)) == kinds
    assert ENGLISH.outcome_match_drawn in board_words(final)
