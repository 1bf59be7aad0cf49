"""The arena plays duplicate deals: every deal twice, the levels swapping seats."""

from __future__ import annotations

from bench.arena import decided_share, interval, play_deal, run


def test_a_deal_played_twice_by_the_same_level_splits_evenly() -> None:
    wins, points, _, _ = play_deal("partnership", 4, {}, "arena-test:0", ("easy", "easy"), None)
    assert wins == [1.0, 1.0], "same players, same tiles, seats swapped: one win each"
    assert points[0] == points[1]


def test_every_hand_is_won_by_someone_and_counted_once() -> None:
    a, b = run("two-player", 2, {}, ("easy", "random"), deals=3, budget_ms=None, seed="t")
    assert a.hands == b.hands == 6
    assert a.wins + b.wins == 6
    assert len(a.per_deal) == 3
    low, high = interval(a.per_deal)
    assert 0.0 <= low <= a.wins / a.hands <= high <= 1.0


def test_the_share_of_won_hands_leaves_drawn_hands_out() -> None:
    # A won 2 of 2, drawn deal (nobody won), A won 1 of 2 (B the other): A won 3 of 4 decided
    share, low, high = decided_share([1.0, 0.0, 0.5], [0.0, 0.0, 0.5])
    assert share == 0.75
    assert 0.0 <= low <= share <= high <= 1.0
    assert decided_share([0.5, 0.5], [0.5, 0.5])[0] == 0.5
