"""What the solitaire puzzles (`/domino puzzle`) say, marked for translation like cogs/texts.py:
constants are messages (`N_`, `Nn_`), functions compose sentences (`Words` -> text in its
language; `Said` -> a sentence kept as message and values for each reader)."""

from __future__ import annotations

from cogs.lang import N_, Nn_, Said

PUZZLE_TITLES = {
    "dominosa": N_("Dominosa (double-{size}) · {name}"),
    "quadrille": N_("Quadrille · {name}"),
}
PUZZLE_HOWS = {
    "dominosa": N_(
        "Find where every tile lies: each pair of side-by-side numbers is one tile, and every "
        "tile of the set appears exactly once. Choose a row, then a tile in it; or type cells as "
        "on the picture (**C3-D3**). Mistakes are yours to find: **Check** counts them."
    ),
    "quadrille": N_(
        "Fill the figure with all 28 tiles so that each 2 x 2 square shows one number and every "
        "number fills exactly two squares. Place a tile by its two cells and the number on each, "
        "as on the picture: **B1=3 C1=5**; remove it by one of its cells: **B1**."
    ),
}
PUZZLE_PROGRESS = N_("Progress")
PUZZLE_PLACE = N_("Place a tile")
PUZZLE_REMOVE = N_("Remove a tile")
PUZZLE_HINT = N_("Hint")
PUZZLE_QUIT = N_("Give up")
PUZZLE_CELLS = N_("Cells, like C3-D3")
PUZZLE_CELLS_HOW = N_("C3-D3: column letter, row number, as on the picture")
PUZZLE_CELL = N_("A cell of the tile, like C3")
# TRANSLATORS: a cell name as on the picture's rulers: column letter, row number (keep it)
PUZZLE_CELL_HOW = N_("C3")
PUZZLE_NUMBERS = N_("Cells and numbers, like B1=3 C1=5")
PUZZLE_NUMBERS_HOW = N_("B1=3 C1=5: each cell of the tile and the number it shows")
PUZZLE_NOT_YOURS = N_("This is someone else's puzzle: open your own with {command}.")
PUZZLE_TWO_CELLS = N_("Name two side-by-side cells, like C3-D3.")
PUZZLE_ONE_CELL = N_("Name one cell of the tile to remove, like C3.")
PUZZLE_UNREADABLE = N_("I could not read “{text}”: name cells like {example}.")
PUZZLE_GAVE_UP = N_("Puzzle abandoned.")
# TRANSLATORS: {days} is a count of days ("7 days")
PUZZLE_PUT_AWAY = N_("Puzzle put away after {days} without a move.")
DAYS = Nn_("{count} day", "{count} days")


PUZZLE_PLACED = N_("Placed {tile} on {cells}.")
PUZZLE_REMOVED = N_("Removed {tile} from {cells}.")
PUZZLE_HINT_LINE = N_("Hint: {text}")
# TRANSLATORS: durations: {seconds} s, {minutes} min {seconds} s, {hours} h {minutes} min
SECONDS = N_("{seconds} s")
MINUTES = N_("{minutes} min {seconds} s")
HOURS = N_("{hours} h {minutes} min")
PUZZLE_SOLVED = N_("🎉 Solved in {time}, {actions} with {hints}.")
ACTIONS = Nn_("{count} action", "{count} actions")
HINTS = Nn_("{count} hint", "{count} hints")
FIRST_SOLVE = N_("Your first solve at this setting.")
NEW_BEST = N_("A new personal best (it was {time}).")
YOUR_BEST = N_("Your best at this setting: {time}.")


def puzzle_placed(tile: str, cells: str) -> Said:
    return Said.of(PUZZLE_PLACED, tile=tile, cells=cells)


def puzzle_removed(tile: str, cells: str) -> Said:
    return Said.of(PUZZLE_REMOVED, tile=tile, cells=cells)


def puzzle_hint(text: str) -> Said:
    return Said.of(PUZZLE_HINT_LINE, text=text)


def duration(seconds: float) -> Said:
    """`45 s`, `4 min 05 s`, `1 h 02 min`."""
    whole = max(0, round(seconds))
    if whole < 60:
        return Said.of(SECONDS, seconds=whole)
    if whole < 3600:
        return Said.of(MINUTES, minutes=whole // 60, seconds=f"{whole % 60:02d}")
    return Said.of(HOURS, hours=whole // 3600, minutes=f"{whole % 3600 // 60:02d}")


def puzzle_put_away(idle_seconds: float) -> Said:
    """Why an untouched puzzle closed: how long it waited, in whole days (at least one)."""
    days = max(1, round(idle_seconds / 86_400))
    return Said.of(PUZZLE_PUT_AWAY, days=Said.counted(DAYS, days))


def puzzle_solved(actions: int, hints: int, seconds: float) -> Said:
    return Said.of(
        PUZZLE_SOLVED,
        time=duration(seconds),
        actions=Said.counted(ACTIONS, actions),
        hints=Said.counted(HINTS, hints),
    )


def puzzle_best(seconds: float, best: float | None) -> Said:
    """The solve against the player's best at that puzzle and setting before it."""
    if best is None:
        return Said.of(FIRST_SOLVE)
    if seconds < best:
        return Said.of(NEW_BEST, time=duration(best))
    return Said.of(YOUR_BEST, time=duration(best))


# -- Dominosa played freely: placements by menus, mistakes told only when checked, a thread --
PUZZLE_CHECK = N_("Check")
PUZZLE_CHECK_NONE = N_("Check: no tile is placed yet.")
PUZZLE_CHECK_RIGHT = Nn_(
    "Check: {count} tile placed, and it is right.",
    "Check: {count} tiles placed, and all are right.",
)
PUZZLE_CHECK_WRONG = Nn_(
    "Check: {count} of the {placed} tiles placed is wrong.",
    "Check: {count} of the {placed} tiles placed are wrong.",
)
PUZZLE_CHECK_ALL_WRONG = Nn_(
    "Check: {count} tile placed, and it is wrong.",
    "Check: {count} tiles placed, and none is right.",
)
PUZZLE_COVERED_WRONG = N_(
    "Every cell is covered, but not as the solution has it: Check counts the tiles to move."
)
PUZZLE_CHOOSE_ROW = N_("Place or take away a tile: choose a row")
PUZZLE_ROW = N_("Row {row}")
PUZZLE_CHOOSE_TILE = N_("Choose a tile in row {row}")
# TRANSLATORS: a choice of the tiles' menu: the cells (as on the picture) and the tile there
PUZZLE_PLACE_CHOICE = N_("{cells}: place {tile}")
PUZZLE_REMOVE_CHOICE = N_("{cells}: take {tile} away")
PUZZLE_ROW_TILES = N_(
    "Row {row}: choose a tile to place (to the right or down), or one to take away."
)
PUZZLE_IN_THREAD = N_("{name} is solving a puzzle: {title}. Follow it in its thread.")


def puzzle_checked(wrong: int, placed: int) -> Said:
    """What a Check says: how many of the tiles placed are wrong, never which or where."""
    if not placed:
        return Said.of(PUZZLE_CHECK_NONE)
    if not wrong:
        return Said.counted(PUZZLE_CHECK_RIGHT, placed)
    if wrong == placed:
        return Said.counted(PUZZLE_CHECK_ALL_WRONG, placed)
    return Said.counted(PUZZLE_CHECK_WRONG, wrong, placed=placed)
