"""A message as a phone shows it (tests/emulator/phone.py): as wide as a phone, the board's
picture inside the table's layout, one button per move with the tile's own emoji, the line
that says an answer is private, text kept inside the screen. The messages are built as the
emulator stores them; the board and the emoji are the bot's own drawings."""

from __future__ import annotations

import io
from collections import deque
from typing import Any

from PIL import Image, ImageChops, ImageStat

from render.emojis import tile_emoji_png
from tests.emulator.layout import IS_COMPONENTS_V2
from tests.emulator.phone import Screen, phone_image, phone_lines
from tests.emulator.world import Attachment, Message, User

PHONE = 380
#: Discord's primary (blurple) button colour, #5865F2.
PRIMARY = (88, 101, 242)
EPHEMERAL = 1 << 6
BOT = User(1 << 40, "Domino Bot", bot=True)
ALICE = User(2 << 40, "alice")
SENT = "2026-11-28T18:00:00+00:00"
EMOJI_ID = 4242
#: A picture of four coloured quarters no part of Discord's dark theme uses.
QUARTERS = ((230, 60, 30), (40, 200, 60), (250, 220, 20), (200, 40, 200))


def png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def quarters(width: int = 800, height: int = 500) -> Image.Image:
    image = Image.new("RGB", (width, height))
    for index, colour in enumerate(QUARTERS):
        left, top = (index % 2) * width // 2, (index // 2) * height // 2
        image.paste(colour, (left, top, left + width // 2, top + height // 2))
    return image


def button(label: str, custom_id: str, emoji: dict[str, Any] | None = None) -> dict[str, Any]:
    found = {"type": 2, "style": 1, "label": label, "custom_id": custom_id}
    return found | ({"emoji": emoji} if emoji else {})


def message(**fields: Any) -> Message:
    return Message(1, 2, BOT, SENT, **fields)


def board_message(picture: Image.Image, moves: int) -> Message:
    """A table's board as the bot lays it out: one container with whose turn, the board picture
    in a gallery, the last moves, and a row of move buttons."""
    buttons = [button(f"{n}-{n} on {n}", f"dm:{n}:1") for n in range(moves)]
    layout = [
        {
            "type": 17,
            "accent_color": 0x2E8B57,
            "components": [
                {"type": 10, "content": f"### Two-player dominoes\n<@{ALICE.id}> is to play"},
                {"type": 12, "items": [{"media": {"url": "attachment://board.png"}}]},
                {"type": 10, "content": "AI 1 played 6-4"},
                {"type": 1, "components": buttons},
            ],
        }
    ]  # fmt: skip
    board = Attachment(7, "board.png", png(picture), "image/png", "https://cdn/board.png")
    return message(components=layout, attachments=[board], flags=IS_COMPONENTS_V2)


def screen(emojis: dict[int, bytes] | None = None) -> Screen:
    return Screen(names={ALICE.id: ALICE.name}, emojis=emojis or {}, now=0.0)


def boxes_of(image: Image.Image, colour: tuple[int, int, int], smallest: int) -> list[int]:
    """The areas of the connected patches of exactly `colour` of at least `smallest` pixels."""
    pixels = image.load()
    assert pixels is not None
    width, height = image.size
    seen: set[tuple[int, int]] = set()
    areas = []
    for y in range(height):
        for x in range(width):
            if (x, y) in seen or pixels[x, y] != colour:
                continue
            seen.add((x, y))
            queue, area = deque([(x, y)]), 0
            while queue:
                px, py = queue.popleft()
                area += 1
                for nx, ny in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                    inside = 0 <= nx < width and 0 <= ny < height
                    if inside and (nx, ny) not in seen and pixels[nx, ny] == colour:
                        seen.add((nx, ny))
                        queue.append((nx, ny))
            if area >= smallest:
                areas.append(area)
    return areas


def colours(image: Image.Image) -> list[tuple[int, int, int]]:
    """Every pixel's colour, row by row."""
    data = image.convert("RGB").tobytes()
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


def close_to(pixel: tuple[int, ...], colour: tuple[int, int, int], slack: int = 12) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(pixel[:3], colour, strict=True))


def test_every_message_is_a_phone_wide() -> None:
    wide = board_message(quarters(1600, 900), moves=2)
    short = message(content="hi")
    for each in (wide, short):
        assert phone_image(each, screen()).width == PHONE


def test_the_board_picture_is_inside_the_layout_scaled_to_its_width() -> None:
    """The attachment a gallery points at is shown, as wide as the layout's content, its
    proportions kept: the screenshot's box of its colours is the picture scaled down."""
    picture = quarters()
    shot = phone_image(board_message(picture, moves=3), screen()).convert("RGB")
    mask = Image.new("L", shot.size, 0)
    for colour in QUARTERS:
        red, green, blue = ImageChops.difference(shot, Image.new("RGB", shot.size, colour)).split()
        farthest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
        mask = ImageChops.lighter(mask, farthest.point(lambda value: 255 if value <= 12 else 0))
    box = mask.getbbox()
    assert box is not None, "the board's picture is not in the screenshot"
    assert box[2] - box[0] > PHONE * 0.6, "a gallery's picture takes the content's width"
    shown = shot.crop(box)
    scaled = picture.resize(shown.size, Image.Resampling.LANCZOS)
    difference = ImageStat.Stat(ImageChops.difference(shown, scaled)).mean
    assert max(difference) < 12, f"not the picture scaled: mean difference {difference}"


def test_one_button_box_per_move_button_wrapped_inside_the_screen() -> None:
    """Five move buttons do not fit a phone's row: each is still one whole box, on the
    screen (Discord's mobile client wraps the row)."""
    for moves in (1, 3, 5):
        shot = phone_image(board_message(quarters(), moves=moves), screen()).convert("RGB")
        assert len(boxes_of(shot, PRIMARY, smallest=400)) == moves
        lines = phone_lines(board_message(quarters(), moves), screen())
        assert sum(lines.count(f"{n}-{n} on {n}") for n in range(moves)) == moves


def test_an_emoji_button_shows_the_emojis_own_pixels() -> None:
    """A move button's custom emoji is drawn from the app's stored picture: the tile's own
    colours appear inside the button, and not when the app has no such emoji."""
    tile = Image.open(io.BytesIO(tile_emoji_png(6, 4, "d"))).convert("RGBA")
    painted = Image.new("RGBA", tile.size, (255, 0, 255, 255))  # the tile's shape, in magenta
    painted.putalpha(tile.getchannel("A"))
    emoji = {"id": str(EMOJI_ID), "name": "d_6_4"}
    row = [{"type": 1, "components": [button("on 6", "dm:0:1", emoji)]}]
    for stored, expected in (({EMOJI_ID: png(painted)}, True), ({}, False)):
        shot = phone_image(message(components=row), screen(stored)).convert("RGB")
        found = boxes_of(shot, PRIMARY, smallest=400)
        assert len(found) == 1
        magenta = sum(1 for pixel in colours(shot) if close_to(pixel, (255, 0, 255), 40))
        assert (magenta > 40) is expected, f"{magenta} pixels of the emoji's colour"


def test_an_ephemeral_answer_says_only_you_can_see_it() -> None:
    answer = message(content="Your tiles", flags=EPHEMERAL, only_for=ALICE.id)
    public = message(content="Your tiles")
    assert any("Only you can see this" in line for line in phone_lines(answer, screen()))
    assert not any("Only you can see this" in line for line in phone_lines(public, screen()))


def test_a_long_line_wraps_inside_the_screen() -> None:
    """Text too long for a line goes on the next lines: nothing is drawn in the right margin,
    and every word is shown."""
    words = " ".join(["double-six on the left end"] * 8)
    shot = phone_image(message(content=words), screen()).convert("RGB")
    ground = shot.getpixel((PHONE - 1, shot.height - 1))
    margin = shot.crop((PHONE - 12, 0, PHONE, shot.height))
    assert all(pixel == ground for pixel in colours(margin)), "text ran into the margin"
    lines = phone_lines(message(content=words), screen())
    assert len(lines) > 2
    assert " ".join(lines).split() == words.split()


def test_a_countdown_reads_from_the_phones_clock() -> None:
    """`<t:…:R>` is shown as Discord words it, from the moment the phone is looked at."""
    text = message(content="alice to play <t:1025:R>")
    assert phone_lines(text, Screen(now=1000.0)) == ["alice to play in 25 seconds"]
    assert phone_lines(text, Screen(now=1100.0)) == ["alice to play a minute ago"]
