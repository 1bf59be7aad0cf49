"""Every word of the reviews and hints, in one place (the pattern of `cogs.texts`): messages
marked for translation; functions take the reader's `Words`."""

from __future__ import annotations

from collections.abc import Mapping

from cogs import texts
from cogs.lang import N_, Nn_, Words

# -- refusals ---------------------------------------------------------------------------------

NOT_A_PLAYER = N_("Only the players of match #{number} can review it: you did not play in it.")
NO_MATCH_TO_REVIEW = N_("You have no finished match in this server to review yet.")
NOT_RECORDED = N_("This match was not recorded (a moderator ended it): there is nothing to review.")
ONE_AT_A_TIME = N_(
    "Your last review or hint is still being worked out: ask for this one once it is shown."
)

# -- while it is computed ---------------------------------------------------------------------

REVIEW_PROGRESS = N_("Reviewing your decisions: {done} of {total}")
REVIEW_QUEUED = N_("Your review waits for another one to finish; it starts in a moment.")

# -- the review -------------------------------------------------------------------------------

REVIEW_TITLE = N_("Your review · match #{number} · {game}")
DECISIONS = Nn_("{count} decision", "{count} decisions")
# TRANSLATORS: one line per hand of the review: its accuracy, mean loss and decisions
REVIEW_HAND = N_("Hand {hand}: {accuracy} · mean loss {loss} · {decisions}")
NO_DECISIONS = N_(
    "You had no decision to make in this match: each of your moves was the only one, or "
    "your moves all came to the same."
)
ALL_ACCURATE = N_("No costly decision: each was within {margin} points of the best move.")
COSTLIEST = N_("Your costliest decisions:")
DECISION_MOVES = N_("You played **{played}**; better was **{best}**.")
DECISION_TILES = N_("Your tiles then: {tiles}")

# -- hints ------------------------------------------------------------------------------------

HINT_MOVE = N_("**Hint:** play **{move}**.")
#: Why the AI would play it: one sentence for each key of `engine.ai.games.base.Reason.KEYS`,
#: filled with the reason's numbers.
REASONS: Mapping[str, str] = {
    "wins_hand": N_("It wins the hand now."),
    "shuts_out": N_("It leaves a {number} showing, and an opponent is known to have none."),
    "plays_heaviest": N_("It sheds the heaviest tile you can play."),
    "sheds_double": N_("It gets the double {tile} out of your hand."),
    "keeps_numbers": N_("It keeps the most different numbers in your hand ({numbers})."),
    "leaves_no_fit": N_("It brings the total to {total}: no tile still unseen fits after it."),
    "safest_total": N_(
        "It brings the total to {total}, the one the next players are least likely to hit "
        "(about {chance}%)."
    ),
    "lays_most_pairs": N_("It lays as many pairs as your hand allows ({pairs})."),
    "keeps_partners": N_("The tiles you keep have the most partners still unseen ({partners})."),
    "exchanges_loner": N_(
        "{tile} has the fewest partners still unseen ({partners}): it is the one to put back."
    ),
    "only_move": N_("There is nothing to choose: every move you have comes to the same."),
    "search": N_(
        "The AI's search finds it better than the next best move by {margin} points (a hand "
        "won is 100)."
    ),
    "close_call": N_("A close call: the best moves are about as good."),
}


def reason_text(key: str, numbers: Mapping[str, object], w: Words) -> str:
    """Why the AI would play its move, in a few words of `w`'s language."""
    message = REASONS.get(key, REASONS["search"])
    return w(message, **{name: value for name, value in numbers.items()})


# -- the review's own scale, named so: it is not the game's score ------------------------------

REVIEW_MATCH_SCALE = N_(
    "**Accuracy {accuracy}** over {decisions} · mean loss {loss} review points a decision"
)
DECISION_COST = N_("Hand {hand}, move {move} · {loss} review points lost")
REVIEW_FOOTER_SCALE = N_(
    "Review points are not the game's score: a hand won is worth 100, plus your side's margin "
    "in the hand's points (in a game of penalty points, the penalty points kept off it). "
    "Accurate: within {margin} review points of the best move, as the AI's search judges it "
    "from what you could see then."
)

# A game whose deals are rounds (Mexican Train): the review's words about a hand, as a round.
REVIEW_ROUND = N_("Round {hand}: {accuracy} · mean loss {loss} · {decisions}")
DECISION_COST_ROUND = N_("Round {hand}, move {move} · {loss} review points lost")
REVIEW_FOOTER_SCALE_ROUND = N_(
    "Review points are not the game's score: a round won is worth 100, plus the penalty "
    "points kept off you in it. Accurate: within {margin} review points of the best move, as "
    "the AI's search judges it from what you could see then."
)
texts.IN_ROUNDS.update(
    {
        REVIEW_HAND: REVIEW_ROUND,
        DECISION_COST: DECISION_COST_ROUND,
        REVIEW_FOOTER_SCALE: REVIEW_FOOTER_SCALE_ROUND,
    }
)

# The fives games' reasons for a placement: the count scored, the count left to the next player.
FIVES_REASONS: Mapping[str, str] = {
    "reaches_target": N_("It brings your score to {target} and wins the match."),
    # TRANSLATORS: the fives games: {count} is the total of the open ends after the placement
    "scores_count": N_(
        "It scores the most you can now: {points} points, the ends counting {count}."
    ),
    "leaves_no_count": N_("It leaves the next opponent no count that scores."),
    "leaves_least": N_("It leaves the next opponent {points} points at most, the least you can."),
}
REASONS = {**REASONS, **FIVES_REASONS}
