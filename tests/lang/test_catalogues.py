"""The committed catalogues: the templates equal a fresh extraction from the code, and every
language's `.po` has exactly the template's messages, none fuzzy, none empty, with the same
`{placeholders}` and as many plural forms as the language counts with.

A language whose catalogue has no translation at all yet is expected to fail the "every message
translated" test (xfail, not strict): the translations come separately from the code; as soon
as one message is translated the test holds the language to all of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from cogs.lang import LANGUAGES
from cogs.lang.catalogues import catalogue_path, template_path
from cogs.lang.extract import domino_template, read_template

TRANSLATED = [language for language in LANGUAGES if language != "en"]
DOMAINS = [domain for domain in ("domino", "rules") if template_path(domain).is_file()]
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:![rsa])?(?::[^{}]*)?\}(?!\})")


def read(language: str, domain: str) -> Catalog:
    with catalogue_path(language, domain).open("rb") as po:
        return read_po(po, locale=language, domain=domain)


def key(message: Message) -> tuple[object, str | None]:
    return (message.id, message.context)


def entries(catalog: Catalog) -> Iterator[Message]:
    return (message for message in catalog if message.id)


def forms(message: Message) -> list[str]:
    strings = message.string
    return list(strings) if isinstance(strings, tuple | list) else [strings]


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def untouched(language: str, domain: str) -> bool:
    path = catalogue_path(language, domain)
    return path.is_file() and not any(any(forms(m)) for m in entries(read(language, domain)))


def cases() -> list[object]:
    found = []
    for domain in DOMAINS:
        for language in TRANSLATED:
            marks = []
            if untouched(language, domain):
                marks = [pytest.mark.xfail(strict=False, reason="not translated yet")]
            found.append(pytest.param(language, domain, marks=marks, id=f"{language}-{domain}"))
    return found


def test_the_domino_template_equals_a_fresh_extraction_from_the_code() -> None:
    fresh = {key(m): m for m in entries(domino_template())}
    committed = {key(m): m for m in entries(read_template("domino"))}
    missing = sorted(str(k) for k in fresh.keys() - committed.keys())
    extra = sorted(str(k) for k in committed.keys() - fresh.keys())
    assert not missing and not extra, (
        "run `python -m cogs.lang extract` and `python -m cogs.lang update`: "
        f"missing {missing[:5]}, no longer in the code {extra[:5]}"
    )


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_each_catalogue_has_exactly_the_templates_messages_none_fuzzy(
    language: str, domain: str
) -> None:
    assert catalogue_path(language, domain).is_file(), "run `python -m cogs.lang update`"
    template = {key(m) for m in entries(read_template(domain))}
    catalog = read(language, domain)
    found = {key(m) for m in entries(catalog)}
    assert sorted(map(str, template - found)) == [], "missing: run `python -m cogs.lang update`"
    assert sorted(map(str, found - template)) == [], "extra: run `python -m cogs.lang update`"
    fuzzy = [str(m.id) for m in entries(catalog) if m.fuzzy]
    assert fuzzy == []


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_each_plural_message_has_as_many_forms_as_the_language_counts_with(
    language: str, domain: str
) -> None:
    catalog = read(language, domain)
    wrong = [
        str(m.id)
        for m in entries(catalog)
        if m.pluralizable and len(forms(m)) != catalog.num_plurals
    ]
    assert wrong == []


@pytest.mark.parametrize(("language", "domain"), cases())
def test_every_message_is_translated_with_the_same_placeholders(language: str, domain: str) -> None:
    problems = []
    for message in entries(read(language, domain)):
        english = [message.id] if isinstance(message.id, str) else list(message.id)
        expected = set().union(*(placeholders(text) for text in english))
        for form in forms(message):
            if not form:
                problems.append(f"untranslated: {english[0]!r}")
            elif "python-brace-format" in message.flags and placeholders(form) != expected:
                problems.append(f"placeholders differ: {english[0]!r} -> {form!r}")
    assert problems == [], f"{len(problems)} problems, first: {problems[:5]}"
