"""The two looks of every picture: `light` (ivory tiles on a pale felt) and `dark` (black tiles
with white pips on slate, like a real black set).

Marks never rely on colour alone: the last move has a ring *and* a corner flag, playable tiles a
ring *and* a check mark, the seat to act a ring *and* a pointer. The accent colours come from the
Okabe-Ito palette, which stays distinct under the common colour-vision deficiencies.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    name: str
    background: RGB  # the table
    panel: RGB  # seat cards, score sheet rows
    panel_edge: RGB
    ink: RGB  # text
    muted: RGB  # secondary text
    face: RGB  # tile face
    face_dim: RGB  # a tile that cannot be played (hand picture)
    edge: RGB  # tile outline and the line between its halves
    pip: RGB
    pip_dim: RGB
    last: RGB  # the last move's ring and flag (vermillion)
    tag: RGB  # open-end tags (blue)
    tag_ink: RGB
    turn: RGB  # whose turn (bluish green)
    good: RGB  # playable mark (blue)
    back: RGB  # the back of a tile (tile counts)
    cell: RGB  # puzzle grid cells
    cell_edge: RGB
    pin: RGB  # the brass pin of a spinner or star lead


LIGHT = Theme(
    name="light",
    background=(226, 233, 224),
    panel=(250, 251, 248),
    panel_edge=(150, 160, 150),
    ink=(20, 24, 28),
    muted=(84, 92, 98),
    face=(255, 253, 244),
    face_dim=(214, 214, 206),
    edge=(40, 40, 40),
    pip=(16, 16, 16),
    pip_dim=(120, 120, 116),
    last=(213, 94, 0),
    tag=(0, 90, 160),
    tag_ink=(255, 255, 255),
    turn=(0, 130, 100),
    good=(0, 90, 160),
    back=(60, 90, 120),
    cell=(255, 255, 255),
    cell_edge=(120, 130, 125),
    pin=(184, 134, 11),
)

DARK = Theme(
    name="dark",
    background=(30, 33, 38),
    panel=(46, 50, 57),
    panel_edge=(90, 96, 106),
    ink=(236, 238, 240),
    muted=(165, 172, 180),
    face=(18, 18, 20),
    face_dim=(60, 62, 66),
    edge=(200, 200, 196),
    pip=(250, 250, 246),
    pip_dim=(140, 142, 146),
    last=(240, 128, 40),
    tag=(86, 180, 233),
    tag_ink=(10, 20, 30),
    turn=(0, 190, 150),
    good=(86, 180, 233),
    back=(110, 140, 170),
    cell=(40, 44, 50),
    cell_edge=(110, 116, 126),
    pin=(214, 170, 60),
)

THEMES: dict[str, Theme] = {theme.name: theme for theme in (LIGHT, DARK)}


def get_theme(name: str) -> Theme:
    """The theme called `name`; a `ValueError` naming the choices for anything else."""
    theme = THEMES.get(name) if isinstance(name, str) else None
    if theme is None:
        raise ValueError(f"there is no theme {name!r} (themes: {', '.join(THEMES)})")
    return theme
