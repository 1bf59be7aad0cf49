"""Catalogues written for a test: a `locales` folder in tmp_path that the loader reads instead
of the committed one."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from cogs.lang import catalogues

Entry = tuple[object, object] | tuple[object, object, str]  # (msgid, msgstr[, msgctxt])


@pytest.fixture
def catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., None]]:
    """`catalogue("es", [(msgid, msgstr), ...], domain="domino", fuzzy=())` writes a .po that
    the loader then reads (msgid and msgstr are tuples for plural entries)."""
    monkeypatch.setattr(catalogues, "LOCALES", tmp_path)
    catalogues.forget()

    def write(
        language: str,
        entries: list[Entry],
        domain: str = "domino",
        fuzzy: tuple[str, ...] = (),
    ) -> None:
        catalog = Catalog(locale=language, domain=domain, fuzzy=False)
        for entry in entries:
            message, translation = entry[0], entry[1]
            context = entry[2] if len(entry) > 2 else None
            flags = ("fuzzy",) if message in fuzzy else ()
            catalog.add(message, translation, context=context, flags=flags)  # type: ignore[arg-type]
        path = catalogues.catalogue_path(language, domain)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as out:
            write_po(out, catalog)
        catalogues.forget()

    yield write
    catalogues.forget()
