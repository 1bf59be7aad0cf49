"""Every word of /leaderboard, /stats, /history and /season, in one place (the pattern of
`cogs.texts`, kept apart so the two can change without stepping on each other). Constants are
messages marked for translation; functions take the reader's `Words`."""

from __future__ import annotations

from cogs import texts
from cogs.lang import N_, Nn_, Words

# -- names of things --------------------------------------------------------------------------

ALL_TIME = N_("All time")
ALL_GAMES = N_("All games")
# TRANSLATORS: the season running now, after its name in a menu
CURRENT = N_("current")
# TRANSLATORS: what the leaderboard is ordered by
ORDER_NAMES = {"rating": N_("rating"), "wins": N_("wins"), "points": N_("points")}
KIND_NAMES = {"players": N_("Players"), "pairs": N_("Fixed pairs")}

# -- /leaderboard -----------------------------------------------------------------------------

LEADERBOARD_TITLE = N_("Leaderboard · {season} · {game}")
LEADERBOARD_ORDER = N_("{kind}, by {order}")
LEADERBOARD_EMPTY = N_("No rated match counts here yet: finish a rated match to appear.")
LEADERBOARD_FOOTER = N_("Page {page} of {pages} · {what} · only rated matches count")
PLAYERS_COUNT = Nn_("{count} player", "{count} players")
PAIRS_COUNT = Nn_("{count} pair", "{count} pairs")
YOUR_RANK = N_("Your rank")
RANKED = N_("{name} is #{rank} of {total}.")
UNRANKED = N_("{name} is not on this leaderboard yet.")
PREVIOUS = N_("Previous")
NEXT = N_("Next")
MY_PAGE = N_("My page")
NOT_RANKED_HERE = N_("You are not on this leaderboard yet.")
UNKNOWN_SEASON = N_("There is no season “{name}” here. Pick one from the list.")


LEADERBOARD_LINE = N_("**{rank}.** {names} — {value} · {games}, {wins}")
GAMES_COUNT = Nn_("{count} game", "{count} games")
WINS_COUNT = Nn_("{count} win", "{count} wins")
# TRANSLATORS: points, abbreviated
POINTS_COUNT = Nn_("{count} pt", "{count} pts")


def leaderboard_line(rank: int, names: str, value: str, games: int, wins: int, *, w: Words) -> str:
    return w(
        LEADERBOARD_LINE,
        rank=rank,
        names=names,
        value=value,
        games=w.plural(*GAMES_COUNT, games),
        wins=w.plural(*WINS_COUNT, wins),
    )


def rating_value(rating: float, *, w: Words) -> str:
    return w.number(rating, 1)


def wins_value(wins: int, *, w: Words) -> str:
    return w.plural(*WINS_COUNT, wins)


def points_value(points: int, *, w: Words) -> str:
    return w.plural(*POINTS_COUNT, points)


# -- /stats -----------------------------------------------------------------------------------

STATS_TITLE = N_("{name} · {season}")
STATS_NONE = N_("{name} has not finished a match here yet.")
GAMES = N_("Games")
WINS = N_("Wins")
WIN_RATE = N_("Win rate")
BEST_STREAK = N_("Best streak")
CURRENT_STREAK = N_("Current streak")
POINTS_PER_HAND = N_("Points per hand")
RATING = N_("Rating")
BY_GAME = N_("By game")
NO_POINTS = N_("— (no points game)")
UNRATED_ONLY = N_("— (no rated match)")
CHART_TITLE = N_("{name}: rating after each rated match")
CHART_CAPTION = Nn_("last {count} rated match", "last {count} rated matches")
STATS_FOOTER = N_("Games and wins count every match; the rating only rated ones.")


BY_GAME_LINE = N_("{game}: {games}, {wins} ({rate})")
RATING_RANKED = N_("{rating} (#{rank})")


def percent(share: float, *, w: Words) -> str:
    return w.percent(share)


def by_game_line(game: str, games: int, wins: int, rate: str, *, w: Words) -> str:
    return w(
        BY_GAME_LINE,
        game=game,
        games=w.plural(*GAMES_COUNT, games),
        wins=w.plural(*WINS_COUNT, wins),
        rate=rate,
    )


def rating_line(rating: float, rank: int | None, *, w: Words) -> str:
    if rank is None:
        return w.number(rating, 1)
    return w(RATING_RANKED, rating=w.number(rating, 1), rank=rank)


# -- /history ---------------------------------------------------------------------------------

HISTORY_TITLE = N_("Recent matches · {name}")
HISTORY_SERVER = N_("this server")
HISTORY_EMPTY = N_("No finished match yet.")
HISTORY_MORE = N_("Older matches")
HISTORY_PICK = N_("Step through a match, move by move")
HISTORY_FOOTER = N_("Unrated matches (with AI players, or friendly) count here but not in ratings.")
RATED = N_("rated")
UNRATED = N_("not rated")


