"""Odd option values get the engine's own refusal, one short line, from every variant: values
of the wrong type (a bool for a number, a word for a number), ints too large to write, long
words, unknown names; asked for a match or only for the player counts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import all_variants, get_variant
from engine.errors import BadOption, DominoError

ODD_VALUES: tuple[object, ...] = (
    True,
    "abc",
    -1,
    10**5000,
    -(10**5000),
    "x" * 5000,
    1.5,
    None,
    [1, 2],
    {"a": 1},
)


def refusal_of(attempt: Callable[..., object], *args: object) -> str | None:
    try:
        attempt(*args)
    except DominoError as error:
        return str(error)
    return None


@pytest.mark.parametrize("kind", all_variants(), ids=lambda kind: kind.id)
def test_every_option_refuses_odd_values_readably(kind: Any) -> None:
    players = max(kind.player_counts)
    for spec in kind.option_specs:
        for value in ODD_VALUES:
            if spec.listed and value == [1, 2]:
                continue  # a list of whole numbers is what a listed option takes
            # Beside a larger set (where the game has one) the counts are divided by teams.
            larger = any(other.name == "set" for other in kind.option_specs) and spec.name != "set"
            for given in ({spec.name: value}, {"set": 9, spec.name: value}):
                if len(given) == 2 and not larger:
                    continue
                refused = refusal_of(kind, players, given)
                counted = refusal_of(kind.players_for, given)
                assert refused is not None, (spec.name, value)
                assert counted is not None, (spec.name, value)
                assert len(refused) < 200 and "\n" not in refused


def test_a_word_for_the_teams_of_a_larger_set_is_refused_not_divided_by() -> None:
    gameroom = get_variant("gameroom")
    with pytest.raises(BadOption, match="teams must be a whole number"):
        gameroom(4, {"set": 9, "teams": "abc"})
    with pytest.raises(BadOption, match="teams must be a whole number"):
        gameroom.players_for({"set": 9, "teams": "abc"})


def test_an_int_too_large_to_write_is_shown_by_its_size() -> None:
    gameroom = get_variant("gameroom")
    with pytest.raises(BadOption, match=r"not 2\*\*64\+"):
        gameroom(4, {"set": 10**5000})
    with pytest.raises(BadOption, match=r"not 2\*\*64\+"):
        get_variant("partnership")(10**5000)


def test_long_names_and_values_are_clipped_in_the_refusal() -> None:
    partnership = get_variant("partnership")
    with pytest.raises(BadOption) as long_value:
        partnership(4, {"pairs": "y" * 5000})
    assert len(str(long_value.value)) < 120 and "…" in str(long_value.value)
    with pytest.raises(BadOption) as long_name:
        get_variant("111")(4, {"z" * 5000: 1})  # few options: the refusal lists them all
    assert len(str(long_name.value)) < 120 and "…" in str(long_name.value)
