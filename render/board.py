"""The board picture: the table with every tile where it lies, each open end tagged with its
name as the move buttons say it (see `render.ends`), the last move ringed and flagged, the seats
with names, tile counts, scores and whose turn, the boneyard count and the table's status line.

The picture is 800 pixels wide (crisp at Discord's preview width of about 400 to 550); its table
is `MAX_TABLE` pixels tall under the seat cards whatever lies on it (a steady picture: editing
the message does not move its buttons), and taller (`TALLER_TABLES`) only when that size would
draw pips too small to see on a phone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.layout import Placement, Shape
from engine.trains import trains_of
from engine.view import SeatView
from render.band import Band, band_height, draw_band, plan_band
from render.encode import png_bytes
from render.ends import end_names
from render.geometry import arrange, pairs_arrangement
from render.layers import TableLayers
from render.marks import Placer, divider, paste_spot, place_tags, pointer, ring, tag, tag_size
from render.spots import Arrangement, Spot
from render.sprites import min_cell, pips_for, set_top, tile_back
from render.text import MIN_TEXT_ON_PHONE as MIN_TEXT_ON_PHONE
from render.text import fit, font, note_text, put_text, smallest_type, text_width
from render.theme import Theme, get_theme
from render.trains import trains_image, trains_png
from render.wording import ENGLISH, Wording

WIDTH = 800
MARGIN = 14
MIN_TABLE = 220
MAX_TABLE = 520
TALLER_TABLES = (640, 1200)  # few steps: each one moves the buttons under the picture
MAX_CELL = 44  # side of a pip square for short games
MIN_CELL = 14
# Every text of the board (seat cards, footer, end tags, captions) is at least `TYPE` px, so at
# least MIN_TEXT_ON_PHONE (11 px) when Discord shows the 800 px picture 380 px wide on a phone.
TYPE = smallest_type(WIDTH)
NAME_SIZE = TYPE
DETAIL_SIZE = TYPE
FOOTER_SIZE = TYPE
CARD_HEIGHT = 76
FOOTER = 46
FOOTER_LINE = 32  # a second footer line, when its two sides do not fit on one
FOOTER_GAP = 24


def board_png(
    view: SeatView,
    *,
    names: Sequence[str],
    theme: str = "light",
    highlight_last: bool = True,
    wording: Wording = ENGLISH,
    layers: TableLayers | None = None,
    table: str = "",
) -> bytes:
    """The board as PNG bytes. `names` are the seats' display names in seat order. Mexican
    Train's table is its trains (`render.trains`). `layers`: the tiles of boards drawn lately,
    to paste the tiles from (`render.layers`: the same picture, drawn faster), `table` the
    table's name among them."""
    if trains_of(view) is not None:
        return trains_png(view, names=names, theme=theme, wording=wording)
    image = board_image(
        view,
        names=names,
        theme=theme,
        highlight_last=highlight_last,
        wording=wording,
        layers=layers,
        table=table,
    )
    return png_bytes(image, pips_for(get_theme(theme), set_top(view)))


@dataclass(frozen=True, slots=True)
class BoardPlan:
    """Everything about a board picture but the pixels: what the tests check."""

    arrangement: Arrangement
    placer: Placer
    cell: int
    header: int
    table_height: int
    width: int
    height: int
    lead_arms: bool = False  # a spinner or star lead, whose arms are named by the way they leave
    band: Band | None = None  # the ends band under the table (see `render.band`)

    @property
    def tag_size(self) -> int:
        """The end tags' type: the phone's floor, whatever the tiles' size (an end's name is
        what a player reads to choose a move)."""
        return TYPE


def tag_texts(plan: BoardPlan, *, wording: Wording = ENGLISH) -> list[str]:
    """Each open end's tag: its name as the move buttons say it (see `render.ends`)."""
    ends = plan.arrangement.tags
    names = end_names(ends, wording=wording)
    return [names[end.arm] for end in ends]


