"""Every word the bot says to a user, in one place, so a later issue can translate them.

Plain constants for fixed sentences; small functions where a sentence carries values. Nothing
here decides a rule: the engine's own refusals (subclasses of `DominoError`) are shown as they are.
"""

from __future__ import annotations

# -- refusals (shown ephemerally) -------------------------------------------------------------

NO_SUCH_TABLE = "That table is closed."
NOT_YOUR_TURN = "It is not your turn."
NOT_SEATED = "You are not playing at this table."
STALE_BUTTON = "That button is out of date: the game has moved on. Use the newest message."
NOT_HOST = "Only the host can do that."
ALREADY_SEATED = "You already have a seat at this table."
TABLE_FULL = "Every seat at this table is taken."
SEAT_TAKEN = "That seat is taken."
NOT_IN_LOBBY = "This table has already started."
NOT_PLAYING = "No hand is being played at this table."
NOT_BETWEEN_HANDS = "That can only be done between hands."
MATCH_NOT_OVER = "The match is not over yet."
MAY_NOT_LEAD = "Your pair did not win the last hand, so you may not lead the next one."
NO_DRAW_WITH_AI = "A draw needs every player to agree, and the AI players never do: resign instead."
REMATCH_TAKEN = "A rematch of this table has already been opened."
MODERATOR_ONLY = "Only moderators (Manage Threads or Manage Server) can end a table."
GUILD_ONLY = "Domino tables are played in a server channel."
UNKNOWN_LEVEL = "There is no AI level called {level!r} (levels: {levels})."
UNKNOWN_GAME = "There is no game called {name!r}. Pick one from the list."
BAD_OPTIONS = "Options look like `target=150 teams=2`; I could not read {text!r}."
TOO_MANY_SEATS = "{game} is played by at most {most} players."
MISSING_PERMISSIONS = (
    "I can't run a table here: I am missing {permissions} in this channel. "
    "Ask a moderator to grant them (see the README's install section)."
)
ATTACH_FILES = "Attach Files"
VIEW_CHANNEL = "View Channel"
SEND_MESSAGES = "Send Messages"
SEND_MESSAGES_IN_THREADS = "Send Messages in Threads"
THE_TABLE_THREAD = "in the table's thread"
THE_TABLE_CHANNEL = "in this channel"
NOT_SAVED = "That could not be saved, so nothing changed: please try again."
UNEXPECTED = (
    "Something went wrong on my side (error {code}). The table is safe; "
    "quote the code to the server's moderators if it keeps happening."
)


def cannot_show(permission: str, where: str) -> str:
    """A permission the bot lost mid-match, by its name in Discord's settings."""
    return (
        f"I can't show this table {where}: I am missing **{permission}** there. The game is "
        "saved and goes on; ask a moderator to give it back and the board returns."
    )


def start_refused(reason: str) -> str:
    return f"Not yet: {reason}."


# -- lobby ------------------------------------------------------------------------------------

LOBBY_TITLE = "New table: {game}"
LOBBY_EXPIRED = "This lobby waited too long and closed itself."
LOBBY_CANCELLED = "The host cancelled this table."
LOBBY_STARTED = "The match has started{where}."
EMPTY_SEAT = "— empty —"
SEAT_PICK = "Pick a seat"
PARTNERS = "Playing together: seats {pairs}."
RATED = "rated"
UNRATED = "friendly (not rated)"
UNRATED_WITH_AI = "not rated while an AI holds a seat"


def lobby_description(
    host: str, summary: str, options: str, turn_seconds: int, rated: bool, *, with_ai: bool
) -> str:
    """The lobby's first lines. A rated table with an AI seat says it will not be rated: the
    leaderboards only count matches between people."""
    kind = UNRATED if not rated else UNRATED_WITH_AI if with_ai else RATED
    return (
        f"{summary}\n\n**Host:** {host} · **Options:** {options or 'defaults'} · "
        f"**Turn time:** {turn_seconds} s · {kind}"
    )


def seat_line(number: int, name: str | None, ai: str | None) -> str:
    if name is None:
        return f"Seat {number + 1}: {EMPTY_SEAT}"
    marker = f" (AI, {ai})" if ai else ""
    return f"Seat {number + 1}: {name}{marker}"


def ai_name(level: str, number: int) -> str:
    return f"AI {number}"


# -- buttons ----------------------------------------------------------------------------------

JOIN = "Join"
LEAVE = "Leave"
ADD_AI = "Add AI"
START = "Start"
CANCEL = "Cancel"
YOUR_HAND = "Your hand"
RESIGN = "Resign"
OFFER_DRAW = "Offer a draw"
READY = "Ready"
CLAIM_LEAD = "I'll lead"
REMATCH = "Rematch"
MOVES_PLACEHOLDER = "Choose your move"
MORE_MOVES = "More moves ({first}–{last})"
AI_LEVEL_PLACEHOLDER = "Add an AI player: choose its level"

# -- the table --------------------------------------------------------------------------------

TO_PLAY = "To play"
HANDS = "Tiles in hand"
BONEYARD = "Boneyard"
SCORES = "Scores"
LAST_MOVES = "Last moves"
TOTAL = "Running total"
STATUS = "Table"
TIMER = "Turn timer"
HAND_TITLE = "{game} · hand {number}"
BETWEEN_HANDS = (
    "Hand {number} is over. The next hand starts {when}, or as soon as everyone is ready."
)
CHOOSE_LEADER = "{pair} won the hand: either of them may press “I'll lead” to lead the next one."
MATCH_OVER = "Match over"
NO_BOARD_YET = "The table is empty."
DM_CLOSED = "{name}'s DMs are closed: press “Your hand” to see and play your tiles."
SPECTATORS = "Anyone can watch; only the players see their own tiles."


