"""Every word the bot says to a user, in one place, marked for translation (`cogs.lang`).

Constants are messages: English text with `{named}` placeholders, marked `N_` (or `Nn_` for a
pair of singular and plural) so `python -m cogs.lang extract` finds them; show one with
`words(language)(MESSAGE, **values)`. Functions compose sentences: those that take a `Words`
return text in its language; those that build lines of a table's log return a `Said` (a sentence
kept as message and values), so each reader sees it in their own language. Nothing here decides
a rule: the engine's own refusals (subclasses of `DominoError`) are worded from their templates.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import discord

import render.ends
import render.outcome
import render.sheet
import render.wording
from cogs.lang import N_, Nn_, Said, Words
from engine import get_variant
from engine.errors import UnknownVariant
from engine.rules import Deal, Tally
from engine.trains import trains_of
from engine.view import SeatView

# -- what users typed, shown back ------------------------------------------------------------

ECHO_LIMIT = 100  # characters of a user's text that a refusal or a name shows at most


def user_text(text: str, limit: int = ECHO_LIMIT) -> str:
    """Text a user chose (an option they typed, their display name, a season's name), as the
    bot shows it: on one line, clipped to `limit` characters with an ellipsis, its markdown
    escaped and its mentions neutralised, so it reads literally and pings nobody whatever it
    says (`**x**`, `@everyone`, `<@&role>`), and a refusal quoting it stays short.

    The same few names are shown again and again (every board, hand and alert names its
    players): the last `USER_TEXTS` names are kept (a long text typed once is not)."""
    text = str(text)
    if len(text) > KEPT_LENGTH:
        return _user_text.__wrapped__(text, limit)
    return _user_text(text, limit)


USER_TEXTS = 4096  # escaped texts kept: a few per player of every table in play
KEPT_LENGTH = 200  # characters of a text kept at most: a name, not a pasted paragraph


@lru_cache(maxsize=USER_TEXTS)
def _user_text(text: str, limit: int) -> str:
    line = " ".join(text.split())
    if len(line) > limit:
        line = line[: limit - 1].rstrip() + "…"
    return discord.utils.escape_mentions(discord.utils.escape_markdown(line))


# -- refusals (shown ephemerally) -------------------------------------------------------------

NO_SUCH_TABLE = N_("That table is closed.")
#: A match number that is not a recorded match of this server (a replay, a review).
NO_SUCH_MATCH = N_("There is no match #{number} here.")
NOT_YOUR_TURN = N_("It is not your turn.")
NOT_SEATED = N_("You are not playing at this table.")
STALE_BUTTON = N_("That button is out of date: the game has moved on. Use the newest message.")
NOT_HOST = N_("Only the host can do that.")
ALREADY_SEATED = N_("You already have a seat at this table.")
TABLE_FULL = N_("Every seat at this table is taken.")
SEAT_TAKEN = N_("That seat is taken.")
NOT_IN_LOBBY = N_("This table has already started.")
NOT_PLAYING = N_("No hand is being played at this table.")
NOT_BETWEEN_HANDS = N_("That can only be done between hands.")
MATCH_NOT_OVER = N_("The match is not over yet.")
MAY_NOT_LEAD = N_("Your pair did not win the last hand, so you may not lead the next one.")
NO_DRAW_WITH_AI = N_(
    "A draw needs every player to agree, and the AI players never do: resign instead."
)
REMATCH_TAKEN = N_("A rematch of this table has already been opened.")
TOO_MANY_TABLES = N_(
    "You are already at {most} open tables: finish or leave one before taking another seat."
)
TOO_MANY_PUZZLES = N_("You already have {most} puzzles open: finish or give up one first.")
NOT_THIS_TABLE = N_("That button does not belong to a table here.")
NOBODY_SEATED = N_("A table needs at least one person seated: take a seat first.")
DRAW_ALREADY_OFFERED = N_("Your draw offer is already on the table.")
ALREADY_READY = N_("You are ready already: the next hand starts when everyone is.")
LEAD_ALREADY_CLAIMED = N_("You will lead the next hand already.")
MODERATOR_ONLY = N_("Only moderators (Manage Threads or Manage Server) can end a table.")
GUILD_ONLY = N_("Domino tables are played in a server channel.")
UNKNOWN_LEVEL = N_("There is no AI level called “{level}” (levels: {levels}).")
UNKNOWN_GAME = N_("There is no game called “{name}”. Pick one from the list.")
BAD_OPTIONS = N_("Options look like `target=150 teams=2`; I could not read “{text}”.")
NOT_A_NUMBER = N_(
    "Option {name} takes a whole number written with the digits 0-9, like 150; "
    "I could not read “{value}”."
)
TOO_MANY_OPTIONS = N_("That is more options than any game has: {most} at most.")
TOO_MANY_SEATS = N_("{game} is played by at most {most} players.")
TOO_FEW_SEATS = N_("{game} needs at least {least} players.")
MATCH_TOO_LONG = N_(
    "In {game}, option {option} can be {most} at most: a longer match would outlast its players."
)
A_PERMISSION = N_("a permission")
MISSING_PERMISSIONS = N_(
    "I can't run a table here: I am missing {permissions} in this channel. "
    "Ask a moderator to give them to me in the channel's settings (Permissions)."
)
# Permission names as Discord's settings show them (translations use Discord's own words).
ATTACH_FILES = N_("Attach Files")
VIEW_CHANNEL = N_("View Channel")
SEND_MESSAGES = N_("Send Messages")
SEND_MESSAGES_IN_THREADS = N_("Send Messages in Threads")
THE_TABLE_THREAD = N_("in the table's thread")
THE_TABLE_CHANNEL = N_("in this channel")
NOT_SAVED = N_("That could not be saved, so nothing changed: please try again.")
UNEXPECTED = N_(
    "Something went wrong on my side (error {code}). The table is safe; "
    "quote the code to the server's moderators if it keeps happening."
)


CANNOT_SHOW = N_(
    "I can't show this table {where}: I am missing **{permission}** there. The game is "
    "saved and goes on; ask a moderator to give it back and the board returns."
)


def cannot_show(w: Words, permission: str, where: str) -> str:
    """A permission the bot lost mid-match, by its name in Discord's settings (both messages
    of this module, worded by `w`)."""
    return w(CANNOT_SHOW, where=w(where), permission=w(permission))


NOT_YET = N_("Not yet: {reason}.")


def start_refused(reason: object) -> Said:
    """Why Start must wait: `reason` is the engine's refusal (in player words, a sentence)."""
    return Said.of(NOT_YET_SENTENCE, reason=Said.refusal(reason))


HINTS_NOT_RATED = N_(
    "Hints are only for tables that are not rated: a rated match is the players' own play."
)
HINTS_OFF = N_("This table has no hints: they are chosen when a table is opened (unrated only).")

NOT_AN_AI_SEAT = N_("Only an AI's seat can be emptied; players leave by themselves.")


# -- lobby ------------------------------------------------------------------------------------

LOBBY_TITLE = N_("New table: {game}")
LOBBY_EXPIRED = N_("This lobby waited too long and closed itself.")
LOBBY_CANCELLED = N_("The host cancelled this table.")
LOBBY_STARTED = N_("The match has started.")
# TRANSLATORS: an empty seat in the lobby
EMPTY_SEAT = N_("— empty —")
SEAT_PICK = N_("Pick a seat")
PARTNERS = N_("Playing together: seats {pairs}.")
RATED = N_("rated")
UNRATED = N_("friendly (not rated)")
UNRATED_WITH_AI = N_("not rated while an AI holds a seat")
# TRANSLATORS: after "friendly (not rated)" in the lobby: a player may ask the AI for a hint
WITH_HINTS = N_("{kind}, with hints")


