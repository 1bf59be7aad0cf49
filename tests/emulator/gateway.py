"""The gateway: HELLO, IDENTIFY, heartbeats, READY and GUILD_CREATE, dispatches, RESUME.

Events are numbered per session and kept, so a client that reconnects with RESUME gets what it
missed, as Discord replays it. Text frames only: discord.py asks for `zlib-stream` but inflates
only binary frames, and Discord itself may send either.

Sharding, as Discord does it: IDENTIFY may carry `shard: [shard_id, shard_count]` (none is
`[0, 1]`). A guild's events go to the sessions whose `(guild_id >> 22) % shard_count ==
shard_id`; events without a guild (DMs, DM interactions) to shard 0 only. Each session is
judged by its own pair, and every session on a shard gets that shard's events (Discord allows
several). An invalid pair is closed with 4010; a session that would hold more than
`Emulator.max_guilds_per_shard` guilds with 4011.

A session outlives its socket: only a close frame with 1000 or 1001 from the client ends it.
A connection that just drops (a killed process: no close frame) leaves it resumable, its events
kept for a RESUME with its id; nothing is redelivered to another session.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .payloads import guild_create_payload, member_payload

if TYPE_CHECKING:
    from .emulator import Emulator

PRESENCE_UPDATE, VOICE_STATE_UPDATE, REQUEST_GUILD_MEMBERS = 3, 4, 8
DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0,
    1,
    2,
    6,
    7,
    9,
    10,
    11,
)

GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15
PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT

AUTHENTICATION_FAILED = 4004
INVALID_SHARD = 4010
SHARDING_REQUIRED = 4011
DISALLOWED_INTENTS = 4014
#: Close codes from the client that end its session (others leave it resumable).
SESSION_ENDING_CLOSES = (1000, 1001)
HEARTBEAT_INTERVAL_MS = 41250


@dataclass
class Session:
    """One identified bot connection; it outlives its socket until the bot closes cleanly."""

    id: str
    intents: int
    shard: list[int] | None
    socket: web.WebSocketResponse | None = None
    sequence: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)
    #: The code of the client's last close frame; None while connected or after a connection
    #: that dropped without one (a killed process).
    closed_with: int | None = None
    #: Which IDENTIFY made it (1 for the first the gateway saw): tells apart the sessions of a
    #: process started later (`Emulator.wait_sessions`).
    number: int = 0
    #: READY and its guilds' GUILD_CREATE have been written.
    ready: bool = False

    @property
    def closed_cleanly(self) -> bool:
        """The client ended the session (close 1000/1001): it cannot be resumed."""
        return self.closed_with in SESSION_ENDING_CLOSES

    @property
    def shard_pair(self) -> tuple[int, int]:
        """(shard_id, shard_count); a session that did not shard is (0, 1): it gets everything."""
        return (self.shard[0], self.shard[1]) if self.shard is not None else (0, 1)

    def serves(self, guild_id: int | None) -> bool:
        """Whether Discord sends this session the events of `guild_id` (None: no guild)."""
        shard_id, count = self.shard_pair
        return shard_id == (0 if guild_id is None else shard_of(guild_id, count))

    def events(self, name: str) -> list[dict[str, Any]]:
        """The data of every `name` event sent to this session (written or kept for RESUME)."""
        return [event["d"] for event in self.sent if event["t"] == name]


def shard_of(guild_id: int, count: int) -> int:
    """The shard of `count` that gets `guild_id`'s events (Discord's formula)."""
    return (guild_id >> 22) % count


def valid_shard(shard: Any) -> bool:
    """`[shard_id, shard_count]` with `0 <= shard_id < shard_count`."""
    return (
        isinstance(shard, list)
        and len(shard) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in shard)
        and 0 <= shard[0] < shard[1]
    )


def guild_of(event: str, data: dict[str, Any]) -> int | None:
    """The guild an event is about, as Discord routes it: `guild_id` in the payload, or the
    guild itself for GUILD_CREATE/UPDATE/DELETE; None (DMs, DM interactions) goes to shard 0."""
    raw = data.get("guild_id")
    if raw is None and event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"):
        raw = data.get("id")
    return None if raw is None else int(raw)


class Gateway:
    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator
        self.sessions: dict[str, Session] = {}
        self.identifies = 0
        self.resumes = 0
        self.replayed = 0
        self.sending = 0
        self.ready = asyncio.Event()

    @property
    def live(self) -> list[Session]:
        return [s for s in self.sessions.values() if s.socket is not None]

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(autoping=True)
        await socket.prepare(request)
        session: Session | None = None
        await socket.send_str(
            json.dumps({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        )
        closed_by_client: int | None = None  # the code of the client's close frame, if any
        try:
            while True:
                frame = await socket.receive()
                if frame.type is WSMsgType.CLOSE:
                    closed_by_client = int(frame.data)
                    break
                if frame.type in (WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    break  # dropped without a close frame (`socket.close_code` may still say 1000)
                if frame.type is not WSMsgType.TEXT:
                    continue
                message = json.loads(frame.data)
                op, data = message.get("op"), message.get("d")
                if op == HEARTBEAT:
                    await socket.send_str(json.dumps({"op": HEARTBEAT_ACK}))
                elif op == IDENTIFY:
                    session = await self._identify(socket, data)
                elif op == RESUME:
                    session = await self._resume(socket, data)
                elif op == REQUEST_GUILD_MEMBERS and session is not None:
                    await self._member_chunk(session, data)
                elif op in (PRESENCE_UPDATE, VOICE_STATE_UPDATE):
                    continue
                else:
                    self.emulator.record_unhandled(f"GATEWAY op {op}")
        finally:
            if session is not None and session.socket is socket:
                session.socket = None
                session.closed_with = closed_by_client
                if session.closed_cleanly:
                    self.sessions.pop(session.id, None)
            self.emulator.touch()
        return socket

    async def _identify(
        self, socket: web.WebSocketResponse, data: dict[str, Any]
    ) -> Session | None:
        if data.get("token") != self.emulator.token:
            await socket.close(code=AUTHENTICATION_FAILED, message=b"Authentication failed.")
            return None
        intents = int(data.get("intents", 0))
        if intents & PRIVILEGED & ~self.emulator.privileged_intents:
            await socket.close(code=DISALLOWED_INTENTS, message=b"Disallowed intent(s).")
            return None
        shard = data.get("shard")
        if shard is not None and not valid_shard(shard):
            await socket.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return None
        session = Session(secrets.token_hex(16), intents, shard, socket)
        world = self.emulator.world
        guilds = [
            g
            for g in world.guilds.values()
            if world.bot_user.id in g.members and session.serves(g.id)
        ]
        if len(guilds) > self.emulator.max_guilds_per_shard:
            await socket.close(code=SHARDING_REQUIRED, message=b"Sharding required.")
            return None
        self.identifies += 1
        session.number = self.identifies
        self.sessions[session.id] = session
        ready: dict[str, Any] = {
            "v": 10,
            "user": world.bot_user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.emulator.gateway_url,
            "application": {
                "id": str(world.application_id),
                "flags": self.emulator.application_flags,
            },
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        await self._send(session, "READY", ready)
        for guild in guilds:
            await self._send(session, "GUILD_CREATE", guild_create_payload(world, guild))
        session.ready = True
        self.ready.set()
        self.emulator.touch()
        return session

    async def _resume(self, socket: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.emulator.token:
            await socket.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
            return None
        self.resumes += 1
        session.socket = socket
        session.closed_with = None
        seen = int(data.get("seq") or 0)
        for event in session.sent:
            if event["s"] > seen:
                self.replayed += 1
                await self._write(session, event)
        await self._send(session, "RESUMED", {})
        return session

    async def _member_chunk(self, session: Session, data: dict[str, Any]) -> None:
        """Answer op 8 with one GUILD_MEMBERS_CHUNK (the guilds here are small)."""
        guild = self.emulator.world.guilds.get(int(data.get("guild_id") or 0))
        if guild is None or not session.serves(guild.id):
            return
        query = str(data.get("query") or "").lower()
        wanted = {int(u) for u in data.get("user_ids") or []}
        members = [
            m
            for m in guild.members.values()
            if (not wanted or m.user.id in wanted) and m.user.name.lower().startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [member_payload(m) for m in (members[:limit] if limit else members)],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if "nonce" in data:
            chunk["nonce"] = data["nonce"]
        await self._send(session, "GUILD_MEMBERS_CHUNK", chunk)

    async def dispatch(self, event: str, data: dict[str, Any], *, intent: int = 0) -> None:
        """Send an event to every session whose shard serves its guild (`guild_of`) and that is
        subscribed to `intent` (0: always sent). A session whose socket dropped keeps it for a
        RESUME; no other session gets it instead."""
        guild_id = guild_of(event, data)
        for session in list(self.sessions.values()):
            if intent and not session.intents & intent:
                continue
            if not session.serves(guild_id):
                continue
            await self._send(session, event, data)

    async def _send(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.sequence += 1
        payload = {"op": DISPATCH, "t": event, "s": session.sequence, "d": data}
        session.sent.append(payload)
        await self._write(session, payload)

    async def _write(self, session: Session, payload: dict[str, Any]) -> None:
        socket = session.socket
        if socket is None or socket.closed:
            return  # kept in `sent`; a RESUME replays it
        self.sending += 1
        try:
            await socket.send_str(json.dumps(payload))
        except ConnectionError:
            pass
        finally:
            self.sending -= 1
            self.emulator.touch()

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT, as Discord does before moving a session: the client resumes."""
        for session in self.live:
            assert session.socket is not None
            await session.socket.send_str(json.dumps({"op": RECONNECT, "d": None}))

    async def close_all(self) -> None:
        for session in self.live:
            assert session.socket is not None
            await session.socket.close(code=1001)
