"""What each outbox key of a table shows, one module per message: the board and its score
sheets (`board`), every player's hand by DM and the ephemeral "Your hand" (`hands`, `answers`),
the lobby message (`lobby`), the table's thread and its turn alerts (`thread`), and one-off
notices (`notices`). What each message shows now is a `shown` row (`shown`); new DMs are spaced
(`spacing`). `cogs.tables.publisher` holds the one table from outbox key to message.
"""