def tag_centres(plan: BoardPlan, *, wording: Wording = ENGLISH) -> list[tuple[float, float]]:
    """Where each open end's tag is drawn: against its open end, on the side it faces, or beside
    it where that would cover a tile or another tag."""
    palette = get_theme("light")  # tag sizes do not depend on the theme
    wanted = [
        (
            plan.placer.point(end.x, end.y),
            (end.dx, end.dy),
            tag_size(text, plan.tag_size, palette),
        )
        for end, text in zip(plan.arrangement.tags, tag_texts(plan, wording=wording), strict=True)
    ]
    tiles = [plan.placer.polygon(spot) for spot in plan.arrangement.spots]
    frame = (2.0, float(plan.header), plan.width - 2.0, float(plan.header + plan.table_height))
    return place_tags(wanted, tiles, frame)


def plan_board(view: SeatView, *, footer_lines: int = 1, wording: Wording = ENGLISH) -> BoardPlan:
    """The board's layout. The table is at most `MAX_TABLE` tall while its tiles keep their pips
    legible on a phone (`min_cell`); a long game of a big set grows the picture down instead, up
    to `TALLER_TABLES`' last, so that the tiles fold into more rows rather than shrink. Under
    the table of a star, a French stack or a big set's line, the ends band (`render.band`: its
    names are in `wording`'s language)."""
    header = _header_height(view.players)
    smallest = min_cell(set_top(view), picture_width=WIDTH)
    best: tuple[int, int, Arrangement] | None = None
    for limit in (MAX_TABLE, *TALLER_TABLES):
        candidate = table_arrangement(view, table_height=limit)
        cell, _ = _table_size(candidate, limit)
        if best is None or cell > best[0]:
            best = (cell, limit, candidate)
        if cell >= smallest:
            break
    assert best is not None  # the loop ran at least once
    # The table keeps the whole height it may fill, however few tiles lie on it yet: the picture
    # keeps its size through a hand (growing only in the rare step to a taller table), so that
    # the buttons under the message stay where the thumb left them.
    cell, table_height, arrangement = best
    below = header + table_height
    band_box = (MARGIN, below, WIDTH - MARGIN, below + band_height(view, wording))
    band = plan_band(view, arrangement, band_box, wording=wording)
    height = band_box[3] + FOOTER + (footer_lines - 1) * FOOTER_LINE
    placer = Placer(arrangement, cell, (MARGIN, header, WIDTH - 2 * MARGIN, table_height))
    lead_arms = view.layout.shape in (Shape.SPINNER, Shape.STAR)
    return BoardPlan(
        arrangement, placer, cell, header, table_height, WIDTH, height, lead_arms, band
    )


