"""What a player sees of their review: one private message with the match's accuracy (and each
hand's), and the costliest decisions, each with a picture of the board and the player's hand as
they were then, captioned with the move played and the better one, worded as the move buttons
word moves.

Nothing here shows a tile the player could not see at that moment: the board is drawn from the
match's public view at that point of the record (`cogs.standings.replay`, as `/history` draws
it), and the only hand named is the player's own, from their seat's view then
(`engine.ai.review.view_at`); the message goes to that player alone.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from cogs.common import pictures
from cogs.common.pictures import worded_view
from cogs.lang import Words
from cogs.review import texts as words
from cogs.standings import format as fmt
from cogs.standings.replay import first_of_hand, hand_sizes, step_at
from cogs.tables.board import COLOUR, move_labels, picture_file
from cogs.texts import dealt
from data.models import MatchSummary
from engine.ai.review import ACCURATE_LOSS, Decision, Review, view_at
from engine.view import SeatView

SHOWN = 3  # the costliest decisions shown


@dataclass(frozen=True)
class Scene:
    """One costly decision, ready to show: the table as anyone saw it then, and the player's
    own hand and moves as they saw them."""

    decision: Decision
    public: SeatView  # no hand, no moves
    own: SeatView  # the player's seat


def scenes(record: Mapping[str, Any], seat: int, decisions: Sequence[Decision]) -> list[Scene]:
    """The scenes of `decisions` (replays of the record: run it in a thread)."""
    sizes = hand_sizes(record)
    found = []
    for decision in decisions:
        position = first_of_hand(sizes, decision.hand) + decision.turn
        public = step_at(record, position).view
        own = view_at(record, seat, decision.hand, decision.turn)
        found.append(Scene(decision, public, own))
    return found


def summary_embed(review: Review, summary: MatchSummary, w: Words) -> discord.Embed:
    """The match's accuracy and mean loss, then each hand's."""
    embed = discord.Embed(
        title=w(
            words.REVIEW_TITLE,
            number=str(summary.match_id),
            game=fmt.game_name(summary.variant, w=w),
        ),
        colour=COLOUR,
    )
    accuracy = review.accuracy()
    if accuracy is None:
        embed.description = w(words.NO_DECISIONS)
        return embed
    lines = [
        w(
            words.REVIEW_MATCH_SCALE,
            accuracy=w.percent(accuracy / 100),
            decisions=w.plural(*words.DECISIONS, len(review.decisions)),
            loss=w.number(review.mean_loss(), 1),
        ),
        "",
    ]
    for hand in review.hands():
        lines.append(
            w(
                dealt(words.REVIEW_HAND, summary.variant),
                hand=hand.hand + 1,
                accuracy=w.percent((hand.accuracy or 0.0) / 100),
                loss=w.number(hand.mean_loss, 1),
                decisions=w.plural(*words.DECISIONS, hand.decisions),
            )
        )
    margin = w.number(ACCURATE_LOSS)
    costly = review.costliest(SHOWN)
    lines += ["", w(words.COSTLIEST) if costly else w(words.ALL_ACCURATE, margin=margin)]
    embed.description = "\n".join(lines)[:4096]
    return embed


def decision_embed(scene: Scene, number: int, w: Words) -> discord.Embed:
    """One costly decision: where, how much it cost, what was played and what was better."""
    decision, own = scene.decision, scene.own
    (played, best), _ = move_labels((decision.played, decision.best), w, own)
    embed = discord.Embed(
        title=w(
            dealt(words.DECISION_COST, own.variant),
            hand=decision.hand + 1,
            move=decision.turn + 1,
            loss=w.number(decision.loss, 1),
        ),
        description="\n".join(
            (
                w(words.DECISION_MOVES, played=played, best=best),
                w(words.DECISION_TILES, tiles=" ".join(str(tile) for tile in own.hand)),
            )
        ),
        colour=COLOUR,
    )
    embed.set_image(url=f"attachment://{picture_name(number)}")
    return embed


def picture_name(number: int) -> str:
    return f"decision-{number}.png"


def caption(scene: Scene, w: Words) -> list[str]:
    """The lines over a decision's picture, which tie it to its decision: the embed's title and
    the moves, as plain text (the picture is shown alone, full screen, on a phone)."""
    decision = scene.decision
    (played, best), _ = move_labels((decision.played, decision.best), w, scene.own)
    title = w(
        dealt(words.DECISION_COST, scene.own.variant),
        hand=decision.hand + 1,
        move=decision.turn + 1,
        loss=w.number(decision.loss, 1),
    )
    return [title, w(words.DECISION_MOVES, played=played, best=best).replace("**", "")]


async def decision_picture(scene: Scene, names: Sequence[str], number: int, w: Words) -> Any:
    """The decision's picture with its alt text: its caption, the board as everyone saw it
    before the decision, and the hand the player held then."""
    view = worded_view(scene.public, w)
    drawn = await pictures.decision(view, scene.own, caption(scene, w), names, w.language)
    return picture_file(drawn, picture_name(number))


async def review_message(
    review: Review, summary: MatchSummary, record: Mapping[str, Any], w: Words
) -> tuple[list[discord.Embed], list[discord.File]]:
    """The whole answer: the summary, and each costly decision with its picture."""
    embeds = [summary_embed(review, summary, w)]
    costly = review.costliest(SHOWN)
    footer = w(dealt(words.REVIEW_FOOTER_SCALE, summary.variant), margin=w.number(ACCURATE_LOSS))
    if not costly:
        if review.decisions:
            embeds[-1].set_footer(text=footer)
        return embeds, []
    shown = await asyncio.to_thread(scenes, record, review.seat, costly)
    names = fmt.seat_names(summary, shown[0].public.players, w=w)
    files = list(
        await asyncio.gather(
            *(decision_picture(scene, names, n, w) for n, scene in enumerate(shown, 1))
        )
    )
    embeds += [decision_embed(scene, n, w) for n, scene in enumerate(shown, 1)]
    embeds[-1].set_footer(text=footer)  # under the last picture: what the numbers mean
    return embeds, files
