"""The two looks of every picture: `light` (ivory tiles on a pale felt) and `dark` (black tiles
with white pips on slate, like a real black set).

Marks never rely on colour alone: the last move has a ring *and* a corner flag, playable tiles a
ring *and* a check mark, the seat to act a ring *and* a pointer. The accent colours come from the
Okabe-Ito palette, which stays distinct under the common colour-vision deficiencies.

Tables of the double-nine and double-twelve sets are drawn in each look's `coloured` twin: pips
coloured by number, as on the big sets sold (see render/sprites.py for why). The pip patterns
stay, and halves of 10 to 12 carry their numeral, so the colour only adds to what the count
already says: no legend is needed. No playable number is grey, the dimmed tiles' colour.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

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
    pip_colours: tuple[RGB, ...] = ()  # by number (index 0 unused); empty: every pip `pip`

    def pip_of(self, number: int) -> RGB:
        """The colour of the pips of `number`."""
        return self.pip_colours[number] if number < len(self.pip_colours) else self.pip


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

# Pip colours by number, 1 to 12, each far enough from the face and from its neighbours in
# number to tell apart at a glance: on ivory, dark and saturated (no yellow: it vanishes on
# ivory); on black, light. 9 keeps the plain pip colour, as many sets do.
LIGHT_PIPS: tuple[RGB, ...] = (
    LIGHT.pip,
    (0, 114, 178),  # 1 blue
    (0, 140, 60),  # 2 green
    (210, 30, 30),  # 3 red
    (130, 70, 15),  # 4 brown
    (40, 40, 170),  # 5 navy
    (205, 120, 0),  # 6 amber
    (135, 45, 170),  # 7 purple
    (0, 115, 115),  # 8 teal
    LIGHT.pip,  # 9 black
    (215, 60, 140),  # 10 magenta
    (95, 115, 0),  # 11 olive
    (50, 70, 100),  # 12 slate (never grey: grey is the look of a tile that cannot be played)
)
DARK_PIPS: tuple[RGB, ...] = (
    DARK.pip,
    (86, 180, 233),  # 1 sky blue
    (90, 205, 120),  # 2 green
    (255, 95, 85),  # 3 red
    (215, 155, 95),  # 4 tan
    (150, 155, 255),  # 5 periwinkle
    (240, 215, 60),  # 6 yellow
    (205, 135, 235),  # 7 lilac
    (60, 205, 200),  # 8 cyan
    DARK.pip,  # 9 white
    (255, 140, 200),  # 10 pink
    (185, 215, 80),  # 11 lime
    (190, 225, 255),  # 12 ice (never grey: grey is the look of a tile that cannot be played)
)

THEMES: dict[str, Theme] = {theme.name: theme for theme in (LIGHT, DARK)}
_COLOURED: dict[str, Theme] = {
    f"{theme.name}-coloured": replace(theme, name=f"{theme.name}-coloured", pip_colours=pips)
    for theme, pips in ((LIGHT, LIGHT_PIPS), (DARK, DARK_PIPS))
}


def coloured(theme: Theme) -> Theme:
    """`theme`'s twin with pips coloured by number (itself if it is one already)."""
    return theme if theme.pip_colours else _COLOURED[f"{theme.name}-coloured"]


def get_theme(name: str) -> Theme:
    """The theme called `name`; a `ValueError` naming the choices for anything else."""
    theme = (THEMES.get(name) or _COLOURED.get(name)) if isinstance(name, str) else None
    if theme is None:
        raise ValueError(f"there is no theme {name!r} (themes: {', '.join(THEMES)})")
    return theme
