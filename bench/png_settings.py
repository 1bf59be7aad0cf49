"""What each way of encoding the bot's pictures costs and weighs: the palette mapping alone, PNG
at zlib levels 1 to 6 with zlib's default and run-length strategies, and lossless WebP (which
Discord shows inline too), on the boards and hands of `bench.picture_jobs`' play (two-player
hands, the player taking the first move offered, the AI a random one), as the workers draw them.

    python -m bench.png_settings [--hands 3] [--tries 3]

Milliseconds of this process's CPU per picture, the least of `--tries` passes (each setting's
passes interleaved with the others', so that a busy machine weighs on all alike), and the mean
size. The bot's setting is `render.encode`'s: the theme's palette, no dithering, zlib level 3.
"""

from __future__ import annotations

import argparse
import io
import time
import zlib
from collections.abc import Callable

from PIL import Image

from bench.picture_jobs import NAMES, played
from render.board import board_image
from render.encode import COMPRESS_LEVEL, palette_image
from render.hand import hand_image

Encode = Callable[[Image.Image], bytes]


def pictures(hands: int) -> tuple[list[Image.Image], list[Image.Image]]:
    """The boards and the player's hands after every move of `hands` hands."""
    boards: list[Image.Image] = []
    held: list[Image.Image] = []
    for table, own in played(hands):
        boards.append(board_image(table, names=NAMES))
        held.append(hand_image(own))
    return boards, held


def _mapped(image: Image.Image) -> Image.Image:
    return image.quantize(palette=palette_image("light"), dither=Image.Dither.NONE)


def _png(level: int, strategy: int = zlib.Z_DEFAULT_STRATEGY) -> Encode:
    def encode(image: Image.Image) -> bytes:
        buffer = io.BytesIO()
        _mapped(image).save(buffer, format="PNG", compress_level=level, compress_type=strategy)
        return buffer.getvalue()

    return encode


def _webp(method: int, quality: int) -> Encode:
    def encode(image: Image.Image) -> bytes:
        buffer = io.BytesIO()
        image.save(buffer, format="WEBP", lossless=True, method=method, quality=quality)
        return buffer.getvalue()

    return encode


def settings() -> dict[str, Encode]:
    chosen: dict[str, Encode] = {"palette mapping alone": lambda image: _mapped(image).tobytes()}
    for level in (1, 2, 3, 6):
        mark = " (the bot's)" if level == COMPRESS_LEVEL else ""
        chosen[f"PNG, zlib level {level}{mark}"] = _png(level)
    chosen["PNG, zlib level 1, run-length"] = _png(1, zlib.Z_RLE)
    chosen["PNG, zlib level 3, run-length"] = _png(3, zlib.Z_RLE)
    chosen["WebP lossless, method 0"] = _webp(0, 0)
    chosen["WebP lossless, method 1"] = _webp(1, 10)
    return chosen


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--tries", type=int, default=3)
    args = parser.parse_args(argv)
    boards, held = pictures(args.hands)
    chosen = settings()
    for kind, images in (("board", boards), ("hand", held)):
        best: dict[str, float] = {}
        sizes: dict[str, float] = {}
        for _ in range(args.tries):
            for name, encode in chosen.items():
                started = time.process_time()
                total = sum(len(encode(image)) for image in images)
                spent = (time.process_time() - started) / len(images)
                best[name] = min(best.get(name, spent), spent)
                sizes[name] = total / len(images)
        width = images[0].width
        print(f"{len(images)} {kind}s, {width} px wide")
        print(f"| {kind}: encoding | CPU ms | KiB |")
        print("|---|---:|---:|")
        for name in chosen:
            print(f"| {name} | {1000 * best[name]:.2f} | {sizes[name] / 1024:.1f} |")
        print()


if __name__ == "__main__":
    main()
