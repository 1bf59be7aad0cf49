"""Domino tables on Discord: the pure table model (`seating`, `table`) and the orchestration
that runs it against Discord (`runner`, `board`, `components`); `extension` plugs it into the
bot."""
