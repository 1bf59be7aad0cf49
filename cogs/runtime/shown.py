"""What a message shows, as the runtime remembers it: a short fingerprint of its parts.

Every kind of table keeps, per message, the fingerprint of what that message shows (a `shown`
row of the store, see docs/runtime.md "Showing"): showing the same stored table again compares
fingerprints and sends nothing. Tables and puzzles fingerprint alike, so the function lives
here, below both.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def digest(*parts: Any) -> str:
    """A short fingerprint of what a message shows (what `shown` compares)."""
    text = json.dumps(parts, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]