MATCH_LINE = N_("**#{number}** · {game} · {hands} · {kind} · {when}\n{result}")
HANDS_COUNT = Nn_("{count} hand", "{count} hands")
MATCH_OPTION = N_("#{number} {game}: {result}")


def match_line(
    number: int,
    game: str,
    hands: int,
    rated: bool,
    when: int,
    result: str,
    *,
    w: Words,
    variant: str = "",
) -> str:
    """One match of /domino history; `variant` (its id) says whether it counts hands or
    rounds (Mexican Train)."""
    counted = ROUNDS_COUNT if texts.in_rounds(variant) else HANDS_COUNT
    return w(
        MATCH_LINE,
        number=str(number),
        game=game,
        hands=w.plural(*counted, hands),
        kind=w(RATED if rated else UNRATED),
        when=f"<t:{when}:R>",
        result=result,
    )


def match_option(number: int, game: str, result: str, *, w: Words) -> str:
    return w(MATCH_OPTION, number=str(number), game=game, result=result)


def unit_score(names: str, points: int, won: bool, *, w: Words) -> str:
    return f"{'🏆 ' if won else ''}{names} {w.number(points)}"


# -- the stepper ------------------------------------------------------------------------------

NO_SUCH_MATCH = texts.NO_SUCH_MATCH  # the reviews refuse such a number too
NOT_REPLAYABLE = N_("Match #{number} cannot be replayed: {reason}")
STEP_TITLE = N_("Match #{number} · {game}")
STEP_DEAL = N_("Hand {hand} of {hands}: the deal.")
STEP_MOVE = N_("Hand {hand} of {hands}, move {move} of {moves}: {what}.")
STEP_FOOTER = N_("Position {position} of {count}")
PREVIOUS_HAND = N_("Previous hand")
PREVIOUS_MOVE = N_("Previous move")
NEXT_MOVE = N_("Next move")
NEXT_HAND = N_("Next hand")
SCORES = N_("Scores")


STEP_DREW = N_("{name} drew")
STEP_PASSED = N_("{name} passed")
STEP_PLAYED = N_("{name} played {move}")


# -- /season ----------------------------------------------------------------------------------

MANAGE_SERVER_ONLY = N_("Only moderators (Manage Server) can start or end seasons.")
SEASON_STARTED = N_("{name} has started.")
SEASON_STARTED_UNTIL = N_("{name} has started; it ends <t:{when}:f> (<t:{when}:R>).")
SEASON_REPEATS = Nn_(
    "When it ends, the next season starts at once and lasts {count} day.",
    "When it ends, the next season starts at once and lasts {count} days.",
)
SEASON_ENDED = N_("{name} has ended. Its standings stay browsable: {command} {season}:{number}.")
SEASON_STILL_OPEN = N_("{name} is still open: end it first.")
NO_OPEN_SEASON = N_("No season is open.")
REPEAT_NEEDS_DAYS = N_("A repeating season needs its length: give `days` too.")
SEASON_LIST_TITLE = N_("Seasons")
SEASON_NONE = N_("No season yet: start one with {command}.")
# TRANSLATORS: a season that is still running
SEASON_OPEN = N_("open")
SEASON_ENDS = N_("ends <t:{when}:R>")
SEASON_SCHEDULE = Nn_(
    "New seasons start by themselves every {count} day.",
    "New seasons start by themselves every {count} days.",
)
SEASON_NO_SCHEDULE = N_("Seasons start and end by hand.")


SEASON_CLOSED_LINE = N_("**{name}** · {started} – {ended}")
SEASON_OPEN_LINE = N_("**{name}** · since {started} · {open}")
SEASON_ENDING_LINE = N_("**{name}** · since {started} · {open}, {ends}")


def season_line(name: str, started: int, ended: int | None, ends: int | None, *, w: Words) -> str:
    day = f"<t:{started}:d>"
    if ended is not None:
        return w(SEASON_CLOSED_LINE, name=name, started=day, ended=f"<t:{ended}:d>")
    if ends is not None:
        return w(
            SEASON_ENDING_LINE,
            name=name,
            started=day,
            open=w(SEASON_OPEN),
            ends=w(SEASON_ENDS, when=str(ends)),
        )
    return w(SEASON_OPEN_LINE, name=name, started=day, open=w(SEASON_OPEN))


# -- a game whose deals are rounds (Mexican Train): the history's words about a hand, as a round --
ROUNDS_COUNT = Nn_("{count} round", "{count} rounds")
STEP_DEAL_ROUND = N_("Round {hand} of {hands}: the deal.")
STEP_MOVE_ROUND = N_("Round {hand} of {hands}, move {move} of {moves}: {what}.")
PREVIOUS_ROUND = N_("Previous round")
NEXT_ROUND = N_("Next round")
texts.IN_ROUNDS.update(
    {
        STEP_DEAL: STEP_DEAL_ROUND,
        STEP_MOVE: STEP_MOVE_ROUND,
        PREVIOUS_HAND: PREVIOUS_ROUND,
        NEXT_HAND: NEXT_ROUND,
    }
)
