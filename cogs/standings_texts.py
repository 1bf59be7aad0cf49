"""Every word of /leaderboard, /stats, /history and /season, in one place (the pattern of
`cogs.texts`, kept apart so the two can change without stepping on each other)."""

from __future__ import annotations

# -- names of things --------------------------------------------------------------------------

ALL_TIME = "All time"
ALL_GAMES = "All games"
CURRENT = "current"
ORDER_NAMES = {"rating": "rating", "wins": "wins", "points": "points"}
KIND_NAMES = {"players": "Players", "pairs": "Fixed pairs"}

# -- /leaderboard -----------------------------------------------------------------------------

LEADERBOARD_TITLE = "Leaderboard · {season} · {game}"
LEADERBOARD_ORDER = "{kind}, by {order}"
LEADERBOARD_EMPTY = "No rated match counts here yet: finish a rated match to appear."
LEADERBOARD_FOOTER = "Page {page} of {pages} · {total} {what} · only rated matches count"
YOUR_RANK = "Your rank"
RANKED = "{name} is #{rank} of {total}."
UNRANKED = "{name} is not on this leaderboard yet."
PREVIOUS = "Previous"
NEXT = "Next"
MY_PAGE = "My page"
NOT_RANKED_HERE = "You are not on this leaderboard yet."
UNKNOWN_SEASON = "There is no season {name!r} here. Pick one from the list."


def leaderboard_line(rank: int, names: str, value: str, games: int, wins: int) -> str:
    return f"**{rank}.** {names} — {value} · {games} games, {wins} wins"


def rating_value(rating: float) -> str:
    return f"{rating:.1f}"


def wins_value(wins: int) -> str:
    return f"{wins} wins"


def points_value(points: int) -> str:
    return f"{points} pts"


# -- /stats -----------------------------------------------------------------------------------

STATS_TITLE = "{name} · {season}"
STATS_NONE = "{name} has not finished a match here yet."
GAMES = "Games"
WINS = "Wins"
WIN_RATE = "Win rate"
BEST_STREAK = "Best streak"
CURRENT_STREAK = "Current streak"
POINTS_PER_HAND = "Points per hand"
RATING = "Rating"
BY_GAME = "By game"
NO_POINTS = "— (no points game)"
UNRATED_ONLY = "— (no rated match)"
CHART_TITLE = "{name}: rating after each rated match"
CHART_CAPTION = "last {count} rated matches"
STATS_FOOTER = "Games and wins count every match; the rating only rated ones."


def percent(share: float) -> str:
    return f"{share:.0%}"


def by_game_line(game: str, games: int, wins: int, rate: str) -> str:
    return f"{game}: {games} games, {wins} wins ({rate})"


def rating_line(rating: float, rank: int | None) -> str:
    return f"{rating:.1f}" + (f" (#{rank})" if rank is not None else "")


# -- /history ---------------------------------------------------------------------------------

HISTORY_TITLE = "Recent matches · {name}"
HISTORY_SERVER = "this server"
HISTORY_EMPTY = "No finished match yet."
HISTORY_MORE = "Older matches"
HISTORY_PICK = "Step through a match, move by move"
HISTORY_FOOTER = "Unrated matches (with AI players, or friendly) count here but not in ratings."
RATED = "rated"
UNRATED = "not rated"


def match_line(number: int, game: str, hands: int, rated: bool, when: int, result: str) -> str:
    kind = RATED if rated else UNRATED
    noun = "hand" if hands == 1 else "hands"
    return f"**#{number}** · {game} · {hands} {noun} · {kind} · <t:{when}:R>\n{result}"


def match_option(number: int, game: str, result: str) -> str:
    return f"#{number} {game}: {result}"


def unit_score(names: str, points: int, won: bool) -> str:
    return f"{'🏆 ' if won else ''}{names} {points}"


# -- the stepper ------------------------------------------------------------------------------

STEP_TITLE = "Match #{number} · {game}"
STEP_DEAL = "Hand {hand} of {hands}: the deal."
STEP_MOVE = "Hand {hand} of {hands}, move {move} of {moves}: {what}."
STEP_FOOTER = "Position {position} of {count}"
PREVIOUS_HAND = "Previous hand"
PREVIOUS_MOVE = "Previous move"
NEXT_MOVE = "Next move"
NEXT_HAND = "Next hand"
HAND_OVER = "Hand over: {winners} {how}."
MATCH_WINNERS = "🏆 {winners} won the match."
MATCH_DRAWN = "The match ended without a winner."
SCORES = "Scores"


def how_ended(end: str) -> str:
    return {"domino": "went out", "blocked": "won the blocked hand"}.get(end, f"won ({end})")


# -- /season ----------------------------------------------------------------------------------

MANAGE_SERVER_ONLY = "Only moderators (Manage Server) can start or end seasons."
SEASON_STARTED = "{name} has started."
SEASON_STARTED_UNTIL = "{name} has started; it ends <t:{when}:f> (<t:{when}:R>)."
SEASON_REPEATS = " When it ends, the next season starts at once and lasts {days} days."
SEASON_ENDED = "{name} has ended. Its standings stay browsable: /leaderboard season:{number}."
REPEAT_NEEDS_DAYS = "A repeating season needs its length: give `days` too."
SEASON_LIST_TITLE = "Seasons"
SEASON_NONE = "No season yet: start one with /season start."
SEASON_OPEN = "open"
SEASON_ENDS = "ends <t:{when}:R>"
SEASON_SCHEDULE = "New seasons start by themselves every {days} days."
SEASON_NO_SCHEDULE = "Seasons start and end by hand."


def season_line(name: str, started: int, ended: int | None, ends: int | None) -> str:
    if ended is not None:
        return f"**{name}** · <t:{started}:d> – <t:{ended}:d>"
    if ends is not None:
        return f"**{name}** · since <t:{started}:d> · {SEASON_OPEN}, " + SEASON_ENDS.format(
            when=ends
        )
    return f"**{name}** · since <t:{started}:d> · {SEASON_OPEN}"
