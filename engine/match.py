"""A match: a series of hands under one variant, with scores per unit, until its end condition.

`Match` deals each hand (from the seed, or from a recorded deal it validates), asks the variant
who leads, forwards actions to the hand, scores finished hands and decides when the match is
over. All randomness comes from the seed: hand k is dealt by `Random(f"{seed}:{k}:deal")`
(a shuffle of the full set in index order, repeated while the variant's redeal rule asks; seats
take consecutive runs of `hand_size` tiles in seat order, skipping seats that sit out, and the rest
is the boneyard in drawing order), and a lot for the lead uses `Random(f"{seed}:{k}:lead")`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.actions import Action
from engine.errors import BadDeal, IllegalAction
from engine.events import Event
from engine.hand import HandState
from engine.messages import Message, Plural, any_of
from engine.rules import HandResult, Lead
from engine.tiles import Tile
from engine.variants import get_variant
from engine.variants.base import Variant
from engine.view import SeatView, public_view, seat_view

MAX_REDEALS = 10_000


class Match:
    def __init__(
        self,
        variant: str | Variant,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | str | None = 0,
    ) -> None:
        if isinstance(variant, Variant):
            self.variant = variant
        else:
            kind = get_variant(variant)
            count = players if players is not None else kind.player_counts[0]
            self.variant = kind(count, options)
        self.players = self.variant.players
        self.seed = seed
        self.scores: list[int] = list(self.variant.initial_scores())
        self.active: list[bool] = [True] * self.players  # still in the match
        self.results: list[HandResult] = []
        self.leads: list[Lead] = []  # the lead rule of each hand dealt
        self.hand: HandState | None = None
        self.played: list[HandState] = []  # every hand dealt, the current one last
        self.over = False
        self.winners: tuple[int, ...] = ()

    @property
    def units(self) -> tuple[tuple[int, ...], ...]:
        return self.variant.units

    @property
    def number(self) -> int:
        """The number of the hand being played (0-based), or of the next one between hands."""
        return len(self.results)

    # -- dealing ----------------------------------------------------------------------------

    def deal(self, number: int, seated: Sequence[bool]) -> tuple[list[list[Tile]], list[Tile]]:
        """The seeded deal of hand `number` for the given seated seats."""
        variant = self.variant
        if self.seed is None:
            raise BadDeal("the hand has no deal and the match has no seed")
        rng = random.Random(f"{self.seed}:{number}:deal")
        aside = variant.set_aside(number)
        tiles = [tile for tile in variant.full_set() if tile not in aside]
        size = variant.hand_size(sum(seated))
        for _ in range(MAX_REDEALS):
            rng.shuffle(tiles)
            hands: list[list[Tile]] = []
            cursor = 0
            for sits in seated:
                hands.append(tiles[cursor : cursor + size] if sits else [])
                cursor += size if sits else 0
            if variant.redeal_reason(hands) is None:
                return hands, tiles[cursor:]
        raise BadDeal("no acceptable deal found")  # pragma: no cover - astronomically unlikely

    def check_deal(
        self, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile], seated: Sequence[bool]
    ) -> None:
        variant = self.variant
        if len(hands) != self.players:
            raise BadDeal(
                "the deal lists {listed} seats; the match has {players}",
                listed=len(hands),
                players=self.players,
            )
        size = variant.hand_size(sum(seated))
        full = set(variant.full_set())
        seen: set[Tile] = set()
        for seat, (hand, sits) in enumerate(zip(hands, seated, strict=True)):
            if not sits and hand:
                raise BadDeal("seat {seat} sits out this hand but was dealt tiles", seat=seat)
            if sits and len(hand) != size:
                raise BadDeal.of(
                    Plural(
                        "seat {seat} was dealt {count} tile instead of {size}",
                        "seat {seat} was dealt {count} tiles instead of {size}",
                        count=len(hand),
                        seat=seat,
                        size=size,
                    )
                )
        aside = variant.set_aside(len(self.results))
        for tile in [*(tile for hand in hands for tile in hand), *boneyard]:
            if tile in aside:
                raise BadDeal("{tile} is set aside this hand: it cannot be dealt", tile=tile)
            if tile not in full:
                raise BadDeal(
                    "{tile} is not in the double-{top} set", tile=tile, top=variant.set_top()
                )
            if tile in seen:
                raise BadDeal("{tile} appears twice in the deal", tile=tile)
            seen.add(tile)
        reason = variant.redeal_reason(hands)
        if reason is not None:
            raise BadDeal("this deal must be redealt: {reason}", reason=reason)

    def start_hand(
        self,
        deal: Sequence[Sequence[Tile]] | None = None,
        boneyard: Sequence[Tile] | None = None,
        leader: int | None = None,
    ) -> HandState:
        """Deal the next hand (from the seed unless `deal` is given) and return it."""
        if self.over:
            raise IllegalAction("the match is over")
        if self.hand is not None and not self.hand.over:
            raise IllegalAction("the current hand is not finished")
        number = len(self.results)
        variant = self.variant
        seated = variant.seated_for_hand(self)
        if deal is None:
            if boneyard is not None:
                raise BadDeal("a boneyard needs the deal that goes with it")
            hands, rest = self.deal(number, seated)
        else:
            hands = [list(hand) for hand in deal]
            if boneyard is None:
                dealt = {tile for hand in hands for tile in hand}
                dealt.update(variant.set_aside(number))
                rest = [tile for tile in variant.full_set() if tile not in dealt]
                random.Random(f"{self.seed}:{number}:boneyard").shuffle(rest)
            else:
                rest = list(boneyard)
            self.check_deal(hands, rest, seated)
        if variant.draw_rule == "no-draw":
            rest = []  # sleeping tiles: set aside unseen for the whole hand
        lead = self.choose_lead(number, hands, leader)
        self.leads.append(lead)
        self.hand = HandState(variant, hands, rest, lead, seated, self.scores)
        self.played.append(self.hand)
        return self.hand

    def next_lead_choosers(self) -> tuple[int, ...]:
        """The seats that may choose who leads the next hand (`Variant.lead_choosers`), asked
        between hands: the rules answer from the hands played, without dealing the next."""
        return self.variant.lead_choosers(self)

    def choose_lead(self, number: int, hands: Sequence[Sequence[Tile]], leader: int | None) -> Lead:
        lead = self.variant.lead(self, hands)
        if lead.by_lot and leader is None:
            if self.seed is None:
                raise BadDeal("the lead is drawn by lot: name the leader or give a seed")
            drawn = random.Random(f"{self.seed}:{number}:lead").choice(lead.choosers)
            return Lead(drawn, lead.tile, lead.choosers, by_lot=True)
        if leader is None or leader == lead.seat:
            return lead
        if leader in lead.choosers:
            return Lead(leader, lead.tile, lead.choosers, lead.by_lot)
        if lead.choosers:
            raise BadDeal(
                "seat {leader} may not lead this hand ({allowed} may)",
                leader=leader,
                allowed=_seats(lead.choosers),
            )
        raise BadDeal(
            "seat {leader} may not lead this hand: seat {seat} leads", leader=leader, seat=lead.seat
        )

    # -- playing ----------------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        return [] if self.hand is None else self.hand.legal_actions(seat)

    def apply(self, action: Action) -> Event:
        if self.hand is None or self.hand.over:
            raise IllegalAction("no hand is being played")
        event = self.hand.apply(action)
        for unit, points in enumerate(event.scored):
            self.scores[unit] += points  # scored during play: the running scores show it at once
        if event.outcome is not None:
            self._score()
        return event

    def _score(self) -> None:
        assert self.hand is not None and self.hand.outcome is not None
        outcome = self.hand.outcome
        # `score_hand` gives the points of the hand's end; those scored during play are already
        # in `scores`, and the hand's `points` are both.
        verdict = self.variant.score_hand(self, outcome)
        for unit, points in enumerate(verdict.points):
            self.scores[unit] += points
        change = verdict.points
        if any(self.hand.scored):
            change = tuple(a + b for a, b in zip(self.hand.scored, change, strict=True))
        self.results.append(
            HandResult(
                number=len(self.results),
                outcome=outcome,
                winners=verdict.winners,
                points=change,
                scores=tuple(self.scores),
            )
        )
        self.variant.after_hand(self)
        self.over, self.winners = self.variant.match_over(self)

    def unit_of(self, seat: int) -> int:
        return self.variant.unit_of[seat]

    def view_for(self, seat: int) -> SeatView:
        """Exactly what `seat` may know now (see `engine.view`)."""
        return seat_view(self, seat)

    def public_view(self) -> SeatView:
        """What anyone watching the table may know (see `engine.view.public_view`)."""
        return public_view(self)


def _seats(seats: Sequence[int]) -> Message:
    """`seat 1` or `seat 1 or seat 3`."""
    named = [Message("seat {seat}", seat=seat) for seat in seats]
    return named[0] if len(named) == 1 else any_of(named)
