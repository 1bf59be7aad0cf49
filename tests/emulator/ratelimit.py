"""Per-route rate limit buckets that answer with Discord's `X-RateLimit-*` headers.

Fixed windows, as Discord's are: a bucket allows `limit` requests until its reset, then 429s
with `retry_after` and a `Via` header (without it discord.py treats a 429 as a Cloudflare ban).
Counted in real seconds, since the client sleeps real seconds on `Reset-After`.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass


@dataclass
class Bucket:
    limit: int
    per: float
    used: int = 0
    resets_at: float = 0.0


@dataclass(frozen=True)
class Limit:
    limit: int
    per: float


class RateLimited(Exception):
    def __init__(self, retry_after: float, headers: dict[str, str]) -> None:
        super().__init__(f"rate limited for {retry_after:.3f}s")
        self.retry_after = retry_after
        self.headers = headers


class RateLimiter:
    """`hit(route, major)` counts a request and returns its headers, or raises `RateLimited`."""

    def __init__(self, *, enabled: bool = True) -> None:
        self.enabled = enabled
        #: Observed per-channel figure for message creates and edits (DISCORD.md).
        self.message_limit = Limit(5, 5.0)
        self.default_limit = Limit(50, 1.0)
        self._buckets: dict[str, Bucket] = {}

    def limit_for(self, route: str) -> Limit:
        method, _, path = route.partition(" ")
        if path.startswith("/channels/{channel_id}/messages") and method in ("POST", "PATCH"):
            return self.message_limit
        return self.default_limit

    def hit(self, route: str, major: str) -> dict[str, str]:
        # Switched off: headers still flow, with room the client never runs out of.
        limit = self.limit_for(route) if self.enabled else Limit(10_000, 1.0)
        bucket_hash = hashlib.sha1(route.encode()).hexdigest()[:16]
        key = f"{bucket_hash}:{major}"
        bucket = self._buckets.get(key)
        now = time.monotonic()
        if bucket is None or now >= bucket.resets_at:
            bucket = self._buckets[key] = Bucket(limit.limit, limit.per, 0, now + limit.per)
        if bucket.used >= bucket.limit:
            retry_after = bucket.resets_at - now
            headers = self._headers(bucket, bucket_hash, now)
            headers.update({"Retry-After": f"{retry_after:.3f}", "Via": "1.1 google"})
            headers["X-RateLimit-Scope"] = "user"
            raise RateLimited(retry_after, headers)
        bucket.used += 1
        return self._headers(bucket, bucket_hash, now)

    @staticmethod
    def _headers(bucket: Bucket, bucket_hash: str, now: float) -> dict[str, str]:
        reset_after = max(bucket.resets_at - now, 0.0)
        return {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Remaining": str(max(bucket.limit - bucket.used, 0)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_hash,
        }
