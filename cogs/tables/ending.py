"""How a table ended: one decision, made once when it ends, from which everything else follows.

An `Ending` says what happened (the engine finished the match, a player resigned, everyone
agreed to a draw, a moderator stopped it, a lobby closed) and holds what that decides: each
unit's place (1 best, ties share: competition style, 1, 1, 3) and the seats that won. From it
alone follow the result rows of a recorded match (`cogs.tables.rows.finished_match` passes its
places, so the data layer never guesses them from points), whether it is recorded and rated at
all, and the sentence that tells how it ended (`said`, put in words when shown, never stored).

Places:

- the engine's own end (`OUT`, `BLOCKED`, `TARGET`: how its last hand ended): the match's
  winners first; then, where units leave the match as they lose (`Variant.eliminates`), the
  longer a unit lasted the better; then the points in the variant's direction (penalty: fewer
  is better; reward: more; no points kept: the others tie);
- a resignation (`RESIGNED`): the resigner's unit is last, and the others keep the order the
  match had reached (by how long they lasted and their points, as above). The others are not
  all tied for first: the match stopped early, and its score is the best evidence of how it
  stood, so a player far behind does not rise to the leader's place because a third left. With
  two sides the other side is first. The units in first place are the winners;
- a side that conceded and left while the others played on (at a table of more than two
  sides, `conceded`: an AI played its seats to the end) ranks below every side that stayed,
  whatever its AI made of the rest of the match; of two that left, the first to leave is last.
  A seat whose player resigned and left (`left`) never won, even where its side played on
  (a pair whose partner chose to play on with an AI in the resigner's seat);
- an agreed draw (`AGREED_DRAW`): every unit is first, nobody won: the ratings move as a full
  tie (equal players stay equal; neither gains at the other's expense), whatever the points;
- a moderator's end, a cancelled or an expired lobby: nobody is placed, nothing is recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cogs import texts
from cogs.lang import Said
from engine import Match
from engine.rules import End, Scoring


class EndKind(StrEnum):
    OUT = "out"  # the engine ended the match; its last hand: a player went out
    BLOCKED = "blocked"  # ... its last hand was blocked
    TARGET = "target"  # ... its last hand: the `sum` game's total hit the target
    RESIGNED = "resigned"
    AGREED_DRAW = "agreed-draw"
    MODERATOR = "moderator"  # a moderator ended the table: not recorded
    CANCELLED = "cancelled"  # the host closed the lobby
    EXPIRED = "expired"  # the lobby waited too long and closed itself


#: The engine's own ends, by how the last hand ended.
PLAYED = {End.DOMINO: EndKind.OUT, End.BLOCKED: EndKind.BLOCKED, End.TARGET: EndKind.TARGET}
#: Endings that leave no result: nothing is recorded or rated.
UNRECORDED = frozenset({EndKind.MODERATOR, EndKind.CANCELLED, EndKind.EXPIRED})


@dataclass(frozen=True)
class Ending:
    """How a table ended. `places[unit]`: each unit's place (empty when nobody is placed);
    `winners`: the seats that won (none: nobody did); `seat`: who resigned; `conceded`: the
    units that conceded earlier and left while the others played on, first first; `left`:
    the seats whose players resigned and left before the end (never winners)."""

    kind: EndKind
    places: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    seat: int | None = None
    conceded: tuple[int, ...] = ()
    left: tuple[int, ...] = ()

    @property
    def recorded(self) -> bool:
        """Whether the match is recorded (and, at a rated table, rated)."""
        return self.kind not in UNRECORDED

    @property
    def by_rules(self) -> bool:
        """Whether the engine ended the match (its last hand was played out)."""
        return self.kind in PLAYED.values()

    def said(self, names: Sequence[str]) -> Said | None:
        """The sentence telling how the table ended (`names` by seat), or None when the match
        was played out: its result says it (`texts.match_outcome`)."""
        if self.kind is EndKind.RESIGNED:
            assert self.seat is not None
            return texts.resigned(names[self.seat])
        fixed = {
            EndKind.AGREED_DRAW: texts.DRAW_AGREED,
            EndKind.MODERATOR: texts.ENDED_BY_MODERATOR,
            EndKind.CANCELLED: texts.LOBBY_CANCELLED,
            EndKind.EXPIRED: texts.LOBBY_EXPIRED,
        }.get(self.kind)
        return Said.of(fixed) if fixed is not None else None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "places": list(self.places),
            "winners": list(self.winners),
            "seat": self.seat,
            "conceded": list(self.conceded),
            "left": list(self.left),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ending:
        seat = data.get("seat")
        return cls(
            EndKind(data["kind"]),
            tuple(int(place) for place in data.get("places", [])),
            tuple(int(winner) for winner in data.get("winners", [])),
            None if seat is None else int(seat),
            tuple(int(unit) for unit in data.get("conceded", [])),
            tuple(int(left) for left in data.get("left", [])),
        )


def played(match: Match, conceded: Sequence[int] = (), left: Sequence[int] = ()) -> Ending:
    """The engine's own end of a finished match: its winners first, then the standing; the
    units that `conceded` and left on the way below everyone who stayed, and no seat that
    `left` among the winners."""
    assert match.over and match.results
    won = {match.unit_of(seat) for seat in match.winners}  # none: the match was drawn
    winning = won - set(conceded)
    places = _places(
        match, lambda unit: (_gone(conceded, unit), unit not in winning, *_standing(match, unit))
    )
    end = PLAYED[End(match.results[-1].end)]
    if winning or not won:  # the engine's winners (but for those who left), or a draw
        winners = tuple(seat for seat in match.winners if match.unit_of(seat) in winning)
        winners = tuple(seat for seat in winners if seat not in left)
    else:  # the engine's winner had conceded: first place among those who stayed won
        winners = _winners(match, places, left)
    return Ending(end, places, winners, None, tuple(conceded), tuple(left))


def resigned(
    match: Match, seat: int, conceded: Sequence[int] = (), left: Sequence[int] = ()
) -> Ending:
    """`seat` resigned and the match ends: its unit last of those still in, the others in the
    order the match had reached; those in first place won. The units that `conceded` earlier
    (and left while the others played on) rank below it, the first to leave last."""
    out = match.unit_of(seat)
    gone = [*(unit for unit in conceded if unit != out), out]
    places = _places(match, lambda unit: (_gone(gone, unit), *_standing(match, unit)))
    winners = _winners(match, places, (*left, seat))
    return Ending(EndKind.RESIGNED, places, winners, seat, tuple(conceded), tuple(left))


def _gone(conceded: Sequence[int], unit: int) -> int:
    """How far down conceding puts `unit`: 0 for a unit that stayed, and more the earlier a
    unit conceded (the first to leave ranks last)."""
    return len(conceded) - list(conceded).index(unit) if unit in conceded else 0


def _winners(match: Match, places: Sequence[int], left: Sequence[int]) -> tuple[int, ...]:
    """The seats of the units in first place, but for those whose players left."""
    return tuple(
        seat
        for seat in range(match.players)
        if places[match.unit_of(seat)] == 1 and seat not in left
    )


def agreed_draw(match: Match) -> Ending:
    """Everyone agreed to a draw: every unit shares first place, nobody won."""
    return Ending(EndKind.AGREED_DRAW, (1,) * len(match.units))


def unranked(kind: EndKind) -> Ending:
    """An ending that places nobody (a moderator's, a closed lobby)."""
    assert kind in UNRECORDED
    return Ending(kind)


def _standing(match: Match, unit: int) -> tuple[int, int]:
    """A unit's standing so far, smaller is better: how long it lasted where units are
    eliminated (the hands it sat out), then its points in the variant's direction."""
    lasted = 0
    if match.variant.eliminates:
        members = match.units[unit]
        lasted = max(
            (
                number
                for number, hand in enumerate(match.played)
                if any(hand.seated[s] for s in members)
            ),
            default=-1,
        )
    points = match.scores[unit]
    scoring = match.variant.scoring
    score = points if scoring == Scoring.PENALTY else -points if scoring == Scoring.REWARD else 0
    return (-lasted, score)


def _places(match: Match, key: Callable[[int], tuple[Any, ...]]) -> tuple[int, ...]:
    """Competition places of the match's units by `key` (smaller is better, equal keys tie)."""
    keys = [key(unit) for unit in range(len(match.units))]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)
