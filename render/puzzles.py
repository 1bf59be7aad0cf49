"""The solitaire puzzles: the Dominosa grid with the player's placements, and the quadrille figure
with its progress.

Cells are named by column letter and row number, like a spreadsheet (`B3` is row 3, column B, both
counted from the top left); the data uses 0-based (row, column) pairs. A placed tile is drawn with
its pips over the two cells it covers; the numbers of the cells still free stay as digits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw

from engine.puzzles.cells import column_name, row_name
from engine.tiles import MAX_PIPS
from render.encode import png_bytes
from render.marks import check
from render.sprites import tile_sprite
from render.text import draw_text, font, smallest_type, text_width
from render.theme import Theme, get_theme
from render.wording import ENGLISH, Wording

Cell = tuple[int, int]
WIDTH = 800
MARGIN = 16
RULER = 40  # room for the coordinates
MAX_CELL = 64
# The coordinates are typed by the player: in ink, bold, and at the phone's floor for the widest
# grid (`smallest_type`), so that "10" never reads "1Q".
TYPE = smallest_type(WIDTH)
HEADING = 52  # the heading's line, above the column letters


def _cell_size(rows: int, columns: int) -> int:
    return max(20, min(MAX_CELL, (WIDTH - 2 * MARGIN - RULER) // max(1, columns)))


def _check_pair(first: Cell, second: Cell, rows: int, columns: int) -> None:
    for row, column in (first, second):
        if not (0 <= row < rows and 0 <= column < columns):
            raise ValueError(f"cell ({row}, {column}) is off the {rows} x {columns} grid")
    if abs(first[0] - second[0]) + abs(first[1] - second[1]) != 1:
        raise ValueError(f"cells {first} and {second} are not side by side")


def _paste_tile(
    canvas: Image.Image,
    origin: tuple[int, int],
    cell: int,
    first: Cell,
    a: int,
    second: Cell,
    b: int,
    theme: Theme,
) -> tuple[int, int, int, int]:
    """Draw a tile over two neighbouring cells, `a` on `first` and `b` on `second`."""
    (top_cell, top_number), (bottom_cell, bottom_number) = sorted(((first, a), (second, b)))
    upright = top_cell[1] == bottom_cell[1]
    sprite = tile_sprite(top_number, bottom_number, cell, 90 if upright else 0, theme)
    left = origin[0] + top_cell[1] * cell
    top = origin[1] + top_cell[0] * cell
    canvas.paste(sprite, (left, top), sprite)
    return (left, top, left + sprite.width, top + sprite.height)


def _rulers(
    draw: ImageDraw.ImageDraw,
    origin: tuple[int, int],
    cell: int,
    rows: int,
    columns: int,
    theme: Theme,
) -> None:
    face = font(TYPE, bold=True)
    for column in range(columns):
        x = origin[0] + column * cell + cell / 2
        draw_text(
            draw,
            (x, origin[1] - RULER / 2),
            column_name(column),
            face=face,
            fill=theme.ink,
            anchor="mm",
        )
    for row in range(rows):
        y = origin[1] + row * cell + cell / 2
        draw_text(
            draw,
            (origin[0] - RULER / 2, y),
            row_name(row),
            face=face,
            fill=theme.ink,
            anchor="mm",
        )


def dominosa_png(
    grid: Sequence[Sequence[int]],
    placements: Iterable[tuple[Cell, Cell]],
    *,
    theme: str = "light",
    highlight: Iterable[Cell] | None = None,
    wording: Wording = ENGLISH,
) -> bytes:
    """The Dominosa grid with the tiles placed so far; `highlight` rings cells (a hint, or a
    refused placement)."""
    image = dominosa_image(grid, placements, theme=theme, highlight=highlight, wording=wording)
    return png_bytes(image, get_theme(theme))


def dominosa_image(
    grid: Sequence[Sequence[int]],
    placements: Iterable[tuple[Cell, Cell]],
    *,
    theme: str = "light",
    highlight: Iterable[Cell] | None = None,
    wording: Wording = ENGLISH,
) -> Image.Image:
    palette = get_theme(theme)
    rows = len(grid)
    columns = len(grid[0]) if rows else 0
    if rows == 0 or any(len(row) != columns for row in grid):
        raise ValueError("the grid must be a non-empty rectangle of numbers")
    if any(not (0 <= number <= MAX_PIPS) for row in grid for number in row):
        raise ValueError(f"grid numbers run from 0 to {MAX_PIPS}")
    placed = list(placements)
    for first, second in placed:
        _check_pair(first, second, rows, columns)
    cell = _cell_size(rows, columns)
    total = rows * columns // 2
    heading = wording.plural(wording.dominosa_heading, total, placed=len(placed), count=total)
    heading_width = text_width(heading, font(TYPE, bold=True))
    width = max(360, 2 * MARGIN + heading_width, 2 * MARGIN + RULER + columns * cell)
    height = HEADING + RULER + rows * cell + MARGIN
    canvas = Image.new("RGB", (width, height), palette.background)
    draw = ImageDraw.Draw(canvas)
    origin = ((width - columns * cell + RULER) // 2, HEADING + RULER)
    draw_text(
        draw,
        (MARGIN, 14),
        heading,
        face=font(TYPE, bold=True),
        fill=palette.ink,
    )
    _rulers(draw, origin, cell, rows, columns, palette)
    covered = {cell_ for pair in placed for cell_ in pair}
    digit = font(max(12, cell // 2), bold=True)
    for row in range(rows):
        for column in range(columns):
            box = (origin[0] + column * cell, origin[1] + row * cell)
            draw.rectangle(
                (*box, box[0] + cell - 1, box[1] + cell - 1),
                fill=palette.cell,
                outline=palette.cell_edge,
            )
            if (row, column) not in covered:
                centre = (box[0] + cell / 2, box[1] + cell / 2)
                draw_text(
                    draw, centre, str(grid[row][column]), face=digit, fill=palette.ink, anchor="mm"
                )
    for first, second in placed:
        a, b = grid[first[0]][first[1]], grid[second[0]][second[1]]
        _paste_tile(canvas, origin, cell, first, a, second, b, palette)
    for row, column in highlight or ():
        if 0 <= row < rows and 0 <= column < columns:
            left, top = origin[0] + column * cell, origin[1] + row * cell
            draw.rectangle(
                (left + 2, top + 2, left + cell - 3, top + cell - 3), outline=palette.last, width=4
            )
            draw.polygon(
                [(left + 2, top + 2), (left + cell // 3, top + 2), (left + 2, top + cell // 3)],
                fill=palette.last,
            )
    return canvas


def quadrille_png(
    figure: Sequence[str],
    placements: Iterable[tuple[Cell, int, Cell, int]],
    *,
    theme: str = "light",
    wording: Wording = ENGLISH,
) -> bytes:
    """The quadrille figure (letters are 2 x 2 squares, `.` empty) with the tiles placed so far.
    A square whose four cells all show one number gets a check mark; one showing two different
    numbers gets a cross."""
    image = quadrille_image(figure, placements, theme=theme, wording=wording)
    return png_bytes(image, get_theme(theme))


def quadrille_image(
    figure: Sequence[str],
    placements: Iterable[tuple[Cell, int, Cell, int]],
    *,
    theme: str = "light",
    wording: Wording = ENGLISH,
) -> Image.Image:
    palette = get_theme(theme)
    rows = len(figure)
    columns = max((len(line) for line in figure), default=0)
    if rows == 0 or columns == 0:
        raise ValueError("the figure is empty")
    square_of = {
        (row, column): letter
        for row, line in enumerate(figure)
        for column, letter in enumerate(line)
        if letter != "."
    }
    placed = list(placements)
    shown: dict[Cell, int] = {}
    for first, a, second, b in placed:
        _check_pair(first, second, rows, columns)
        for cell_, number in ((first, a), (second, b)):
            if cell_ not in square_of:
                raise ValueError(f"cell {cell_} is outside the figure")
            if not (0 <= number <= MAX_PIPS):
                raise ValueError(f"{number} is not a domino number")
            shown[cell_] = number
    cell = min(_cell_size(rows, columns), 60)
    total = len(square_of) // 2
    heading = wording.plural(wording.quadrille_heading, total, placed=len(placed), count=total)
    heading_width = text_width(heading, font(TYPE, bold=True))
    width = max(360, 2 * MARGIN + heading_width, 2 * MARGIN + RULER + columns * cell)
    height = HEADING + RULER + rows * cell + MARGIN
    canvas = Image.new("RGB", (width, height), palette.background)
    draw = ImageDraw.Draw(canvas)
    origin = ((width - columns * cell + RULER) // 2, HEADING + RULER)
    draw_text(
        draw,
        (MARGIN, 14),
        heading,
        face=font(TYPE, bold=True),
        fill=palette.ink,
    )
    _rulers(draw, origin, cell, rows, columns, palette)
    for row, column in square_of:
        left, top = origin[0] + column * cell, origin[1] + row * cell
        draw.rectangle(
            (left, top, left + cell - 1, top + cell - 1),
            fill=palette.cell,
            outline=palette.cell_edge,
        )
    for first, a, second, b in placed:
        _paste_tile(canvas, origin, cell, first, a, second, b, palette)
    # the squares' outlines go over the tiles: they are what the player fills
    edge = max(3, cell // 16)
    for (row, column), letter in square_of.items():
        left, top = origin[0] + column * cell, origin[1] + row * cell
        for (dr, dc), line in (
            ((-1, 0), (left, top, left + cell, top)),
            ((1, 0), (left, top + cell, left + cell, top + cell)),
            ((0, -1), (left, top, left, top + cell)),
            ((0, 1), (left + cell, top, left + cell, top + cell)),
        ):
            if square_of.get((row + dr, column + dc)) != letter:
                draw.line(line, fill=palette.ink, width=edge)
    for letter in sorted(set(square_of.values())):
        cells = [cell_ for cell_, name in square_of.items() if name == letter]
        numbers = {shown[cell_] for cell_ in cells if cell_ in shown}
        right = max(column for _, column in cells)
        top_row = min(row for row, _ in cells)
        x = origin[0] + (right + 1) * cell - 10
        y = origin[1] + top_row * cell + 10
        if len(numbers) > 1:
            _cross(draw, x, y, 16, palette.last)
        elif len(numbers) == 1 and all(cell_ in shown for cell_ in cells):
            check(draw, x, y, 16, palette.good)
    return canvas


def _cross(
    draw: ImageDraw.ImageDraw, x: float, y: float, size: float, colour: tuple[int, int, int]
) -> None:
    r = size / 2
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    d = r * 0.45
    draw.line((x - d, y - d, x + d, y + d), fill=(255, 255, 255), width=2)
    draw.line((x - d, y + d, x + d, y - d), fill=(255, 255, 255), width=2)
