"""What users type into `/domino new`, read strictly: ASCII numbers, yes/no words, the engine's
words, and nothing else; every refusal a `Refusal` quoting what it could not read, short and
escaped. A property test throws random option strings at it: a refusal or a table the engine can
deal, never anything else."""

from __future__ import annotations

import string
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cogs import texts
from cogs.common.refusal import Refusal
from cogs.front.commands import parse_options
from cogs.lang import LANGUAGES, words
from cogs.tables.seating import LENGTH_OPTIONS, Lobby, Setup, longest
from engine import all_variants, get_variant
from engine.match import Match

GAMES = [kind.id for kind in all_variants()]


def refusal(text: str | None, game: str = "partnership") -> str:
    """The refusal the user reads (in English), parsing and setting up included."""
    with pytest.raises(Refusal) as refused:
        Setup.create(game, parse_options(text))
    return words("en").say(refused.value.said)


def test_numbers_are_ascii_digits_only() -> None:
    assert parse_options("target=150 hands=007") == {"target": 150, "hands": 7}
    for odd in ("--5", "-5", "+5", "−5", "²", "٣", "1_000", "1.5", "1e3", "0x10", "1234567"):
        answer = refusal(f"target={odd}")
        assert "whole number written with the digits 0-9" in answer, odd


def test_yes_and_no_words_and_the_engines_words_are_read_in_any_case() -> None:
    assert parse_options("Pairs=RANDOM; rated=Yes,x=off") == {
        "pairs": "random",
        "rated": True,
        "x": False,
    }


@pytest.mark.parametrize(
    "text", ["target", "=5", "target==5", "tar get=5", "tärget=5", "pairs=**x**", "a=<@&12>"]
)
def test_anything_else_is_refused_quoting_the_part(text: str) -> None:
    assert "could not read" in refusal(text)


def test_a_long_options_text_is_refused_in_one_short_line() -> None:
    answer = refusal("target=" + "9" * 3000)
    assert len(answer) < 300 and "…" in answer
    answer = refusal("x" * 3000)
    assert len(answer) < 300 and "…" in answer
    assert "more options than any game has" in refusal("a=1 " * 1000)


def test_odd_values_reach_the_engine_and_come_back_in_player_words() -> None:
    assert "Choose `seating` or `random` for the pairs" in refusal("pairs=sideways")
    assert "from 1 to 10,000 for the target score, not 999,999" in refusal("target=999999")
    assert "has no option “colour”" in refusal("colour=red")
    # A word where the teams of a larger set are counted: the engine's refusal, not a crash.
    assert "whole number" in refusal("set=9 teams=abc", game="gameroom")


#: What a table plays at most (`seating.longest`): ten times the rulebook's default, and 50 hands
#: where the default is one hand per player (`hungarian`: the engine bounds it so already).
LONGEST = [
    ("partnership", "target", 1000),
    ("111", "target", 1110),
    ("gameroom", "target", 1000),
    ("pool", "hands", 50),
    ("sum", "wins", 30),
]


@pytest.mark.parametrize(("game", "option", "most"), LONGEST)
def test_a_match_longer_than_a_table_plays_is_refused_in_every_language(
    game: str, option: str, most: int
) -> None:
    assert Setup.create(game, parse_options(f"{option}={most}")).options == {option: most}
    with pytest.raises(Refusal) as refused:
        Setup.create(game, parse_options(f"{option}={most + 1}"))
    english = words("en").say(refused.value.said)
    assert "can be" in english and "at most" in english
    for language in LANGUAGES:
        answer = words(language).say(refused.value.said)
        assert f"{option} " in answer and f"{most}" in answer, language  # as typed: no 1,000
        assert language == "en" or answer != english, language
    # The host's own changes in the lobby are bound the same way.
    lobby = Lobby(Setup.create(game), host_id=1)
    with pytest.raises(Refusal):
        lobby.choose_option(1, option, most + 1)
    assert option not in lobby.setup.options


def test_user_text_is_clipped_escaped_and_pings_nobody() -> None:
    assert texts.user_text("alice") == "alice"
    assert texts.user_text("**x**") == r"\*\*x\*\*"
    assert "@\u200beveryone" in texts.user_text("@everyone")
    assert "<@\u200b&123456789012345678>" in texts.user_text("<@&123456789012345678>")
    assert "<@\u200b123456789012345678>" in texts.user_text("<@123456789012345678>")
    assert texts.user_text("a\nb   c") == "a b c"
    long = texts.user_text("y" * 3000)
    assert len(long) == texts.ECHO_LIMIT and long.endswith("…")
    # names are kept once escaped: the same name clipped shorter is clipped, not the kept one
    assert texts.user_text("alice bob") == "alice bob"
    assert texts.user_text("alice bob", 5) == "alic…"


