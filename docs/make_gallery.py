"""Draws the picture gallery in docs/gallery/: every layout and every kind of picture, each at the
800 pixels the bot sends and at the 380 pixels a phone shows it (`-380` files), and one contact
sheet of labelled thumbnails of them all (`contact-sheet.png`):

    make gallery        # or: .venv/bin/python docs/make_gallery.py

Every position comes from a seeded game of random legal moves (or a seeded puzzle), so the same
code always draws the same pictures: redraw after changing `render/` and review the diff."""

from __future__ import annotations

import asyncio
import copy
import datetime as dt
import io
import random
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageDraw  # noqa: E402

from cogs import texts  # noqa: E402
from cogs.lang import words  # noqa: E402
from engine import Match  # noqa: E402
from engine.puzzles import new_game  # noqa: E402
from engine.puzzles.dominosa_game import DominosaGame  # noqa: E402
from engine.puzzles.quadrille_game import QuadrilleGame  # noqa: E402
from engine.view import SeatView  # noqa: E402
from render import (  # noqa: E402
    board_png,
    decision_png,
    dominosa_png,
    hand_png,
    quadrille_png,
    score_sheet_png,
)
from render.labels import move_label  # noqa: E402
from render.text import put_text  # noqa: E402
from tests.emulator.phone import Screen, phone_png, screen_of  # noqa: E402
from tests.emulator.world import Message  # noqa: E402
from tests.playtest import Session, scripted_bot, short_options  # noqa: E402
from tests.render_positions import full_line, view_of  # noqa: E402
from tests.tables.play import (  # noqa: E402
    board as board_message,
)
from tests.tables.play import (  # noqa: E402
    board_title,
    latest_version,
    move_message,
    play_one,
    private_answer,
)

OUT = ROOT / "docs" / "gallery"
PHONE = 380
NAMES = ["Ana", "Bruno", "Carla", "Dario", "Ema", "Filip", "Gosia", "Hugo", "Iga", "Jan"]


def late(
    variant: str, players: int, seed: int, *, share: float = 1.0, **options: object
) -> SeatView:
    """The seat to play's view after `share` of the most tiles a seeded hand of random moves laid
    (1.0: the fullest table of the hand)."""
    match = Match(variant, players, options, seed=seed)
    rng = random.Random(seed)
    hand = match.start_hand()
    views: list[SeatView] = []
    while not hand.over:
        match.apply(rng.choice(hand.legal_actions()))
        if not hand.over:
            views.append(match.view_for(hand.turn if hand.turn is not None else 0))

    def laid(view: SeatView) -> int:  # tiles on the table, or in pairs laid (the pairs game)
        return len(view.layout.placements) + sum(len(pairs) for pairs in view.laid_pairs)

    fullest = max(range(len(views)), key=lambda index: laid(views[index]))
    return views[int(fullest * share)]


def finished(variant: str, players: int, seed: int, **options: object) -> SeatView:
    match = Match(variant, players, options, seed=seed)
    rng = random.Random(seed)
    while not match.over:
        hand = match.start_hand()
        while not hand.over:
            match.apply(rng.choice(hand.legal_actions()))
    return match.view_for(0)


def board(view: SeatView, theme: str = "light") -> Callable[[], bytes]:
    return lambda: board_png(view, names=NAMES[: view.players], theme=theme)


def dominosa() -> bytes:
    game = new_game("dominosa", {"set": 6}, seed=2)
    assert isinstance(game, DominosaGame)
    for _ in range(9):
        game.place(*game.hint().placement)
    return dominosa_png(game.grid, game.placements, highlight=game.hint().placement)


def quadrille() -> bytes:
    game = QuadrilleGame()
    for _ in range(10):
        game.place(*game.hint().placement)
    return quadrille_png(game.figure, game.placements)


