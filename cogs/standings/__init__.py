"""Standings on Discord: `/leaderboard` and `/stats` (`leaderboard`), `/history` and the replay
stepper (`history`, `replay`), `/season` (`season`); their words (`texts`), their text layout
(`format`) and their buttons (`views`). Each cog is an extension with its own `setup`."""
