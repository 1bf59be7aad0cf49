"""`make demo`: the real bot plays a short match against the test emulator, no token needed.

alice opens a partnership table in #domino, adds three AI seats and starts; she then plays
whatever the bot offers her (a random legal move) until the match ends, then asks for her review
(the Review button on the final board). Everything anyone saw is
written to the output folder: `transcript.md` (every message and every edit, in order, with its
embed and buttons, public or private) and every picture the bot sent, numbered in order.

    python -m tests.demo [OUT_DIR] [--game partnership] [--target 30] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cogs import texts
from tests.emulator.emulator import Emulator
from tests.emulator.runner import BotRunner
from tests.emulator.world import Channel, Message
from tests.tables.play import board, play_match, private_answer


class Transcript:
    """Records every new message and every edit the emulator stores, with its pictures."""

    def __init__(self, emu: Emulator, out: Path) -> None:
        self.emu = emu
        self.out = out
        self.lines: list[str] = []
        self.seen: dict[int, str] = {}
        self.saved: set[int] = set()
        self.pictures = 0
        self.started = time.monotonic()

    def where(self, channel: Channel, message: Message) -> str:
        world = self.emu.world
        if channel.recipient is not None:
            place = f"DM to {channel.recipient.name}"
        elif channel.is_thread:
            place = f"thread “{channel.name}”"
        else:
            place = f"#{channel.name}"
        if message.only_for is not None:
            place += f", visible only to {world.users[message.only_for].name}"
        return place

    def look(self) -> None:
        for channel in list(self.emu.world.channels.values()):
            for message in list(channel.messages):
                self._record(channel, message)

    def _record(self, channel: Channel, message: Message) -> None:
        signature = json.dumps(
            [
                message.content,
                message.embeds,
                message.components,
                [a.id for a in message.attachments],
            ],
            sort_keys=True,
            default=str,
        )
        previous = self.seen.get(message.id)
        if previous == signature or message.flags & (1 << 7):  # unchanged, or still "thinking"
            return
        self.seen[message.id] = signature
        when = time.monotonic() - self.started
        verb = "edited" if previous is not None else "new"
        author = message.author.name
        self.lines.append(f"### {when:6.2f}s · {verb} · {self.where(channel, message)} · {author}")
        if message.content:
            self.lines.append(message.content)
        for embed in message.embeds:
            if embed.get("title"):
                self.lines.append(f"**{embed['title']}**")
            if embed.get("description"):
                self.lines.append(embed["description"])
            for field in embed.get("fields") or []:
                name = field.get("name", "").strip("\u200b")
                self.lines.append(f"- {name + ': ' if name else ''}{field.get('value', '')}")
            if (embed.get("footer") or {}).get("text"):
                self.lines.append(f"_{embed['footer']['text']}_")
        controls = []
        for row in message.components:
            for item in row.get("components") or []:
                if item.get("label"):
                    controls.append(f"[{item['label']}]")
                elif item.get("placeholder"):
                    controls.append(f"[menu: {item['placeholder']}]")
        if controls:
            self.lines.append(" ".join(controls))
        for attachment in message.attachments:
            if attachment.id in self.saved:
                continue
            self.saved.add(attachment.id)
            self.pictures += 1
            name = f"{self.pictures:03d}-{attachment.filename}"
            (self.out / name).write_bytes(attachment.data)
            self.lines.append(f"![{attachment.filename}]({name})")
        self.lines.append("")

    def write(self) -> Path:
        path = self.out / "transcript.md"
        header = ["# Domino tables: a demo match against the emulator", ""]
        path.write_text("\n".join(header + self.lines), encoding="utf-8")
        return path


async def review(player: Any, final: Any, seconds: float = 300) -> None:
    """The player asks for the review of the match just played (the Review button on the final
    board) and waits until it is computed: the progress line becomes the review."""
    if final is None or "Review" not in final.labels:
        return
    answer = private_answer(await player.click(final, "Review"))
    stop_at = time.monotonic() + seconds
    while (answer.text or "").startswith("Reviewing") or not answer.embeds:
        if time.monotonic() > stop_at:
            raise TimeoutError(f"the review was not computed within {seconds:g} s")
        await asyncio.sleep(0.2)


async def demo(out: Path, game: str, target: int, seed: int) -> int:
    from cogs.common.bot import DominoBot, redirect_discord
    from cogs.common.settings import Settings

    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    async with Emulator() as emu:
        emu.rate_limiter.enabled = False  # Discord's limits are real seconds; skip the waits
        transcript = Transcript(emu, out)
        touch = emu.touch

        def touched() -> None:
            touch()
            transcript.look()

        emu.touch = touched  # type: ignore[method-assign]
        with tempfile.TemporaryDirectory() as folder:
            settings = Settings(
                token=emu.token,
                database=Path(folder) / "demo.sqlite3",
                api_base=emu.api_base,
                gateway_url=emu.gateway_url,
                ai_delay=0.2,
                ai_budget_ms=50,
                between_hands_seconds=2.0,
                clock=emu.clock.wall,
            )
            redirect_discord(settings.api_base, settings.gateway_url)
            runner = BotRunner(emu, lambda: DominoBot(settings))
            emu.bot_runner = runner
            await runner.start()
            final, failed = None, None
            try:
                alice = emu.user("alice")
                lobby = (await alice.slash("domino new", game=game, target=target)).response
                while "Start" in lobby.labels and lobby.selects and "empty" in lobby.text:
                    await alice.choose(lobby, "easy", placeholder=texts.AI_LEVEL_PLACEHOLDER)
                await alice.click(lobby, "Start")
                final = await play_match(emu, [alice], seed=seed, seconds=600)
                await emu.settle()
                await review(alice, board(emu) or final)
            except Exception as error:  # the demo says so and stops: the bot is closed below
                failed = f"the demo stopped: {type(error).__name__}: {error}"
            finally:
                transcript.look()
                await runner.stop()  # else its database threads keep the process alive
        path = transcript.write()
        shown = board(emu) or final
        print(shown.text.splitlines()[0] if shown else "no board")
        print(f"{path} and {transcript.pictures} pictures written")
        problems = emu.unhandled + emu.violations + ([failed] if failed else [])
        for problem in problems:
            print(problem if problem == failed else f"emulator: {problem}", file=sys.stderr)
        return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="demo-out", type=Path)
    parser.add_argument("--game", default="partnership")
    parser.add_argument("--target", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    return asyncio.run(demo(args.out, args.game, args.target, args.seed))


if __name__ == "__main__":
    sys.exit(main())
