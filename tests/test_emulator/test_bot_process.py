"""bot.py as a real process (`BotProcess`): it logs in, answers a person, and a `kill -9`
leaves nothing of it running; a new process then identifies afresh and answers again."""

from __future__ import annotations

import signal
from pathlib import Path

from tests.emulator import BotProcess, Emulator
from tests.emulator.process import alive, descendants


async def test_bot_py_answers_a_slash_command_and_a_kill_leaves_no_process_behind(
    emu: Emulator, tmp_path: Path
) -> None:
    bot = BotProcess(emu, database=tmp_path / "domino.sqlite3")
    [session] = await bot.start()
    assert session.ready and session.socket is not None and bot.pid is not None
    alice = emu.user("alice")
    helped = await alice.slash("domino help")
    assert not helped.failed and helped.response is not None and helped.response.text

    # Its picture workers start with it (pictures.warm_up): they must die with it.
    pid = bot.pid
    family = await emu.wait_for(lambda: descendants(pid) if len(descendants(pid)) >= 2 else None)
    left = await bot.kill()
    assert left == {}, f"still alive after the bot was killed: {left}"
    assert bot.process is not None and bot.process.returncode == -signal.SIGKILL
    assert not any(alive(child, started) for child, started in family.items())
    # Its connection dropped without a close frame: the session stays, resumable by the client
    # that knows its id (none now); nothing else is connected.
    assert emu.gateway.sessions.get(session.id) is session and session.closed_with is None
    assert not emu.gateway.live
    down = await alice.slash("domino help", expect_failure=True)
    assert down.failed  # the person sees "This interaction failed"

    [again] = await bot.start()  # as a process manager restarts it: a fresh IDENTIFY
    assert again is not session and emu.gateway.identifies == 2
    helped = await alice.slash("domino help")
    assert not helped.failed and helped.response is not None
    assert await bot.stop() == 0  # SIGTERM: bot.py closes its client and exits
    assert again.socket is None and again.closed_with is not None  # with a close frame
