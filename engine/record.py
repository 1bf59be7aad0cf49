"""Game records: a whole match as JSON, written, read, replayed and validated (DESIGN.md).

```json
{"variant": "partnership", "players": 4, "options": {"target": 100}, "seed": 7,
 "hands": [{"deal": [["6-6", "..."], ...], "boneyard": ["3-1", ...], "leader": 0,
            "actions": [{"seat": 0, "play": "6-6"}, {"seat": 1, "pass": true}, ...]}]}
```

`replay` checks every action against the rules. A fault raises `RecordError` naming the 0-based
index of the action over the whole record; a fault of a hand as a whole (its deal, its leader,
a hand after the end of the match) is reported at that hand's first action, and a fault of the
record itself (variant, players, options) at action 0.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, action_from_record
from engine.errors import DominoError, RecordError
from engine.hand import HandState
from engine.match import Match
from engine.messages import Message
from engine.tiles import Tile
from engine.variants import get_variant


@dataclass(frozen=True)
class Replay:
    match: Match

    def to_json(self) -> dict[str, Any]:
        match = self.match
        return {
            "variant": match.variant.id,
            "units": [list(unit) for unit in match.units],
            "hands": [result.to_json() for result in match.results],
            "match": {
                "over": match.over,
                "winners": list(match.winners) if match.over else [],
                "scores": list(match.scores),
            },
        }


def load(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            "the record is not valid JSON ({problem}, line {line})",
            index=0,
            problem=error.msg,
            line=error.lineno,
        ) from None
    if not isinstance(data, dict):
        raise RecordError("the record must be a JSON object", index=0)
    return data


def _tiles(value: object, what: Message) -> list[Tile]:
    if not isinstance(value, list):
        raise DominoError("{what} must be a list of tiles", what=what)
    return [Tile.parse(item) for item in value]


def new_match(record: Mapping[str, Any]) -> Match:
    """The match a record describes, before any hand (faults: `RecordError` at action 0)."""
    try:
        name = record.get("variant")
        if not isinstance(name, str):
            raise DominoError("the record names no variant")
        kind = get_variant(name)
        options = record.get("options") or {}
        if not isinstance(options, dict):
            raise DominoError("options must be an object")
        players = record.get("players")
        if players is None:
            counts = kind.players_for(options)
            if len(counts) != 1:
                raise DominoError("the record must say how many players")
            players = counts[0]
        if not isinstance(players, int) or isinstance(players, bool):
            raise DominoError("players must be a whole number")
        seed = record.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
            raise DominoError("seed must be a number or a string")
        return Match(kind(players, options), seed=seed)
    except DominoError as error:
        raise RecordError.at(0, error.message) from None


def replay(
    record: Mapping[str, Any], before: Callable[[Match, Action], None] | None = None
) -> Replay:
    """Replay a record through the rules; raise `RecordError` at the first fault. `before` is
    called with the match and each action (read and well formed, not yet checked by the rules)
    just before the action is applied: what the match looked like at each decision."""
    match = new_match(record)
    hands = record.get("hands", [])
    if not isinstance(hands, list):
        raise RecordError("hands must be a list", index=0)
    index = 0
    for number, hand_record in enumerate(hands):
        first = index
        if not isinstance(hand_record, dict):
            raise RecordError("hand {number} must be an object", index=first, number=number)
        actions = hand_record.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError(
                "the actions of hand {number} must be a list", index=first, number=number
            )
        if match.over:
            raise RecordError(
                "hand {number} comes after the end of the match", index=first, number=number
            )
        if match.hand is not None and not match.hand.over:
            raise RecordError("hand {number} is not finished", index=first, number=number - 1)
        _start(match, hand_record, number, first)
        for action_record in actions:
            hand = match.hand
            assert hand is not None
            if hand.over:
                raise RecordError("hand {number} is already over", index=index, number=number)
            try:
                action = action_from_record(action_record)
            except DominoError as error:
                raise _fault(index, action_record, error) from None
            if before is not None:
                before(match, action)
            try:
                match.apply(action)
            except DominoError as error:
                raise _fault(index, action_record, error) from None
            index += 1
    return Replay(match)


def _fault(index: int, action_record: object, error: DominoError) -> RecordError:
    """The record's fault at action `index`, naming the seat where the action names one."""
    seat = action_record.get("seat") if isinstance(action_record, dict) else None
    reason = error.message
    if isinstance(seat, int):
        reason = Message("seat {seat}: {reason}", seat=seat, reason=reason)
    return RecordError.at(index, reason)


def _start(match: Match, hand_record: Mapping[str, Any], number: int, first: int) -> None:
    try:
        deal_value = hand_record.get("deal")
        deal = None
        if deal_value is not None:
            if not isinstance(deal_value, list):
                raise DominoError("the deal must list every seat's tiles")
            deal = [
                _tiles(hand, Message("seat {seat}'s deal", seat=seat))
                for seat, hand in enumerate(deal_value)
            ]
        boneyard_value = hand_record.get("boneyard")
        boneyard = (
            None if boneyard_value is None else _tiles(boneyard_value, Message("the boneyard"))
        )
        leader = hand_record.get("leader")
        if leader is not None and (not isinstance(leader, int) or isinstance(leader, bool)):
            raise DominoError("leader must be a seat number")
        match.start_hand(deal, boneyard, leader)
    except DominoError as error:
        raise RecordError.at(
            first, Message("hand {number}: {reason}", number=number, reason=error.message)
        ) from None


def write(match: Match) -> dict[str, Any]:
    """The record of a match so far. Replaying it gives the same match."""
    return write_from(match, 0)


def write_from(match: Match, first: int) -> dict[str, Any]:
    """The record of a match so far without its hands before hand `first` (0-based): for a
    store that keeps finished hands apart, each written once (`write_hand`), and puts them
    back in front of these before replaying."""
    return {
        "variant": match.variant.id,
        "players": match.players,
        "options": dict(match.variant.options),
        "seed": match.seed,
        "hands": [write_hand(hand) for hand in match.played[first:]],
    }


def write_hand(hand: HandState) -> dict[str, Any]:
    """One hand of a record (an entry of its `hands`): the deal, who chose to lead, the
    actions."""
    entry: dict[str, Any] = {"deal": [[str(tile) for tile in tiles] for tiles in hand.dealt]}
    if hand.boneyard_dealt:
        entry["boneyard"] = [str(tile) for tile in hand.boneyard_dealt]
    if hand.lead.choosers:
        entry["leader"] = hand.lead.seat
    entry["actions"] = [action.to_record() for action in hand.actions]
    return entry


def dumps(match: Match) -> str:
    return json.dumps(write(match), ensure_ascii=False)


def replay_text(text: str) -> Replay:
    return replay(load(text))


def tile_list(tiles: Sequence[Tile]) -> list[str]:
    return [str(tile) for tile in tiles]
