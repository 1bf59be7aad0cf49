"""The engine's words through the translation layer: every refusal reads in English exactly as
the engine says it (or in the player words `cogs.common.engine_words` gives it), and survives
being kept (JSON) as a sentence; a refusal, a move and a status
line come in another language from its catalogue."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cogs.common.engine_words import PLAYER_WORDS, in_player_words
from cogs.lang import Said, Words, words
from engine import Draw, Play
from engine.errors import DominoError
from engine.messages import GameName, InContext, Message, Plural
from engine.tiles import Tile
from tests.engine.test_messages import SAMPLES


def raised(act: Callable[[], object]) -> DominoError:
    with pytest.raises(DominoError) as caught:
        act()
    return caught.value


@pytest.mark.parametrize(("text", "act"), SAMPLES, ids=[text[:40] for text, _ in SAMPLES])
def test_every_engine_refusal_reads_in_english_as_the_engine_says_it(
    text: str, act: Callable[[], object]
) -> None:
    error = raised(act)
    if error.message.template in PLAYER_WORDS:  # players read it in their words instead
        text = words("en").say(in_player_words(Said.from_message(error.message)))
        assert not text[0].islower(), text
    assert words("en").refusal(error) == text
    kept = Said.from_json(Said.refusal(error).to_json())
    assert words("en").say(kept) == text


def test_a_refusal_a_move_and_a_count_come_in_the_readers_language(
    catalogue: Callable[..., None],
) -> None:
    catalogue(
        "es",
        [
            ("{tile} on {end}", "{tile} en el {end}"),
            ("draw", "robar", "move"),
            ("draw", "tablas"),
            (
                "{game} is played by {least} to {most} players, not {count}",
                "{game}: {least}-{most}, no {count}",
            ),
            (
                ("{count} tile left", "{count} tiles left"),
                ("queda {count} ficha", "quedan {count} fichas"),
            ),
        ],
    )
    catalogue("es", [("Cyprus", "Chipre", "cyprus|name")], "rules")
    es = Words("es")
    assert es.message(Play(0, Tile(6, 4), 4).message) == "6-4 en el 4"
    assert es.message(Draw(0).message) == "robar"
    assert es.message(InContext("move", "draw")) == "robar"
    refusal = Message(
        "{game} is played by {least} to {most} players, not {count}",
        game=GameName("cyprus", "Cyprus"),
        least=4,
        most=10,
        count=0,
    )
    assert es.message(refusal) == "Chipre: 4-10, no 0"
    left = Plural("{count} tile left", "{count} tiles left", count=3)
    assert es.message(left) == "quedan 3 fichas"
    assert Words("es").say(Said.from_json(Said.from_message(left).to_json())) == "quedan 3 fichas"
