"""Resigning: one person's decision about their own seat.

What a resignation does depends on the table, and the model decides it (`Resigning.resigning`)
both for the confirmation the player is asked first and for the action itself:

- `CONCEDE`: two sides left in play and nobody else on the resigner's side to ask (a 1v1, or a
  pair whose partner is an AI): the side concedes and the match ends (`ending.resigned`);
- `LEAVE`: more than two sides still in play: the resigner's side leaves (`conceded`), an AI
  plays its seats to the end, it ranks last (`ending.played` puts it below everyone who
  stayed), and the others play on;
- `LAST`: more than two sides, but no other person plays on: nobody would be left to play
  for, so the match ends as a concession;
- `ASK`: a person shares the resigner's side (a partner): an AI takes the resigner's seat at
  once (`left`: they never count among the winners) and the side's other people are asked
  (`question`, stored with the table, so it survives a restart). If all of them agree, the
  side concedes (as `CONCEDE` or `LEAVE`; the ending names the last to agree, as they
  resigned too); if one declines, or nobody answers within
  `ASK_SECONDS`, the side plays on with the AI in the resigner's seat. Not answering needs no
  job: the seat already plays itself, and the question only stops being offered.

None of it moves the position, so none of it bumps the table's `version` but the end of the
match. `Resigning` is a base class of `Table`, which holds the fields named here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from cogs import texts
from cogs.common.refusal import Refusal
from cogs.lang import Said
from cogs.tables import ending as endings
from cogs.tables.ending import Ending
from cogs.tables.phase import Phase
from cogs.tables.seating import Seat
from engine import Match

#: How long the resigner's partners have to answer whether their side concedes.
ASK_SECONDS = 120.0
#: The level that plays a seat whose player resigned and left (as a seat the timer took over:
#: the runner plays the strongest level it has when this one is not offered).
LEAVER_LEVEL = "hard"


class Resignation(StrEnum):
    CONCEDE = "concede"
    LEAVE = "leave"
    LAST = "last"
    ASK = "ask"


@dataclass(frozen=True)
class Question:
    """The resigner's side-mates asked whether their side concedes: `seat` resigned, `asked`
    are the seats of the persons asked, `agreed` those who said yes, open `until`."""

    seat: int
    asked: tuple[int, ...]
    agreed: tuple[int, ...] = ()
    until: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "asked": list(self.asked),
            "agreed": list(self.agreed),
            "until": self.until,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Question:
        return cls(
            int(data["seat"]),
            tuple(int(seat) for seat in data.get("asked", [])),
            tuple(int(seat) for seat in data.get("agreed", [])),
            float(data.get("until", 0.0)),
        )


class Resigning:
    """The resignations of a `Table` (which holds the fields named here)."""

    phase: Phase
    match: Match | None
    seats: list[Seat]
    draw_offers: set[int]
    #: The units that conceded and left while the others played on, first first.
    conceded: list[int]
    #: The seats whose players resigned and left (an AI plays them), first first.
    left: list[int]
    question: Question | None

    def _require_seat(self, user_id: int) -> int:
        raise NotImplementedError  # `Table._require_seat`

    def _require_match(self) -> None:
        raise NotImplementedError  # `Table._require_match`

    def _finish(self, ending: Ending) -> None:
        raise NotImplementedError  # `Table._finish`

    def _log(self, line: Said) -> None:
        raise NotImplementedError  # `Table._log`

    # -- what a resignation would do ------------------------------------------------------

    def sides_in_play(self) -> list[int]:
        """The units still contesting the match: not conceded, not eliminated."""
        assert self.match is not None
        match = self.match
        return [
            unit
            for unit, members in enumerate(match.units)
            if unit not in self.conceded and any(match.active[seat] for seat in members)
        ]

    def mates(self, seat: int) -> list[int]:
        """The other persons of `seat`'s side who play on (they are asked before it concedes)."""
        assert self.match is not None
        unit = self.match.units[self.match.unit_of(seat)]
        return [
            other
            for other in unit
            if other != seat
            and self.seats[other].user_id is not None
            and other not in self.left
            and not self.seats[other].plays_itself
        ]

    def resigning(self, seat: int) -> Resignation:
        """What `seat`'s resignation would do now (see the module docstring)."""
        assert self.match is not None
        if self.mates(seat):
            return Resignation.ASK
        out = self.match.unit_of(seat)
        others = [unit for unit in self.sides_in_play() if unit != out]
        if len(others) <= 1:
            return Resignation.CONCEDE
        staying = {unit for unit in others}
        people = [
            number
            for number, player in enumerate(self.seats)
            if player.user_id is not None
            and number not in self.left
            and self.match.unit_of(number) in staying
        ]
        return Resignation.LEAVE if people else Resignation.LAST

    def resign_question(self, seat: int) -> Said:
        """The confirmation asked before `seat` resigns: exactly what it would do here."""
        assert self.match is not None
        how = self.resigning(seat)
        if how is Resignation.ASK:
            partners = ", ".join(self.seats[mate].name for mate in self.mates(seat))
            return Said.of(texts.RESIGN_ASKS, partners=texts.user_text(partners))
        if how is Resignation.LEAVE:
            return Said.of(texts.RESIGN_LEAVES)
        if how is Resignation.LAST:
            return Said.of(texts.RESIGN_LAST_PERSON)
        side = self.match.units[self.match.unit_of(seat)]
        partners = ", ".join(self.seats[other].name for other in side if other != seat)
        if partners:
            return Said.of(texts.RESIGN_CONCEDES_PAIR, partners=texts.user_text(partners))
        return Said.of(texts.RESIGN_CONCEDES)

    def can_answer(self, user_id: int | None = None) -> bool:
        """Whether someone (or `user_id`) is asked whether their side concedes, and has not
        answered yet."""
        question = self.question
        if question is None or self.phase not in (Phase.PLAYING, Phase.BETWEEN):
            return False
        waiting = [seat for seat in question.asked if seat not in question.agreed]
        return any(user_id is None or self.seats[seat].user_id == user_id for seat in waiting)

    # -- resigning --------------------------------------------------------------------------

    def resign(self, user_id: int, now: float = 0.0) -> Said:
        """`user_id` resigns their seat, as `resigning` says; returns the line announced.
        A partner asked whether their side concedes who resigns too agrees."""
        seat = self._require_seat(user_id)
        self._require_match()
        assert self.match is not None
        if seat in self.left:
            raise Refusal(texts.ALREADY_RESIGNED)
        question = self.question
        if question is not None and seat in question.asked and now < question.until:
            return self.answer(user_id, True, now)
        name = self.seats[seat].name
        how = self.resigning(seat)
        if how is Resignation.ASK:
            mates = self.mates(seat)
            self._leave_seat(seat)
            self.question = Question(seat, tuple(mates), (), now + ASK_SECONDS)
            names = ", ".join(self.seats[mate].name for mate in mates)
            line = texts.resigned_asking(name, names)
            self._log(line)
            return line
        if how is Resignation.LEAVE:
            self._concede(self.match.unit_of(seat))
            line = texts.resigned_left(name)
            self._log(line)
            return line
        self._end_conceding(seat)
        return texts.resigned(name)

    def answer(self, user_id: int, agree: bool, now: float) -> Said:
        """A partner's answer to whether their side concedes: all agree, it does; one declines,
        the side plays on with an AI in the resigner's seat."""
        seat = self._require_seat(user_id)
        self._require_match()
        assert self.match is not None
        question = self.question
        if question is None or seat not in question.asked or seat in question.agreed:
            raise Refusal(texts.NOT_ASKED_TO_CONCEDE)
        if now >= question.until:
            raise Refusal(texts.CONCEDE_QUESTION_CLOSED)
        resigner = self.seats[question.seat].name
        if not agree:
            self.question = None
            line = texts.playing_on(self.seats[seat].name, resigner)
            self._log(line)
            return line
        question = replace(question, agreed=(*question.agreed, seat))
        if set(question.agreed) != set(question.asked):
            self.question = question
            return texts.agreed_to_concede(self.seats[seat].name)
        self.question = None
        unit = self.match.unit_of(question.seat)
        others = [side for side in self.sides_in_play() if side != unit]
        if len(others) <= 1 or not self._people_staying(unit):
            # The last to agree ends it: the ending names them ("dave resigned."), after the
            # line that said their partner left; the side's places are the same.
            self._end_conceding(seat)
            return texts.resigned(self.seats[seat].name)
        self._concede(unit)
        line = texts.side_left(resigner)
        self._log(line)
        return line

    def close_question(self, now: float) -> None:
        """The question whether a side concedes is no longer offered once its time is up (the
        side plays on: the resigner's seat already plays itself)."""
        if self.question is not None and now >= self.question.until:
            self.question = None

    def _people_staying(self, out: int) -> bool:
        assert self.match is not None
        return any(
            player.user_id is not None
            and number not in self.left
            and self.match.unit_of(number) != out
            and self.match.unit_of(number) in self.sides_in_play()
            for number, player in enumerate(self.seats)
        )

    def _leave_seat(self, seat: int) -> None:
        """An AI plays `seat` from now on; its player left. The position does not move, so
        `version` stays (the other players' move buttons stay good, their turn is not
        alerted twice): the seat's next move is the AI's (`Table.needs_ai`, and the table's
        job with it), and a move clicked for it is refused (`Table.play`)."""
        player = self.seats[seat]
        player.ai = player.ai or LEAVER_LEVEL
        if seat not in self.left:
            self.left.append(seat)
        self.draw_offers.discard(seat)

    def _concede(self, unit: int) -> None:
        """`unit` concedes and leaves while the others play on: AI plays its seats."""
        assert self.match is not None
        for seat in self.match.units[unit]:
            if self.seats[seat].user_id is not None:
                self._leave_seat(seat)
        self.conceded.append(unit)

    def _end_conceding(self, seat: int) -> None:
        """`seat`'s side concedes and the match ends."""
        assert self.match is not None
        self.question = None
        ending = endings.resigned(self.match, seat, self.conceded, self.left)
        self._finish(ending)
