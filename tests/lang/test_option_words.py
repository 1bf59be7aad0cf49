"""The options menu of a lobby names every choice in the players' words: what a host picks
("scoring: the winners take every pip left"), never the engine's word for it (`all`)."""

from __future__ import annotations

from cogs import texts
from engine import all_variants

WORDED_ELSEWHERE = {"pairs"}  # `texts.option_words` words its values itself


def test_every_choice_of_every_games_options_reads_in_words() -> None:
    raw: list[str] = []
    for kind in all_variants():
        for spec in kind.option_specs:
            if spec.choices and spec.name not in texts.OPTION_NAMES:
                raw.append(f"{kind.id}: the option {spec.name} has no name for players")
            for choice in spec.choices:
                if not isinstance(choice, str) or any(ch.isdigit() for ch in choice):
                    continue  # a number, or a deal such as 9-7-5, reads as it is
                if spec.name in WORDED_ELSEWHERE or (spec.name, choice) in texts.OPTION_VALUE_WORDS:
                    continue
                raw.append(f"{kind.id}: {spec.name}={choice}")
    assert raw == []
