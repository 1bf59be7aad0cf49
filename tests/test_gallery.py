"""The gallery in the repository (docs/gallery, shown by the README and docs/gallery.md) is what
`make gallery` draws now: the test draws it again into a temporary folder and compares every
picture pixel by pixel (not byte by byte: a PNG's bytes depend on the zlib that packed it).
A change to `render/` that changes a picture fails here until `make gallery` is run and the
new pictures are committed, so the pictures a reader sees are the bot's."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[1]
GALLERY = ROOT / "docs" / "gallery"


def make_gallery() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_gallery", ROOT / "docs" / "make_gallery.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def same_pixels(drawn: Path, committed: Path) -> bool:
    with Image.open(drawn) as a, Image.open(committed) as b:
        if a.size != b.size:
            return False
        return ImageChops.difference(a.convert("RGBA"), b.convert("RGBA")).getbbox() is None


@pytest.mark.timeout(400)  # it plays four short matches with the bot
def test_the_committed_gallery_is_what_make_gallery_draws(tmp_path: Path) -> None:
    written = make_gallery().draw(tmp_path)
    drawn = {path.name for path in written}
    committed = {path.name for path in GALLERY.glob("*.png")}
    assert drawn == committed, (
        f"run `make gallery`: not committed {sorted(drawn - committed)}, "
        f"no longer drawn {sorted(committed - drawn)}"
    )
    stale = [name for name in sorted(drawn) if not same_pixels(tmp_path / name, GALLERY / name)]
    assert not stale, f"run `make gallery` and commit: these differ from what it draws {stale}"
