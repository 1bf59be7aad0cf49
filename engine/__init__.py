"""The domino rules engine: tiles, layouts, variants, matches, game records. Standard library
only; fully usable from a REPL:

>>> from engine import Match, Tile
>>> match = Match("partnership", 4, seed=7)
>>> hand = match.start_hand()
>>> lead = hand.legal_actions()[0]
>>> str(lead.tile)
'6-6'
>>> event = match.apply(lead)
>>> match.view_for(1).layout.open_numbers()
[6, 6]
"""

from engine.actions import Action, Draw, Pass, Play
from engine.errors import (
    BadDeal,
    BadOption,
    BadTile,
    DominoError,
    IllegalAction,
    RecordError,
    UnknownVariant,
)
from engine.events import Event
from engine.hand import HandState
from engine.layout import Layout, Shape
from engine.match import Match
from engine.puzzles import DominosaGame, DominosaPuzzle, QuadrilleGame
from engine.rules import DrawRule, End, HandResult, Lead, Scoring
from engine.tiles import Tile, domino_set
from engine.variants import all_variants, describe_games, get_variant
from engine.view import SeatView

__all__ = [
    "Action",
    "BadDeal",
    "BadOption",
    "BadTile",
    "DominoError",
    "DominosaGame",
    "DominosaPuzzle",
    "Draw",
    "DrawRule",
    "End",
    "Event",
    "HandResult",
    "HandState",
    "IllegalAction",
    "Layout",
    "Lead",
    "Match",
    "Pass",
    "Play",
    "QuadrilleGame",
    "RecordError",
    "Scoring",
    "SeatView",
    "Shape",
    "Tile",
    "UnknownVariant",
    "all_variants",
    "describe_games",
    "domino_set",
    "get_variant",
]
