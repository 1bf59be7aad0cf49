"""The colours of the bot's embeds, one per family of messages: every feature takes its colour
from here rather than from another feature's module."""

from __future__ import annotations

import discord

#: Tables, the /domino commands' answers and the standings: the green of the board's cloth.
TABLE = discord.Colour(0x2E7D32)
#: Puzzles: a colour of their own, so a puzzle never looks like a table at a glance.
PUZZLE = discord.Colour(0x6A1B9A)
#: Lobbies: a table still gathering its players.
LOBBY = discord.Colour(0x1565C0)
