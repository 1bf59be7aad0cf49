"""`make playtest`: a whole match, and a puzzle, played through the emulator by scripted people,
written down as each of them saw it, with every picture at a phone's width."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from cogs import texts
from cogs.common.settings import Settings
from cogs.tables.table import seeds
from tests.playtest import PICTURE_WIDTH, play_table, scripted_bot, solve_puzzle


def pictures_of(folder: Path) -> list[Image.Image]:
    return [Image.open(io.BytesIO(path.read_bytes())) for path in sorted(folder.glob("*.png"))]


async def test_two_people_play_a_match_to_its_end_and_each_reads_only_what_they_saw(
    tmp_path: Path,
) -> None:
    async with scripted_bot(tmp_path, seed=5) as session:
        final = await play_table(
            session, "two-player", seats=2, options={"target": 5}, reviews=False
        )
        alice, bob = session.person("alice"), session.person("bob")
        over = final.text
    session.transcript.write("a test match")
    assert texts.REMATCH in final.labels and "won the match" in over, over
    everything = (tmp_path / "transcript.md").read_text(encoding="utf-8")
    for person, other in ((alice, bob), (bob, alice)):
        theirs = (tmp_path / f"{person.name}.md").read_text(encoding="utf-8")
        assert f"DM to {person.name}" in theirs and f"DM to {other.name}" not in theirs
        assert f"@{person.name} your turn: " in theirs  # the moves they were offered
        assert "won the match" in theirs  # the ending, where they looked
        assert f"DM to {person.name}" in everything
    pictures = pictures_of(tmp_path)
    assert len(pictures) >= 4
    assert all(picture.width <= PICTURE_WIDTH for picture in pictures)
    assert any(picture.width == PICTURE_WIDTH for picture in pictures)


async def test_a_dominosa_is_solved_after_a_wrong_tile_and_a_hint(tmp_path: Path) -> None:
    async with scripted_bot(tmp_path, seed=2) as session:
        message = await solve_puzzle(session, "dominosa")
        solved = message.text
    session.transcript.write("a test puzzle")
    assert "Solved" in solved
    alice = (tmp_path / "alice.md").read_text(encoding="utf-8")
    assert (
        "Check: 1 tile placed, and it is wrong." in alice and "Hint:" in alice and "Solved" in alice
    )
    assert all(picture.width <= PICTURE_WIDTH for picture in pictures_of(tmp_path))


def test_only_a_scripted_bot_deals_from_a_seed_anyone_knows() -> None:
    """The demo seed is a constructor argument only: no environment gives a live bot one, and
    without it every table's seed is secret and new."""
    environment = {"DISCORD_TOKEN": "x", "DEMO_SEED": "1", "demo_seed": "1"}
    assert Settings.from_environment(environment).demo_seed is None
    live = seeds(None)
    assert len({live(), live()}) == 2
    demo = seeds("playtest-1")
    assert [demo(), demo()] == ["playtest-1:1", "playtest-1:2"]
    assert seeds("playtest-1")() == "playtest-1:1"  # the same demo deals the same again
