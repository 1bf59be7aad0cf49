"""Positions of every layout family for the picture tests, built by laying tiles on a `Layout`
directly (as a variant would) and wrapping them in a hand-made `SeatView`."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from engine.actions import Action, Draw, Play
from engine.layout import Layout, Placement, Shape
from engine.tiles import Tile, domino_set
from engine.view import SeatView


def euler_line(top: int) -> list[Tile]:
    """Every tile of the double-`top` set in one matching line (top even: every number appears on
    an even number of half-ends, so the whole set chains), found by Hierholzer's algorithm."""
    unused = set(domino_set(top))
    stack, trail = [top], []
    while stack:
        number = stack[-1]
        tile = next((t for t in sorted(unused, key=lambda t: t.index) if t.has(number)), None)
        if tile is None:
            trail.append(stack.pop())
        else:
            unused.discard(tile)
            stack.append(tile.other(number))
    return [Tile(a, b) for a, b in itertools.pairwise(trail)]


def full_line(top: int, *, east_share: float = 0.5) -> Layout:
    """The longest possible line game: the whole set on the table, split between the two arms."""
    chain = euler_line(top)
    split = int(len(chain) * (1 - east_share))
    lead = chain[split]
    layout = Layout(Shape.LINE)
    layout.lay_lead(lead)
    west, east = chain[:split][::-1], chain[split + 1 :]
    if west and not west[0].has(layout.arms["W"].number):
        west, east = east, west  # the lead lies the other way round
    for arm_id, tiles in (("W", west), ("E", east)):
        for tile in tiles:
            number = layout.arms[arm_id].number
            layout.lay(tile, arm_id, tile.other(number))
    return layout


def grown(
    shape: Shape,
    top: int,
    seed: int,
    *,
    opens: bool = False,
    lead: Tile | None = None,
    limit: int = 99,
) -> Layout:
    """A layout grown by random legal placements until nothing more fits (or `limit` tiles)."""
    rng = random.Random(seed)
    layout = Layout(shape, opens_doubles=opens)
    tiles = list(domino_set(top))
    first = lead or (Tile(top, top) if shape is not Shape.LINE else rng.choice(tiles))
    layout.lay_lead(first)
    remaining = [tile for tile in tiles if tile is not first]
    while True:
        options = [
            (tile, arm.id, arm.number)
            for tile in remaining
            for arm in layout.open_arms()
            if tile.has(arm.number)
        ]
        if not options or len(layout.placements) >= limit:
            return layout
        tile, arm_id, number = rng.choice(options)
        layout.lay(tile, arm_id, tile.other(number))
        remaining.remove(tile)


def row_layout(tiles: Sequence[Tile]) -> Layout:
    """A `sum` game row: tiles in the order laid, no matching."""
    layout = Layout(Shape.ROW)
    layout.lead = tiles[0]
    for tile in tiles:
        layout.placements.append(Placement(tile, None, None, None))
    return layout


def view_of(
    layout: Layout,
    *,
    variant: str = "classic",
    players: int = 2,
    hand: Sequence[Tile] = (),
    legal: Sequence[Action] = (),
    turn: int | None = 0,
    boneyard: int = 0,
    total: int | None = None,
    status: str | None = None,
    laid_pairs: tuple[tuple[tuple[Tile, Tile], ...], ...] = (),
    options: tuple[tuple[str, int | str | bool], ...] = (("target", 100),),
) -> SeatView:
    history: list[Action] = [
        Play(index % players, placement.tile, placement.arm)
        for index, placement in enumerate(layout.placements)
    ]
    if not history:
        history = [Draw(0)] if boneyard else []
    return SeatView(
        variant=variant,
        seat=0,
        players=players,
        units=tuple((seat,) for seat in range(players)),
        scores=tuple(10 * seat for seat in range(players)),
        options=options,
        hand_number=0,
        hand=tuple(hand),
        hand_sizes=tuple(3 + seat for seat in range(players)),
        seated=(True,) * players,
        layout=layout,
        boneyard=boneyard,
        drawable=boneyard,
        leader=0,
        turn=turn,
        history=tuple(history),
        legal=tuple(legal),
        results=(),
        over=False,
        status=status,
        extra={
            **({} if total is None else {"total": total}),
            **({"laid_pairs": laid_pairs} if laid_pairs else {}),
        },
    )
