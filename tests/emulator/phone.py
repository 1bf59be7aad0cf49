"""A message as a phone shows it: one emulator `Message` drawn 380 pixels wide in Discord's dark
theme (`phone_png`), so that a person can SEE what the bot sends, not only read its payload.

What it draws, in the order Discord's mobile client does: the "used /command" line of an
interaction's answer, the author's avatar circle, name, APP tag and time, then the content with
light markdown (bold, italic, code, headings, `-#` subtext, quotes, lists; mentions as a
blurple @name, `<t:…>` timestamps, the countdown `<t:…:R>` as "in 25 seconds" from
`Screen.now`; a custom emoji as the app's stored picture at text size, an unknown one as
`:name:`), the embeds (colour bar, author, title, description, fields, image, footer), the
components (a Components V2 container with its accent bar, sections beside a button or a
thumbnail, text displays, separators, media galleries as wide as the content, files, action rows
of buttons and select menus), the "(edited)" mark and, for an ephemeral answer, the "Only you can
see this" line.

Buttons keep their natural width and wrap to the next line when a row's buttons do not fit, as
the mobile client's flex-wrapped rows do (a row of five tile buttons takes two lines on a
phone). The content is indented past the avatar, as in the mobile client's cozy mode, so a
picture in it is 296 pixels wide.

It is a pure function of the message and a `Screen` (the names, the emoji pictures and the clock
it needs from the emulator: `screen_of`), using the project's font (render/text.py): no network,
no new font. The colours and sizes are Discord's dark theme as its client shows them, rounded
where the font differs (Open Sans, not gg sans)."""

from __future__ import annotations

import datetime as dt
import io
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw, ImageFont

from .layout import (
    CONTAINER,
    FILE,
    MEDIA_GALLERY,
    SECTION,
    SEPARATOR,
    TEXT_DISPLAY,
    THUMBNAIL,
    references,
)
from .rules import ACTION_ROW, BUTTON, SELECTS
from .world import Message

if TYPE_CHECKING:
    from .emulator import Emulator

WIDTH = 380
RGB = tuple[int, int, int]
Canvas = Image.Image

# Discord's dark theme.
BACKGROUND: RGB = (49, 51, 56)
TEXT: RGB = (219, 222, 225)
HEADING: RGB = (242, 243, 245)
MUTED: RGB = (148, 155, 164)
LINK: RGB = (0, 168, 252)
PANEL: RGB = (43, 45, 49)  # an embed's and a container's ground
PANEL_EDGE: RGB = (63, 65, 71)
CODE: RGB = (30, 31, 34)
QUOTE_BAR: RGB = (78, 80, 88)
MENTION_GROUND: RGB = (60, 66, 112)
MENTION_TEXT: RGB = (201, 205, 251)
EMBED_BAR: RGB = (30, 31, 34)
BLURPLE: RGB = (88, 101, 242)
WHITE: RGB = (255, 255, 255)
#: Button styles 1 to 5: primary, secondary, success, danger, link (6, premium, drawn as 1).
BUTTON_COLOURS: dict[int, RGB] = {
    1: BLURPLE,
    2: (78, 80, 88),
    3: (36, 128, 70),
    4: (218, 55, 60),
    5: (78, 80, 88),
    6: BLURPLE,
}
#: Discord's default avatars' colours. Discord picks one by the user's id; here it is picked by
#: the name, since the emulator's ids follow its clock and would differ from run to run.
AVATARS: tuple[RGB, ...] = (
    BLURPLE,
    (117, 126, 138),
    (59, 165, 93),
    (250, 166, 26),
    (237, 66, 69),
    (235, 69, 158),
)

# Geometry (pixels at 380 wide).
MARGIN = 16
AVATAR = 40
INDENT = MARGIN + AVATAR + 12  # where the content starts
CONTENT = WIDTH - INDENT - MARGIN
TEXT_SIZE = 15
GAP = 8  # between the blocks of a message, and between the parts of a container
BUTTON_HEIGHT = 34
BUTTON_PAD = 14
BUTTON_MIN = 56
SELECT_HEIGHT = 42
THUMBNAIL_SIZE = 80
EPHEMERAL = 1 << 6
APPLICATION_COMMAND = 2  # an interaction's type, in a message's interaction metadata

