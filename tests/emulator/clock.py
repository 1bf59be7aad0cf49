"""The emulator's clock: real time plus an offset that tests move with `advance`.

Discord's timing rules (the 3-second acknowledgement, the 15-minute token) are measured on this
clock, so a test can skip ahead without sleeping. Real time still flows underneath, which keeps
the 3-second rule measurable by a bot that really is slow.

Rate limits are deliberately *not* on this clock: the client sleeps real seconds on the
`X-RateLimit-Reset-After` it is given, so the buckets count real seconds too.
"""

from __future__ import annotations

import datetime as dt
import time

#: Discord's epoch for snowflakes, in milliseconds since the Unix epoch.
DISCORD_EPOCH_MS = 1_420_070_400_000
DAY_MS = 24 * 60 * 60 * 1000


class Clock:
    """Monotonic seconds (`now`) and wall time (`utcnow`), both shifted by `advance`."""

    def __init__(self) -> None:
        self._offset = 0.0
        self._wall_at_start = time.time()
        self._mono_at_start = time.monotonic()
        self._last_snowflake_ms = 0
        self._sequence = 0
        #: Ids of things made "earlier" (`past_snowflake`) count down from a day before start.
        self._past_ms = int(self._wall_at_start * 1000) - DAY_MS

    def now(self) -> float:
        """Seconds on the emulator's monotonic scale (real monotonic time plus the offset)."""
        return time.monotonic() + self._offset

    def advance(self, seconds: float) -> None:
        """Move emulator time forward; moving it back is refused (Discord's clock never does)."""
        if seconds < 0:
            raise ValueError(f"the clock only moves forward, not by {seconds}")
        self._offset += seconds

    def wall(self) -> float:
        """Unix seconds on the emulator's clock."""
        return self._wall_at_start + (self.now() - self._mono_at_start)

    def utcnow(self) -> dt.datetime:
        return dt.datetime.fromtimestamp(self.wall(), dt.UTC)

    def iso(self) -> str:
        """An ISO-8601 timestamp as Discord writes them (`2026-11-22T18:00:00.000000+00:00`)."""
        return self.utcnow().isoformat()

    def snowflake(self) -> int:
        """A fresh, strictly increasing Discord id whose timestamp is the emulator's now."""
        ms = int(self.wall() * 1000)
        if ms <= self._last_snowflake_ms:
            self._sequence += 1
            if self._sequence >= 4096:
                self._last_snowflake_ms += 1
                self._sequence = 0
            ms = self._last_snowflake_ms
        else:
            self._last_snowflake_ms = ms
            self._sequence = 0
        return ((ms - DISCORD_EPOCH_MS) << 22) | (1 << 17) | self._sequence

    def past_snowflake(self, *, shard: int, count: int) -> int:
        """A fresh Discord id from before the emulator started (a guild that existed already)
        whose timestamp puts it on `shard` of `count`: Discord routes a guild's events to shard
        `(guild_id >> 22) % count`, and `guild_id >> 22` is the id's timestamp in ms. Each call
        goes further back, so the ids are distinct and never meet the ones `snowflake` makes."""
        if not 0 <= shard < count:
            raise ValueError(f"no shard {shard} among {count}")
        stamp = self._past_ms - DISCORD_EPOCH_MS - 1
        stamp -= (stamp - shard) % count
        self._past_ms = stamp + DISCORD_EPOCH_MS
        return (stamp << 22) | (1 << 17)