def test_refusals_quote_the_game_escaped_and_clipped() -> None:
    answer = refusal(None, game="**" + "z" * 500)
    assert r"\*\*" in answer and "z" * 200 not in answer


NAMES = st.sampled_from(["target", "set", "teams", "pairs", "hands", "chips", "stake", "wins"])
WELL_FORMED = st.lists(
    st.tuples(
        NAMES,
        st.one_of(
            st.integers(0, 200).map(str),
            st.sampled_from(["6", "9", "12", "2", "3", "50", "random", "seating", "no"]),
        ),
    ).map("=".join),
    max_size=3,
).map(" ".join)
OPTION_TEXT = st.one_of(
    WELL_FORMED,
    WELL_FORMED,
    st.text(max_size=80),
    st.lists(
        st.tuples(
            NAMES | st.text(string.ascii_letters + "é_-", max_size=6),
            st.sampled_from(["=", "==", ":", "", "= "]),
            st.one_of(
                st.integers(-(10**30), 10**30).map(str),
                st.sampled_from(["random", "seating", "yes", "no", "true", "²", "--5", "٣", "−3"]),
                st.text(string.digits + "+-_., ", max_size=12),
                st.text(max_size=8),
            ),
        ).map("".join),
        max_size=5,
    ).flatmap(
        lambda parts: st.sampled_from([" ", ",", ";", "\t", ", "]).map(lambda s: s.join(parts))
    ),
    # Numbers past Python's 4300-digit limit on int() of a text.
    st.tuples(st.integers(1, 6000), st.sampled_from("0123456789")).map(
        lambda size_digit: "target=" + size_digit[1] * size_digit[0]
    ),
)


def own_options(game: str) -> st.SearchStrategy[str]:
    """Well-formed options of the game's own names, with values often in range."""
    specs = get_variant(game).option_specs
    if not specs:
        return st.just("")
    one = st.sampled_from(specs).flatmap(
        lambda spec: st.one_of(
            st.sampled_from([str(choice).lower() for choice in spec.choices] or ["1"]),
            st.integers(spec.minimum or 0, min(spec.maximum or 200, 200) + 1).map(str),
            # Around the longest match a table plays.
            st.sampled_from([0, 1, 2]).map(
                lambda past: str((longest(get_variant(game), spec.name) or 1) - 1 + past)
            ),
        ).map(lambda value: f"{spec.name}={value}")
    )
    return st.lists(one, max_size=len(specs)).map(" ".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), game=st.sampled_from(GAMES), seats=st.none() | st.integers(1, 10))
def test_random_options_give_a_refusal_or_a_table_the_engine_deals(
    data: st.DataObject, game: str, seats: int | None
) -> None:
    text = data.draw(st.one_of(own_options(game), OPTION_TEXT), label="options")
    try:
        setup = Setup.create(game, parse_options(text), seats=seats)
    except Refusal as refused:
        shown = words("en").say(refused.said)
        assert 0 < len(shown) < 400 and "\n" not in shown
        event("refused")
        return
    event("dealt")
    kind = get_variant(setup.variant)
    for name in LENGTH_OPTIONS:  # no match longer than a table plays
        most = longest(kind, name)
        assert most is None or setup.options.get(name, 0) <= most, (name, setup.options)
    counts = [n for n in kind.players_for(setup.options) if n <= setup.seats]
    assert counts, (text, game, seats)
    options: dict[str, Any] = setup.options
    for players in counts:
        match = Match(kind(players, options), seed=0)
        match.start_hand()


def test_the_latin_options_are_typed_with_their_hyphens_and_a_list_with_slashes() -> None:
    """RULES.md §4.1's options: names with a hyphen (`tranque-tie`, `pase-salida`), a capicúa
    worth `x2`, and the hand bonuses as a list (a comma already separates options)."""
    typed = "tranque-tie=none pase-salida=25 capicua=x2 hand-bonus=100/75/50/25"
    assert parse_options(typed) == {
        "tranque-tie": "none",
        "pase-salida": 25,
        "capicua": "x2",
        "hand-bonus": [100, 75, 50, 25],
    }
    setup = Setup.create("partnership", parse_options(typed))
    assert setup.options["hand-bonus"] == [100, 75, 50, 25]
    assert Match(setup.kind(4, setup.options)).variant.options["hand-bonus"] == (100, 75, 50, 25)