MARKUP = re.compile(
    r"\*\*(?P<bold>.+?)\*\*"
    r"|__(?P<underline>.+?)__"
    r"|\*(?P<italic>[^*\s][^*]*?)\*"
    r"|(?<![\w])_(?P<italic2>[^_\s][^_]*?)_(?![\w])"
    r"|`(?P<code>[^`]+)`"
    r"|<@!?(?P<user>\d+)>"
    r"|<@&(?P<role>\d+)>"
    r"|<#(?P<channel>\d+)>"
    r"|<t:(?P<time>-?\d+)(?::(?P<style>[tTdDfFR]))?>"
    r"|<a?:(?P<emoji>\w{2,32}):(?P<emoji_id>\d+)>"
    r"|\[(?P<link>[^\]]+)\]\((?P<url><?https?://[^)\s]+>?)\)"
)
#: MARKUP's groups that name what was found (the others are parts of one of them).
KINDS = (
    "bold",
    "underline",
    "italic",
    "italic2",
    "code",
    "user",
    "role",
    "channel",
    "time",
    "emoji",
    "link",
)
WORDS = re.compile(r"\S+\s*|\s+")
LIST_ITEM = re.compile(r"^(\s*)([-*]|\d+\.) (.*)$")


@dataclass(frozen=True)
class Screen:
    """What a phone needs besides the message: people's and channels' names by id, the app's
    emoji pictures by id, and the clock (unix seconds) that countdowns are read against."""

    names: Mapping[int, str] = field(default_factory=dict)
    channels: Mapping[int, str] = field(default_factory=dict)
    emojis: Mapping[int, bytes] = field(default_factory=dict)
    now: float = 0.0


def screen_of(emu: Emulator, now: float | None = None) -> Screen:
    """The emulator's people, channels, application emojis and clock, as a phone knows them
    (`now`: the moment the phone is looked at, the emulator's clock unless given)."""
    world = emu.world
    return Screen(
        names={user.id: user.name for user in world.users.values()},
        channels={channel.id: channel.name for channel in world.channels.values()},
        emojis={emoji.id: emoji.image for emoji in world.application_emojis.values()},
        now=emu.clock.wall() if now is None else now,
    )


def phone_png(message: Message, screen: Screen) -> bytes:
    """`message` as a phone shows it, a PNG 380 pixels wide."""
    buffer = io.BytesIO()
    phone_image(message, screen).save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def phone_image(message: Message, screen: Screen) -> Image.Image:
    """`message` as a phone shows it, an RGB picture 380 pixels wide."""
    return _Phone(message, screen).draw()


def phone_lines(message: Message, screen: Screen) -> list[str]:
    """The lines of words the picture shows, top to bottom (an emoji drawn as its picture
    counts as one space, a button or a menu as its words): what a test reads."""
    drawing = _Phone(message, screen)
    drawing.draw()
    return drawing.lines


@cache
def _face(size: int, weight: str = "Regular") -> ImageFont.FreeTypeFont:
    """Open Sans at `size` pixels in `weight` (Regular, SemiBold, Bold, Italic, BoldItalic)."""
    path = files("ttf_opensans").joinpath("ttf", f"OpenSans-{weight}.ttf")
    return ImageFont.truetype(str(path), size)


@dataclass(frozen=True)
class Style:
    size: int = TEXT_SIZE
    colour: RGB = TEXT
    bold: bool = False
    italic: bool = False
    code: bool = False
    mention: bool = False
    link: bool = False

    @property
    def face(self) -> ImageFont.FreeTypeFont:
        weight = ("Bold" if self.bold else "") + ("Italic" if self.italic else "")
        return _face(self.size, weight or "Regular")


@dataclass(frozen=True)
class Run:
    """A piece of a line: words in one style, or one emoji's picture (`picture`)."""

    text: str
    style: Style
    picture: Image.Image | None = None


def relative(seconds: float) -> str:
    """A countdown as Discord words it (`<t:…:R>`): "in 25 seconds", "3 minutes ago"."""
    span = abs(seconds)
    if span < 45:
        amount = f"{round(span)} second" + ("" if round(span) == 1 else "s")
    elif span < 90:
        amount = "a minute"
    elif span < 45 * 60:
        amount = f"{round(span / 60)} minutes"
    elif span < 90 * 60:
        amount = "an hour"
    elif span < 22 * 3600:
        amount = f"{round(span / 3600)} hours"
    elif span < 36 * 3600:
        amount = "a day"
    else:
        amount = f"{round(span / 86400)} days"
    return f"in {amount}" if seconds > 0 else f"{amount} ago"


def clock_time(at: dt.datetime, style: str) -> str:
    """A `<t:…:style>` timestamp other than the countdown, in UTC as the emulator's people live."""
    formats = {
        "t": "%H:%M",
        "T": "%H:%M:%S",
        "d": "%d/%m/%Y",
        "D": "%d %B %Y",
        "f": "%d %B %Y %H:%M",
        "F": "%A, %d %B %Y %H:%M",
    }
    return at.strftime(formats.get(style, formats["f"]))


