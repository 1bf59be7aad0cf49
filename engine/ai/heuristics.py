"""The `easy` level: one move of lookahead judged by what domino players are taught.

Each legal action is tried on a world sampled from the seat's knowledge (only the seat's own
tiles and public facts are judged, so the sampled hidden hands never sway the choice except
through the rules themselves), and the position it leaves is scored by `position_value`:

- **heavy tiles first**: every pip still in hand costs (it counts against you at a block);
- **doubles early**: a double fits only one number, so each one kept costs extra (where doubles
  are wild it is the other way round: each one kept is a way out);
- **keep variety**: each different number left in hand is worth having (fewer passes later);
- **control**: open ends showing numbers you hold many of let you follow;
- **don't feed an opponent**: an open end showing a number an opponent is known to lack (he
  passed on it) is good, more so for the next seat to play; one the partner lacks is bad.

Games whose aim is not to empty a hand judge each action by an evaluation of their own
(`GameAI.own_evaluation`, `GameAI.action_value`: the sum and pairs games, in
`engine.ai.games`). Every other variant is judged through `HandState.legal_actions/apply/copy`
by the position value above.
"""

from __future__ import annotations

import random

from engine.actions import Action, Play
from engine.ai.games.base import Reason, game_ai
from engine.ai.knowledge import Knowledge
from engine.ai.sampling import build_world, sample_hidden
from engine.hand import HandState
from engine.view import SeatView

PIP_COST = 1.0
DOUBLE_COST = 2.5
WILD_DOUBLE = 4.0
VARIETY = 1.5
CONTROL = 1.0
OPPONENT_LACKS = 2.0
NEXT_OPPONENT_LACKS = 1.5
PARTNER_LACKS = 2.0
FINISHED = 1000.0


def position_value(state: HandState, knowledge: Knowledge) -> float:
    """How good `state` looks to `knowledge.seat`, from its own hand and public facts."""
    seat = knowledge.seat
    outcome = state.outcome
    if outcome is not None:
        if outcome.went_out == seat:
            return FINISHED
        if outcome.went_out is not None and _partner(knowledge, outcome.went_out):
            return FINISHED / 2
    hand = state.hands[seat]
    value = -PIP_COST * sum(tile.pips for tile in hand)
    doubles = sum(1 for tile in hand if tile.is_double)
    # A double fits one number only, so it is shed early; where doubles are wild they fit
    # everywhere, and are kept as the last way out.
    value += (WILD_DOUBLE if knowledge.variant.wild_doubles else -DOUBLE_COST) * doubles
    numbers = {number for tile in hand for number in (tile.high, tile.low)}
    value += VARIETY * len(numbers)
    ends = state.layout.open_numbers() if state.layout.started else []
    next_seat = state.next_seat(seat)
    for number in set(ends):
        value += CONTROL * min(2, sum(1 for tile in hand if tile.has(number)))
        for other, seated in enumerate(knowledge.seated):
            if other == seat or not seated or not knowledge.lacks[other]:
                continue
            if not knowledge.lacks_number(other, number):
                continue
            if _partner(knowledge, other):
                value -= PARTNER_LACKS
            else:
                value += OPPONENT_LACKS + (NEXT_OPPONENT_LACKS if other == next_seat else 0.0)
    return value


def _partner(knowledge: Knowledge, other: int) -> bool:
    unit_of = knowledge.variant.unit_of
    return other != knowledge.seat and unit_of[other] == unit_of[knowledge.seat]


def choose_easy(view: SeatView, rng: random.Random, knowledge: Knowledge | None = None) -> Action:
    """`easy`'s action in `view` (`knowledge`: the view's, when the caller has it already)."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    if knowledge is None:
        knowledge = Knowledge.of(view)
    game = game_ai(knowledge.variant)
    if game.own_evaluation:
        return max(legal, key=lambda action: game.action_value(view, knowledge, action))
    hands, stock = sample_hidden(knowledge, rng)
    world = build_world(view, knowledge, hands, stock)
    best: Action = legal[0]
    best_value = float("-inf")
    for action in legal:
        after = world.copy()
        after.apply(action)
        value = position_value(after, knowledge) + _tile_bonus(action)
        if value > best_value:
            best, best_value = action, value
    return best


def _tile_bonus(action: Action) -> float:
    """A whisker for the heavier of two otherwise equal plays (stable, deterministic ties)."""
    return action.tile.pips / 1000 if isinstance(action, Play) else 0.0


def placing_features(view: SeatView, knowledge: Knowledge, action: Action) -> list[Reason]:
    """The rules of thumb above that `action` follows, as reasons a player would give, the most
    telling first: it wins the hand; it leaves an end showing a number an opponent is known to
    lack; it sheds the heaviest tile that may be played, or a double; it keeps the most
    different numbers in hand. Relative facts (heaviest, most numbers) hold only where some
    other play differs."""
    seat = view.seat
    hands, stock = sample_hidden(knowledge, random.Random(0))  # the hidden tiles play no part
    after = build_world(view, knowledge, hands, stock)
    after.apply(action)
    if after.outcome is not None and after.outcome.went_out == seat:
        return [Reason("wins_hand")]
    found: list[Reason] = []
    if after.layout.started:
        for number in sorted(set(after.layout.open_numbers()), reverse=True):
            if any(
                knowledge.seated[other]
                and not _partner(knowledge, other)
                and other != seat
                and knowledge.lacks_number(other, number)
                for other in range(len(knowledge.seated))
            ):
                found.append(Reason("shuts_out", {"number": number}))
                break
    if not isinstance(action, Play):
        return found
    plays = [legal.tile for legal in view.legal if isinstance(legal, Play)]
    pips = [tile.pips for tile in plays]
    if action.tile.pips == max(pips) > min(pips):
        found.append(Reason("plays_heaviest", {"pips": action.tile.pips}))
    if action.tile.is_double and not knowledge.variant.wild_doubles:
        found.append(Reason("sheds_double", {"tile": str(action.tile)}))
    kept = {tile: _numbers_left(view, tile) for tile in plays}
    if kept[action.tile] == max(kept.values()) > min(kept.values()):
        found.append(Reason("keeps_numbers", {"numbers": kept[action.tile]}))
    return found


def _numbers_left(view: SeatView, played: object) -> int:
    return len({n for tile in view.hand if tile != played for n in (tile.high, tile.low)})
