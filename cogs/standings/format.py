"""The words of the standings commands, from the data layer's values: leaderboard lines, a
match's result line, a player's figures, a replay step's caption. Pure (no Discord, no
database), so the tests read them directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from cogs import texts
from cogs.lang import N_, Words
from cogs.lang import words as words_in
from cogs.standings import texts as words
from cogs.standings.replay import Step
from data.models import LeaderboardPage, LeaderboardRow, MatchSummary, Order, PlayerStats, Season
from engine.actions import Action, Draw, Pass, Play
from engine.errors import UnknownVariant
from engine.variants import get_variant
from engine.view import SeatView
from render import move_label
from render.labels import played_label
from render.outcome import hand_sentence, match_sentence

PAGE_SIZE = 10
ENGLISH = words_in("en")
SEAT = N_("Seat {number}")


def game_name(variant: str | None, *, w: Words = ENGLISH) -> str:
    """The game's display name ("All games" for none; the id itself for a game since removed)."""
    if variant is None:
        return w(words.ALL_GAMES)
    try:
        get_variant(variant)
    except UnknownVariant:
        return variant
    return w.game_name(variant)


def season_name(season: Season | None, *, w: Words = ENGLISH) -> str:
    return w(words.ALL_TIME) if season is None else texts.user_text(season.name)