class _Phone:
    """One drawing: the message, the screen, and the emoji pictures decoded once."""

    def __init__(self, message: Message, screen: Screen) -> None:
        self.message = message
        self.screen = screen
        self.attachments = {a.filename: a.data for a in message.attachments}
        self.lines: list[str] = []

    # The whole message

    def draw(self) -> Image.Image:
        message = self.message
        used = self.used_line()
        blocks: list[Image.Image] = []
        if message.content:
            blocks.append(self.markdown(message.content, CONTENT))
        blocks += [self.embed(embed, CONTENT) for embed in message.embeds]
        blocks += self.components(message.components, CONTENT)
        shown = set(self.referenced())
        blocks += [
            self.picture(a.data, CONTENT)
            for a in message.attachments
            if a.content_type.startswith("image/") and a.filename not in shown
            and not message.flags & (1 << 15)
        ]  # fmt: skip
        if message.edited_timestamp:
            blocks.append(self.line("(edited)", Style(size=11, colour=MUTED), CONTENT))
        if message.flags & EPHEMERAL or message.only_for is not None:
            blocks.append(self.only_you())
        body = stack(blocks, GAP)
        top = 12
        canvas_height = top + (22 if used else 0) + max(AVATAR, 22 + body.height) + 14
        canvas = Image.new("RGB", (WIDTH, canvas_height), BACKGROUND)
        if used is not None:
            canvas.paste(used, (INDENT, top), used)
            top += 22
        self.header(canvas, top)
        canvas.paste(body, (INDENT, top + 22), body)
        return canvas

    def referenced(self) -> list[str]:
        """The attachments a layout or an embed shows in its place (not again under it)."""
        named = set(references(self.message.components))
        for embed in self.message.embeds:
            for key in ("image", "thumbnail"):
                url = str((embed.get(key) or {}).get("url") or "")
                named.add(url.removeprefix("attachment://"))
        return sorted(named)

    def used_line(self) -> Image.Image | None:
        """The line over a slash command's answer, "@alice used a command" (the emulator does
        not keep the command's name, which Discord shows)."""
        interaction = self.message.interaction or {}
        user = interaction.get("user") or {}
        if not user or interaction.get("type") != APPLICATION_COMMAND:
            return None  # a click's answer has no such line
        name = self.screen.names.get(int(user.get("id", 0)), str(user.get("username", "")))
        return self.line(f"@{name} used a command", Style(size=12, colour=MUTED), CONTENT)

    def header(self, canvas: Canvas, top: int) -> None:
        author = self.message.author
        draw = ImageDraw.Draw(canvas)
        colour = AVATARS[zlib.crc32(author.name.encode()) % len(AVATARS)]
        big = Image.new("L", (AVATAR * 4, AVATAR * 4), 0)  # drawn large, shrunk: a smooth rim
        ImageDraw.Draw(big).ellipse((0, 0, AVATAR * 4 - 1, AVATAR * 4 - 1), fill=255)
        mask = big.resize((AVATAR, AVATAR), Image.Resampling.LANCZOS)
        canvas.paste(colour, (MARGIN, top, MARGIN + AVATAR, top + AVATAR), mask)
        initial = (author.name[:1] or "?").upper()
        centre = (MARGIN + AVATAR / 2, top + AVATAR / 2)
        draw.text(centre, initial, font=_face(18, "Bold"), fill=WHITE, anchor="mm")
        name_face = _face(15, "SemiBold")
        draw.text((INDENT, top), author.name, font=name_face, fill=HEADING)
        x = INDENT + int(name_face.getlength(author.name)) + 6
        if author.bot:
            tag = _face(10, "Bold")
            width = int(tag.getlength("APP")) + 8
            draw.rounded_rectangle((x, top + 4, x + width, top + 18), 3, fill=BLURPLE)
            draw.text((x + width / 2, top + 11), "APP", font=tag, fill=WHITE, anchor="mm")
            x += width + 6
        sent = dt.datetime.fromisoformat(self.message.timestamp)
        when = f"Today at {sent.strftime('%H:%M')}"
        draw.text((x, top + 3), when, font=_face(12), fill=MUTED)

    def only_you(self) -> Image.Image:
        """The line under an ephemeral answer: an eye, "Only you can see this", "Dismiss"."""
        small = Style(size=12, colour=MUTED)
        image = self.runs_image(
            [
                Run("Only you can see this • ", small),
                Run("Dismiss message", Style(size=12, colour=LINK)),
            ],
            CONTENT - 20,
        )
        line = Image.new("RGBA", (CONTENT, image.height), (0, 0, 0, 0))
        draw = ImageDraw.Draw(line)
        middle = image.height / 2
        draw.ellipse((1, middle - 4, 15, middle + 4), outline=MUTED, width=2)
        draw.ellipse((6, middle - 2, 10, middle + 2), fill=MUTED)
        line.paste(image, (20, 0), image)
        return line

    # Text

    def markdown(self, text: str, width: int, colour: RGB = TEXT, size: int = TEXT_SIZE) -> Canvas:
        """Lines of Discord's markdown: headings, subtext, quotes, lists, code blocks."""
        blocks: list[Image.Image] = []
        fenced = False
        for raw in text.split("\n"):
            if raw.strip().startswith("```"):
                fenced = not fenced
                continue
            base = Style(size=size, colour=colour)
            if fenced:
                blocks.append(self.code_line(raw, width))
                continue
            if raw.startswith(("# ", "## ", "### ")):
                level = len(raw) - len(raw.lstrip("#"))
                sizes = {1: 24, 2: 20, 3: 17}
                heading = Style(size=sizes[level], colour=HEADING, bold=True)
                blocks.append(self.inline(raw[level + 1 :], heading, width))
            elif raw.startswith("-# "):
                blocks.append(self.inline(raw[3:], Style(size=12, colour=MUTED), width))
            elif raw.startswith(">>> ") or raw.startswith("> ") or raw == ">":
                quoted = self.inline(raw.split(" ", 1)[1] if " " in raw else "", base, width - 16)
                blocks.append(self.quoted(quoted))
            elif found := LIST_ITEM.match(raw):
                depth = len(found.group(1)) // 2
                marker = "•" if found.group(2) in "-*" else found.group(2)
                item = self.inline(found.group(3), base, width - 18 - depth * 16)
                blocks.append(self.listed(item, marker, base, depth))
            else:
                blocks.append(self.inline(raw, base, width))
        return stack(blocks, 0)

    def code_line(self, text: str, width: int) -> Canvas:
        inner = self.line(text or " ", Style(size=13, code=True), width - 16)
        block = Image.new("RGBA", (width, inner.height + 4), (*CODE, 255))
        block.paste(inner, (8, 2), inner)
        return block

    def quoted(self, inner: Canvas) -> Canvas:
        block = Image.new("RGBA", (inner.width + 16, inner.height), (0, 0, 0, 0))
        ImageDraw.Draw(block).rounded_rectangle((0, 0, 3, inner.height - 1), 2, fill=QUOTE_BAR)
        block.paste(inner, (16, 0), inner)
        return block

    def listed(self, inner: Canvas, marker: str, style: Style, depth: int) -> Canvas:
        shift = 18 + depth * 16
        at = max(0, shift - 6 - int(style.face.getlength(marker)))
        block = Image.new("RGBA", (inner.width + shift, inner.height), (0, 0, 0, 0))
        middle = round(style.size * 1.375) / 2
        draw = ImageDraw.Draw(block)
        draw.text((at, middle), marker, font=style.face, fill=style.colour, anchor="lm")
        block.paste(inner, (shift, 0), inner)
        return block

    def line(self, text: str, style: Style, width: int) -> Canvas:
        """Plain words, wrapped (no markup read in them)."""
        return self.runs_image([Run(text, style)], width)

    def inline(self, text: str, style: Style, width: int) -> Canvas:
        return self.runs_image(self.runs(text, style), width)

    def runs(self, text: str, style: Style) -> list[Run]:
        """`text`'s inline markup as runs: emphasis, code, mentions, timestamps, emojis."""
        runs: list[Run] = []
        at = 0
        for found in MARKUP.finditer(text):
            if found.start() > at:
                runs.append(Run(text[at : found.start()], style))
            at = found.end()
            runs += self.markup(found, style)
        if at < len(text):
            runs.append(Run(text[at:], style))
        return runs

    def markup(self, found: re.Match[str], style: Style) -> list[Run]:
        kind = next(name for name in KINDS if found.group(name) is not None)
        value = found.group(kind)
        if kind == "bold":
            return self.runs(value, _with(style, bold=True))
        if kind in ("italic", "italic2"):
            return self.runs(value, _with(style, italic=True))
        if kind == "underline":
            return self.runs(value, style)
        if kind == "code":
            return [Run(value, _with(style, code=True, size=style.size - 1))]
        if kind == "user":
            name = self.screen.names.get(int(value), "unknown-user")
            return [Run(f"@{name}", _with(style, mention=True, colour=MENTION_TEXT))]
        if kind == "role":
            return [Run("@role", _with(style, mention=True, colour=MENTION_TEXT))]
        if kind == "channel":
            name = self.screen.channels.get(int(value), "unknown")
            return [Run(f"#{name}", _with(style, mention=True, colour=MENTION_TEXT))]
        if kind == "time":
            moment = int(value)
            if found.group("style") == "R":
                words = relative(moment - self.screen.now)
            else:
                at = dt.datetime.fromtimestamp(moment, dt.UTC)
                words = clock_time(at, found.group("style") or "f")
            return [Run(words, _with(style, code=True, size=style.size - 1))]
        if kind == "emoji":
            picture = self.emoji(int(found.group("emoji_id")), round(style.size * 1.4))
            if picture is None:
                return [Run(f":{value}:", style)]
            return [Run("", style, picture)]
        if kind == "link":
            return [Run(found.group("link"), _with(style, colour=LINK, link=True))]
        return [Run(found.group(0), style)]

    def emoji(self, emoji_id: int, size: int) -> Image.Image | None:
        data = self.screen.emojis.get(emoji_id)
        if data is None:
            return None
        with Image.open(io.BytesIO(data)) as picture:
            image: Image.Image = picture.convert("RGBA")
        scale = size / max(image.width, image.height)
        shape = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        return image.resize(shape, Image.Resampling.LANCZOS)

    def runs_image(self, runs: list[Run], width: int) -> Canvas:
        """The runs laid out in lines no wider than `width`, broken between words (a word wider
        than a line, between letters)."""
        style = runs[0].style if runs else Style()
        height = round(style.size * 1.375)
        pieces: list[Run] = []
        for run in runs:
            if run.picture is not None:
                pieces.append(run)
                height = max(height, run.picture.height + 2)
                continue
            boxed = run.style.mention or run.style.code  # one pill, unless wider than a line
            if boxed and _width(run) <= width:
                pieces.append(run)
                continue
            for word in WORDS.findall(run.text):
                pieces += [Run(part, run.style) for part in _split_long(word, run.style, width)]
        lines: list[list[tuple[int, Run]]] = [[]]
        x = 0
        for piece in pieces:
            size = _width(piece)
            if lines[-1] and x + _width(piece, trailing=False) > width:
                lines.append([])
                x = 0
                if not piece.text.strip() and piece.picture is None:
                    continue  # the space a line breaks at is not drawn
            lines[-1].append((x, piece))
            x += size
        canvas = Image.new("RGBA", (width, height * len(lines)), (0, 0, 0, 0))
        draw = ImageDraw.Draw(canvas)
        self.lines += ["".join(p.text or " " for _, p in line).strip() for line in lines]
        for row, line in enumerate(lines):
            top = row * height
            for left, piece in line:
                if piece.picture is not None:
                    y = top + (height - piece.picture.height) // 2
                    canvas.paste(piece.picture, (left + 1, y), piece.picture)
                    continue
                face = piece.style.face
                shown = piece.text.rstrip() if piece.style.mention or piece.style.code else ""
                if shown:
                    right = left + int(face.getlength(shown)) + 4
                    ground = MENTION_GROUND if piece.style.mention else CODE
                    box = (left - 1, top + 1, min(width - 1, right), top + height - 2)
                    draw.rounded_rectangle(box, 3, fill=(*ground, 255))
                    left += 2
                middle = top + height / 2
                draw.text(
                    (left, middle), piece.text, font=face, fill=piece.style.colour, anchor="lm"
                )
        return canvas

    # Embeds

    def embed(self, embed: dict[str, Any], width: int) -> Canvas:
        inner_width = width - 4 - 12 - 12
        parts: list[Image.Image] = []
        author = (embed.get("author") or {}).get("name")
        if author:
            parts.append(self.line(author, Style(size=13, colour=HEADING, bold=True), inner_width))
        if embed.get("title"):
            title = Style(size=15, colour=LINK if embed.get("url") else HEADING, bold=True)
            parts.append(self.inline(str(embed["title"]), title, inner_width))
        if embed.get("description"):
            parts.append(self.markdown(str(embed["description"]), inner_width, size=14))
        parts += self.fields(embed.get("fields") or [], inner_width)
        image = (embed.get("image") or {}).get("url")
        if image:
            data = self.attachments.get(str(image).removeprefix("attachment://"))
            if data is not None:
                parts.append(self.picture(data, inner_width))
        footer = (embed.get("footer") or {}).get("text")
        if footer:
            parts.append(self.inline(str(footer), Style(size=12, colour=TEXT), inner_width))
        body = stack(parts, 6)
        thumbnail = (embed.get("thumbnail") or {}).get("url")
        data = self.attachments.get(str(thumbnail or "").removeprefix("attachment://"))
        colour = embed.get("color")
        bar = EMBED_BAR if colour is None else _rgb(int(colour))
        panel = Image.new("RGBA", (width, body.height + 24), (0, 0, 0, 0))
        draw = ImageDraw.Draw(panel)
        draw.rounded_rectangle((0, 0, width - 1, panel.height - 1), 4, fill=(*PANEL, 255))
        draw.rounded_rectangle((0, 0, 5, panel.height - 1), 3, fill=(*bar, 255))
        draw.rectangle((4, 0, 6, panel.height - 1), fill=(*PANEL, 255))
        panel.paste(body, (16, 12), body)
        if data is not None:
            small = self.picture(data, THUMBNAIL_SIZE, THUMBNAIL_SIZE)
            panel.paste(small, (width - 12 - small.width, 12), small)
        return panel

    def fields(self, fields: list[dict[str, Any]], width: int) -> list[Canvas]:
        """Fields, the inline ones up to three side by side (two on a narrow screen)."""
        rows: list[list[dict[str, Any]]] = []
        for each in fields:
            if each.get("inline") and rows and rows[-1][-1].get("inline") and len(rows[-1]) < 2:
                rows[-1].append(each)
            else:
                rows.append([each])
        drawn: list[Canvas] = []
        for row in rows:
            column = (width - 8 * (len(row) - 1)) // len(row)
            cells = []
            for each in row:
                name = str(each.get("name", "")).strip("\u200b")
                parts = []
                if name:
                    parts.append(
                        self.inline(name, Style(size=13, colour=HEADING, bold=True), column)
                    )
                parts.append(self.markdown(str(each.get("value", "")), column, size=14))
                cells.append(stack(parts, 2))
            drawn.append(beside(cells, 8, width))
        return drawn

    def picture(self, data: bytes, width: int, height: int | None = None) -> Canvas:
        """An attachment's picture scaled to `width` (and into `height`), corners rounded."""
        with Image.open(io.BytesIO(data)) as opened:
            image: Image.Image = opened.convert("RGBA")
        scale = width / image.width
        if height is not None:
            scale = min(scale, height / image.height)
        shape = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(shape, Image.Resampling.LANCZOS)
        mask = Image.new("L", image.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, shape[0] - 1, shape[1] - 1), 6, fill=255)
        alpha = Image.composite(image.getchannel("A"), mask, mask)
        image.putalpha(alpha)
        return image

    # Components

    def components(self, components: list[dict[str, Any]], width: int) -> list[Canvas]:
        return [self.component(c, width) for c in components]

    def component(self, component: dict[str, Any], width: int) -> Canvas:
        kind = component.get("type")
        if kind == CONTAINER:
            return self.container(component, width)
        if kind == ACTION_ROW:
            return self.row(component.get("components") or [], width)
        if kind == TEXT_DISPLAY:
            return self.markdown(str(component.get("content") or ""), width)
        if kind == SECTION:
            return self.section(component, width)
        if kind == MEDIA_GALLERY:
            return self.gallery(component.get("items") or [], width)
        if kind == SEPARATOR:
            return self.separator(component, width)
        if kind == FILE:
            return self.file(component, width)
        return Image.new("RGBA", (width, 1), (0, 0, 0, 0))

    def container(self, component: dict[str, Any], width: int) -> Canvas:
        accent = component.get("accent_color")
        left = 16 + (4 if accent is not None else 0)
        inner = width - left - 16
        body = stack(self.components(component.get("components") or [], inner), GAP)
        panel = Image.new("RGBA", (width, body.height + 32), (0, 0, 0, 0))
        draw = ImageDraw.Draw(panel)
        box = (0, 0, width - 1, panel.height - 1)
        draw.rounded_rectangle(box, 8, fill=(*PANEL, 255), outline=(*PANEL_EDGE, 255))
        if accent is not None:
            draw.rounded_rectangle((0, 0, 7, panel.height - 1), 4, fill=(*_rgb(int(accent)), 255))
            draw.rectangle((4, 1, 7, panel.height - 2), fill=(*PANEL, 255))
        panel.paste(body, (left, 16), body)
        return panel

    def section(self, component: dict[str, Any], width: int) -> Canvas:
        accessory = component.get("accessory") or {}
        if accessory.get("type") == THUMBNAIL:
            url = str((accessory.get("media") or {}).get("url") or "")
            data = self.attachments.get(url.removeprefix("attachment://"))
            side = (
                self.picture(data, THUMBNAIL_SIZE, THUMBNAIL_SIZE)
                if data is not None
                else Image.new("RGBA", (THUMBNAIL_SIZE, THUMBNAIL_SIZE), (*PANEL_EDGE, 255))
            )
        else:
            side = self.button(accessory)
        texts = [
            self.markdown(str(t.get("content") or ""), width - side.width - 12)
            for t in component.get("components") or []
        ]
        words = stack(texts, 4)
        block = Image.new("RGBA", (width, max(words.height, side.height)), (0, 0, 0, 0))
        block.paste(words, (0, 0), words)
        block.paste(side, (width - side.width, (block.height - side.height) // 2), side)
        return block

    def gallery(self, items: list[dict[str, Any]], width: int) -> Canvas:
        """One picture as wide as the content; more, two to a line."""
        pictures = []
        per_line = 1 if len(items) == 1 else 2
        cell = (width - 4 * (per_line - 1)) // per_line
        for item in items:
            url = str((item.get("media") or {}).get("url") or "")
            data = self.attachments.get(url.removeprefix("attachment://"))
            if data is not None:
                pictures.append(self.picture(data, cell))
        lines = [beside(pictures[i : i + per_line], 4, width) for i in range(0, len(pictures), 2)]
        return stack(lines, 4)

    def separator(self, component: dict[str, Any], width: int) -> Canvas:
        space = 8 if component.get("spacing", 1) == 1 else 16
        block = Image.new("RGBA", (width, space), (0, 0, 0, 0))
        if component.get("divider", True):
            ImageDraw.Draw(block).line((0, space // 2, width, space // 2), fill=PANEL_EDGE)
        return block

    def file(self, component: dict[str, Any], width: int) -> Canvas:
        url = str((component.get("file") or {}).get("url") or "")
        name = url.removeprefix("attachment://")
        block = Image.new("RGBA", (width, 56), (*CODE, 255))
        draw = ImageDraw.Draw(block)
        draw.rectangle((12, 12, 36, 44), outline=MUTED, width=2)
        draw.text((48, 28), name, font=_face(14), fill=LINK, anchor="lm")
        return block

    def row(self, items: list[dict[str, Any]], width: int) -> Canvas:
        """A row's buttons at their own widths, wrapped when they do not fit; or its menu."""
        if items and items[0].get("type") in SELECTS:
            return self.select(items[0], width)
        buttons = [self.button(item, width) for item in items if item.get("type") == BUTTON]
        lines: list[list[Image.Image]] = [[]]
        used = 0
        for button in buttons:
            if lines[-1] and used + GAP + button.width > width:
                lines.append([])
                used = 0
            used += (GAP if lines[-1] else 0) + button.width
            lines[-1].append(button)
        return stack([beside(line, GAP, width) for line in lines], GAP)

    def button(self, item: dict[str, Any], width: int = CONTENT) -> Canvas:
        style = int(item.get("style") or 2)
        label = str(item.get("label") or "")
        face = _face(14, "SemiBold")
        emoji = self.button_emoji(item.get("emoji"))
        link = style == 5
        inner = (emoji.width if emoji else 0) + (6 if emoji and label else 0)
        inner += int(face.getlength(label)) + (18 if link else 0)
        total = min(width, max(BUTTON_MIN if label else BUTTON_HEIGHT + 6, inner + 2 * BUTTON_PAD))
        shown = label
        if inner + 2 * BUTTON_PAD > total:  # a label longer than a line: cut, as Discord does
            room = total - 2 * BUTTON_PAD - (inner - int(face.getlength(label)))
            while shown and face.getlength(shown + "…") > room:
                shown = shown[:-1]
            shown += "…"
        self.lines.append(shown)
        block = Image.new("RGBA", (total, BUTTON_HEIGHT), (0, 0, 0, 0))
        draw = ImageDraw.Draw(block)
        colour = BUTTON_COLOURS.get(style, BUTTON_COLOURS[2])
        draw.rounded_rectangle((0, 0, total - 1, BUTTON_HEIGHT - 1), 8, fill=(*colour, 255))
        x = (total - min(inner, total - 2 * BUTTON_PAD)) // 2
        if emoji is not None:
            block.paste(emoji, (x, (BUTTON_HEIGHT - emoji.height) // 2), emoji)
            x += emoji.width + (6 if label else 0)
        draw.text((x, BUTTON_HEIGHT / 2), shown, font=face, fill=WHITE, anchor="lm")
        if link:
            x += int(face.getlength(shown)) + 6
            middle = BUTTON_HEIGHT // 2
            draw.line((x, middle + 5, x + 9, middle - 4), fill=WHITE, width=2)
            draw.line(
                (x + 3, middle - 4, x + 9, middle - 4, x + 9, middle + 2), fill=WHITE, width=2
            )
        if item.get("disabled"):
            block.putalpha(block.getchannel("A").point(lambda a: a // 2))
        return block

    def button_emoji(self, emoji: Any) -> Image.Image | None:
        """A button's emoji: the app's picture, or a unicode emoji as its own character drawn in
        the font (a grey dot where the font has no glyph for it)."""
        if not isinstance(emoji, dict):
            return None
        if emoji.get("id"):
            picture = self.emoji(int(emoji["id"]), 22)
            if picture is not None:
                return picture
            return self.line(f":{emoji.get('name', '')}:", Style(colour=WHITE), 120).crop(
                (0, 0, int(_face(TEXT_SIZE).getlength(f":{emoji.get('name', '')}:")) + 2, 20)
            )
        name = str(emoji.get("name") or "")
        from render.text import missing_glyphs

        if name and not missing_glyphs(name):
            return self.line(name, Style(colour=WHITE, size=16), 40).crop(
                (0, 0, int(_face(16).getlength(name)) + 2, 22)
            )
        dot = Image.new("RGBA", (18, 18), (0, 0, 0, 0))
        ImageDraw.Draw(dot).ellipse((1, 1, 16, 16), fill=(*MUTED, 255))
        return dot

    def select(self, item: dict[str, Any], width: int) -> Canvas:
        chosen = [o for o in item.get("options") or [] if o.get("default")]
        words = ", ".join(str(o.get("label", "")) for o in chosen) or str(
            item.get("placeholder") or "Make a selection"
        )
        colour = TEXT if chosen else MUTED
        self.lines.append(words)
        block = Image.new("RGBA", (width, SELECT_HEIGHT), (0, 0, 0, 0))
        draw = ImageDraw.Draw(block)
        box = (0, 0, width - 1, SELECT_HEIGHT - 1)
        draw.rounded_rectangle(box, 8, fill=(*CODE, 255), outline=(*PANEL_EDGE, 255))
        face = _face(14)
        shown = words
        while shown and face.getlength(shown + "…") > width - 52:
            shown = shown[:-1]
        if shown != words:
            shown += "…"
        draw.text((12, SELECT_HEIGHT / 2), shown, font=face, fill=colour, anchor="lm")
        x, middle = width - 24, SELECT_HEIGHT // 2
        draw.line((x - 5, middle - 3, x, middle + 2, x + 5, middle - 3), fill=TEXT, width=2)
        if item.get("disabled"):
            block.putalpha(block.getchannel("A").point(lambda a: a // 2))
        return block


def _with(style: Style, **changes: Any) -> Style:
    values = {**style.__dict__, **changes}
    return Style(**values)


def _rgb(colour: int) -> RGB:
    return ((colour >> 16) & 255, (colour >> 8) & 255, colour & 255)


def _width(piece: Run, *, trailing: bool = True) -> int:
    if piece.picture is not None:
        return piece.picture.width + 2
    text = piece.text if trailing else piece.text.rstrip()
    extra = 6 if (piece.style.mention or piece.style.code) and text.strip() else 0
    return int(piece.style.face.getlength(text)) + extra


def _split_long(word: str, style: Style, width: int) -> list[str]:
    """A word wider than a line, cut between letters into pieces that fit."""
    face = style.face
    if face.getlength(word.rstrip()) <= width - 8:
        return [word]
    pieces = [""]
    for letter in word:
        if pieces[-1] and face.getlength(pieces[-1] + letter) > width - 8:
            pieces.append("")
        pieces[-1] += letter
    return pieces


def stack(blocks: list[Image.Image], gap: int) -> Canvas:
    """Blocks one under another, left aligned, `gap` pixels apart."""
    if not blocks:
        return Image.new("RGBA", (1, 1), (0, 0, 0, 0))
    width = max(block.width for block in blocks)
    height = sum(block.height for block in blocks) + gap * (len(blocks) - 1)
    canvas = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    top = 0
    for block in blocks:
        canvas.alpha_composite(block.convert("RGBA"), (0, top))
        top += block.height + gap
    return canvas


def beside(blocks: list[Image.Image], gap: int, width: int) -> Canvas:
    """Blocks side by side, top aligned, `gap` pixels apart, in a strip `width` wide."""
    height = max((block.height for block in blocks), default=1)
    canvas = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    left = 0
    for block in blocks:
        if left >= width:
            break
        piece = block.convert("RGBA").crop((0, 0, min(block.width, width - left), block.height))
        canvas.alpha_composite(piece, (left, 0))
        left += block.width + gap
    return canvas
