"""The loopback HTTP server: middleware for auth, rate limits, errors and bookkeeping.

Every request is counted while in flight (`Emulator.settle` waits for none), checked for the bot
token where Discord checks it, given rate limit headers, and any `DiscordError` a handler raises
becomes Discord's JSON answer and an entry in `violations` or `refusals`.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .errors import DiscordError
from .ratelimit import RateLimited

if TYPE_CHECKING:
    from .emulator import Emulator

API_PREFIX = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
#: Routes Discord answers without the bot's Authorization header.
TOKENLESS = ("/interactions/", "/webhooks/")


def json_response(
    body: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """Exactly `application/json`: discord.py compares the header string, charset breaks it."""
    merged = {"Content-Type": "application/json"} | (headers or {})
    return web.Response(body=json.dumps(body).encode(), status=status, headers=merged)


def no_content(headers: dict[str, str] | None = None) -> web.Response:
    return web.Response(status=204, headers=headers or {})


def build_app(emulator: Emulator) -> web.Application:
    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path == "/gateway":  # a websocket lives long: not a request in flight
            return await handler(request)
        emulator.in_flight += 1
        emulator.touch()
        try:
            faulty = await _fault(emulator, request)
            if faulty is not None:
                return faulty
            return await _serve(emulator, request, handler)
        finally:
            emulator.in_flight -= 1
            emulator.touch()

    app = web.Application(middlewares=[middleware], client_max_size=64 * 1024 * 1024)
    from .emojis import EmojiRoutes
    from .rest_channels import ChannelRoutes
    from .rest_core import CoreRoutes
    from .rest_interactions import InteractionRoutes

    app.router.add_get("/gateway", emulator.gateway.handle)
    routes_of = (CoreRoutes, ChannelRoutes, InteractionRoutes, EmojiRoutes)
    for routes in (kind(emulator) for kind in routes_of):
        routes.register(app.router)
    app.router.add_route("*", "/{tail:.*}", _unknown_route(emulator))
    return app


async def _fault(emulator: Emulator, request: web.Request) -> web.StreamResponse | None:
    """A request held (`Emulator.hold`) or failed (`Emulator.fail`) on purpose: the response
    to send instead of carrying it out, or None to carry it out."""
    if not request.path.startswith(API_PREFIX):
        return None
    method, path = request.method, request.path[len(API_PREFIX) :]
    if emulator.holds(method, path):
        from .emulator import Held

        held = Held(method, path)
        emulator.held.append(held)
        emulator.in_flight -= 1  # waiting on purpose: `settle` does not wait for it
        emulator.touch()
        try:
            await held.released.wait()
        finally:
            emulator.in_flight += 1
        if held.dropped:  # the bot died: nothing is carried out, the answer goes nowhere
            return web.Response(status=503)
    rule = emulator.failure_for(method, path)
    if rule is None:
        return None
    emulator.touch()
    if rule.status == 429:
        body = {"message": "You are being rate limited.", "retry_after": rule.retry_after}
        headers = {  # `Via`: without it discord.py takes a 429 for a Cloudflare ban
            "Retry-After": f"{rule.retry_after:.3f}",
            "Via": "1.1 google",
            "X-RateLimit-Scope": "shared",
        }
        return json_response(body | {"global": False}, 429, headers)
    text = {500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable"}
    message = f"{rule.status}: {text.get(rule.status, 'Gateway Timeout')}"
    return json_response({"message": message, "code": 0}, rule.status)


def _unknown_route(emulator: Emulator) -> Handler:
    async def unknown(request: web.Request) -> web.StreamResponse:
        emulator.record_unhandled(f"{request.method} {request.path}")
        return json_response({"message": "404: Not Found", "code": 0}, 404)

    return unknown


async def _serve(emulator: Emulator, request: web.Request, handler: Handler) -> web.StreamResponse:
    path = request.path
    needs_token = path.startswith(API_PREFIX) and not any(p in path for p in TOKENLESS)
    if needs_token and request.headers.get("Authorization") != f"Bot {emulator.token}":
        return json_response({"message": "401: Unauthorized", "code": 0}, 401)
    resource = request.match_info.route.resource
    template = resource.canonical if resource is not None else path
    emulator.requests[f"{request.method} {template.removeprefix(API_PREFIX)}"] += 1
    headers: dict[str, str] = {}
    if template.startswith(API_PREFIX) and not any(p in template for p in TOKENLESS):
        route = f"{request.method} {template[len(API_PREFIX) :]}"
        info = request.match_info
        major = "+".join(info[k] for k in ("channel_id", "guild_id") if k in info)
        try:
            headers = emulator.rate_limiter.hit(route, major)
        except RateLimited as limited:
            emulator.rate_limited.append(f"{request.method} {path}")
            body = {"message": "You are being rate limited.", "retry_after": limited.retry_after}
            return json_response(body | {"global": False}, 429, limited.headers)
    try:
        response = await handler(request)
    except DiscordError as error:
        emulator.record_error(f"{request.method} {path}", error)
        return json_response(error.body(), error.status, headers)
    except Exception as crash:  # an emulator bug: fail the test loudly, and no 5xx retry loop
        emulator.record_unhandled(f"{request.method} {path}: emulator crashed: {crash!r}")
        return json_response({"message": f"emulator crashed: {crash!r}", "code": 0}, 400)
    response.headers.update(headers)
    return response