def played(name: str, move: str) -> str:
    return f"{name} played {move}"


def drew(name: str) -> str:
    return f"{name} drew"


def passed(name: str) -> str:
    return f"{name} passed"


def did(name: str, move: str) -> str:
    return f"{name}: {move}"


def forced(line: str) -> str:
    return f"{line} (forced)"


def timed_out(line: str) -> str:
    return f"{line} (time ran out)"


def handed_to_ai(name: str) -> str:
    return f"{name} timed out repeatedly: an AI plays their seat for the rest of the match."


def turn_line(name: str, mention: str | None) -> str:
    return f"{mention or name} is to play"


def deadline_line(timestamp: int) -> str:
    return f"<t:{timestamp}:R>"


def hand_result(number: int, winners: str, end: str, points: str) -> str:
    how = {"domino": "a player went out", "blocked": "the hand was blocked"}.get(end, end)
    return f"Hand {number} won by {winners} ({how}). Points: {points}."


def match_result(winners: str) -> str:
    return f"🏆 {winners} won the match." if winners else "The match ended in a draw."


def resigned(name: str) -> str:
    return f"{name} resigned."


def draw_offered(name: str, waiting: str) -> str:
    return f"{name} offers a draw (waiting for {waiting})."


DRAW_AGREED = "Everyone agreed to a draw."
ENDED_BY_MODERATOR = "A moderator ended this table."
LEFT_TABLE = "You left this table: a rematch will not include you."
READY_NOTED = "Ready noted."
LEAD_CLAIMED = "You will lead the next hand."
DRAW_OFFER_NOTED = "Your draw offer is on the table."
TABLE_ENDED = "Table ended."
REMATCH_OPENED = "Rematch lobby opened."

# -- the hand (private) -----------------------------------------------------------------------

YOUR_TILES = "Your tiles at {where}"
YOUR_TURN = "Your turn: choose a move below."
NOT_YOUR_TURN_YET = "Waiting for {name}."
HAND_FINISHED = "This hand is over."
NO_TILES = "You have no tiles."

# -- help -------------------------------------------------------------------------------------

HELP_TITLE = "Domino tables"
HELP = (
    "**/domino new** — open a table: pick the game, its options and the seats.\n"
    "**/domino rules** — the rules of any game.\n"
    "**/domino puzzle** — a solitaire puzzle for one player: Dominosa (place a tile by its "
    "cells, like C3-D3) or Quadrille (cells and numbers, like B1=3 C1=5); Hint shows a next "
    "tile.\n"
    "**/domino end** — (moderators) end a table in this channel.\n\n"
    "Join with the lobby's buttons; your tiles come by DM (or press “Your hand”). "
    "Play with the buttons under your hand. If your turn timer runs out an AI moves for you."
)
RULES_TITLE = "{name} — rules"
RULES_FOOTER = "Source: {source} · players: {players}"

# -- puzzles ----------------------------------------------------------------------------------

PUZZLE_TITLES = {
    "dominosa": "Dominosa (double-{size}) · {name}",
    "quadrille": "Quadrille · {name}",
}
PUZZLE_HOWS = {
    "dominosa": (
        "Find where every tile lies: each pair of side-by-side numbers is one tile, and every "
        "tile of the set appears exactly once. Name cells by column letter and row number, as on "
        "the picture: **C3-D3** places the tile on C3 and D3; **C3** removes the tile there."
    ),
    "quadrille": (
        "Fill the figure with all 28 tiles so that each 2 x 2 square shows one number and every "
        "number fills exactly two squares. Place a tile by its two cells and the number on each, "
        "as on the picture: **B1=3 C1=5**; remove it by one of its cells: **B1**."
    ),
}
PUZZLE_PROGRESS = "Progress"
PUZZLE_PLACE = "Place a tile"
PUZZLE_REMOVE = "Remove a tile"
PUZZLE_HINT = "Hint"
PUZZLE_QUIT = "Give up"
PUZZLE_CELLS = "Cells, like C3-D3"
PUZZLE_CELLS_HOW = "C3-D3: column letter, row number, as on the picture"
PUZZLE_CELL = "A cell of the tile, like C3"
PUZZLE_CELL_HOW = "C3"
PUZZLE_NUMBERS = "Cells and numbers, like B1=3 C1=5"
PUZZLE_NUMBERS_HOW = "B1=3 C1=5: each cell of the tile and the number it shows"
PUZZLE_NOT_YOURS = "This is someone else's puzzle: open your own with /domino puzzle."
PUZZLE_TWO_CELLS = "Name two side-by-side cells, like C3-D3."
PUZZLE_ONE_CELL = "Name one cell of the tile to remove, like C3."
PUZZLE_GAVE_UP = "Puzzle abandoned."


def puzzle_placed(tile: str, cells: str) -> str:
    return f"Placed {tile} on {cells}."


def puzzle_removed(tile: str, cells: str) -> str:
    return f"Removed {tile} from {cells}."


def puzzle_hint(text: str) -> str:
    return f"Hint: {text}"


def duration(seconds: float) -> str:
    """`45 s`, `4 min 05 s`, `1 h 02 min`."""
    whole = max(0, round(seconds))
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"


def puzzle_solved(actions: int, hints: int, seconds: float) -> str:
    return f"🎉 Solved in {duration(seconds)}, {actions} actions with {hints} hint(s)."


def puzzle_best(seconds: float, best: float | None) -> str:
    """The solve against the player's best at that puzzle and setting before it."""
    if best is None:
        return "Your first solve at this setting."
    if seconds < best:
        return f"A new personal best (it was {duration(best)})."
    return f"Your best at this setting: {duration(best)}."
