"""What may be done at a table now: the buttons a table offers are asked of these
(`cogs.tables.clicks.offered`), so a button is shown only when its action can succeed.
`user_id`: for that person; None: for some person seated (a board's buttons are shared by
everyone at the table).

They only read the table, and each answers as the action it offers would (`Table.resign`,
`Table.offer_draw`, ...) without raising; `Offers` is a base class of `Table`, so callers ask
`table.can_resign(user_id)`.
"""

from __future__ import annotations

from cogs.tables.ending import Ending
from cogs.tables.phase import Phase
from cogs.tables.seating import Seat
from engine import Match


class Offers:
    """The `can_…` questions of a `Table` (which holds the fields named here)."""

    phase: Phase
    seats: list[Seat]
    ready: set[int]
    lead_claim: int | None
    draw_offers: set[int]
    ending: Ending | None
    left: list[int]
    match: Match | None

    def out_of_match(self, seat: int) -> bool:
        """The seat left the match by its rules (the game room's limit, the pool's stake): it
        plays no more hands, so it is asked nothing (Ready) and only watches."""
        match = self.match
        return match is not None and not match.over and not match.active[seat]

    def lead_choosers(self) -> tuple[int, ...]:
        raise NotImplementedError  # `Table.lead_choosers`

    def _people(self, user_id: int | None) -> list[int]:
        """The seats of persons: of `user_id`, or of every person seated (None)."""
        return [
            number
            for number, seat in enumerate(self.seats)
            if seat.user_id is not None and (user_id is None or seat.user_id == user_id)
        ]

    def _first(self, user_id: int | None) -> list[int]:
        """The seats an action of `user_id` would be taken for (a person's first seat, as
        `seat_of` finds it), or of every person seated (None)."""
        people = self._people(user_id)
        return people[:1] if user_id is not None else people

    def can_see_hand(self, user_id: int | None = None) -> bool:
        """A seated person's own hand ("Your hand"), while the match is on."""
        return self.phase in (Phase.PLAYING, Phase.BETWEEN) and bool(self._people(user_id))

    def can_resign(self, user_id: int | None = None) -> bool:
        """A seated person who has not resigned already (an AI plays their seat since)."""
        if self.phase not in (Phase.PLAYING, Phase.BETWEEN):
            return False
        return any(seat not in self.left for seat in self._first(user_id))

    def can_offer_draw(self, user_id: int | None = None) -> bool:
        """As `offer_draw`: never at a table with an AI seat, once per seat."""
        if self.phase not in (Phase.PLAYING, Phase.BETWEEN):
            return False
        if any(player.is_ai for player in self.seats) or self.left:
            return False
        return any(seat not in self.draw_offers for seat in self._first(user_id))

    def can_mark_ready(self, user_id: int | None = None) -> bool:
        if self.phase is not Phase.BETWEEN:
            return False
        return any(
            seat not in self.ready and not self.out_of_match(seat) for seat in self._first(user_id)
        )

    def can_claim_lead(self, user_id: int | None = None) -> bool:
        if self.phase is not Phase.BETWEEN:
            return False
        choosers = self.lead_choosers()
        return any(
            seat in choosers and seat != self.lead_claim and seat not in self.left
            for seat in self._first(user_id)
        )

    def can_come_back(self, user_id: int | None = None) -> bool:
        """A person whose seat the timer handed to an AI takes it back ("I'm back"); one who
        resigned and left does not."""
        if self.phase not in (Phase.PLAYING, Phase.BETWEEN):
            return False
        return any(
            self.seats[seat].taken_over and seat not in self.left for seat in self._first(user_id)
        )

    def lead_choosers_people(self) -> tuple[int, ...]:
        """The seats that may claim the next lead and have a person to press "I'll lead" (when
        every winner is an AI, the AI leads: nobody is asked)."""
        return tuple(seat for seat in self.lead_choosers() if self.seats[seat].user_id is not None)

    def can_leave_after(self, user_id: int | None = None) -> bool:
        return self.phase is Phase.OVER and bool(self._people(user_id))

    def can_rematch(self, user_id: int | None = None) -> bool:
        """Ask for a rematch (or, once someone has, take one's seat in it)."""
        return self.phase is Phase.OVER and bool(self._people(user_id))

    def can_review(self) -> bool:
        """The match is over and recorded (a match a moderator ended is not: nothing to
        review)."""
        return self.phase is Phase.OVER and self.ending is not None and self.ending.recorded
