"""The words of the standings commands, from the data layer's values: leaderboard lines, a
match's result line, a player's figures, a replay step's caption. Pure (no Discord, no
database), so the tests read them directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from cogs import standings_texts as words
from cogs.replay_steps import Step
from data.models import LeaderboardPage, LeaderboardRow, MatchSummary, Order, PlayerStats, Season
from engine.errors import UnknownVariant
from engine.variants import get_variant
from render import move_label

PAGE_SIZE = 10


def game_name(variant: str | None) -> str:
    """The game's display name ("All games" for none; the id itself for a game since removed)."""
    if variant is None:
        return words.ALL_GAMES
    try:
        return get_variant(variant).name
    except UnknownVariant:
        return variant


def season_name(season: Season | None) -> str:
    return words.ALL_TIME if season is None else season.name


def page_count(total: int, size: int = PAGE_SIZE) -> int:
    """Pages of a leaderboard of `total` rows: at least one (an empty board has one page)."""
    return max(1, -(-total // size))


def row_value(row: LeaderboardRow, order: Order) -> str:
    if order == "wins":
        return words.wins_value(row.wins)
    if order == "points":
        return words.points_value(row.points)
    return words.rating_value(row.rating)


def leaderboard_lines(page: LeaderboardPage, order: Order) -> list[str]:
    """One line per row: rank, player (or "a & b" for a pair), the ordering figure, games, wins."""
    return [
        words.leaderboard_line(
            row.rank, " & ".join(row.names), row_value(row, order), row.games, row.wins
        )
        for row in page.rows
    ]


def rank_line(name: str, rank: int | None, total: int) -> str:
    if rank is None:
        return words.UNRANKED.format(name=name)
    return words.RANKED.format(name=name, rank=rank, total=total)


def unit_results(summary: MatchSummary) -> str:
    """ "🏆 alice & carol 102 · bob & dave 87": each unit once, in unit order, winners marked."""
    units: dict[int, list[str]] = {}
    points: dict[int, int] = {}
    won: dict[int, bool] = {}
    for seat in sorted(summary.seats, key=lambda seat: seat.seat):
        units.setdefault(seat.unit, []).append(seat.name)
        points[seat.unit] = seat.points
        won[seat.unit] = won.get(seat.unit, False) or seat.won
    return " · ".join(
        words.unit_score(" & ".join(names), points[unit], won[unit])
        for unit, names in sorted(units.items())
    )


def history_line(summary: MatchSummary) -> str:
    return words.match_line(
        summary.match_id,
        game_name(summary.variant),
        summary.hands,
        summary.rated,
        int(summary.finished_at),
        unit_results(summary),
    )


def history_option(summary: MatchSummary) -> str:
    return words.match_option(summary.match_id, game_name(summary.variant), unit_results(summary))


def stats_figures(stats: PlayerStats, rank: int | None) -> list[tuple[str, str]]:
    """(label, value) pairs for the stats embed, in reading order."""
    figures = [
        (words.GAMES, str(stats.games)),
        (words.WINS, str(stats.wins)),
        (words.WIN_RATE, words.percent(stats.win_rate)),
        (words.BEST_STREAK, str(stats.best_streak)),
        (words.CURRENT_STREAK, str(stats.current_streak)),
        (
            words.POINTS_PER_HAND,
            f"{stats.points_per_hand:.1f}"
            if stats.points_per_hand is not None
            else words.NO_POINTS,
        ),
        (
            words.RATING,
            words.rating_line(stats.rating, rank)
            if stats.rating is not None
            else words.UNRATED_ONLY,
        ),
    ]
    return figures


def by_game_lines(stats: PlayerStats) -> list[str]:
    return [
        words.by_game_line(
            game_name(tally.variant), tally.games, tally.wins, words.percent(tally.win_rate)
        )
        for tally in stats.by_variant
    ]


def chart_caption(stats: PlayerStats) -> str:
    if not stats.trend:
        return ""
    first = datetime.fromtimestamp(stats.trend[0].finished_at, UTC).strftime("%Y-%m-%d")
    last = datetime.fromtimestamp(stats.trend[-1].finished_at, UTC).strftime("%Y-%m-%d")
    span = first if first == last else f"{first} – {last}"
    return f"{words.CHART_CAPTION.format(count=len(stats.trend))} · {span}"


def seat_names(summary: MatchSummary, players: int) -> list[str]:
    """The display name of every seat, in seat order (a seat missing from the results, which a
    correct recording never leaves, reads "Seat n")."""
    names = [f"Seat {seat + 1}" for seat in range(players)]
    for seat in summary.seats:
        if 0 <= seat.seat < players:
            names[seat.seat] = seat.name
    return names


def step_caption(step: Step, names: Sequence[str], winners: Sequence[int]) -> str:
    """What happened at this position: the deal, or who did what; at a hand's end its result,
    and at the record's end the match's (`winners`: the seats that won it, as recorded, which
    also covers a match ended by a resignation before its last hand was finished)."""
    hand, hands = step.hand + 1, step.hands
    if step.last is None:
        lines = [words.STEP_DEAL.format(hand=hand, hands=hands)]
    else:
        what = f"{names[step.last.seat]} {_verb(move_label(step.last))}"
        lines = [
            words.STEP_MOVE.format(
                hand=hand, hands=hands, move=step.moves, moves=step.hand_moves, what=what
            )
        ]
    view = step.view
    if step.moves == step.hand_moves and len(view.results) > step.hand:
        result = view.results[step.hand]
        hand_winners = " & ".join(names[seat] for seat in result.winners) or "-"
        lines.append(words.HAND_OVER.format(winners=hand_winners, how=words.how_ended(result.end)))
    if step.at_end:
        champions = " & ".join(names[seat] for seat in sorted(winners))
        lines.append(
            words.MATCH_WINNERS.format(winners=champions) if champions else words.MATCH_DRAWN
        )
    return "\n".join(lines)


def _verb(label: str) -> str:
    if label == "draw":
        return "drew"
    if label == "pass":
        return "passed"
    return f"played {label}"


def score_lines(step: Step, names: Sequence[str]) -> str:
    view = step.view
    return "\n".join(
        f"{' & '.join(names[seat] for seat in unit)}: {score}"
        for unit, score in zip(view.units, view.scores, strict=True)
    )
