"""The `/domino` commands (`commands`) and `/domino mine` (`mine`): the front door of the bot,
which hands each command to the feature that carries it out. The one package allowed to import
every feature (the tables', the puzzles', the reviews', the standings'); no feature imports it.
"""
