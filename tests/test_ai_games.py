"""Game-specific AI lives behind one interface, found through the variant (`engine.ai.games`):
the search, `easy`, the sampling of worlds and the review never name a game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import Match, all_variants
from engine.ai.games import game_ai
from engine.ai.games.fives import FivesAI
from engine.ai.games.mexican_train import MexicanTrainAI
from engine.ai.games.pairs import PairsAI
from engine.ai.games.placing import PlacingAI
from engine.ai.games.sum import SumAI
from engine.variants.sum import Sum

AI = Path(__file__).resolve().parents[1] / "engine" / "ai"
# A game named outside its package: a variant id compared, or a variant's own module imported.
NAMES_A_GAME = re.compile(
    r"\.variant(\.id)?\s*([!=]=|(not\s+)?in\b)|\.id\s*[!=]=|engine\.variants\.(?!base\b)\w+"
)


def test_the_sum_and_pairs_games_find_their_own_ai_and_the_others_the_placing_games() -> None:
    for variant in all_variants():
        ai = game_ai(Match(variant.id, variant.player_counts[0]).variant)
        own = {
            "sum": SumAI,
            "pairs": PairsAI,
            "all-fives": FivesAI,
            "fives-threes": FivesAI,
            "mexican-train": MexicanTrainAI,
        }
        expected = own.get(variant.id, PlacingAI)
        assert type(ai) is expected, variant.id


def test_a_variant_derived_from_another_plays_with_its_parents_ai() -> None:
    class QuickSum(Sum):
        """The sum game to a lower target (a variant that is not registered)."""

    assert isinstance(game_ai(QuickSum(4)), SumAI)


@pytest.mark.parametrize(
    "path",
    [path for path in sorted(AI.rglob("*.py")) if "games" not in path.relative_to(AI).parts],
    ids=lambda path: path.name,
)
def test_the_ai_outside_its_games_package_names_no_game(path: Path) -> None:
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if NAMES_A_GAME.search(line)
    ]
    assert not found, found


def test_the_pattern_sees_a_game_named_in_each_way() -> None:
    for line in (
        'if view.variant == "sum":',
        'sum_game = knowledge.variant.id == "sum"',
        "if view.variant in GAME_VALUES:",
        "from engine.variants.pairs import Exchange",
    ):
        assert NAMES_A_GAME.search(line), line
    for line in (
        "from engine.variants.base import Variant",
        "variant = variant_for(view)",
        "for variant in all_variants():",
    ):
        assert not NAMES_A_GAME.search(line), line


def test_a_views_game_facts_are_read_by_name() -> None:
    """Public facts of one game (the running total, the laid pairs) are `extra` entries of the
    view, read as `total` and `laid_pairs`; other games have none."""
    match = Match("sum", 4, seed=3)
    hand = match.start_hand()
    match.apply(match.legal_actions()[0])
    view = match.view_for(hand.turn)
    assert view.total == view.extra["total"] == sum(t.pips for t in view.layout.tiles())
    pairs = Match("pairs", 2, seed=3)
    pairs.start_hand()
    assert pairs.view_for(0).laid_pairs == ((), ())
    line = Match("partnership", 4, seed=3)
    line.start_hand()
    assert (line.view_for(0).total, line.view_for(0).laid_pairs, line.view_for(0).extra) == (
        None,
        (),
        {},
    )
