"""The AI of each family of games, found through the variant: `game_ai(variant) -> GameAI`.

Everything the AI does differently in one game (how `easy` judges a move, how the seats play in
a search playout, what the seat sees beyond the layout, what its plays tell) is a hook of
`engine.ai.games.base.GameAI`; the search, `easy`, the sampling of worlds and the review ask the
variant's `GameAI` and never name a game. A game of placing tiles needs nothing here: the base
class is their AI. A game with aims of its own (`sum`, `pairs`) has a package here whose
`GameAI` subclass is registered for its variant class:

    @ai_for(Sum)
    class SumAI(GameAI): ...

and whose package `engine.ai` imports (which registers it; the registry, in `base`, imports no
game). The lookup walks the variant's class hierarchy, so a variant derived from another plays
with its parent's AI unless it registers its own; the games of placing tiles are `placing`.
"""

from engine.ai.games.base import ai_for, game_ai

__all__ = ["ai_for", "game_ai"]
