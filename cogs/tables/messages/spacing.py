"""New messages to a person, spaced: a new DM is a notification on their phone."""

from __future__ import annotations

import asyncio


class Spacing:
    """At most one new message to a person every `seconds`: however fast a table moves (AI
    seats, a burst of clicks) nobody is buzzed more often than that. Waiting costs nothing: the
    table's showing waits, changes made meanwhile are shown by its next round."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.last: dict[int, float] = {}  # user id -> loop time of their last new message

    async def wait(self, user_id: int) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        ready_at = self.last.get(user_id, now - self.seconds) + self.seconds
        if ready_at > now:
            await asyncio.sleep(ready_at - now)
        self.last[user_id] = loop.time()
        if len(self.last) > 4096:  # forget people who have not been notified for a while
            recent = loop.time() - self.seconds
            self.last = {user: at for user, at in self.last.items() if at >= recent}
