"""Every word each person was shown, and the English that must not be among them.

`Transcript` records every version of every message the bot created or edited in the emulator
(edits included, so a refusal later replaced still counts), with who reads it: the one person an
ephemeral message is for, the recipient of a DM, or everyone (a table's public messages). Its
texts are all a Discord client shows: content, embed titles, descriptions, fields, footers and
authors, button labels, select placeholders and options, text displays, and attachment and
gallery item descriptions (alt text).

`english_fragments(language)` is what an English leak looks like in that language: for each
message of the catalogues whose translation differs from the English, the literal pieces of the
English template (split on its `{placeholders}`) of 12 characters or more, except pieces the
language's own translations also contain (a name kept as it is, an emoji line).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from cogs.lang import catalogues
from tests.emulator import rest_channels, rest_interactions
from tests.emulator.emulator import Emulator
from tests.emulator.layout import walk
from tests.emulator.world import Message

SHORTEST_LEAK = 12
PUBLIC = None  # the reader of a table's public messages: everyone in the channel


def message_texts(message: Message) -> list[str]:
    """Every text a client shows for `message`."""
    texts = [message.content]
    for embed in message.embeds:
        texts += [embed.get("title") or "", embed.get("description") or ""]
        texts.append((embed.get("author") or {}).get("name") or "")
        texts.append((embed.get("footer") or {}).get("text") or "")
        for embed_field in embed.get("fields") or []:
            texts += [embed_field.get("name") or "", embed_field.get("value") or ""]
    for component in walk(message.components):
        texts += [component.get("label") or "", component.get("placeholder") or ""]
        texts.append(component.get("content") or "")  # a text display
        for option in component.get("options") or []:
            texts += [option.get("label") or "", option.get("description") or ""]
        texts += [item.get("description") or "" for item in component.get("items") or []]
    texts += [attachment.description or "" for attachment in message.attachments]
    return [text for text in texts if text]


@dataclass
class Transcript:
    """What the bot showed, version by version: `(reader id or PUBLIC, texts)`."""

    emu: Emulator
    shown: list[tuple[int | None, list[str]]] = field(default_factory=list)

    def record(self, message: Message) -> None:
        channel = self.emu.world.channels[message.channel_id]
        reader: int | None = PUBLIC
        if message.only_for is not None:
            reader = message.only_for
        elif channel.guild_id is None and channel.recipient is not None:
            reader = channel.recipient.id
        self.shown.append((reader, message_texts(message)))

    def texts_for(self, reader: int | None) -> list[str]:
        """Everything shown to one person only (their ephemerals and DMs), or to everyone."""
        return [text for who, texts in self.shown if who == reader for text in texts]


def _recording(transcript: Transcript, original: Callable[..., Any]) -> Callable[..., Any]:
    def record(emulator: Emulator, *args: Any, **kwargs: Any) -> Any:
        result = original(emulator, *args, **kwargs)
        message = result if isinstance(result, Message) else args[0]  # create / edit
        transcript.record(message)
        return result

    return record


@pytest.fixture
def transcript(emu: Emulator, monkeypatch: pytest.MonkeyPatch) -> Iterator[Transcript]:
    """Records every message the bot creates or edits (through channel or interaction routes)."""
    seen = Transcript(emu)
    for module in (rest_channels, rest_interactions):
        for name in ("create_message", "edit_message"):
            monkeypatch.setattr(module, name, _recording(seen, getattr(module, name)))
    yield seen


def literal_pieces(template: str) -> list[str]:
    """The text of a `str.format` template between its placeholders (`{{` read as `{`)."""
    return [literal.strip() for literal, *_ in string.Formatter().parse(template) if literal]


def _forms(value: object) -> tuple[str, ...]:
    if isinstance(value, tuple | list):
        return tuple(str(form) for form in value)
    return (str(value),) if value else ()


def english_fragments(language: str) -> dict[str, str]:
    """`{English fragment: its msgid}` for the messages this language translates differently."""
    entries = [
        entry
        for domain in catalogues.DOMAINS
        for entry in catalogues.catalogue(language, domain)
        if entry.id
    ]
    translated = "\n".join(form for entry in entries for form in _forms(entry.string))
    fragments: dict[str, str] = {}
    for entry in entries:
        english, forms = _forms(entry.id), _forms(entry.string)
        if not forms or all(form in english for form in forms):
            continue  # untranslated, or kept as in English on purpose
        for template in english:
            for piece in literal_pieces(template):
                if len(piece) >= SHORTEST_LEAK and piece not in translated:
                    fragments.setdefault(piece, english[0])
    return fragments


def english_leaks(texts: list[str], language: str) -> dict[str, str]:
    """`{fragment: the text it was found in}` for every English fragment shown."""
    leaks: dict[str, str] = {}
    fragments = english_fragments(language)
    for text in texts:
        for fragment in fragments:
            if fragment in text:
                leaks.setdefault(fragment, text)
    return leaks
