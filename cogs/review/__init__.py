"""Reviews and hints: the AI's judgement of a player's own moves, for that player alone. A
review of a finished match (`reviews`, worded by `answer`) and a hint at a table's turn
(`hints`), both judged in the AI's worker processes; `extension` sets the feature up."""