def pictures() -> dict[str, tuple[str, Callable[[], bytes]]]:
    """Each picture's file name, its caption and how to draw it."""
    partnership = late("partnership", 4, 3, share=0.6)
    gameroom = late("gameroom", 10, 1, set=12)
    cyprus_hand = late("cyprus", 6, 3, share=0.5)
    german = words("de").wording()
    classic_early = deciding("classic", 2, 1)
    return {
        "line-partnership": ("line: partnership", board(partnership)),
        "line-partnership-dark": ("line, dark", board(partnership, "dark")),
        "line-whole-double-six": ("whole double-six line", board(view_of(full_line(6), players=4))),
        "line-gameroom-double-twelve": ("snaked line: game-room 12", board(gameroom)),
        "line-gameroom-double-twelve-dark": ("snaked line, dark", board(gameroom, "dark")),
        "cross": ("cross", board(late("cross", 4, 2))),
        "double-cross": ("double-cross", board(late("double-cross", 4, 5))),
        "maltese": ("maltese", board(late("maltese", 4, 4))),
        "sebastopol": ("sebastopol", board(late("sebastopol", 4, 2))),
        "cross-nine": ("cross-nine", board(late("cross-nine", 8, 2))),
        "cyprus-10-players": ("cyprus star, 10 players", board(late("cyprus", 10, 2))),
        "cyprus-6-players": ("cyprus star, 6 players", board(late("cyprus", 6, 3))),
        "french-stack": ("french stack", board(late("french", 2, 3))),
        "sum-row": ("sum row", board(late("sum", 3, 1, share=0.8))),
        "pairs": ("pairs", board(late("pairs", 2, 2))),
        "hand": ("hand", lambda: hand_png(late("classic", 2, 0, share=0.3))),
        "hand-star-ends": ("hand with ends: cyprus", lambda: hand_png(cyprus_hand)),
        "hand-opening-seven": ("hand: 7 tiles", lambda: hand_png(late("classic", 2, 4, share=0))),
        "review-decision": ("review: a decision", lambda: review_decision(classic_early)),
        "hand-star-ends-german": (
            "hand with ends, German",
            lambda: hand_png(cyprus_hand, wording=german),
        ),
        "score-sheet-partnership": (
            "score sheet: long match",
            lambda: score_sheet_png(finished("partnership", 4, 5), names=NAMES[:4]),
        ),
        "score-sheet-gameroom-teams": (
            "score sheet: 5 teams",
            lambda: score_sheet_png(
                finished("gameroom", 10, 5, set=12, teams=5), names=NAMES
            ),
        ),
        "dominosa": ("dominosa", dominosa),
        "quadrille": ("quadrille", quadrille),
    }  # fmt: skip


# Messages as a phone shows them: the real bot played through the emulator.

#: When a message is looked at in the gallery: its clock reads this (the header's time), and
#: a countdown in it reads from the moment it was sent (so two runs draw the same words).
SHOWN_AT = "2026-11-28T18:00:00+00:00"
SCREEN_SEED = 3
#: The messages drawn as a phone shows them (`message-NAME-380.png`), with their captions.
SCREENS = {
    "two-player-board": "table: 2 players",
    "two-player-hand": "hand DM, tile buttons",
    "two-player-final": "table: last board",
    "partnership-lobby": "lobby with AI seats",
    "partnership-board": "table: 4 players",
    "partnership-final": "table, 4: last board",
    "friends-table": "friends' table, group DM",
    "friends-hand": "friends' table: Your hand",
    "friends-es-table": "friends' table in Spanish",
    "friends-es-hand": "its hand, in Spanish",
}
MID_MATCH_TURN = 3  # the person's turn at which a server table is shown mid-match
FRIENDS_TURN = 2  # and a friends' table (its first hand is short)


def as_shown(message: Message, screen: Screen) -> bytes:
    """`message` as a phone shows it the moment it arrives: its countdowns read from the
    moment it was sent, its time in the header the gallery's fixed one."""
    sent = dt.datetime.fromisoformat(message.edited_timestamp or message.timestamp)
    fixed = replace(
        message,
        timestamp=SHOWN_AT,
        edited_timestamp=SHOWN_AT if message.edited_timestamp else None,
    )
    return phone_png(fixed, replace(screen, now=sent.timestamp()))


def snapshot(session: Session, message: Message) -> bytes:
    """The message as it is now (later edits do not change the picture)."""
    return as_shown(copy.deepcopy(message), screen_of(session.emu))


