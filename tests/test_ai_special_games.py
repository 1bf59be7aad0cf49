"""The `easy` level plays the sum and pairs games by their own aims, not by shedding pips."""

from __future__ import annotations

import random
from collections import Counter

from engine import Match, Play
from engine.ai import choose_action
from engine.ai.games import game_ai
from engine.ai.games.pairs.known import turns_without_pairs
from engine.ai.games.pairs.playout import PairsWorld
from engine.ai.games.sum.easy import chance_to_hold_pips, others_in_turn_order
from engine.ai.games.sum.playout import sum_playout
from engine.ai.knowledge import Knowledge
from engine.ai.sampling import build_world, sample_hidden
from engine.ai.world_values import rich_playout
from engine.variants.pairs import Exchange, LayPairs
from engine.view import SeatView


def _views(variant_id: str, players: int, games: int, seed: str) -> list[SeatView]:
    """The acting seat's view at every turn of `games` hands played at random."""
    rng = random.Random(seed)
    views: list[SeatView] = []
    for game in range(games):
        match = Match(variant_id, players, seed=f"{seed}:{game}")
        hand = match.start_hand()
        while not hand.over:
            views.append(match.view_for(hand.turn))
            match.apply(rng.choice(match.legal_actions()))
    return views


def _gap(view: SeatView, action: Play) -> int:
    return int(dict(view.options)["target"]) - (view.total or 0) - action.tile.pips


def _danger(view: SeatView, knowledge: Knowledge, play: Play, seats: list[int]) -> float:
    """The highest chance that one of `seats` holds a tile closing the gap `play` leaves."""
    gap = _gap(view, play)
    return max((chance_to_hold_pips(knowledge, seat, gap) for seat in seats), default=0.0)


def test_easy_brings_the_total_exactly_to_the_target_whenever_it_can() -> None:
    seen = 0
    for view in _views("sum", 4, 30, "exact"):
        plays = [a for a in view.legal if isinstance(a, Play)]
        if any(_gap(view, play) == 0 for play in plays) and len(plays) > 1:
            chosen = choose_action(view, "easy", random.Random(1))
            assert isinstance(chosen, Play) and _gap(view, chosen) == 0
            seen += 1
    assert seen > 0


def test_easy_does_not_leave_an_exact_hit_when_a_safe_tile_exists() -> None:
    seen = 0
    for view in _views("sum", 3, 40, "safe"):
        plays = [a for a in view.legal if isinstance(a, Play)]
        if len(plays) < 2:
            continue
        knowledge = Knowledge.of(view)
        others = others_in_turn_order(view, knowledge)
        safe = [p for p in plays if _gap(view, p) > 0 and _danger(view, knowledge, p, others) == 0]
        risky = [p for p in plays if others and _danger(view, knowledge, p, others[:1]) >= 0.3]
        if not safe or not risky or any(_gap(view, p) == 0 for p in plays):
            continue
        chosen = choose_action(view, "easy", random.Random(1))
        assert chosen not in risky, f"{chosen} hands the next seat the target"
        seen += 1
    assert seen > 0


def test_easy_lays_as_many_pairs_as_its_hand_allows() -> None:
    seen = 0
    for view in _views("pairs", 2, 20, "most"):
        lays = [a for a in view.legal if isinstance(a, LayPairs)]
        if len({len(a.pairs) for a in lays}) < 2:
            continue
        chosen = choose_action(view, "easy", random.Random(1))
        assert isinstance(chosen, LayPairs)
        assert len(chosen.pairs) == max(len(a.pairs) for a in lays)
        seen += 1
    assert seen > 0


def test_easy_exchanges_the_tile_with_fewest_unseen_partners() -> None:
    seen = 0
    for view in _views("pairs", 2, 20, "exchange"):
        if not any(isinstance(a, Exchange) for a in view.legal):
            continue
        partners = Counter(tile.pips for tile in Knowledge.of(view).unseen)
        chosen = choose_action(view, "easy", random.Random(1))
        assert isinstance(chosen, Exchange)
        assert partners[chosen.tile.pips] == min(partners[tile.pips] for tile in view.hand)
        seen += 1
    assert seen > 0


def test_in_search_playouts_every_seat_takes_an_exact_hit_and_lays_all_its_pairs() -> None:
    rng = random.Random(5)
    checked = 0
    for variant_id, players in (("sum", 4), ("pairs", 2)):
        for game in range(10):
            match = Match(variant_id, players, seed=f"playout:{game}")
            policy = game_ai(match.variant).playout_policy()
            assert policy is not None
            hand = match.start_hand()
            while not hand.over:
                actions = match.legal_actions()
                chosen = policy(hand, actions, rng)
                assert chosen in actions
                plays = [a for a in actions if isinstance(a, Play)]
                gap = int(match.variant.option("target")) if variant_id == "sum" else 0
                gap -= sum(p.tile.pips for p in hand.layout.placements)
                if variant_id == "sum" and any(p.tile.pips == gap for p in plays):
                    assert isinstance(chosen, Play) and chosen.tile.pips == gap
                    checked += 1
                lays = [a for a in actions if isinstance(a, LayPairs)]
                if lays:
                    assert isinstance(chosen, LayPairs)
                    assert len(chosen.pairs) == max(len(a.pairs) for a in lays)
                    checked += 1
                match.apply(rng.choice(actions))
    assert checked > 0