def board_image(
    view: SeatView,
    *,
    names: Sequence[str],
    theme: str = "light",
    highlight_last: bool = True,
    wording: Wording = ENGLISH,
    layers: TableLayers | None = None,
    table: str = "",
) -> Image.Image:
    """The board as a Pillow image (what `board_png` encodes)."""
    if trains_of(view) is not None:  # Mexican Train: the trains picture
        return trains_image(view, names=names, theme=theme, wording=wording)
    palette = pips_for(get_theme(theme), set_top(view))
    _check_names(view, names)
    footer = _footer_texts(view, names, wording)
    plan = plan_board(view, footer_lines=len(footer), wording=wording)
    arrangement, placer, cell = plan.arrangement, plan.placer, plan.cell
    canvas = Image.new("RGB", (plan.width, plan.height), palette.background)
    draw = ImageDraw.Draw(canvas)
    _seat_cards(draw, canvas, view, names, palette, wording)
    spots = sorted(arrangement.spots, key=lambda spot: spot.z)
    pasted = layers is not None and layers.paste(
        canvas, placer, spots, palette, above=plan.header, table=table
    )
    if not pasted:
        for spot in spots:
            paste_spot(canvas, placer, spot, palette)
    if view.layout.shape in (Shape.SPINNER, Shape.STAR) and arrangement.spots:
        # the lead of a cross or star game carries a brass pin, as spinners of real sets do, and
        # a brass rim: the figure's middle is the first thing a player looks for
        lead = arrangement.spots[0]
        ring(draw, placer, lead, palette.pin, max(3, cell // 8), flag=False)
        x, y = placer.point(lead.x, lead.y)
        radius = max(4.5, cell * 0.2)
        box = (x - radius, y - radius, x + radius, y + radius)
        draw.ellipse(box, fill=palette.pin, outline=palette.edge, width=max(1, cell // 24))
        divider(draw, placer, lead, palette.edge, max(2, cell // 14))
    last = _last_spot(view, arrangement) if highlight_last else None
    if last is not None:
        ring(draw, placer, last, palette.last, max(3, cell // 10))
    caption_size = TYPE
    caption_face = font(caption_size, bold=True)
    for caption in arrangement.captions:
        if caption.seat is None:
            text = caption.text
        else:
            text = fit(wording.seat_name(names, caption.seat), caption_face, int(6 * placer.scale))
        at = placer.point(caption.x, caption.y)
        put_text(canvas, at, text, size=caption_size, bold=True, colour=palette.ink, anchor="mm")
    texts = tag_texts(plan, wording=wording)
    for text, centre in zip(texts, tag_centres(plan, wording=wording), strict=True):
        tag(canvas, centre, text, palette, plan.tag_size)
        width, height = tag_size(text, plan.tag_size, palette)
        x, y = round(centre[0] - width / 2), round(centre[1] - height / 2)
        note_text(text, (x, y, x + width, y + height), size=plan.tag_size,
                  colour=palette.tag_ink, ground=palette.tag)  # fmt: skip
    if plan.band is not None:
        draw_band(canvas, plan.band, view, palette)
    if not arrangement.spots and not arrangement.captions:
        message = wording.board_empty if view.turn is None else wording.board_waiting
        middle = (WIDTH / 2, plan.header + plan.table_height / 2)
        put_text(canvas, middle, message, size=20, colour=palette.muted, anchor="mm")
    _footer(canvas, footer, palette, plan.height)
    return canvas


def table_arrangement(view: SeatView, *, table_height: int = MAX_TABLE) -> Arrangement:
    """Where the tiles of the view's table are drawn, in a table at most `table_height` tall
    (also used by the tests). Not to be changed: the same table's is shared (`_Tiles`)."""
    if view.laid_pairs:
        return pairs_arrangement(view.laid_pairs)
    return _arranged(_Tiles.of(view, table_height))


@dataclass(frozen=True, slots=True)
class _Tiles:
    """What a table's arrangement is made from: the board picture and its description (the
    names of the ends it tags) each lay out the same table, once for both."""

    variant: str
    shape: Shape
    opens_doubles: bool
    placements: tuple[Placement, ...]
    table_height: int
    view: SeatView = field(compare=False, hash=False)

    @classmethod
    def of(cls, view: SeatView, table_height: int) -> _Tiles:
        layout = view.layout
        placements = tuple(layout.placements)
        return cls(view.variant, layout.shape, layout.opens_doubles, placements, table_height, view)


@lru_cache(maxsize=64)
def _arranged(tiles: _Tiles) -> Arrangement:
    box = (WIDTH - 2 * MARGIN, tiles.table_height)
    layout = tiles.view.layout
    return arrange(layout, box=box, variant=tiles.variant, max_scale=MAX_CELL / 2)


def _check_names(view: SeatView, names: Sequence[str]) -> None:
    if len(names) != view.players:
        raise ValueError(f"names lists {len(names)} seats; the table has {view.players}")


def _table_size(arrangement: Arrangement, table_height: int) -> tuple[int, int]:
    min_x, min_y, max_x, max_y = arrangement.bounds()
    width_units, height_units = max_x - min_x + 2, max_y - min_y + 2
    scale = min((WIDTH - 2 * MARGIN) / width_units, table_height / height_units)
    cell = max(MIN_CELL, min(MAX_CELL, int(2 * scale)))
    height = max(MIN_TABLE, int(height_units * cell / 2) + 8)
    return cell, height


def _last_spot(view: SeatView, arrangement: Arrangement) -> Spot | None:
    if view.layout.shape is Shape.ROW and view.laid_pairs:
        return None
    last = len(view.layout.placements) - 1
    if last < 0:
        return None
    return next((spot for spot in arrangement.spots if spot.order == last), None)


# -- seats ------------------------------------------------------------------------------------


def _header_height(players: int) -> int:
    rows = 1 if players <= 5 else 2
    return MARGIN + rows * (CARD_HEIGHT + 6)


def _unit_score(view: SeatView, seat: int) -> int | None:
    for index, unit in enumerate(view.units):
        if seat in unit:
            return view.scores[index] if index < len(view.scores) else None
    return None


def _seat_cards(
    draw: ImageDraw.ImageDraw,
    canvas: Image.Image,
    view: SeatView,
    names: Sequence[str],
    theme: Theme,
    wording: Wording,
) -> None:
    """A card a seat: its name, a tile back with the tiles it holds, and its score. Few words in
    big type (`NAME_SIZE`, `DETAIL_SIZE`), so that ten cards read on a phone; a team's score is
    the same on its partners' cards, so it needs no word of its own."""
    per_row = view.players if view.players <= 5 else (view.players + 1) // 2
    gap = 8
    width = (WIDTH - 2 * MARGIN - gap * (per_row - 1)) // per_row
    name_face = font(NAME_SIZE, bold=True)
    detail_face = font(DETAIL_SIZE)
    back = tile_back(10, theme)
    for seat in range(view.players):
        row, column = divmod(seat, per_row)
        left = MARGIN + column * (width + gap)
        top = MARGIN // 2 + row * (CARD_HEIGHT + 6)
        box = (left, top, left + width, top + CARD_HEIGHT)
        to_act = view.turn == seat
        seated = view.seated[seat] if seat < len(view.seated) else True
        outline = theme.turn if to_act else theme.panel_edge
        draw.rounded_rectangle(
            box, radius=8, fill=theme.panel, outline=outline, width=3 if to_act else 1
        )
        text_left = left + 9
        if to_act:
            pointer(draw, left + 14, top + 22, 14, theme.turn)
            text_left = left + 25
        name = wording.seat_name(names, seat)
        shown = fit(name, name_face, left + width - 8 - text_left)
        put_text(canvas, (text_left, top + 22), shown, size=NAME_SIZE, bold=True,
                 colour=theme.ink, anchor="lm")  # fmt: skip
        after = text_left + text_width(shown, name_face)
        _partners(draw, canvas, view, names, seat, (left, top, after, left + width - 8), theme,
                  wording)  # fmt: skip
        count = view.hand_sizes[seat] if seat < len(view.hand_sizes) else 0
        middle = top + CARD_HEIGHT - 20
        canvas.paste(back, (left + 10, middle - back.height // 2), back)
        held = wording.number(count) if seated else wording.board_out
        held = fit(held, detail_face, width - 36)
        put_text(canvas, (left + 26, middle), held, size=DETAIL_SIZE, colour=theme.ink,
                 anchor="lm")  # fmt: skip
        score = _unit_score(view, seat)
        if score is not None:
            _put_score(canvas, wording, score, (left + width - 9, middle), width, held, theme)


def _put_score(
    canvas: Image.Image,
    wording: Wording,
    score: int,
    at: tuple[int, int],
    width: int,
    held: str,
    theme: Theme,
) -> None:
    """A seat card's score (the card `width` wide, its tile count `held`), right-aligned at `at`:
    "145 pts" in bold ink, or the number alone where the words do not fit. The number a player
    of a scoring game looks for is at the floor's size on a four-seat card: in the muted,
    regular type of the card's details it lost its thin strokes once shrunk to a phone's 380
    pixels ("pts" read "p:s")."""
    bold = font(DETAIL_SIZE, bold=True)
    room = width - 36 - text_width(held, font(DETAIL_SIZE)) - 12
    points = wording.plural(wording.board_score, score, score=score)
    if text_width(points, bold) > room:
        points = wording.number(score)  # the number alone when the words do not fit
    if text_width(points, bold) <= room:
        put_text(canvas, at, points, size=DETAIL_SIZE, bold=True, colour=theme.ink, anchor="rm")


#: A partnership's colour on its seat cards (Okabe-Ito hues, dark enough to stand out on a card).
TEAM_COLOURS = ((0, 90, 160), (190, 75, 0), (0, 120, 90), (150, 70, 140), (120, 100, 0))


def _partners(
    draw: ImageDraw.ImageDraw,
    canvas: Image.Image,
    view: SeatView,
    names: Sequence[str],
    seat: int,
    room: tuple[int, int, int, int],
    theme: Theme,
    wording: Wording,
) -> None:
    """Who partners whom, in a partnership game: after the seat's name, "& " and its partners'
    names (as the score sheet names the team), and a stripe of the team's colour down the card's
    left edge, the same on the partners' cards. `room` is the card's left and top and where the
    name line's free space starts and ends."""
    unit = next((index for index, seats in enumerate(view.units) if seat in seats), None)
    if unit is None or len(view.units[unit]) < 2:
        return
    left, top, start, end = room
    colour = TEAM_COLOURS[unit % len(TEAM_COLOURS)]
    draw.rounded_rectangle((left, top, left + 6, top + CARD_HEIGHT), radius=3, fill=colour)
    partners = " & ".join(
        wording.seat_name(names, other) for other in view.units[unit] if other != seat
    )
    face = font(DETAIL_SIZE)
    shown = f"& {partners}"
    # Whole or not at all (a cut name is no name; the stripe still pairs the cards), in the
    # card's ink: a team's hue is too faint for type on a dark card.
    if text_width(shown, face) <= end - start - 8:
        put_text(canvas, (start + 8, top + 22), shown, size=DETAIL_SIZE, colour=theme.ink,
                 anchor="lm")  # fmt: skip


def _footer_texts(view: SeatView, names: Sequence[str], wording: Wording) -> list[tuple[str, str]]:
    """The footer's lines, each a (left, right) pair: the hand, the tiles on the table and the
    boneyard at the left; whose turn (or the total, or the table's status) at the right. One
    line when both fit side by side, else the two on lines of their own, so that neither is
    cut (the right side is what a player looks for)."""
    say = wording.say
    parts = [say(wording.board_hand, number=view.hand_number + 1)]
    if view.layout.shape is not Shape.ROW:
        parts.append(say(wording.board_on_table, count=len(view.layout.placements)))
    if view.boneyard or view.layout.shape is not Shape.ROW:
        parts.append(say(wording.board_boneyard, count=view.boneyard))
    left = "  ·  ".join(parts)
    right = view.status or ""
    if view.total is not None:
        target = dict(view.options).get("target")
        if target is None:
            right = say(wording.board_total, total=view.total)
        else:
            right = say(wording.board_total_target, total=view.total, target=target)
    elif view.turn is not None and not right:
        right = say(wording.board_turn, name=wording.seat_name(names, view.turn))
    room = WIDTH - 2 * MARGIN
    regular, bold = font(FOOTER_SIZE), font(FOOTER_SIZE, bold=True)
    if not right or text_width(left, regular) + FOOTER_GAP + text_width(right, bold) <= room:
        return [(left, right)]
    return [(fit(left, regular, room), ""), ("", fit(right, bold, room))]


def _footer(canvas: Image.Image, lines: list[tuple[str, str]], theme: Theme, height: int) -> None:
    y = height - FOOTER // 2 - (len(lines) - 1) * FOOTER_LINE
    for left, right in lines:
        put_text(canvas, (MARGIN, y), left, size=FOOTER_SIZE, colour=theme.muted, anchor="lm")
        put_text(canvas, (WIDTH - MARGIN, y), right, size=FOOTER_SIZE, bold=True,
                 colour=theme.ink, anchor="rm")  # fmt: skip
        y += FOOTER_LINE
