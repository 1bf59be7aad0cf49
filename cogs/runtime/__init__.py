"""The table runtime, below the features: the store is the truth (`store`: a cache checked by
revision, a commit as one transaction), one lock per table (`locks`), due jobs as rows
(`jobs`), the outbox shown in rounds until it matches the store (`delivery`), all serving the
kinds of table registered with the `Runtime` (`runtime`) through the `Kind` protocol (`kind`).
It imports no feature and no platform: see docs/runtime.md."""