async def server_table(session: Session, game: str, players: int) -> dict[str, bytes]:
    """alice opens `game` in the server, fills the other seats with easy AI players and plays
    a short match: the lobby before Start, the board and her hand at her third turn, the last
    board."""
    emu, w = session.emu, session.w
    alice = session.person("alice")
    options = {"game": game, "seats": players, **short_options(game)}
    lobby = (await alice.slash("domino new", options)).response
    await alice.choose(lobby, "fill:easy", placeholder=w(texts.AI_LEVEL_PLACEHOLDER))
    await emu.settle()
    shots = {"lobby": snapshot(session, lobby.message)}
    await alice.click(lobby, w(texts.START))
    await emu.wait_for(lambda: board_message(emu) is not None, timeout=60)
    rng = random.Random(session.seed)
    done: set[str] = set()
    turns = 0
    while True:
        await emu.settle()
        shown = board_message(emu)
        if shown is not None and w(texts.REMATCH) in shown.labels:
            shots["final"] = snapshot(session, shown.message)
            return shots
        key = f"ready:{board_title(shown) if shown else ''}"
        if shown is not None and w(texts.READY) in shown.labels and key not in done:
            done.add(key)
            await alice.click(shown, w(texts.READY))
        hand = move_message(alice.dm.messages)
        key = f"move:{latest_version(hand) if hand else None}"
        if hand is not None and key not in done:
            done.add(key)
            turns += 1
            if turns == MID_MATCH_TURN and shown is not None:
                shots["board"] = snapshot(session, shown.message)
                shots["hand"] = snapshot(session, hand.message)
            await play_one(alice, hand, rng)


async def friends_table(session: Session) -> dict[str, bytes]:
    """alice, bob and cleo open a table in their group DM (the app installed to alice only),
    with one easy AI player; each plays by "Your hand" when the table's one message says it is
    their turn: the message and alice's hand at her third turn."""
    emu, w = session.emu, session.w
    alice, bob, cleo = (session.person(name) for name in ("alice", "bob", "cleo"))
    alice.install()
    group = emu.add_group_dm(alice, bob, cleo, name="friends")
    table = (await alice.at(group).slash("domino new", game="traditional", target=150)).response
    for person in (bob, cleo):
        await person.click(table, w(texts.JOIN))
    await alice.choose(table, "easy", placeholder=w(texts.AI_LEVEL_PLACEHOLDER))
    await alice.click(table, w(texts.START))
    rng = random.Random(session.seed)
    people = {person.id: person for person in (alice, bob, cleo)}
    tables = emu.bot_runner.client.tables
    turns = 0
    for _ in range(200):
        await emu.settle()
        (state,) = tables.tables.values()
        seat = state.seats[state.turn] if state.turn is not None else None
        person = people.get(seat.user_id) if seat is not None and not seat.is_ai else None
        if state.turn is None:  # between hands: everyone presses Ready
            for each in people.values():
                seen = next(m for m in each.channel("friends").messages if m.id == table.id)
                if w(texts.READY) in seen.labels:
                    await each.click(seen, w(texts.READY))
            continue
        if person is None:
            await asyncio.sleep(0.1)  # an AI player's move
            continue
        seen = next(m for m in person.channel("friends").messages if m.id == table.id)
        answer = private_answer(await person.click(seen, w(texts.YOUR_HAND)))
        await emu.settle()
        if person is alice:
            turns += 1
            if turns == FRIENDS_TURN:
                return {
                    "table": snapshot(session, seen.message),
                    "hand": snapshot(session, answer.message),
                }
        await play_one(person, answer, rng)
    raise AssertionError("alice's third turn never came")


async def play_screens(folder: Path) -> dict[str, bytes]:
    """Every message picture of the gallery, by its name, from four short games played (the
    bot's working files in `folder`); the friends' table again with everyone's Discord in
    Spanish (the table speaks its host's language)."""
    shots: dict[str, bytes] = {}
    plays: list[tuple[str, str, Callable[[Session], Awaitable[dict[str, bytes]]]]] = [
        ("two-player", "en", lambda session: server_table(session, "two-player", 2)),
        ("partnership", "en", lambda session: server_table(session, "partnership", 4)),
        ("friends", "en", friends_table),
        ("friends-es", "es", friends_table),
    ]
    for name, language, play in plays:
        async with scripted_bot(
            folder / name, seed=SCREEN_SEED, language=language, emojis=True
        ) as session:
            for part, data in (await play(session)).items():
                shots[f"{name}-{part}"] = data
    return shots


