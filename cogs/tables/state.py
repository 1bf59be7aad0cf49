"""A table as a JSON document, for the database: `dump` writes the game as an engine record
(`engine.record.write`) beside what the bot adds around the rules; `load` replays that record
through the rules, so a restart resumes exactly where the table stopped. The log is sentences
(`Said`), stored as data and worded for each reader; a plain string (stored before translation)
reads back as a sentence shown as it is. How the table ended is its `Ending` (its kind, places
and winners); a table stored before endings were kept (a sentence `ended` and the `winners`)
reads back with the nearest ending (`old_ending`).

A match's finished hands do not change: the store keeps them apart, each written once when it
ends (`hand_records`), and the state's record leaves them out (`dump(table, apart)`), so what is
written per action does not grow with the match. `load` puts them back in front before
replaying.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cogs import texts
from cogs.lang import Said
from cogs.tables import ending as endings
from cogs.tables.ending import Ending, EndKind
from cogs.tables.resigning import Question
from cogs.tables.seating import Lobby, Seat, Setup
from cogs.tables.table import Moved, Phase, Table
from engine import Match
from engine.record import replay, write_from, write_hand


def finished_hands(table: Table) -> int:
    """How many hands of the table's match are over (its first ones: only the last may be
    in play)."""
    return len(table.match.results) if table.match is not None else 0


def hand_records(table: Table, first: int) -> tuple[str, ...]:
    """The records of the finished hands from hand `first` on, as JSON text each: what the
    store adds to the hands it keeps apart."""
    if table.match is None:
        return ()
    played = table.match.played[first : finished_hands(table)]
    return tuple(json.dumps(write_hand(hand), separators=(",", ":")) for hand in played)


def dump(table: Table, apart: int = 0) -> dict[str, Any]:
    """The table's state; its record without the match's first `apart` hands (finished, kept
    apart by the store: `hand_records`)."""
    return {
        "id": table.id,
        "setup": table.setup.to_json(),
        "host_id": table.host_id,
        "lobby": [None if seat is None else seat.to_json() for seat in table.lobby.seats],
        "invited": sorted(table.lobby.invited.items()),
        "seed": table.seed,
        "phase": table.phase.value,
        "created_at": table.created_at,
        "guild_id": table.guild_id,
        "channel_id": table.channel_id,
        "language": table.language,
        "thread_id": table.thread_id,
        "lobby_message_id": table.lobby_message_id,
        "board_message_id": table.board_message_id,
        "record": write_from(table.match, apart) if table.match is not None else None,
        "hands_apart": apart,
        "seats": [seat.to_json() for seat in table.seats],
        "version": table.version,
        "turn_started": table.turn_started,
        "ready": sorted(table.ready),
        "lead_claim": table.lead_claim,
        "draw_offers": sorted(table.draw_offers),
        "ending": table.ending.to_json() if table.ending is not None else None,
        "log": [line.to_json() for line in table.log],
        "moves": [moved.to_json() for moved in table.moves],
        "since_chosen": list(table.since_chosen),
        "rematch_of": table.rematch_of,
        "rematch_id": table.rematch_id,
        "finished_at": table.finished_at,
        "conceded": list(table.conceded),
        "left": list(table.left),
        "question": table.question.to_json() if table.question is not None else None,
    }


def load(state: dict[str, Any], apart: Sequence[str] = ()) -> Table:
    """Rebuild a table from `dump`, replaying its record through the rules, with the hands
    `apart` (`hand_records` of every hand the store keeps apart, in order) put back in front
    of the record's: refused (`ValueError`) when they are not as many as the state left out."""
    setup = Setup.from_json(state["setup"])
    lobby = Lobby(
        setup,
        host_id=int(state["host_id"]),
        seats=[None if s is None else Seat.from_json(s) for s in state["lobby"]],
        invited={int(user): int(seat) for user, seat in state.get("invited", [])},
    )
    record = state.get("record")
    left_out = int(state.get("hands_apart", 0))
    if len(apart) != left_out:
        raise ValueError(f"the record leaves out {left_out} hands; {len(apart)} were kept apart")
    if record is not None and apart:
        hands = [json.loads(hand) for hand in apart]
        record = {**record, "hands": hands + list(record.get("hands", []))}
    match = replay(record).match if record is not None else None
    phase = Phase(state["phase"])
    ending = state.get("ending")
    question = state.get("question")
    return Table(
        id=str(state["id"]),
        lobby=lobby,
        seed=str(state["seed"]),
        phase=phase,
        created_at=float(state.get("created_at", 0.0)),
        guild_id=state.get("guild_id"),
        channel_id=state.get("channel_id"),
        language=state.get("language"),
        thread_id=state.get("thread_id"),
        lobby_message_id=state.get("lobby_message_id"),
        board_message_id=state.get("board_message_id"),
        match=match,
        seats=[Seat.from_json(s) for s in state.get("seats", [])],
        version=int(state.get("version", 0)),
        turn_started=float(state.get("turn_started", 0.0)),
        ready=set(state.get("ready", [])),
        lead_claim=state.get("lead_claim"),
        draw_offers=set(state.get("draw_offers", [])),
        ending=Ending.from_json(ending) if ending is not None else old_ending(state, phase, match),
        log=[Said.from_json(line) for line in state.get("log", [])],
        moves=[Moved.from_json(moved) for moved in state.get("moves", [])],
        since_chosen=[int(count) for count in state.get("since_chosen", [])],
        rematch_of=state.get("rematch_of"),
        rematch_id=state.get("rematch_id"),
        finished_at=float(state.get("finished_at", 0.0)),
        conceded=[int(unit) for unit in state.get("conceded", [])],
        left=[int(seat) for seat in state.get("left", [])],
        question=Question.from_json(question) if question is not None else None,
        hands_apart=left_out,
    )


def old_ending(state: dict[str, Any], phase: Phase, match: Match | None) -> Ending | None:
    """The ending of a table stored before endings were kept: it had the sentence that told
    why a match ended early (`ended`, none when played out) and the seats that won. A
    resignation keeps the winners it was recorded with (every other side won)."""
    if phase not in (Phase.OVER, Phase.CANCELLED):
        return None
    said = Said.from_json(state["ended"]) if state.get("ended") is not None else None
    message = said.message if said is not None else ""
    if phase is Phase.CANCELLED:
        lobby = {
            texts.LOBBY_CANCELLED: EndKind.CANCELLED,
            texts.ENDED_BY_MODERATOR: EndKind.MODERATOR,
        }
        return endings.unranked(lobby.get(message, EndKind.EXPIRED))
    if match is None or message == texts.ENDED_BY_MODERATOR:
        return endings.unranked(EndKind.MODERATOR)
    if message == texts.DRAW_AGREED:
        return endings.agreed_draw(match)
    if said is None and match.over:
        return endings.played(match)
    # A resignation: the side with no winning seat resigned (its player named, when it can).
    won = tuple(sorted(int(seat) for seat in state.get("winners", [])))
    winning = {match.unit_of(seat) for seat in won}
    out = [seat for seat in range(match.players) if match.unit_of(seat) not in winning]
    if not out:
        return endings.unranked(EndKind.MODERATOR)
    names = [str(seat.get("name", "")) for seat in state.get("seats", [])]
    named = [seat for seat in out if seat < len(names) and texts.resigned(names[seat]) == said]
    return replace(endings.resigned(match, (named or out)[0]), winners=won)
