"""The lobby message (who sits where, the options, the partner layout), the permission check
made before a table opens in a channel, and the thread the table moves to when it starts."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

from cogs import texts
from cogs.common.refusal import Refusal
from cogs.lang import N_, Words
from cogs.tables.table import Phase, Table
from engine.variants.base import Variant

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)

COLOUR = discord.Colour(0x1565C0)

# What the bot needs in a table's channel, as Discord's permission flag names and in words (as
# Discord's settings name them; translations use the names of Discord's own translation).
REQUIRED = (
    ("view_channel", N_("View Channel")),
    ("send_messages", N_("Send Messages")),
    ("embed_links", N_("Embed Links")),
    ("attach_files", N_("Attach Files")),
    ("read_message_history", N_("Read Message History")),
)


def missing_permissions(interaction: discord.Interaction[Any]) -> list[str]:
    """The permissions the bot lacks in the interaction's channel, by their names in Discord's
    settings, as messages to word (empty when it has them all). Discord sends them with every
    interaction."""
    granted = interaction.app_permissions
    return [words for flag, words in REQUIRED if not getattr(granted, flag)]


def options_text(table: Table, w: Words) -> str:
    """The options the host chose, in players' words (`target score: 150 · teams: 2 teams`)."""
    chosen = sorted(table.setup.options.items())
    return " · ".join(
        texts.option_words(w, name, value, table.setup.kind.id) for name, value in chosen
    )


def partner_note(table: Table) -> str | None:
    """Which seats play together (`1 & 3; 2 & 4`), when the game has pairs or teams."""
    kind = table.setup.kind
    count = len(table.lobby.seats)
    try:
        units = kind(count, table.setup.options).units
    except Exception:
        return None
    if all(len(unit) == 1 for unit in units):
        return None
    pairs = "; ".join(" & ".join(str(seat + 1) for seat in unit) for unit in units)
    return pairs


def chosen_summary(summary: str, kind: type[Variant], chosen: Mapping[str, object]) -> str:
    """The game's summary with the chosen numbers: a summary tells the game as its defaults play
    it ("the pair that reaches 100 loses"), so each number option chosen otherwise takes its
    default's place (written as digits in every language's summary)."""
    for spec in kind.option_specs:
        default, value = spec.default, chosen.get(spec.name, spec.default)
        if isinstance(default, bool) or not isinstance(default, int) or value == default:
            continue
        summary = re.sub(rf"(?<![\d-]){default}(?![\d-])", str(value), summary)
    return summary


def lobby_embed(table: Table, w: Words) -> discord.Embed:
    """The lobby message, in the words of its readers (the server's)."""
    kind = table.setup.kind
    host = next(
        (s.name for s in table.lobby.occupied if s.user_id == table.host_id), str(table.host_id)
    )
    embed = discord.Embed(title=w(texts.LOBBY_TITLE, game=w.game_name(kind.id)), colour=COLOUR)
    embed.description = texts.lobby_description(
        w,
        host,
        chosen_summary(w.game_summary(kind.id), kind, table.setup.options),
        options_text(table, w),
        table.setup.turn_seconds,
        table.setup.rated,
        with_ai=any(seat.is_ai for seat in table.lobby.occupied),
        hints=table.setup.offers_hints,
    )
    seats = "\n".join(
        texts.seat_line(w, number, seat.name if seat else None, seat.ai if seat else None)
        for number, seat in enumerate(table.lobby.seats)
    )
    embed.add_field(name=w(texts.SEATS), value=seats[:1024], inline=False)
    pairs = partner_note(table)
    if pairs:
        embed.add_field(name="\u200b", value=w(texts.PARTNERS, pairs=pairs), inline=False)
    if table.phase is Phase.PLAYING or table.phase is Phase.BETWEEN:
        embed.set_footer(text=w(texts.LOBBY_STARTED))
    elif table.phase in (Phase.CANCELLED, Phase.OVER) and table.ended:
        embed.set_footer(text=w.say(table.ended))
    else:
        problem = table.lobby.start_problem()
        if problem:
            embed.set_footer(text=w.say(texts.start_refused(problem)))
    return embed


def seat_choices(table: Table, w: Words) -> list[tuple[str, str]]:
    """The seat menu: free seats, then AI seats as "replace AI 2" (a person who arrives late
    plays instead of an AI); a table full of people offers none."""
    free = [
        (texts.seat_line(w, number, None, None), str(number))
        for number, seat in enumerate(table.lobby.seats)
        if seat is None
    ]
    taken = [
        (texts.replace_ai_line(w, number, seat.name), str(number))
        for number, seat in enumerate(table.lobby.seats)
        if seat is not None and seat.is_ai
    ]
    return (free + taken)[:25]


def removable_seats(table: Table, w: Words) -> list[tuple[str, str]]:
    """The host's menu of AI seats to empty: "Seat 3: remove AI 2"."""
    return [
        (texts.remove_ai_line(w, number, seat.name), str(number))
        for number, seat in enumerate(table.lobby.seats)
        if seat is not None and seat.is_ai
    ][:25]


def option_value(value: object) -> str:
    """An option's value as `/domino new options:` types it (`true`, `random`, `150`, a list
    `100/75/50/25`)."""
    if isinstance(value, list | tuple):
        return "/".join(map(str, value)) or "–"
    return str(value).lower() if isinstance(value, bool) else str(value)


def option_choices(table: Table, w: Words) -> list[tuple[str, str]]:
    """The host's options menu: every value of the game's options that have a few choices
    ("pairs: partners sit opposite", "pairs: partners drawn at random"), the table's current
    ones marked; values `name=value`, as `/domino new` types them."""
    chosen = table.setup.options
    found: list[tuple[str, str]] = []
    for spec in table.setup.kind.option_specs:
        current = chosen.get(spec.name, spec.default)
        for choice in spec.choices:
            text = f"{spec.name}={option_value(choice)}"
            shown = texts.option_words(w, spec.name, choice, table.setup.kind.id)
            label = w(texts.OPTION_NOW, option=shown) if choice == current else shown
            found.append((label, text))
    return found[:25]


def read_option(table: Table, text: str) -> tuple[str, object]:
    """A value of the options menu (`pairs=random`) as the option's name and value: only the
    values the menu offers are read (a forged one is refused)."""
    name, _, raw = text.partition("=")
    for spec in table.setup.kind.option_specs:
        if spec.name == name:
            for choice in spec.choices:
                if option_value(choice) == raw:
                    return name, choice
    raise Refusal(texts.BAD_OPTIONS, text=texts.user_text(text))
