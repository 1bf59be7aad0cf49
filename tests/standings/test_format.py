"""The words of the standings commands: leaderboard lines, results, figures, replay captions."""

from __future__ import annotations

from cogs.standings import format as fmt
from cogs.standings import texts as words
from cogs.standings.replay import hand_sizes, position_count, step_at
from data import LeaderboardPage, LeaderboardRow, MatchSummary, PlayerStats, SeatResult
from data.models import RatingPoint, VariantStats
from render import ENGLISH
from render.outcome import hand_sentence
from tests.standings.records import played_record


def row(rank: int, names: tuple[str, ...], rating: float, wins: int, points: int) -> LeaderboardRow:
    ids = tuple(range(1, len(names) + 1))
    return LeaderboardRow(rank, ids, names, rating, 25.0, 8.0, 6, wins, points)


def test_a_leaderboard_line_shows_the_figure_it_is_ordered_by() -> None:
    page = LeaderboardPage([row(1, ("alice",), 12.345, 4, 310)], 1, 0, 10)
    assert "12.3" in fmt.leaderboard_lines(page, "rating")[0]
    assert "4 wins" in fmt.leaderboard_lines(page, "wins")[0]
    assert "310 pts" in fmt.leaderboard_lines(page, "points")[0]
    assert fmt.leaderboard_lines(page, "rating")[0].startswith("**1.** alice")


def test_a_pair_is_named_by_both_partners() -> None:
    page = LeaderboardPage([row(3, ("alice", "carol"), 5.0, 2, 90)], 12, 0, 10)
    assert "alice & carol" in fmt.leaderboard_lines(page, "rating")[0]


def test_pages_round_up_and_an_empty_board_has_one() -> None:
    assert [fmt.page_count(n) for n in (0, 1, 10, 11, 25)] == [1, 1, 1, 2, 3]


def test_the_rank_line_names_the_player_or_says_they_are_not_ranked() -> None:
    assert fmt.rank_line("bob", 4, 9) == words.RANKED.format(name="bob", rank=4, total=9)
    assert fmt.rank_line("bob", None, 9) == words.UNRANKED.format(name="bob")


def test_a_partnership_result_lists_each_pair_once_winners_marked() -> None:
    seats = [
        SeatResult(0, 1, "alice", 0, 102, True),
        SeatResult(1, 2, "bob", 1, 87, False),
        SeatResult(2, 3, "carol", 0, 102, True),
        SeatResult(3, None, "AI 1 (hard)", 1, 87, False),
    ]
    summary = MatchSummary(7, "t7", 1, None, "partnership", False, 5, 0.0, seats)
    assert fmt.unit_results(summary) == "🏆 alice & carol 102 · bob & AI 1 (hard) 87"
    line = fmt.history_line(summary)
    assert "#7" in line and "Partnership dominoes" in line and words.UNRATED in line


def test_figures_without_a_rated_match_or_a_points_game_say_so() -> None:
    stats = PlayerStats(1, 5, None, 3, 1, 1, 0, None, None, [VariantStats("french", 3, 1)])
    figures = dict(fmt.stats_figures(stats, None))
    assert figures[words.RATING] == words.UNRATED_ONLY
    assert figures[words.POINTS_PER_HAND] == words.NO_POINTS
    assert figures[words.WIN_RATE] == "33%"
    assert fmt.by_game_lines(stats) == ["French dominoes: 3 games, 1 win (33%)"]


def test_figures_of_a_rated_player_give_rating_rank_and_points_per_hand() -> None:
    trend = [RatingPoint(1, 86_400.0, 3.0), RatingPoint(2, 3 * 86_400.0, 4.5)]
    stats = PlayerStats(1, 5, None, 2, 2, 2, 2, 21.25, 4.5, [], trend)
    figures = dict(fmt.stats_figures(stats, 2))
    assert figures[words.RATING] == "4.5 (#2)" and figures[words.POINTS_PER_HAND] == "21.2"
    assert fmt.chart_caption(stats) == "last 2 rated matches · 1970-01-02 – 1970-01-04"


def test_replay_captions_tell_the_deal_each_move_and_the_end() -> None:
    record = played_record("two-player", 2, {"target": 50}, seed=3)
    names = ["alice", "bob"]
    sizes = hand_sizes(record)
    deal = fmt.step_caption(step_at(record, 0), names, [0])
    assert deal == words.STEP_DEAL.format(hand=1, hands=len(sizes))
    first = record["hands"][0]["actions"][0]
    move = fmt.step_caption(step_at(record, 1), names, [0])
    assert f"move 1 of {sizes[0]}" in move and names[first["seat"]] in move
    hand_end = fmt.step_caption(step_at(record, sizes[0]), names, [0])
    step = step_at(record, sizes[0])
    assert hand_end.endswith(hand_sentence(step.view, step.view.results[0], names))
    last = fmt.step_caption(step_at(record, position_count(sizes) - 1), names, [0])
    assert last.endswith(ENGLISH.say(ENGLISH.outcome_match_won, names="alice"))
    drawn = fmt.step_caption(step_at(record, 999), names, [])
    assert drawn.endswith(ENGLISH.outcome_match_drawn)