def review_decision(own: SeatView) -> bytes:
    """A review's picture of one decision: its caption, the board then, the hand held then. The
    caption names two of the moves the hand had (as a review would word them), so picture and
    words agree."""
    public = replace(own, hand=(), legal=())
    played, better = [move_label(action, view=own) for action in own.legal[:2]]
    moves = len(own.layout.placements)
    caption = [
        f"Hand 1, move {moves} · 8 points lost",
        f"You played {played}; better was {better}.",
    ]
    return decision_png(public, own, caption=caption, names=NAMES[:2])


def deciding(variant: str, players: int, seed: int) -> SeatView:
    """A view early in a seeded hand where the seat to play has at least two moves."""
    for share in (0.3, 0.2, 0.4, 0.1, 0.5, 0.6):
        view = late(variant, players, seed, share=share)
        if len(view.legal) >= 2 and view.turn == view.seat:
            return view
    raise AssertionError("no decision with two moves")


def phone(image: Image.Image) -> Image.Image:
    """`image` as a phone shows it: 380 pixels wide (narrower pictures stay as they are)."""
    if image.width <= PHONE:
        return image
    height = round(image.height * PHONE / image.width)
    return image.resize((PHONE, height), Image.Resampling.LANCZOS)


def small_png(image: Image.Image) -> bytes:
    """A palette PNG of a downscaled picture (its own 256 colours: fixed seed, same output)."""
    buffer = io.BytesIO()
    image.quantize(256, dither=Image.Dither.NONE).save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def contact_sheet(images: list[tuple[str, Image.Image]]) -> Image.Image:
    """Thumbnails of every picture in a grid, each captioned."""
    columns, thumb, caption = 4, 240, 26
    rows = -(-len(images) // columns)
    cell_heights = [
        max(
            round(image.height * thumb / image.width)
            for _, image in images[row * columns : (row + 1) * columns]
        )
        for row in range(rows)
    ]
    sheet = Image.new(
        "RGB",
        (columns * (thumb + 12) + 12, sum(cell_heights) + rows * (caption + 12) + 12),
        (255, 255, 255),
    )
    draw = ImageDraw.Draw(sheet)
    top = 12
    for row in range(rows):
        for column, (label, image) in enumerate(images[row * columns : (row + 1) * columns]):
            left = 12 + column * (thumb + 12)
            small = image.convert("RGB").resize(
                (thumb, round(image.height * thumb / image.width)), Image.Resampling.LANCZOS
            )
            sheet.paste(small, (left, top))
            draw.rectangle(
                (left, top, left + small.width - 1, top + small.height - 1), outline=(200, 200, 200)
            )
            at = (left, top + cell_heights[row] + 4)
            put_text(sheet, at, label, size=15, colour=(30, 30, 30))
        top += cell_heights[row] + caption + 12
    return sheet  # fmt: skip


def draw(out: Path) -> list[Path]:
    """Draw the whole gallery into `out` (its old pictures removed first; the folders in it,
    like `before/`, are kept): the pictures written, in order."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    written: list[Path] = []
    shown: list[tuple[str, Image.Image]] = []
    for name, (label, draw_picture) in pictures().items():
        data = draw_picture()
        written.append(out / f"{name}.png")
        written[-1].write_bytes(data)
        image = Image.open(io.BytesIO(data)).convert("RGB")
        written.append(out / f"{name}-380.png")
        written[-1].write_bytes(small_png(phone(image)))
        shown.append((label, image))
    with tempfile.TemporaryDirectory() as folder:
        played = asyncio.run(play_screens(Path(folder)))
    for name, label in SCREENS.items():
        image = Image.open(io.BytesIO(played[name])).convert("RGB")
        written.append(out / f"message-{name}-380.png")
        written[-1].write_bytes(small_png(image))
        shown.append((label, image))
    written.append(out / "contact-sheet.png")
    written[-1].write_bytes(small_png(contact_sheet(shown)))
    return written


def main(argv: list[str] | None = None) -> None:
    """`make_gallery.py [FOLDER]`: draw into docs/gallery, or into FOLDER (to compare)."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else OUT
    written = draw(out)
    total = sum(path.stat().st_size for path in written)
    print(f"wrote {len(written)} pictures ({total / 1024:.0f} KiB) to {out}")


if __name__ == "__main__":
    main()