def test_fast_sum_playouts_win_as_often_as_playouts_of_the_real_game() -> None:
    """The pip-count playout plays the same game as `HandState` under the same policy: from
    the same positions each seat wins about as often in both."""
    rng = random.Random(8)
    compared = 0
    for view_index, view in enumerate(_views("sum", 3, 4, "fast")):
        if view_index % 5 or not view.layout.started:
            continue
        knowledge = Knowledge.of(view)  # one deal of the hidden tiles, played out many times
        hands, rest = sample_hidden(knowledge, rng)
        world = build_world(view, knowledge, hands, rest)
        target = int(dict(view.options)["target"])
        runs = 200
        fast = Counter(
            sum_playout([[t.pips for t in h] for h in hands], view.seated, view.total or 0,
                        target, view.seat, world.last_placer or view.seat, rng)
            for _ in range(runs)
        )  # fmt: skip
        slow: Counter[int] = Counter()
        for _ in range(runs):
            twin = world.copy()
            rich_playout(twin, rng)
            assert twin.outcome is not None and twin.outcome.last_placer is not None
            slow[twin.outcome.last_placer] += 1
        for seat in range(view.players):
            assert abs(fast[seat] - slow[seat]) / runs < 0.15, (fast, slow)
        compared += 1
    assert compared >= 3


def test_fast_pairs_playouts_end_as_often_as_playouts_of_the_real_game() -> None:
    """The pip-sum playout plays the same game as `HandState` under the same policy: from the
    same positions each seat wins (and the hand is drawn) about as often in both."""
    rng = random.Random(9)
    compared = 0
    for view_index, view in enumerate(_views("pairs", 2, 6, "fast-pairs")):
        if view_index % 7:
            continue
        knowledge = Knowledge.of(view)
        hands, rest = sample_hidden(knowledge, rng)
        world = build_world(view, knowledge, hands, rest)
        laid = [len(pairs) for pairs in view.laid_pairs] or [0, 0]
        stock = [tile.pips for tile in world.stock]
        runs = 200
        fast: Counter[int | None] = Counter()
        for _ in range(runs):
            sums = PairsWorld([[t.pips for t in h] for h in hands], stock, laid,
                              turns_without_pairs(view.history))  # fmt: skip
            sums.playout(view.seat, rng)
            fast[sums.winner()] += 1
        slow: Counter[int | None] = Counter()
        for _ in range(runs):
            twin = world.copy()
            rich_playout(twin, rng)
            assert twin.outcome is not None
            winners = twin.variant.score_hand(Match("pairs", 2), twin.outcome).winners
            slow[winners[0] if winners else None] += 1
        for result in (0, 1, None):
            assert abs(fast[result] - slow[result]) / runs < 0.14, (fast, slow)
        compared += 1
        if compared == 3:
            break
    assert compared == 3


def test_the_pairs_world_follows_the_rules_of_the_hand() -> None:
    world = PairsWorld([[3, 3, 5, 7, 9, 11], [1, 2, 4, 6, 8, 10]], [5, 12, 0], [4, 0], 0)
    world.exchange(1, 10)  # under the stock; the top (5) comes up
    assert list(world.stock) == [12, 0, 10] and world.counts[1][5] == 1 and not world.end
    world.lay(0, [3, 3])  # the fifth pair wins at once
    assert world.end == "domino" and world.winner() == 0
    stuck = PairsWorld([[1, 2], [3, 4]], [], [1, 1], 0)
    stuck.pass_turn()  # no two unlaid tiles of equal sums: blocked, equal pairs: a draw
    assert stuck.end == "blocked" and stuck.winner() is None


def test_search_tries_one_move_of_each_kind_in_pairs() -> None:
    """Exchanging two tiles of the same pip sum, or laying pairs of the same sums, leaves the
    same game: the search tries one of them, and keeps `easy`'s own tile when it agrees."""
    game = game_ai(Match("pairs", 2).variant)
    for view in _views("pairs", 2, 10, "kinds"):
        kinds = game.candidates(view)
        for action in view.legal:
            matching = [kind for kind in kinds if game.same_game(kind, action)]
            largest = max((len(a.pairs) for a in view.legal if isinstance(a, LayPairs)), default=0)
            if isinstance(action, LayPairs) and len(action.pairs) < largest:
                assert not matching  # fewer pairs than the hand allows: not searched
            else:
                assert len(matching) == 1
        exchanges = [a for a in kinds if isinstance(a, Exchange)]
        assert len({a.tile.pips for a in exchanges}) == len(exchanges)