LOBBY_DESCRIPTION = N_(
    "{summary}\n\n**Host:** {host} · **Options:** {options} · **Turn time:** {seconds} s · {kind}"
)
# TRANSLATORS: shown as the options when the host chose none: the game's defaults
DEFAULT_OPTIONS = N_("defaults")
SEATS = N_("Seats")
SEAT_LINE = N_("Seat {number}: {name}")
SEAT_LINE_AI = N_("Seat {number}: {name} (AI, {level})")
AI_NAME = "AI {number}"  # a name, kept as it is (players' names are not translated either)


def lobby_description(
    w: Words,
    host: str,
    summary: str,
    options: str,
    turn_seconds: int,
    rated: bool,
    *,
    with_ai: bool,
    hints: bool = False,
) -> str:
    """The lobby's first lines. A rated table with an AI seat says it will not be rated: the
    leaderboards only count matches between people. A table with hints says so."""
    kind = w(UNRATED if not rated else UNRATED_WITH_AI if with_ai else RATED)
    if hints:
        kind = w(WITH_HINTS, kind=kind)
    return w(
        LOBBY_DESCRIPTION,
        summary=summary,
        host=user_text(host),
        options=options or w(DEFAULT_OPTIONS),
        seconds=turn_seconds,
        kind=kind,
    )


def seat_line(w: Words, number: int, name: str | None, ai: str | None) -> str:
    if name is None:
        return w(SEAT_LINE, number=number + 1, name=w(EMPTY_SEAT))
    if ai:
        return w(SEAT_LINE_AI, number=number + 1, name=user_text(name), level=level_name(w, ai))
    return w(SEAT_LINE, number=number + 1, name=user_text(name))