def page_count(total: int, size: int = PAGE_SIZE) -> int:
    """Pages of a leaderboard of `total` rows: at least one (an empty board has one page)."""
    return max(1, -(-total // size))


def row_value(row: LeaderboardRow, order: Order, *, w: Words = ENGLISH) -> str:
    if order == "wins":
        return words.wins_value(row.wins, w=w)
    if order == "points":
        return words.points_value(row.points, w=w)
    return words.rating_value(row.rating, w=w)


def leaderboard_lines(page: LeaderboardPage, order: Order, *, w: Words = ENGLISH) -> list[str]:
    """One line per row: rank, player (or "a & b" for a pair), the ordering figure, games, wins."""
    return [
        words.leaderboard_line(
            row.rank,
            " & ".join(texts.user_text(name) for name in row.names),
            row_value(row, order, w=w),
            row.games,
            row.wins,
            w=w,
        )
        for row in page.rows
    ]


def rank_line(name: str, rank: int | None, total: int, *, w: Words = ENGLISH) -> str:
    if rank is None:
        return w(words.UNRANKED, name=name)
    return w(words.RANKED, name=name, rank=str(rank), total=total)


def unit_results(summary: MatchSummary, *, w: Words = ENGLISH) -> str:
    """ "🏆 alice & carol 102 · bob & dave 87": each unit once, in unit order, winners marked."""
    units: dict[int, list[str]] = {}
    points: dict[int, int] = {}
    won: dict[int, bool] = {}
    for seat in sorted(summary.seats, key=lambda seat: seat.seat):
        units.setdefault(seat.unit, []).append(texts.user_text(seat.name))
        points[seat.unit] = seat.points
        won[seat.unit] = won.get(seat.unit, False) or seat.won
    return " · ".join(
        words.unit_score(" & ".join(names), points[unit], won[unit], w=w)
        for unit, names in sorted(units.items())
    )


def history_line(summary: MatchSummary, *, w: Words = ENGLISH) -> str:
    return words.match_line(
        summary.match_id,
        game_name(summary.variant, w=w),
        summary.hands,
        summary.rated,
        int(summary.finished_at),
        unit_results(summary, w=w),
        w=w,
        variant=summary.variant,
    )


def history_option(summary: MatchSummary, *, w: Words = ENGLISH) -> str:
    return words.match_option(
        summary.match_id, game_name(summary.variant, w=w), unit_results(summary, w=w), w=w
    )


def stats_figures(
    stats: PlayerStats, rank: int | None, *, w: Words = ENGLISH
) -> list[tuple[str, str]]:
    """(label, value) pairs for the stats embed, in reading order."""
    figures = [
        (w(words.GAMES), w.number(stats.games)),
        (w(words.WINS), w.number(stats.wins)),
        (w(words.WIN_RATE), words.percent(stats.win_rate, w=w)),
        (w(words.BEST_STREAK), w.number(stats.best_streak)),
        (w(words.CURRENT_STREAK), w.number(stats.current_streak)),
        (
            w(words.POINTS_PER_HAND),
            w.number(stats.points_per_hand, 1)
            if stats.points_per_hand is not None
            else w(words.NO_POINTS),
        ),
        (
            w(words.RATING),
            words.rating_line(stats.rating, rank, w=w)
            if stats.rating is not None
            else w(words.UNRATED_ONLY),
        ),
    ]
    return figures


def by_game_lines(stats: PlayerStats, *, w: Words = ENGLISH) -> list[str]:
    return [
        words.by_game_line(
            game_name(tally.variant, w=w),
            tally.games,
            tally.wins,
            words.percent(tally.win_rate, w=w),
            w=w,
        )
        for tally in stats.by_variant
    ]


def chart_caption(stats: PlayerStats, *, w: Words = ENGLISH) -> str:
    if not stats.trend:
        return ""
    first = datetime.fromtimestamp(stats.trend[0].finished_at, UTC).strftime("%Y-%m-%d")
    last = datetime.fromtimestamp(stats.trend[-1].finished_at, UTC).strftime("%Y-%m-%d")
    span = first if first == last else f"{first} – {last}"
    return f"{w.plural(*words.CHART_CAPTION, len(stats.trend))} · {span}"


def seat_names(summary: MatchSummary, players: int, *, w: Words = ENGLISH) -> list[str]:
    """The display name of every seat, in seat order (a seat missing from the results, which a
    correct recording never leaves, reads "Seat n")."""
    names = [w(SEAT, number=seat + 1) for seat in range(players)]
    for seat in summary.seats:
        if 0 <= seat.seat < players:
            names[seat.seat] = seat.name
    return names


def step_caption(
    step: Step, names: Sequence[str], winners: Sequence[int], *, w: Words = ENGLISH
) -> str:
    """What happened at this position: the deal, or who did what; at a hand's end its result,
    and at the record's end the match's (`winners`: the seats that won it, as recorded, which
    also covers a match ended by a resignation before its last hand was finished)."""
    hand, hands = step.hand + 1, step.hands
    if step.last is None:
        lines = [w(texts.dealt(words.STEP_DEAL, step.view.variant), hand=hand, hands=hands)]
    else:
        what = _what(names[step.last.seat], step.last, step.view, w)
        lines = [
            w(
                texts.dealt(words.STEP_MOVE, step.view.variant),
                hand=hand,
                hands=hands,
                move=step.moves,
                moves=step.hand_moves,
                what=what,
            )
        ]
    view = step.view
    if step.moves == step.hand_moves and len(view.results) > step.hand:
        result = view.results[step.hand]
        lines.append(hand_sentence(view, result, names, wording=w.wording()))
    if step.at_end:
        lines.append(match_sentence(view, sorted(winners), names, wording=w.wording()))
    return "\n".join(lines)


def _what(name: str, action: Action, view: SeatView, w: Words) -> str:
    if isinstance(action, Draw):
        return w(words.STEP_DREW, name=name)
    if isinstance(action, Pass):
        return w(words.STEP_PASSED, name=name)
    if isinstance(action, Play):
        # the end named as the board showed it before the move, as its button did
        return w(words.STEP_PLAYED, name=name, move=played_label(action, view, wording=w.wording()))
    return w(words.STEP_PLAYED, name=name, move=move_label(action, wording=w.wording()))


def score_lines(step: Step, names: Sequence[str], *, w: Words = ENGLISH) -> str:
    view = step.view
    return "\n".join(
        f"{' & '.join(names[seat] for seat in unit)}: {w.number(score)}"
        for unit, score in zip(view.units, view.scores, strict=True)
    )
