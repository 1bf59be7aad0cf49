"""The tiles of a board kept between its pictures: a move adds one tile to a table whose other
tiles stay where they were (the table keeps its size through a hand, `render.board`), so the
next picture pastes the tiles it drew last time as one block and adds the new one, instead of
pasting every tile with its shadow again.

What is kept is each table's tile layer: the smallest box of the canvas that holds every tile's
sprite, as it looks with the tiles pasted on the plain background, in z order, with what it
shows (the canvas's size, the tiles' scale and offset, the theme, and every tile's spot in
drawing order). It is used only when it shows the same tiles, or the same but the last one
(the move just made): a picture whose tiles are not last time's plus one at the top (another
worker drew the last picture, the worker restarted, the tiles moved or grew smaller, a French
stack slid a tile under, a new hand) makes its layer from nothing, and keeps it for the next
picture. Both ways give the same pixels,
bit for bit: the layer is what the full drawing pastes, and it never reaches the seat cards
above the table (a layer that would is not used), so that nothing drawn before the tiles is
drawn after them instead.

Memory is bounded: one layer a table, the least recently drawn table's first out, up to `limit`
bytes of pixels in all.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from render.marks import Placer, spot_sprite
from render.spots import Spot
from render.theme import Theme

Box = tuple[int, int, int, int]  # left, top, right, bottom (right and bottom excluded)
#: The pixels kept in all by default: a double-six table's layer is 0.1 to 1.2 MB (three bytes a
#: pixel, up to the 800 by 520 table), so about 200 tables in play.
LIMIT = 160 * 1024 * 1024


@dataclass(slots=True)
class _Layer:
    box: Box
    image: Image.Image

    @property
    def size(self) -> int:
        return self.image.width * self.image.height * 3


class TableLayers:
    """The tile layer of each table drawn lately, least recently drawn first out."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self.kept: OrderedDict[str, tuple[tuple[object, ...], _Layer]] = OrderedDict()
        self.bytes = 0
        self.hits = 0  # pictures that reused a layer (the same tiles, or one more)
        self.misses = 0  # pictures whose layer was made from nothing

    def paste(
        self,
        canvas: Image.Image,
        placer: Placer,
        spots: Sequence[Spot],
        theme: Theme,
        *,
        above: int,
        table: str = "",
    ) -> bool:
        """Paste `spots` (in drawing order) of the board of `table` onto `canvas`, a plain
        background but for what lies above the row `above` (the seat cards), as pasting each in
        turn would; False, and nothing done, when their layer would reach above that row (then
        the caller pastes them one by one, as before)."""
        if not spots:
            return False
        where = (canvas.size, placer.cell, placer.offset_x, placer.offset_y, theme)
        key = (*where, tuple(spots))
        kept = self.kept.pop(table, None)
        layer: _Layer | None
        if kept is not None:
            self.bytes -= kept[1].size
        if kept is not None and kept[0] == key:
            self.hits += 1
            layer = kept[1]
        elif kept is not None and kept[0] == (*where, tuple(spots[:-1])):
            self.hits += 1  # one more tile: added to last time's layer
            layer = self._add(kept[1], canvas, placer, spots[-1:], theme)
        else:
            self.misses += 1
            layer = self._add(None, canvas, placer, spots, theme)
        if layer is None or layer.box[1] < above:
            return False
        self._keep(table, key, layer)
        canvas.paste(layer.image, layer.box[:2])
        return True

    def _add(
        self,
        layer: _Layer | None,
        canvas: Image.Image,
        placer: Placer,
        spots: Sequence[Spot],
        theme: Theme,
    ) -> _Layer | None:
        """`layer` (None: the plain background) with `spots` pasted on it, grown to hold
        them."""
        sprites = [spot_sprite(placer, spot, theme) for spot in spots]
        box = layer.box if layer is not None else None
        for sprite, left, top in sprites:
            box = _union(box, (left, top, left + sprite.width, top + sprite.height))
        assert box is not None  # at least one spot
        width, height = canvas.size
        box = (max(0, box[0]), max(0, box[1]), min(width, box[2]), min(height, box[3]))
        if box[2] <= box[0] or box[3] <= box[1]:
            return None  # nothing on the canvas: nothing to keep
        if layer is None or layer.box != box:
            image = Image.new("RGB", (box[2] - box[0], box[3] - box[1]), theme.background)
            if layer is not None:
                image.paste(layer.image, (layer.box[0] - box[0], layer.box[1] - box[1]))
            layer = _Layer(box, image)
        for sprite, left, top in sprites:
            layer.image.paste(sprite, (left - box[0], top - box[1]), sprite)
        return layer

    def _keep(self, table: str, key: tuple[object, ...], layer: _Layer) -> None:
        self.kept[table] = (key, layer)
        self.bytes += layer.size
        while self.bytes > self.limit:
            _, (_, oldest) = self.kept.popitem(last=False)
            self.bytes -= oldest.size


def _union(a: Box | None, b: Box) -> Box:
    if a is None:
        return b
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