AI_LEVELS = {
    # TRANSLATORS: the AI players' levels, weakest to strongest
    "random": N_("random"),
    "easy": N_("easy"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}


def level_name(w: Words, level: str) -> str:
    """An AI level as the lobby's menu shows it (a level without a translation as it is)."""
    return w(AI_LEVELS[level]) if level in AI_LEVELS else level


def ai_name(level: str, number: int) -> str:
    """An AI seat's name, kept with the table: English, since every reader sees the same name
    (a player's name is not translated either)."""
    return AI_NAME.format(number=number)


# The lobby's menus: a latecomer takes an AI's seat; the host fills, empties and chooses.
REPLACE_AI = N_("Seat {number}: replace {name}")
FILL_WITH_AI = N_("Fill every empty seat: {level}")
REMOVE_AI_PLACEHOLDER = N_("Remove an AI player")
REMOVE_AI = N_("Seat {number}: remove {name}")
OPTION_PLACEHOLDER = N_("Change an option (host)")
# TRANSLATORS: an option's value in the lobby's menu, the one the table has now
OPTION_NOW = N_("{option} (now)")


def replace_ai_line(w: Words, number: int, name: str) -> str:
    return w(REPLACE_AI, number=number + 1, name=user_text(name))


def remove_ai_line(w: Words, number: int, name: str) -> str:
    return w(REMOVE_AI, number=number + 1, name=user_text(name))


# -- buttons ----------------------------------------------------------------------------------

JOIN = N_("Join")
LEAVE = N_("Leave")
ADD_AI = N_("Add AI")
START = N_("Start")
CANCEL = N_("Cancel")
YOUR_HAND = N_("Your hand")
RESIGN = N_("Resign")
OFFER_DRAW = N_("Offer a draw")
READY = N_("Ready")
CLAIM_LEAD = N_("I'll lead")
REMATCH = N_("Rematch")
# TRANSLATORS: a button: where you lost points in the match just finished (only you see it)
REVIEW = N_("Review")
# TRANSLATORS: a button beside your moves: the move the AI would play, and why
HINT = N_("Hint")
MOVES_PLACEHOLDER = N_("Choose your move")
MORE_MOVES = N_("More moves ({first}–{last})")
AI_LEVEL_PLACEHOLDER = N_("Add an AI player: choose its level")

# -- the table --------------------------------------------------------------------------------

HAND_TITLE = N_("{game} · hand {number}")
# The line above it says how the hand ended (render/outcome.py).
NEXT_HAND_STARTS = N_("The next hand starts {when}, or as soon as everyone is ready.")
CHOOSE_LEADER = N_(
    "{pair} won the hand: either of them may press “I'll lead” to lead the next one."
)
NO_BOARD_YET = N_("The table is empty.")
# Under the turn line when the turn's alert came long after the turn began (Discord or the bot
# was down): the turn's time counts from when it was shown.
TURN_WAITED = N_(
    "The table waited while this turn could not be shown: its time counts from when it was."
)
DM_CLOSED = N_("{name}'s DMs are closed: press “Your hand” to see and play your tiles.")
SPECTATORS = N_("Anyone can watch; only the players see their own tiles.")


PLAYED = N_("{name} played {move}")
DREW = N_("{name} drew")
PASSED = N_("{name} passed")
# TRANSLATORS: a player did a move of the game's own (laying pairs, exchanging a tile)
DID = N_("{name}: {move}")
FORCED = N_("{line} (forced)")
TIMED_OUT = N_("{line} (time ran out)")
HANDED_TO_AI = N_("{name} timed out repeatedly: an AI plays their seat for the rest of the match.")
TURN_LINE = N_("{name} is to play")
RESIGNED = N_("{name} resigned.")
DRAW_OFFERED = N_("{name} offers a draw (waiting for {waiting}).")


# Lines of a table's log: kept as `Said`, worded for whoever reads the board.


def played(name: str, move: object) -> Said:
    return Said.of(PLAYED, name=user_text(name), move=move)


def move_on(tile: object, end: render.ends.EndName) -> Said:
    """A play on a named end ("9-8 on 9 (empty place)"), kept to word for each reader in the
    words its move button had (render's templates: `render.ends`)."""
    english = render.wording.ENGLISH
    values: dict[str, object] = {"number": end.number}
    if end.side is not None:
        values["side"] = Said(getattr(english, f"side_{end.side}"), context="side")
    if end.place is not None:
        place = getattr(english, f"place_{end.place}", None)
        values["place"] = end.place if place is None else Said(place, context="place")
    template = render.ends.end_template(end)
    end_said = Said.of(template, **values) if template != "{number}" else end.number
    return Said.of(english.move_on, tile=str(tile), end=end_said)


def drew(name: str) -> Said:
    return Said.of(DREW, name=user_text(name))


def passed(name: str) -> Said:
    return Said.of(PASSED, name=user_text(name))


def did(name: str, move: object) -> Said:
    return Said.of(DID, name=user_text(name), move=move)


def forced(line: Said) -> Said:
    return Said.of(FORCED, line=line)


def timed_out(line: Said) -> Said:
    return Said.of(TIMED_OUT, line=line)


def handed_to_ai(name: str) -> Said:
    return Said.of(HANDED_TO_AI, name=user_text(name))


def resigned(name: str) -> Said:
    return Said.of(RESIGNED, name=user_text(name))


def draw_offered(name: str, waiting: str) -> Said:
    """`waiting`: the names of the players yet to agree, as one text."""
    return Said.of(
        DRAW_OFFERED, name=user_text(name), waiting=user_text(waiting, limit=ECHO_LIMIT * 4)
    )


def turn_line(w: Words, name: str, mention: str | None) -> str:
    """`name` as shown already (`BoardSnapshot.shown_names`)."""
    return w(TURN_LINE, name=mention or name)


def deadline_line(timestamp: int) -> str:
    """A Discord timestamp: each reader's client writes it in their own language."""
    return f"<t:{timestamp}:R>"


def hand_outcome(w: Words, view: SeatView, names: Sequence[str]) -> str:
    """How the view's last finished hand ended: the one sentence every place shows
    (render/outcome.py), in `w`'s words; `names` as the reader sees them."""
    return render.outcome.hand_sentence(view, view.results[-1], names, wording=w.wording())


def hand_points(w: Words, view: SeatView, names: Sequence[str]) -> str:
    """The points of the view's last finished hand: only the sides whose score changed, each
    with its total; penalty points named so, with the score that loses."""
    return render.outcome.points_sentence(view, view.results[-1], names, wording=w.wording())


def hand_bonuses(w: Words, view: SeatView, names: Sequence[str]) -> list[str]:
    """The bonuses of the view's last finished hand (capicúa, chuchazo, passes, hand bonus), one
    line each; none in games without them."""
    return render.outcome.bonus_lines(view, view.results[-1], names, wording=w.wording())


def match_outcome(w: Words, view: SeatView, names: Sequence[str], winners: Sequence[int]) -> str:
    """How the match ended (`winners`: the seats that won it, none for a draw)."""
    return render.outcome.match_sentence(view, winners, names, wording=w.wording())


DRAW_AGREED = N_("Everyone agreed to a draw.")
ENDED_BY_MODERATOR = N_("A moderator ended this table.")
LEFT_TABLE = N_("You left this table: a rematch will not include you.")
READY_NOTED = N_("Ready noted.")
LEAD_CLAIMED = N_("You will lead the next hand.")
DRAW_OFFER_NOTED = N_("Your draw offer is on the table.")
TABLE_ENDED = N_("Table ended.")
REMATCH_OPENED = N_("Rematch lobby opened.")
REMATCH_INVITE = N_("{players}: {host} asks for a rematch. Press Join to play again.")
REMATCH_JOINED = N_("You have a seat in the rematch.")

# -- the hand (private) -----------------------------------------------------------------------

YOUR_TILES = N_("Your tiles at {where}")
YOUR_TURN = N_("Your turn: choose a move below.")
NOT_YOUR_TURN_YET = N_("Waiting for {name}.")
HAND_FINISHED = N_("This hand is over.")
NO_TILES = N_("You have no tiles.")

# -- help -------------------------------------------------------------------------------------

HELP_TITLE = N_("Domino tables")
HELP = N_(
    "**{new}** — open a table: pick the game, its options and the seats.\n"
    "**{rules}** — the rules of any game.\n"
    "**{puzzle}** — a solitaire puzzle for one player: Dominosa (place a tile by its "
    "cells, like C3-D3) or Quadrille (cells and numbers, like B1=3 C1=5); Hint shows a next "
    "tile.\n"
    "**{end}** — (moderators) end a table in this channel.\n\n"
    "Join with the lobby's buttons; your tiles come by DM (or press “Your hand”). "
    "Play with the buttons under your hand. If your turn timer runs out an AI moves for you."
)
HELP_MORE = N_(
    "**{help}** — this list.\n"
    "**{language}** — (moderators) the language of this server's tables.\n"
    "**{defaults}** — (moderators) the turn time of new tables and whether they are rated.\n"
    "**{settings}** — your own settings (where your hands go).\n"
    "**{leaderboard}** — this server's standings; **{stats}** — a player's record.\n"
    "**{history}** — recent matches, to replay move by move.\n"
    "**{season}** — this server's seasons (moderators start and end them)."
)
HELP_REVIEW = N_(
    "**{review}** — after a match, where you lost points: your accuracy and your costliest "
    "decisions, judged by the AI from what you could see, for your eyes only (also the "
    "Review button of the final board and of {history}). A table opened with the hints "
    "option (not rated) offers a Hint button beside your moves."
)
HELP_MINE = N_("**{mine}** — your open tables and puzzles, to leave or give up any of them.")
RULES_TITLE = N_("{name} — rules")
RULES_FOOTER = N_("Source: {source} · players: {players}")

# -- /domino config language ------------------------------------------------------------------

LANGUAGE_MANAGERS_ONLY = N_("Only moderators (Manage Server) can choose the server's language.")
UNKNOWN_LANGUAGE = N_("There is no language “{language}” here.")
LANGUAGE_SET = N_(
    "From now on the tables of this server speak {language} in public; each player still gets "
    "their own messages in their own Discord language."
)
LANGUAGE_CHOSEN = N_(
    "The tables of this server speak {language} in public (chosen with {command}); each player "
    "gets their own messages in their own Discord language."
)
LANGUAGE_FROM_LOCALE = N_(
    "The tables of this server speak {language} in public (the server's Discord language: a "
    "moderator can choose another with {command}); each player gets their own "
    "messages in their own Discord language."
)

# -- where a player's hand goes (/domino settings) --------------------------------------------

YOUR_TURN_PING = N_("{mention} your turn.")
YOUR_TURN_IN_THREAD = N_("{mention} your turn: press “Your hand” to see and play your tiles.")
HANDS_BY_DM = N_(
    "Your hand comes by DM: on your turn a new DM pings you, with your tiles and your moves. "
    "Change it with {command}."
)
HANDS_IN_THREAD = N_(
    "On your turn the table's thread pings you: press “Your hand” there to see and play your "
    "tiles (only you see them). Change it with {command}."
)

# -- a person's open places (/domino mine) ----------------------------------------------------

MINE_TITLE = N_("Your open tables and puzzles")
MINE_NONE = N_("You have no open tables or puzzles.")
MINE_LOBBY_SEAT = N_("lobby, seat {number}")
MINE_HOSTING = N_("lobby, you host it")
MINE_PLAYING = N_("playing, seat {number}")
# TRANSLATORS: {done} is how far the puzzle is, like "3/28 tiles"
MINE_PUZZLE = N_("puzzle, {done}")
MINE_PLACEHOLDER = N_("Leave a table or give up a puzzle")
MINE_LEAVE_LOBBY = N_("Leave the lobby")
MINE_CLOSE_LOBBY = N_("Close the lobby (you host it)")
MINE_RESIGN = N_("Resign the match")
MINE_GIVE_UP = N_("Give up the puzzle")
MINE_NOT_YOURS = N_("This list is someone else's: see yours with {command}.")

# -- the server's defaults for new tables (/domino config defaults) ---------------------------

DEFAULTS_RATED = Nn_(
    "New tables in this server are rated and give {count} second a turn.",
    "New tables in this server are rated and give {count} seconds a turn.",
)
DEFAULTS_UNRATED = Nn_(
    "New tables in this server are not rated and give {count} second a turn.",
    "New tables in this server are not rated and give {count} seconds a turn.",
)
DEFAULTS_HOW = N_(
    "A host may choose otherwise in {new}; moderators (Manage Server) change these defaults "
    "with {command}."
)
DEFAULTS_SAVED = N_("Saved. {defaults}")
DEFAULTS_MANAGERS_ONLY = N_(
    "Only moderators (Manage Server) can change the server's defaults for new tables."
)
TURN_TIME_BOUNDS = N_(
    "A turn can last from {least} to {most} seconds, not {value}. Pick a number in between."
)

# -- the engine's refusals in player words (cogs/common/engine_words.py) ----------------------
# The engine explains itself to developers ("option pairs must be one of seating, random, not
# 'banana'"); players read these instead: capitalised, short, saying what to do.

# TRANSLATORS: a game's option as players name it; it follows "the"/"no" in the sentences below
OPTION_TARGET = N_("target score")
OPTION_SET = N_("tile set")
OPTION_TEAMS = N_("teams")
OPTION_PAIRS = N_("pairs")
OPTION_CHIPS = N_("chips")
OPTION_STAKE = N_("stake")
OPTION_HANDS = N_("number of hands")
OPTION_WINS = N_("hands to win")
OPTION_CALLED = N_("option “{name}”")
NO_SUCH_OPTION = N_("{game} has no {option}: leave it out.")
NO_SUCH_OPTION_TAKES = N_("{game} has no {option}: leave it out. Its options: {options}.")
OPTION_BETWEEN = N_("Choose a number from {least} to {most} for the {option}, not {value}.")
OPTION_AT_LEAST = N_("Choose a number of at least {least} for the {option}, not {value}.")
OPTION_ONE_OF = N_("Choose {allowed} for the {option}, not “{value}”.")
OPTION_A_NUMBER = N_("Choose a whole number for the {option}, like {example}, not “{value}”.")
CHIPS_BELOW_STAKE = N_(
    "Each player needs at least as many chips as the stake: raise the chips or lower the stake."
)
TEAMS_DO_NOT_FIT = N_(
    "{players} players cannot be split into {teams} teams of 2 to 5: choose other teams or seats."
)
PLAYED_BY = Nn_(
    "{game} is for {counts} and {count} is seated: fill or empty seats.",
    "{game} is for {counts} and {count} are seated: fill or empty seats.",
)
NO_COUNT_FITS = N_("No number of players can play {game} with these options: choose others.")
NOT_YET_SENTENCE = N_("Not yet. {reason}")
NO_SUCH_PUZZLE = N_("There is no puzzle called “{name}”: choose Dominosa or Quadrille.")

HAND_IS_OVER = N_("This hand is over: wait for the next one.")
SITTING_OUT = N_("You sit out this hand: wait for the next one.")
NO_SUCH_MOVE = N_("That is not a move of this game: use the buttons under your hand.")
NOT_IN_HAND = N_("You don't hold the {tile}: pick a tile from your hand.")
MUST_LEAD_WITH = N_("This hand opens with the {tile}: play it first.")
NO_END_TO_CHOOSE = N_("Here tiles go in one row: there is no end to choose.")
CHOOSE_AN_END = N_("The {tile} fits more than one end: choose one ({choices}).")
DOES_NOT_FIT_END = N_("The {tile} does not fit an end showing {end}: choose another end.")
CHOOSE_ONE_OF_ENDS = N_("The {tile} fits several ends showing {end}: choose one ({ids}).")
END_NOT_OPEN = N_("That end is no longer open: use the newest message.")
DOES_NOT_FIT_THAT_END = N_("The {tile} does not fit that end: choose another.")
MUST_PLAY = N_("You have a tile that fits, so you must play it.")
NO_DRAWING = N_("There is no drawing in this game: play a tile or pass.")
NOTHING_TO_DRAW = N_("There is nothing left to draw: pass instead.")
DRAWN_ALREADY = N_("You have already drawn this turn: play or pass.")
DRAW_FIRST = N_("You can still draw: draw before you pass.")
FIRST_TILE_DOWN = N_("The first tile is already down.")
LEAD_A_DOUBLE = N_("The first tile here must be a double, not the {tile}.")
NOT_IN_A_ROW = N_("Tiles are not laid in a row in this game: use the buttons under your hand.")
MATCH_OVER_REMATCH = N_("The match is over: press Rematch to play again.")
HAND_NOT_FINISHED = N_("This hand is still being played.")
MUST_LAY_PAIR = N_("You can lay a pair, so you must.")
NO_PAIR_EXCHANGE = N_("You have no pair: exchange a tile with the stock.")
PAIRS_MOVES = N_("Here you lay pairs, exchange a tile or pass.")
LAY_A_PAIR = N_("Lay at least one pair.")
TILE_IN_TWO_PAIRS = N_("The {tile} is in two of your pairs: use each tile once.")
NOT_A_PAIR = N_(
    "The {first} and the {second} are not a pair: they have {first_pips} and {second_pips} pips."
)
STOCK_EMPTY = N_("The stock is empty: there is nothing to exchange, so pass.")
NOT_A_TILE = N_("“{text}” is not a tile: write it like 6-4.")
NOT_IN_SET = N_("{a}-{b} is not a tile of this set: its halves run from 0 to {top}.")
TILE_HAS_NO = N_("The {tile} has no {number}.")
NO_SUCH_SET = N_("There is no double-{top} set here: choose {sets}.")

NOT_CELLS = N_("“{text}” does not name two cells: write them like C3-D3.")
NOT_A_PLACEMENT = N_(
    "“{text}” is not a placement: name two side-by-side cells and the number on each, like "
    "{example}."
)
NO_ROW_ZERO = N_("There is no row 0: rows count from 1.")
OFF_THE_GRID = N_(
    "{cell} is off the grid: rows go from 1 to {last_row} and columns from A to {last_column}."
)
TWO_DIFFERENT_CELLS = N_("A tile covers two different cells: name two.")
NOT_SIDE_BY_SIDE = N_("{first} and {second} are not side by side: a tile covers two neighbours.")
ALREADY_COVERED = N_("{cell} is already covered by the {tile} at {place}: remove it first.")
TILE_USED_ALREADY = N_(
    "{first} and {second} show {first_number} and {second_number}, and the {tile} is already at "
    "{place}: each tile is used once."
)
NOTHING_TO_REMOVE = N_("No tile covers {cell}: there is nothing to remove.")
PUZZLE_SOLVED_ALREADY = N_("The puzzle is already solved.")
NO_SOLUTION_AROUND = N_(
    "No solution keeps this placement: the tiles left cannot all be placed around it."
)
NO_SOLUTION_THEN = N_("No solution keeps this placement: then {dead_end}.")
NOT_IN_FIGURE = N_("{cell} is not part of the figure.")
NUMBERS_RUN = N_("The numbers run from 0 to {top}, not {value}.")
TILE_PLACED_ALREADY = N_("The {tile} is already at {place}: each tile is used once.")
SAME_SQUARE = N_("{first} and {second} are in one square, so they must show the same number.")
SQUARE_SHOWS = N_("The square {square} shows {shown}, so {cell} cannot show {value}.")
FILLS_TWO_ALREADY = N_(
    "{value} already fills two squares ({first} and {second}): each number fills exactly two."
)
FILLS_TWO_ONLY = N_("Each number fills exactly two squares: {value} cannot fill a third.")
FILLS_ONE_ALREADY = N_("{value} already fills the square {square}: it fills exactly one.")
FILLS_ONE_ONLY = N_("{value} fills exactly one square, not more.")
NO_FINISH_WITH = N_("No way to finish the figure keeps this placement: try another.")
FIGURE_FILLED = N_("The figure is already filled.")
NO_FINISH_FROM_HERE = N_("The figure cannot be finished from here: remove a tile.")
THIS_GAME = N_("This game")
OPTION_MINIMUM = N_("Choose at least {least} for the {option}.")
OPTION_MAXIMUM = N_("Choose at most {most} for the {option}.")
LIST_AND = N_("{first} and {others}")
LIST_OR = N_("{first} or {others}")
LIST_COMMA = N_("{first}, {others}")

# -- endings in the game's own terms: the table's words after a hand and a match --------------

OUT_NOT_READY = N_("You are out of this match: the others play on without you, and you can watch.")
# TRANSLATORS: {who} is YOU or YOUR_SIDE below, in the case "for ..." takes
YOUR_HAND_POINTS = N_("Hand {number} is over: {points} points for {who}, {total} in all.")
YOUR_HAND_NO_POINTS = N_("Hand {number} is over: no points for {who}, {total} in all.")
YOUR_HAND_PENALTY = N_(
    "Hand {number} is over: {points} penalty points for {who}, {total} in all (loses at {target})."
)
YOUR_HAND_PENALTY_POINTS = N_(
    "Hand {number} is over: {points} penalty points for {who}, {total} in all."
)
YOUR_HAND_NO_PENALTY = N_(
    "Hand {number} is over: no penalty points for {who}, {total} in all (loses at {target})."
)
# TRANSLATORS: the player reading, as "for ..." takes it ("for you")
YOU = N_("you")
# TRANSLATORS: the player's pair or team, as "for ..." takes it ("for your side")
YOUR_SIDE = N_("your side")
YOU_ARE_OUT = N_(
    "You are out of the match at {total} points (loses at {target}). The others play on: "
    "you can watch the board."
)
YOUR_SIDE_IS_OUT = N_(
    "Your side is out of the match at {total} points (loses at {target}). The others play on: "
    "you can watch the board."
)
YOU_ARE_OUT_NO_TOTAL = N_("You are out of the match. The others play on: you can watch the board.")
MATCH_IS_OVER = N_("The match is over: {outcome}")
# TRANSLATORS: the board's footer in a game of penalty points: {spectators} is SPECTATORS
PENALTY_FOOTER = N_("Penalty points: reaching {target} loses. · {spectators}")


def eliminations(w: Words, view: SeatView, names: Sequence[str]) -> list[str]:
    """The sides the view's last hand put out of the match, a sentence each (the game room:
    said under the hand's score sheet, to everyone)."""
    wording = w.wording()
    number = len(view.results) - 1
    return [
        render.outcome.out_sentence(view, unit, names, wording=wording)
        for unit in render.outcome.eliminated_in(view, number)
    ]


def your_hand(w: Words, view: SeatView, seat: int, names: Sequence[str]) -> str:
    """The seat's own result of the view's last hand, for its DM: its side's points (penalty
    points named so, with the score that loses) and its total. The pairs game counts pairs
    laid, not points: there the hand's own sentence says who laid how many and won it."""
    result = view.results[-1]
    if render.outcome.pairs_laid(result) is not None:
        return render.outcome.hand_sentence(view, result, names, wording=w.wording())
    tally = render.outcome.tally_of(view)
    unit = next(index for index, seats in enumerate(view.units) if seat in seats)
    if tally is Tally.HANDS:  # the sum game: hands won, first to `wins`
        wins = dict(view.options).get("wins", 0)
        won = YOUR_HANDS_WON_IT if seat in result.winners else YOUR_HANDS_SO_FAR
        return w(won, number=result.number + 1, total=result.scores[unit], wins=wins)
    if tally is Tally.CHIPS:  # pool: chips won or lost, chips left
        chips, total, number = result.points[unit], result.scores[unit], result.number + 1
        if not chips:
            return w(YOUR_CHIPS_EVEN, number=number, total=total)
        counted = YOUR_CHIPS_WON if chips > 0 else YOUR_CHIPS_LOST
        return w.plural(*counted, abs(chips), number=number, count=abs(chips), total=total)
    who = w(YOU if len(view.units[unit]) == 1 else YOUR_SIDE)
    points, total = result.points[unit], result.scores[unit]
    number = result.number + 1
    target = render.outcome.losing_target(view)
    if render.outcome.penalty(view) and target is not None:
        message = dealt(YOUR_HAND_PENALTY if points else YOUR_HAND_NO_PENALTY, view.variant)
        return w(message, number=number, points=points, who=who, total=total, target=target)
    if not points:
        return w(dealt(YOUR_HAND_NO_POINTS, view.variant), number=number, who=who, total=total)
    if render.outcome.penalty(view):
        return w(
            dealt(YOUR_HAND_PENALTY_POINTS, view.variant),
            number=number,
            points=points,
            who=who,
            total=total,
        )
    shown = w.wording().signed(points)
    return w(
        dealt(YOUR_HAND_POINTS, view.variant), number=number, points=shown, who=who, total=total
    )


def you_are_out(w: Words, view: SeatView, seat: int) -> str:
    """What the DM of a seat out of the match says while the others play on."""
    units = [index for index, seats in enumerate(view.units) if seat in seats]
    target = render.outcome.losing_target(view)
    if not units or target is None:
        return w(YOU_ARE_OUT_NO_TOTAL)
    unit = units[0]
    total = render.outcome.out_total(view, unit)
    message = YOU_ARE_OUT if len(view.units[unit]) == 1 else YOUR_SIDE_IS_OUT
    return w(message, total=total, target=target)


def match_is_over(w: Words, view: SeatView, names: Sequence[str], winners: Sequence[int]) -> str:
    """The last DM's line: the match (not only the hand) is over, and how it ended."""
    return w(MATCH_IS_OVER, outcome=match_outcome(w, view, names, winners))


def board_footer(w: Words, view: SeatView | None) -> str:
    """The board's footer: who may watch, and in a game of penalty points what they mean."""
    target = render.outcome.losing_target(view) if view is not None else None
    if target is None:
        return w(SPECTATORS)
    return w(PENALTY_FOOTER, target=target, spectators=w(SPECTATORS))


# A run of draws (and the pass after them) the table played itself for one player is one line
# of the log: "bob drew 3 tiles and passed", however long the run.
DREW_TILES = Nn_("{name} drew {count} tile", "{name} drew {count} tiles")
DREW_AND_PASSED = Nn_("{name} drew {count} tile and passed", "{name} drew {count} tiles and passed")
_MOVES = (PLAYED, DREW, PASSED, DID, DREW_TILES[0], DREW_AND_PASSED[0])


def said_by(line: Said) -> str | None:
    """The name (as the log has it) of who made the move of a log line; None for other lines
    (a resignation, a draw offer)."""
    if line.message in (FORCED, TIMED_OUT):
        inner = line.params.get("line")
        return said_by(inner) if isinstance(inner, Said) else None
    if line.message in _MOVES:
        name = line.params.get("name")
        return name if isinstance(name, str) else None
    return None


def _forced_run(line: Said) -> tuple[str, int, bool] | None:
    """A line the fold may join: (who, tiles drawn, passed) of a forced draw or pass, or of a
    run already folded that has not passed yet; None for any other line."""
    if line.message == FORCED:
        inner = line.params.get("line")
        if isinstance(inner, Said) and inner.message in (DREW, PASSED):
            name = inner.params.get("name")
            if isinstance(name, str):
                return name, 1 if inner.message == DREW else 0, inner.message == PASSED
    if line.message == DREW_TILES[0]:
        name, count = line.params.get("name"), line.params.get("count")
        if isinstance(name, str) and isinstance(count, int):
            return name, count, False
    return None


def folded(last: Said, line: Said) -> Said | None:
    """`line` joined to the log's `last` line when both are draws (or a closing pass) the
    table played itself for one player; None when they stay two lines."""
    before, after = _forced_run(last), _forced_run(line)
    if before is None or after is None or before[0] != after[0] or before[2]:
        return None
    name, count = before[0], before[1] + after[1]
    if count == before[1]:  # a pass after draws: the run ends here
        return Said.counted(DREW_AND_PASSED, count, name=name)
    return Said.counted(DREW_TILES, count, name=name)


# -- a table's options as players read them (the lobby's line and the host's menu) -----------
# TRANSLATORS: one of a table's options in the lobby, e.g. "target score: 150"
OPTION_VALUE = N_("{option}: {value}")
# TRANSLATORS: the value of the "pairs" option: partners are those who sit opposite
PAIRS_BY_SEATING = N_("partners sit opposite")
# TRANSLATORS: the value of the "pairs" option: partners are drawn at random
PAIRS_AT_RANDOM = N_("partners drawn at random")
# TRANSLATORS: the value of the "teams" option 0: no teams
TEAMS_NONE = N_("everyone for themselves")
TEAMS_COUNT = Nn_("{count} team", "{count} teams")
# TRANSLATORS: the value of the "set" option: a double-six, double-nine or double-twelve set
SET_DOUBLE = N_("double-{high}")
# TRANSLATORS: the value 0 of the "number of hands" option: each player deals one hand
HANDS_ONE_EACH = N_("one per player")

#: Each option of the games, by the name `/domino new` types, as players name it (the lobby
#: and the refusals say it so).
OPTION_NAMES: dict[str, str] = {
    "target": OPTION_TARGET,
    "set": OPTION_SET,
    "teams": OPTION_TEAMS,
    "pairs": OPTION_PAIRS,
    "chips": OPTION_CHIPS,
    "stake": OPTION_STAKE,
    "hands": OPTION_HANDS,
    "wins": OPTION_WINS,
}


def option_words(w: Words, name: str, value: object, game: str = "") -> str:
    """One option of a table in the words players read (`target score: 150`, `teams: everyone
    for themselves`), named in `game`'s words where it has them (Mexican Train's rounds); an
    option no text names is shown as `/domino new` types it."""
    option = w(dealt(OPTION_NAMES[name], game)) if name in OPTION_NAMES else name
    if name == "pairs" and value in ("seating", "random"):
        shown = w(PAIRS_BY_SEATING if value == "seating" else PAIRS_AT_RANDOM)
    elif name == "teams" and isinstance(value, int) and not isinstance(value, bool):
        shown = w(TEAMS_NONE) if value == 0 else w.plural(*TEAMS_COUNT, value, count=value)
    elif name == "set" and isinstance(value, int) and not isinstance(value, bool):
        shown = w(SET_DOUBLE, high=value)
    elif name == "hands" and value == 0:
        shown = w(HANDS_ONE_EACH)
    elif (name, value) in OPTION_VALUE_WORDS:
        shown = w(OPTION_VALUE_WORDS[name, value])
    elif name == "double-blank" and isinstance(value, int) and not isinstance(value, bool):
        shown = w(DOUBLE_BLANK_COUNTS, points=value)
    elif isinstance(value, list | tuple):
        shown = "/".join(map(str, value)) or "–"
    else:
        shown = str(value)
    return w(OPTION_VALUE, option=option, value=shown)


# -- resigning (cogs/tables/resigning.py) -----------------------------------------------------

ALREADY_RESIGNED = N_("You have resigned already: an AI plays your seat.")
NOT_ASKED_TO_CONCEDE = N_("Nobody asked you whether your side concedes.")
CONCEDE_QUESTION_CLOSED = N_("Too late: your side plays on.")
# TRANSLATORS: a button under "Resign?": the player stays in the match
KEEP_PLAYING = N_("Keep playing")
# TRANSLATORS: a button: the partner agrees that their side gives up the match
CONCEDE = N_("Concede")
# TRANSLATORS: a button: the partner declines to give up; an AI replaces the one who resigned
PLAY_ON = N_("Play on")
KEPT_PLAYING = N_("You play on.")
# The confirmation asked before a resignation: it says what happens at THIS table.
RESIGN_CONCEDES = N_("Resign? You concede the match: it ends now, and you lose it.")
RESIGN_CONCEDES_PAIR = N_(
    "Resign? You and {partners} concede the match: it ends now, and your side loses it."
)
RESIGN_LEAVES = N_(
    "Resign? You leave the match and rank last; an AI plays your seat to the end, and the"
    " others play on."
)
RESIGN_LAST_PERSON = N_("Resign? Nobody else plays on, so the match ends now, and you rank last.")
RESIGN_ASKS = N_(
    "Resign? An AI takes your seat at once, and {partners} will be asked whether your side"
    " concedes the match; if not, they play on with the AI."
)
RESIGNED_LEFT = N_("{name} resigned and ranks last; an AI plays their seat from now on.")
RESIGNED_ASKING = N_(
    "{name} resigned; an AI plays their seat from now on. {partners}: concede the match for"
    " your side, or play on?"
)
PLAYING_ON = N_("{name} plays on; an AI plays {resigner}'s seat.")
AGREED_TO_CONCEDE = N_("{name} agrees to concede.")
SIDE_LEFT = N_("{name}'s side concedes and ranks last; an AI plays their seats from now on.")


# The hand of a player who resigned and left, while the others play on.
YOU_RESIGNED_WATCH = N_(
    "You resigned: an AI plays your seat to the end of the match. You can watch."
)

# Posted in the table's thread (or channel), pinging the partner asked.
ASKED_TO_CONCEDE = N_(
    "{mention} {name} resigned, and an AI plays their seat from now on. Does your side concede"
    " the match? Answer with “Concede” or “Play on” on the board within {minutes} minutes;"
    " without an answer, your side plays on."
)


def resigned_left(name: str) -> Said:
    return Said.of(RESIGNED_LEFT, name=user_text(name))


def resigned_asking(name: str, partners: str) -> Said:
    """`partners`: the names of the people asked, as one text."""
    return Said.of(
        RESIGNED_ASKING,
        name=user_text(name),
        partners=user_text(partners, limit=ECHO_LIMIT * 4),
    )


def playing_on(name: str, resigner: str) -> Said:
    return Said.of(PLAYING_ON, name=user_text(name), resigner=user_text(resigner))


def agreed_to_concede(name: str) -> Said:
    return Said.of(AGREED_TO_CONCEDE, name=user_text(name))


def side_left(name: str) -> Said:
    return Said.of(SIDE_LEFT, name=user_text(name))


# -- coming back, the turn message's table, turns with a single move ---------------------------

HANDED_TO_AI_UNTIL_BACK = N_(
    "{name} ran out of time twice in a row: an AI plays their seat until they press “I'm back”."
)
CAME_BACK = N_("{name} is back and plays their seat again.")
NOT_TAKEN_OVER = N_("You are playing your seat yourself already.")
# TRANSLATORS: the button a player presses to play their seat again after an AI took it over
IM_BACK = N_("I'm back")
TAKEN_OVER_NOTE = N_(
    "You ran out of time twice in a row, so an AI plays your seat for now. Press “I'm back” "
    "to play it yourself again: the seat is yours until the match ends."
)
# TRANSLATORS: a move the player's setting played at once, since it was their only one
ONLY_MOVE = N_("{line} (only move)")
# TRANSLATORS: heading of the list of moves made since the player's last turn, in their DM
SINCE_YOUR_TURN = N_("Since your last turn:")
# TRANSLATORS: how many earlier moves the list above leaves out
EARLIER_MOVES = Nn_("… and {count} earlier move", "… and {count} earlier moves")
# TRANSLATORS: heading of the moves the bot made for the player (a single possible move, or
# their time ran out)
MADE_FOR_YOU = N_("Played for you:")
# TRANSLATORS: the table a turn message is about: {game} with {others} (the other players), in
# {place} (the server and the channel or thread)
TABLE_LINE = N_("{game} with {others}, in {place}")
# TRANSLATORS: the link to the table's board message, under a hand DM
GO_TO_BOARD = N_("Go to the table")
YOUR_TURN_AT = N_("{mention} your turn: {table}.")
ONLY_MOVES_AUTO = N_(
    "A turn with only one possible move is played for you at once (no ping), and your DM says "
    "what was played. Change it with {command}."
)
ONLY_MOVES_ASK = N_(
    "Every turn asks you, even one with only one possible move. Change it with {command}."
)
CHOOSE_LEADER_ONE = N_("{name} may press “I'll lead” to lead the next hand.")


def handed_to_ai_until_back(name: str) -> Said:
    return Said.of(HANDED_TO_AI_UNTIL_BACK, name=user_text(name))


def came_back(name: str) -> Said:
    return Said.of(CAME_BACK, name=user_text(name))


def only_move(line: Said) -> Said:
    return Said.of(ONLY_MOVE, line=line)


# -- games that count chips (pool) or hands won (sum), in the last DM of a hand -----------------
YOUR_CHIPS_WON = Nn_(
    "Hand {number} is over: you won {count} chip, {total} left.",
    "Hand {number} is over: you won {count} chips, {total} left.",
)
YOUR_CHIPS_LOST = Nn_(
    "Hand {number} is over: you lost {count} chip, {total} left.",
    "Hand {number} is over: you lost {count} chips, {total} left.",
)
YOUR_CHIPS_EVEN = N_("Hand {number} is over: no chips won or lost, {total} left.")
YOUR_HANDS_WON_IT = N_("Hand {number} is over and you won it: {total} won, first to {wins} wins.")
YOUR_HANDS_SO_FAR = N_("Hand {number} is over: {total} won so far, first to {wins} wins.")
# TRANSLATORS: a partner among the other players a turn message names ("with bob (your
# partner), AI 1, AI 2")
YOUR_PARTNER = N_("{name} (your partner)")
# TRANSLATORS: a move an AI made in the seat of a person (who timed out twice, or resigned and
# left): "alice played 6-4 (by the AI in her seat)"
BY_THE_AI = N_("{line} (by the AI in their seat)")


def by_the_ai(line: Said) -> Said:
    return Said.of(BY_THE_AI, line=line)


# -- the fives games: scores during play, their options in players' words ---------------------
# TRANSLATORS: a move that scored during play (All Fives, Fives and Threes): "alice played 5-5 —
# 10 points"
SCORED_LINE = Nn_("{line} — {count} point", "{line} — {count} points")


def scored(line: Said, points: int) -> Said:
    """A move's line with the points it scored during play."""
    return Said.counted(SCORED_LINE, points, line=line)


OPTION_DEAL = N_("tiles dealt")
# TRANSLATORS: All Fives' option: score the count itself, or the count divided by 5
OPTION_SCALE = N_("scoring")
OPTION_SPINNER = N_("spinner")
# TRANSLATORS: the winning score must be hit exactly ("yes") or may be passed ("no")
OPTION_EXACT = N_("exact winning score")
# TRANSLATORS: All Fives: the first score of a side must be at least this many points
OPTION_GET_IN = N_("first score at least")
OPTION_OUT_POINT = N_("point for going out")
# TRANSLATORS: Fives and Threes in pairs: the hand ends when one partner is out, or both
OPTION_PAIR_OUT = N_("hand ends when")
# TRANSLATORS: Fives and Threes: may the first tile of a hand win the match
OPTION_OUT_ON_DOWN = N_("win with the first tile")
OPTION_YES_VALUE = N_("yes")
OPTION_NO_VALUE = N_("no")
# TRANSLATORS: the value of the "scoring" option: score the count itself
SCALE_POINTS = N_("the count")
# TRANSLATORS: the value of the "scoring" option: a count of 15 scores 3
SCALE_FIVES = N_("the count ÷ 5")
# TRANSLATORS: the value of the "spinner" option: the first double placed is a spinner
SPINNER_FIRST = N_("the first double")
SPINNER_NONE = N_("none")
# TRANSLATORS: the value of the "hand ends when" option
PAIR_OUT_ONE = N_("one partner is out")
PAIR_OUT_BOTH = N_("both partners are out")

OPTION_NAMES.update(
    {
        "deal": OPTION_DEAL,
        "scale": OPTION_SCALE,
        "spinner": OPTION_SPINNER,
        "exact": OPTION_EXACT,
        "get-in": OPTION_GET_IN,
        "out-point": OPTION_OUT_POINT,
        "pair-out": OPTION_PAIR_OUT,
        "out-on-down": OPTION_OUT_ON_DOWN,
    }
)

#: The values of the fives games' word options, as players read them.
OPTION_VALUE_WORDS: dict[tuple[str, object], str] = {
    ("exact", "yes"): OPTION_YES_VALUE,
    ("exact", "no"): OPTION_NO_VALUE,
    ("out-on-down", "yes"): OPTION_YES_VALUE,
    ("out-on-down", "no"): OPTION_NO_VALUE,
    ("scale", "points"): SCALE_POINTS,
    ("scale", "fives"): SCALE_FIVES,
    ("spinner", "first"): SPINNER_FIRST,
    ("spinner", "none"): SPINNER_NONE,
    ("pair-out", "one"): PAIR_OUT_ONE,
    ("pair-out", "both"): PAIR_OUT_BOTH,
}
GET_IN_NEEDS_POINTS = N_(
    "A first score of at least 10 is played only when the count itself is scored (scale=points)."
)
PAIR_OUT_NEEDS_PAIRS = N_("Playing on until both partners are out needs pairs (teams=2).")
# TRANSLATORS: the value of the "tiles dealt" option in Fives and Threes: the league deal
DEAL_LEAGUE = N_("league: 9, 7 or 6 each")
# TRANSLATORS: the value of the "tiles dealt" option in Fives and Threes: the short deal
DEAL_SHORT = N_("short: 7, 5 or 5 each")
# TRANSLATORS: the value 0 of the "first score at least" option: any score counts
GET_IN_ANY = N_("any score")

OPTION_VALUE_WORDS.update(
    {("deal", "league"): DEAL_LEAGUE, ("deal", "short"): DEAL_SHORT, ("get-in", 0): GET_IN_ANY}
)
# -- Mexican Train ------------------------------------------------------------------------------
# TRANSLATORS: the board's title in Mexican Train: the round, how many there are, and the
# round's engine (the double in the hub every train starts from), e.g. "Mexican Train · round 2
# of 13 · engine 11-11"
TRAIN_ROUND_TITLE = N_("{game} · round {number} of {rounds} · engine {engine}")
OPTION_TILES = N_("tiles each")
OPTION_OPENING = N_("first turn")
OPTION_DOUBLES = N_("doubles")
OPTION_OWN_FIRST = N_("own train first")
OPTION_DOUBLE_BLANK = N_("double blank")
OPTION_OPEN_PENALTY = N_("open train penalty")
# TRANSLATORS: Mexican Train's option "first turn": one tile, like every turn
OPENING_SINGLE = N_("one tile")
# TRANSLATORS: Mexican Train's option "first turn": a run of tiles on one's own train
OPENING_RUN = N_("a run on your own train")
# TRANSLATORS: Mexican Train's option "doubles": the player covers their double at once
DOUBLES_COVER = N_("covered at once")
# TRANSLATORS: Mexican Train's option "doubles": after a double, one more tile anywhere
DOUBLES_ANY = N_("one more tile anywhere")
# TRANSLATORS: Mexican Train's option "double blank": what a 0-0 left in hand counts
DOUBLE_BLANK_COUNTS = N_("0-0 counts {points}")
# TRANSLATORS: refusal: the players cannot all take that many tiles from the set
TOO_MANY_TILES = N_(
    "{players} players with {tiles} tiles each need more than the {size} tiles beside the engine."
)

OPTION_NAMES.update(
    {
        "tiles": OPTION_TILES,
        "opening": OPTION_OPENING,
        "doubles": OPTION_DOUBLES,
        "own-first": OPTION_OWN_FIRST,
        "double-blank": OPTION_DOUBLE_BLANK,
        "open-penalty": OPTION_OPEN_PENALTY,
    }
)
#: The words of option values that are words of the engine ("run", "cover"): (option, value).
OPTION_VALUE_WORDS.update(
    {
        ("opening", "single"): OPENING_SINGLE,
        ("opening", "run"): OPENING_RUN,
        ("doubles", "cover"): DOUBLES_COVER,
        ("doubles", "any"): DOUBLES_ANY,
        ("own-first", "yes"): OPTION_YES_VALUE,
        ("own-first", "no"): OPTION_NO_VALUE,
    }
)


def round_title(w: Words, game: str, view: SeatView, number: int) -> str | None:
    """Mexican Train's board title, naming the round's engine; None in other games."""
    table = trains_of(view)
    if table is None:
        return None
    rounds = dict(view.options).get("hands", number)
    return w(TRAIN_ROUND_TITLE, game=game, number=number, rounds=rounds, engine=str(table.engine))


# TRANSLATORS: the table's log: a player placed a tile on their own train in Mexican Train
TRAIN_MOVE_THEIR_OWN = N_("{tile} on their own train")
# TRANSLATORS: the table's log: a player ended their opening run of tiles in Mexican Train
RUN_STOPPED = N_("{name} ended their run")


def train_move(tile: object, train: object, seat: int, names: Sequence[str]) -> Said:
    """A Mexican Train play as the table's log words it: on the Mexican train, on the player's
    own train, or on another player's train, by name."""
    english = render.wording.ENGLISH
    if not isinstance(train, int) or isinstance(train, bool):
        return Said.of(english.train_move_mexican, tile=str(tile))
    if train == seat:
        return Said.of(TRAIN_MOVE_THEIR_OWN, tile=str(tile))
    name = names[train] if train < len(names) else ""
    return Said.of(english.train_move_seat, tile=str(tile), name=user_text(name))


def run_stopped(name: str) -> Said:
    return Said.of(RUN_STOPPED, name=user_text(name))


# The options of the Latin scorings of partnership dominoes (RULES.md §4.1)
OPTION_NUMBER_OR_WORD = N_("Choose a whole number or {words} for the {option}, not “{value}”.")
OPTION_NUMBER_LIST = N_("Choose a list of whole numbers for the {option}, not “{value}”.")
PRESET_KEEPS_ITS_SCORING = N_(
    "{game} scores points its own way: for hands won, choose partnership dominoes with wins."
)
WINS_WITHOUT_POINTS = N_("A match of hands won has no {option}: leave out one of the two.")
# TRANSLATORS: the options of the Latin scorings of partnership dominoes as players name them
# (capicúa, chuchazo and tranque are the Caribbean players' own words); they follow "the"/"no"
OPTION_SCORING = N_("scoring")
OPTION_TRANQUE = N_("tranque (blocked hand)")
OPTION_TRANQUE_TIE = N_("tied tranque")
OPTION_CAPICUA = N_("capicúa bonus")
OPTION_CAPICUA_ENDS = N_("capicúa ends")
OPTION_CHUCHAZO = N_("chuchazo bonus")
OPTION_PASE_SALIDA = N_("bonus for a pass on the lead")
OPTION_PASE_CORRIDO = N_("bonus for three passes in a row")
OPTION_PASE = N_("bonus per pass")
OPTION_HAND_BONUS = N_("hand bonuses")
OPTION_LEAD = N_("later leads")
OPTION_NAMES.update(
    {
        "scoring": OPTION_SCORING,
        "tranque": OPTION_TRANQUE,
        "tranque-tie": OPTION_TRANQUE_TIE,
        "capicua": OPTION_CAPICUA,
        "capicua-ends": OPTION_CAPICUA_ENDS,
        "chuchazo": OPTION_CHUCHAZO,
        "pase-salida": OPTION_PASE_SALIDA,
        "pase-corrido": OPTION_PASE_CORRIDO,
        "pase": OPTION_PASE,
        "hand-bonus": OPTION_HAND_BONUS,
        "lead": OPTION_LEAD,
    }
)

# -- the Latin scorings of partnership (RULES.md §4.1): their options' values in players' words
# TRANSLATORS: the value of partnership's option "scoring": the losing pair adds its own pips
SCORING_PENALTY = N_("the losers add their pips")
# TRANSLATORS: the value of partnership's option "scoring": the winners add the losers' pips
SCORING_OPPONENTS = N_("the winners take the losers' pips")
# TRANSLATORS: the value of partnership's option "scoring": the winners add every pip left
SCORING_ALL = N_("the winners take every pip left")
# TRANSLATORS: the value of the option "blocked hand": each pair sums its two hands
TRANQUE_PAIRS = N_("lower pair total wins")
# TRANSLATORS: the value of the option "blocked hand": the single lowest hand wins for its pair
TRANQUE_PLAYER = N_("lowest single hand wins")
# TRANSLATORS: the value of the option "blocked hand": the blocker's hand against the next player's
TRANQUE_BLOCKER = N_("the blocker against the next player")
# TRANSLATORS: the value of the option "tied block": the blocker's pair wins the tie
TIE_BLOCKER = N_("the blocker's pair")
# TRANSLATORS: the value of the option "tied block": the pair that led the hand wins the tie
TIE_LEADER = N_("the leader's pair")
# TRANSLATORS: the value of the option "tied block": nobody scores, the hand is void
TIE_NONE = N_("nobody: a void hand")
# TRANSLATORS: the value of the option "capicúa ends": the last tile fits both ends in any way
CAPICUA_ANY = N_("any two ends")
# TRANSLATORS: the value of the option "capicúa ends": the two ends show the tile's two numbers
CAPICUA_DIFFERENT = N_("head and tail only")
# TRANSLATORS: the value of the option "who leads later hands": the pair that won the last one
LEAD_WINNERS = N_("the winners")
# TRANSLATORS: the value of the option "who leads later hands": the next seat every hand
LEAD_ROTATE = N_("the next seat in turn")

OPTION_VALUE_WORDS.update(
    {
        ("scoring", "penalty"): SCORING_PENALTY,
        ("scoring", "opponents"): SCORING_OPPONENTS,
        ("scoring", "all"): SCORING_ALL,
        ("tranque", "pairs"): TRANQUE_PAIRS,
        ("tranque", "player"): TRANQUE_PLAYER,
        ("tranque", "blocker"): TRANQUE_BLOCKER,
        ("tranque-tie", "blocker"): TIE_BLOCKER,
        ("tranque-tie", "leader"): TIE_LEADER,
        ("tranque-tie", "none"): TIE_NONE,
        ("capicua-ends", "any"): CAPICUA_ANY,
        ("capicua-ends", "different"): CAPICUA_DIFFERENT,
        ("lead", "winners"): LEAD_WINNERS,
        ("lead", "rotate"): LEAD_ROTATE,
    }
)

# -- a game whose deals are rounds (Mexican Train): the table's words about a hand, as a round --

NEXT_ROUND_STARTS = N_("The next round starts {when}, or as soon as everyone is ready.")
YOUR_ROUND_POINTS = N_("Round {number} is over: {points} points for {who}, {total} in all.")
YOUR_ROUND_NO_POINTS = N_("Round {number} is over: no points for {who}, {total} in all.")
YOUR_ROUND_PENALTY = N_(
    "Round {number} is over: {points} penalty points for {who}, {total} in all (loses at {target})."
)
YOUR_ROUND_PENALTY_POINTS = N_(
    "Round {number} is over: {points} penalty points for {who}, {total} in all."
)
YOUR_ROUND_NO_PENALTY = N_(
    "Round {number} is over: no penalty points for {who}, {total} in all (loses at {target})."
)
# TRANSLATORS: Mexican Train's option "hands": how many rounds the match plays
OPTION_ROUNDS = N_("number of rounds")
ALREADY_READY_ROUND = N_("You are ready already: the next round starts when everyone is.")
NOT_BETWEEN_ROUNDS = N_("That can only be done between rounds.")

#: Each text about a hand, by its twin about a round: `dealt` picks one by the game's word.
IN_ROUNDS: dict[str, str] = {
    NEXT_HAND_STARTS: NEXT_ROUND_STARTS,
    YOUR_HAND_POINTS: YOUR_ROUND_POINTS,
    YOUR_HAND_NO_POINTS: YOUR_ROUND_NO_POINTS,
    YOUR_HAND_PENALTY: YOUR_ROUND_PENALTY,
    YOUR_HAND_PENALTY_POINTS: YOUR_ROUND_PENALTY_POINTS,
    YOUR_HAND_NO_PENALTY: YOUR_ROUND_NO_PENALTY,
    OPTION_HANDS: OPTION_ROUNDS,
    ALREADY_READY: ALREADY_READY_ROUND,
    NOT_BETWEEN_HANDS: NOT_BETWEEN_ROUNDS,
}


def dealt(message: str, game: str) -> str:
    """`message` in the game's word for a deal (`Variant.deal`): a text about a hand becomes
    its twin about a round where players say "round" (Mexican Train). `game` is a variant id;
    an unknown one keeps the hand."""
    return IN_ROUNDS.get(message, message) if in_rounds(game) else message


def in_rounds(game: str) -> bool:
    """Whether players of `game` (a variant id) call its deals rounds; an unknown id: no."""
    try:
        return get_variant(game).deal is Deal.ROUND
    except UnknownVariant:
        return False


#: A /domino command that needs a server (its moderators, its settings, its channel), used in a
#: DM or a group DM, where only `/domino new` and the personal commands work.
SERVER_ONLY = N_("This command works in a server only.")
