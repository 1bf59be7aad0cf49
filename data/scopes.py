"""Scopes: what a match counts in. Standings, rating history and player totals are kept per
scope: all time (`season_key` 0) or one season (its id), over every variant (`variant_key` '')
or one (its id)."""

from __future__ import annotations

ALL_TIME = 0
ALL_VARIANTS = ""


def scopes(season_id: int | None, variant: str) -> list[tuple[int, str]]:
    """The (season key, variant key) scopes a match counts in; the first is the headline one
    (its season over all variants, or all time when it has no season)."""
    found = [(ALL_TIME, ALL_VARIANTS), (ALL_TIME, variant)]
    if season_id is not None:
        found = [(season_id, ALL_VARIANTS), (season_id, variant), *found]
    return found
