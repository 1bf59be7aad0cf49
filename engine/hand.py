"""One hand: the deal, the turns, the table, until a domino or a block.

The state is **mutable**: `apply` changes it in place and returns an `Event`; `copy()` gives an
independent twin. Mutation with copy was chosen over an immutable state because search (the AI)
plays thousands of throwaway continuations from one position, and copying a few small lists once
per continuation is far cheaper than rebuilding a state on every action.

The hand knows nothing of matches: `Match` deals it, and scores its `outcome`. In the games that
score during play (`Variant.scores_in_play`) it is handed the scores at its start
(`base_scores`) and keeps what each unit has scored in it so far (`scored`, and `score_log`: which
action scored what); each `Event` carries its action's points.

Three kinds of game share it. Matching games place tiles on the open ends of arms. Row games
(`Shape.ROW`, the `sum` game) lay any tile the variant's `can_place` accepts at the end of a row,
with no end to choose. Games whose turns are not tile placements at all (`own_turns`, the `pairs`
game) list their moves in `Variant.special_actions` and carry them out in `Variant.apply_special`,
through `end_turn` and `finish`; they keep what else they need in `side` (a `SideState`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from types import MappingProxyType

from engine.actions import Action, Draw, Pass, Play, Special
from engine.errors import IllegalAction
from engine.events import Event
from engine.layout import Arm, Layout, Placement, Shape
from engine.messages import GameName, Message, any_of
from engine.rules import DrawRule, End, HandOutcome, Lead
from engine.tiles import Tile
from engine.variants.base import SideState, Variant


class HandState:
    __slots__ = (
        "actions",
        "base_scores",
        "boneyard",
        "boneyard_dealt",
        "dealt",
        "drawn",
        "draws_this_turn",
        "hands",
        "last_placer",
        "layout",
        "lead",
        "outcome",
        "placed_this_turn",
        "reserve",
        "score_log",
        "scored",
        "seated",
        "seats",
        "side",
        "turn",
        "variant",
    )

    def __init__(
        self,
        variant: Variant,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        lead: Lead,
        seated: Sequence[bool],
        scores: Sequence[int] = (),
    ) -> None:
        self.variant = variant
        self.seats = len(hands)
        self.seated = tuple(seated)
        self.hands: list[list[Tile]] = [list(hand) for hand in hands]
        self.dealt: tuple[tuple[Tile, ...], ...] = tuple(tuple(hand) for hand in hands)
        self.boneyard: list[Tile] = list(boneyard)
        self.boneyard_dealt: tuple[Tile, ...] = tuple(boneyard)  # as dealt, for the record
        self.drawn = 0  # how many boneyard tiles have been drawn (from the front)
        self.reserve = variant.reserve(sum(self.seated)) if variant.draw_rule != "no-draw" else 0
        self.layout: Layout = variant.new_layout()
        self.lead = lead
        self.turn = lead.seat
        self.draws_this_turn = 0
        self.placed_this_turn = 0
        self.last_placer: int | None = None
        self.actions: list[Action] = []
        self.outcome: HandOutcome | None = None
        units = len(variant.units)
        self.base_scores: tuple[int, ...] = tuple(scores) if scores else (0,) * units
        self.scored: list[int] = [0] * units  # per unit, scored during play in this hand
        self.score_log: list[tuple[int, tuple[int, ...]]] = []  # (action index, points per unit)
        self.side: SideState | None = variant.new_side_state(self)

    def copy(self) -> HandState:
        twin = object.__new__(HandState)
        twin.variant = self.variant
        twin.seats = self.seats
        twin.seated = self.seated
        twin.hands = [list(hand) for hand in self.hands]
        twin.dealt = self.dealt
        twin.boneyard = list(self.boneyard)
        twin.boneyard_dealt = self.boneyard_dealt
        twin.drawn = self.drawn
        twin.reserve = self.reserve
        twin.layout = self.layout.copy()
        twin.lead = self.lead
        twin.turn = self.turn
        twin.draws_this_turn = self.draws_this_turn
        twin.placed_this_turn = self.placed_this_turn
        twin.last_placer = self.last_placer
        twin.actions = list(self.actions)
        twin.outcome = self.outcome
        twin.base_scores = self.base_scores
        twin.scored = list(self.scored)
        twin.score_log = list(self.score_log)
        twin.side = None if self.side is None else self.side.copy()
        return twin

    # -- what is known ----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def stock(self) -> list[Tile]:
        """The tiles still in the boneyard, in drawing order (reserve included)."""
        return self.boneyard[self.drawn :]

    @property
    def drawable(self) -> int:
        """How many tiles may still be drawn (the reserve never is)."""
        if self.variant.draw_rule is DrawRule.NONE:
            return 0
        return max(0, len(self.boneyard) - self.drawn - self.reserve)

    def next_seat(self, seat: int) -> int:
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if self.seated[candidate] and (
                not self.variant.out_leaves_turns or self.hands[candidate]
            ):
                return candidate
        return seat

    def can_place_any(self, seat: int) -> bool:
        if not self.layout.started:
            return bool(self.hands[seat]) and seat == self.lead.seat
        variant, layout = self.variant, self.layout
        return any(variant.can_place(layout, tile) for tile in self.hands[seat])

    def may_draw(self, seat: int) -> bool:
        if self.drawable <= 0:
            return False
        rule = self.variant.draw_rule
        if rule is DrawRule.UNTIL_PLAYABLE:
            return True
        if rule is DrawRule.NONE:
            return False
        return self.draws_this_turn == 0

    def plays(self, seat: int | None = None) -> list[Play]:
        """The tiles `seat` (default: the seat to act) may place now, one `Play` per distinct
        outcome; `end` is set only when the tile fits ends that give different games."""
        seat = self.turn if seat is None else seat
        if self.over or seat != self.turn or self.variant.own_turns:
            return []
        hand = self.hands[seat]
        if not self.layout.started:
            if self.lead.tile is not None:
                return [Play(seat, self.lead.tile)] if self.lead.tile in hand else []
            return [Play(seat, tile) for tile in hand]
        if self.layout.shape is Shape.ROW:
            variant, layout = self.variant, self.layout
            return [Play(seat, tile) for tile in hand if variant.can_place(layout, tile)]
        found: list[Play] = []
        for tile in hand:
            found.extend(self._tile_plays(seat, tile))
        return found

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Everything `seat` may do now: its plays if any (must play), else a draw if the draw
        rule allows one, else a pass. Empty when it is not that seat's turn."""
        seat = self.turn if seat is None else seat
        if self.over or seat != self.turn:
            return []
        if self.variant.own_turns:
            return self.variant.special_actions(self, seat)
        plays: list[Action] = list(self.plays(seat))
        if plays:
            return plays
        if self.may_draw(seat):
            return [Draw(seat)]
        return [Pass(seat)]

    def _groups(self, tile: Tile) -> dict[Hashable, list[tuple[Arm, int]]]:
        groups: dict[Hashable, list[tuple[Arm, int]]] = {}
        end_class = self.variant.end_class
        for arm, shows in self.variant.placements(self.layout, tile):
            groups.setdefault((end_class(arm), shows), []).append((arm, shows))
        return groups

    def _tile_plays(self, seat: int, tile: Tile) -> list[Play]:
        groups = list(self._groups(tile).values())
        if len(groups) <= 1:
            return [Play(seat, tile)] if groups else []
        numbers = [group[0][0].number for group in groups]
        name = self.variant.end_name
        return [
            Play(seat, tile, name(group[0][0], numbers.count(number) > 1))
            for group, number in zip(groups, numbers, strict=True)
        ]

    def describe_ends(self) -> Message:
        numbers = self.layout.open_numbers()
        if not numbers:
            return Message("the table is empty")
        shown = ", ".join(str(number) for number in numbers)
        return Message("the open ends show {numbers}", numbers=shown)

    # -- acting -----------------------------------------------------------------------------

    def apply(self, action: Action) -> Event:
        """Carry out `action`, or raise `IllegalAction` with the reason and change nothing."""
        if self.outcome is not None:
            raise IllegalAction("the hand is over")
        seat = action.seat
        if not 0 <= seat < self.seats or not self.seated[seat]:
            raise IllegalAction("there is no player in seat {seat} this hand", seat=seat)
        if seat != self.turn:
            raise IllegalAction("it is not your turn: seat {seat} is to play", seat=self.turn)
        if self.variant.own_turns:
            return self.variant.apply_special(self, action)
        if isinstance(action, Play):
            event = self._play(action)
        elif isinstance(action, Draw):
            event = self._draw(action)
        elif isinstance(action, Pass):
            event = self._pass(action)
        elif isinstance(action, Special):
            game = GameName(self.variant.id, self.variant.name)
            raise IllegalAction("{game} has no such move", game=game)
        else:
            raise IllegalAction("unknown action {action}", action=repr(action))
        return event

    def _play(self, action: Play) -> Event:
        seat, tile = action.seat, action.tile
        hand = self.hands[seat]
        if tile not in hand:
            raise IllegalAction("{tile} is not in your hand", tile=tile)
        if not self.layout.started:
            if self.lead.tile is not None and tile is not self.lead.tile:
                raise IllegalAction("this hand must be led with {tile}", tile=self.lead.tile)
            placement = self.layout.lay_lead(tile)
        elif self.layout.shape is Shape.ROW:
            if action.end is not None:
                raise IllegalAction("tiles are laid in a row here: there is no end to choose")
            if not self.variant.can_place(self.layout, tile):
                raise IllegalAction.of(
                    self._with_status(Message("{tile} cannot be laid now", tile=tile))
                )
            placement = self.layout.add_to_row(tile)
        else:
            arm, shows = self._resolve(tile, action.end)
            placement = self.layout.lay(tile, arm.id, shows)
        hand.remove(tile)
        self.actions.append(action)
        self.last_placer = seat
        self.placed_this_turn += 1
        scored = self._score_placement(seat) if self.variant.scores_in_play else ()
        end = self.variant.play_ends_hand(self, seat)
        if end is not None:
            went_out = seat if end == End.DOMINO else None
            return self._finish(action, placement, end, went_out=went_out, scored=scored)
        if not (self.variant.keeps_playing and self.can_place_any(seat)):
            self._next_turn()
        return self._after(action, placement=placement, scored=scored)

    def _score_placement(self, seat: int) -> tuple[int, ...]:
        """What the placement just made scores during play, added to `scored` and logged."""
        points = self.variant.score_placement(self, seat)
        if any(points):
            for unit, gain in enumerate(points):
                self.scored[unit] += gain
            self.score_log.append((len(self.actions) - 1, points))
            return points
        return ()

    def _resolve(self, tile: Tile, end: int | str | None) -> tuple[Arm, int]:
        groups = list(self._groups(tile).values())
        if not groups:
            reason = Message("{tile} does not fit: {ends}", tile=tile, ends=self.describe_ends())
            raise IllegalAction.of(self._with_status(reason))
        if end is not None:
            named = self.variant.named_end(tile, end, groups)
            if named is not None:
                return min(named, key=lambda placed: len(placed[0].tiles))
        if end is None:
            if len(groups) > 1:
                choices = any_of([play.end for play in self._tile_plays(0, tile)])
                raise IllegalAction(
                    "{tile} fits more than one end: say which ({choices})",
                    tile=tile,
                    choices=choices,
                )
            chosen = groups[0]
        elif isinstance(end, int):
            matching = [group for group in groups if group[0][0].number == end]
            if not matching:
                raise IllegalAction("{tile} cannot go on an end showing {end}", tile=tile, end=end)
            if len(matching) > 1:
                ids = ", ".join(group[0][0].id for group in matching)
                raise IllegalAction(
                    "{tile} fits different ends showing {end}: name one ({ids})",
                    tile=tile,
                    end=end,
                    ids=ids,
                )
            chosen = matching[0]
        else:
            for group in groups:
                for arm, shows in group:
                    if arm.id == end:
                        return arm, shows
            if end not in self.layout.arms:
                raise IllegalAction("there is no open end {end}", end=repr(end))
            raise IllegalAction("{tile} cannot go on end {end}", tile=tile, end=end)
        # Interchangeable ends: draw the tile on the shortest arm, to keep the table compact.
        return min(chosen, key=lambda placed: len(placed[0].tiles))

    def _draw(self, action: Draw) -> Event:
        seat = action.seat
        if self.plays(seat):
            raise IllegalAction("you have a tile that fits: you must play it")
        if not self.may_draw(seat):
            if self.variant.draw_rule is DrawRule.NONE:
                raise IllegalAction("there is no drawing in this game")
            if self.drawable <= 0:
                raise IllegalAction("there is nothing left to draw")
            raise IllegalAction("you have drawn already this turn")
        take = 2 if self.variant.draw_rule is DrawRule.TWO else 1
        take = min(take, self.drawable)
        drawn = tuple(self.boneyard[self.drawn : self.drawn + take])
        self.drawn += take
        self.hands[seat].extend(drawn)
        self.draws_this_turn += 1
        self.actions.append(action)
        return self._after(action, drawn=drawn)

    def _pass(self, action: Pass) -> Event:
        seat = action.seat
        if self.plays(seat):
            raise IllegalAction("you have a tile that fits: you must play it")
        if self.may_draw(seat):
            raise IllegalAction("you cannot pass while you may draw")
        self.actions.append(action)
        self._next_turn()
        return self._after(action)

    def _with_status(self, reason: Message) -> Message:
        """`reason`, followed by the variant's status line in brackets when it has one."""
        status = self.variant.public_state(self).status
        if not status:
            return reason
        return Message("{reason} ({status})", reason=reason, status=status)

    def _next_turn(self) -> None:
        self.turn = self.next_seat(self.turn)
        self.draws_this_turn = 0
        self.placed_this_turn = 0

    def blocked(self) -> bool:
        """Nobody can move (the variant's `blocked`: for matching games, nobody can place a tile
        and nothing can be drawn)."""
        return self.variant.blocked(self)

    # -- for games with turns of their own (`Variant.own_turns`) ----------------------------

    def end_turn(self, action: Action, *, drawn: tuple[Tile, ...] = ()) -> Event:
        """Record `action` as done, hand the turn on, and end the hand if it is now blocked."""
        self.actions.append(action)
        self._next_turn()
        return self._after(action, drawn=drawn)

    def finish(
        self,
        action: Action,
        end: str,
        *,
        went_out: int | None,
        drawn: tuple[Tile, ...] = (),
        extra: dict[str, object] | None = None,
    ) -> Event:
        """Record `action` as done and end the hand with `end`."""
        self.actions.append(action)
        return self._finish(action, None, end, went_out=went_out, drawn=drawn, extra=extra)

    def _after(
        self,
        action: Action,
        *,
        placement: Placement | None = None,
        drawn: tuple[Tile, ...] = (),
        scored: tuple[int, ...] = (),
    ) -> Event:
        if self.blocked():
            return self._finish(
                action, placement, End.BLOCKED, went_out=None, drawn=drawn, scored=scored
            )
        return Event(action, placement, drawn, None, self.turn, scored)

    def _finish(
        self,
        action: Action,
        placement: Placement | None,
        end: str,
        *,
        went_out: int | None,
        drawn: tuple[Tile, ...] = (),
        extra: dict[str, object] | None = None,
        scored: tuple[int, ...] = (),
    ) -> Event:
        self.outcome = HandOutcome(
            end=end,
            went_out=went_out,
            last_placer=self.last_placer,
            leader=self.actions[0].seat if self.actions else self.lead.seat,
            hands=tuple(tuple(hand) for hand in self.hands),
            seated=self.seated,
            extra=MappingProxyType({**self.variant.outcome_extra(self), **(extra or {})}),
        )
        return Event(action, placement, drawn, self.outcome, None, scored)
