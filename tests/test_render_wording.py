"""The words of pictures in other languages: `Wording` (render/wording.py) and the font's glyphs.

The translation layer fills a `Wording` from its catalogues; here test doubles stand in for it:
a "translation" that wraps every English template in markers and letters of the six languages,
and a Polish-like plural rule with three forms."""

from __future__ import annotations

import ast
import io
import pickle
import random
import string
from pathlib import Path

import pytest
from PIL import Image

import render.wording as wording_module
from engine import Draw, Match, Pass, Play, Tile
from render import (
    ENGLISH,
    Wording,
    board_png,
    describe,
    dominosa_png,
    hand_png,
    move_label,
    quadrille_png,
    score_sheet_png,
)
from render.chart import rating_chart_png
from render.text import missing_glyphs
from render.wording import messages
from tests.render_positions import full_line, row_layout, view_of

#: The letters each language needs beyond ASCII, and the punctuation the catalogues use.
LETTERS = {
    "es": "ñáéíóúü¿¡ÑÁÉÍÓÚÜ",
    "pt": "ãõçâêôàáéíóúÃÕÇÂÊÔÀ",
    "it": "àèéìòùÀÈÉÌÒÙ",
    "de": "äöüßÄÖÜ",
    "pl": "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ",
    "punctuation": "“”«»–—·…\u00a0",  # NBSP: Polish's group symbol
}
SAMPLE = "".join(LETTERS.values())
POLISH_RULE = "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"


def _marked(template: str) -> str:
    """A test double's translation: the template kept (placeholders and all) between markers
    that hold every language's letters."""
    return f"«ŁÓDŹ {template} ñß»"


def _polish_forms(singular: str, plural: str) -> tuple[str, ...]:
    return (_marked(singular), _marked(plural) + " [few]", _marked(plural) + " [many]")


FOREIGN = ENGLISH.localized(
    gettext=_marked,
    pgettext=lambda context, message: _marked(f"[{context}] {message}"),
    plurals=_polish_forms,
    language="pl",
    plural_rule=POLISH_RULE,
    decimal_symbol=",",
    group_symbol="\u00a0",
    minimum_grouping_digits=2,
    game_names=(("classic", "Domino klasyczne"),),
)


def _image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _finished(variant: str, players: int, seed: int) -> Match:
    match = Match(variant, players, seed=seed)
    rng = random.Random(seed)
    while not match.over:
        hand = match.start_hand()
        while not hand.over:
            match.apply(rng.choice(hand.legal_actions()))
    return match


# -- glyphs ---------------------------------------------------------------------------------


@pytest.mark.parametrize("language", sorted(LETTERS))
def test_every_languages_letters_are_in_the_project_font(language: str) -> None:
    assert missing_glyphs(LETTERS[language]) == set()


def test_a_character_the_font_lacks_is_reported_and_ascii_is_not() -> None:
    assert missing_glyphs("ab\ue000c漢") == {"\ue000", "漢"}
    assert missing_glyphs(string.printable) == set()


def test_every_word_of_a_foreign_wording_has_its_glyphs() -> None:
    texts = [getattr(FOREIGN, name) for name, _, _ in messages()]
    words = "".join(text if isinstance(text, str) else "".join(text) for text in texts)
    assert SAMPLE[:10] not in words  # the double's own letters are not the whole sample...
    assert missing_glyphs(words + SAMPLE) == set()  # ...so check both


def test_every_picture_draws_with_a_wording_in_every_languages_letters() -> None:
    letters = ENGLISH.localized(
        gettext=lambda template: f"{SAMPLE} {template}",
        pgettext=lambda context, template: f"{SAMPLE} {template}",
        plurals=lambda one, many: (f"{SAMPLE} {one}", f"{SAMPLE} {many}"),
    )
    layout = full_line(6)
    view = view_of(layout, hand=[Tile(6, 1)], legal=[Play(0, Tile(6, 1), 6)], boneyard=3)
    pictures = [
        board_png(view, names=["", "Żaneta"], wording=letters),
        hand_png(view, wording=letters),
        score_sheet_png(_finished("classic", 2, 2).view_for(0), names=["", ""], wording=letters),
        dominosa_png([[0, 1], [1, 0]], [((0, 0), (0, 1))], wording=letters),
        quadrille_png(["aa", "aa"], [((0, 0), 1, (0, 1), 1)], wording=letters),
        rating_chart_png([1.5, 2.25], wording=letters),
    ]
    for data in pictures:
        assert _image(data).format == "PNG"
    assert SAMPLE in describe(view, names=["", "Żaneta"], wording=letters)


# -- the words change with the wording; English stays the default ----------------------------


def test_move_labels_follow_the_wording() -> None:
    assert move_label(Play(0, Tile(4, 6), 6), wording=FOREIGN) == "«ŁÓDŹ 6-4 on 6 ñß»"
    assert move_label(Draw(0), wording=FOREIGN) == "«ŁÓDŹ draw ñß»"
    assert move_label(Pass(1), wording=FOREIGN) == "«ŁÓDŹ pass ñß»"
    assert move_label(Play(0, Tile(6, 4))) == "6-4"  # no words: the same in every language
    assert move_label(Draw(0)) == move_label(Draw(0), wording=ENGLISH) == "draw"


def test_alt_text_is_written_in_the_wording_with_the_games_own_name() -> None:
    layout = full_line(6)
    view = view_of(layout, boneyard=3)
    english = describe(view, names=["Ana", ""])
    assert english.startswith("Classic, hand 1.") and "Seat 2" in english
    foreign = describe(view, names=["Ana", ""], wording=FOREIGN)
    assert foreign.startswith("«ŁÓDŹ Domino klasyczne, hand 1. ñß»")
    assert "«ŁÓDŹ Seat 2 ñß»" in foreign
    for sentence in ("Open ends: ", "Last move: ", "Tiles: ", "Boneyard 3. ñß»"):
        assert f"«ŁÓDŹ {sentence}" in foreign
    # an open end, by its number and side (both ends show 6)
    assert f"«ŁÓDŹ 6 {FOREIGN.side_left} ñß»" in foreign
    assert describe(view, names=["Ana", ""], wording=ENGLISH) == english


def test_polish_counts_take_the_form_of_their_number() -> None:
    forms = FOREIGN.hand_heading
    assert len(forms) == 3
    chosen = {n: FOREIGN.plural(forms, n, count=n) for n in (1, 3, 5, 22, 25, 112)}
    assert chosen[1] == "«ŁÓDŹ Your hand: 1 tile ñß»"
    assert chosen[3].endswith("[few]") and chosen[22].endswith("[few]")
    assert chosen[5].endswith("[many]") and chosen[25].endswith("[many]")
    assert chosen[112].endswith("[many]")
    assert ENGLISH.plural(ENGLISH.hand_heading, 3, count=3) == "Your hand: 3 tiles"


def test_alt_text_counts_tiles_with_the_languages_plural_forms() -> None:
    for count, form in ((1, "1 tile laid. ñß»"), (3, "3 tiles laid. ñß» [few]"), (5, "[many]")):
        view = view_of(row_layout([Tile(1, 1)] * count), total=2 * count)
        assert form in describe(view, names=["A", "B"], wording=FOREIGN)


def test_numbers_are_written_with_the_languages_symbols() -> None:
    assert ENGLISH.number(1234567) == "1,234,567"
    assert ENGLISH.number(999) == "999" and ENGLISH.number(-12) == "-12"
    assert ENGLISH.number(2.5) == "2.5" and ENGLISH.number(2.0) == "2"
    assert ENGLISH.number(3.14159) == "3.142"
    assert FOREIGN.number(1234) == "1234"  # Polish groups only from five digits
    assert FOREIGN.number(12345) == "12\u00a0345"
    assert FOREIGN.number(-1234.25, decimals=1) == "-1234,2"
    german = Wording(decimal_symbol=",", group_symbol=".")
    assert german.number(1234.5, decimals=1) == "1.234,5"
    assert german.say("{score} / {name}", score=1500, name="Jürgen") == "1.500 / Jürgen"
    assert ENGLISH.signed(3) == "+3" and ENGLISH.signed(0) == "+0" and ENGLISH.signed(-2) == "-2"


def test_pictures_change_with_the_wording_and_english_is_the_default() -> None:
    view = view_of(full_line(6), hand=[Tile(6, 1)], legal=[Draw(0)], boneyard=3)
    sheet_view = _finished("classic", 2, 2).view_for(0)
    drawings = [
        lambda **w: board_png(view, names=["Ana", "Bo"], **w),
        lambda **w: hand_png(view, **w),
        lambda **w: score_sheet_png(sheet_view, names=["Ana", "Bo"], **w),
        lambda **w: dominosa_png([[0, 1], [1, 0]], [], **w),
        lambda **w: quadrille_png(["aa", "aa"], [], **w),
        lambda **w: rating_chart_png([1.0, 2.5], **w),
    ]
    for draw in drawings:
        default = draw()
        assert draw(wording=ENGLISH) == default
        assert draw(wording=FOREIGN) != default


def test_a_wording_is_plain_data_for_worker_processes() -> None:
    copy = pickle.loads(pickle.dumps(FOREIGN))
    assert copy == FOREIGN and hash(copy) == hash(FOREIGN)
    assert Wording() == ENGLISH and FOREIGN != ENGLISH


def test_a_wording_is_filled_only_through_its_own_fields() -> None:
    with pytest.raises(ValueError, match="no data fields"):
        ENGLISH.localized(gettext=str, pgettext=_second, plurals=_pair, colour="red")
    with pytest.raises(ValueError, match="no data fields"):  # messages come from the catalogue
        ENGLISH.localized(gettext=str, pgettext=_second, plurals=_pair, seat="Miejsce {number}")
    with pytest.raises(ValueError, match="no plural forms"):
        ENGLISH.localized(gettext=str, pgettext=_second, plurals=lambda a, b: ())


def _second(context: str, message: str) -> str:
    return message


def _pair(singular: str, plural: str) -> tuple[str, ...]:
    return (singular, plural)


def test_one_english_word_with_two_meanings_is_translated_by_its_context() -> None:
    assert ENGLISH.board_out == ENGLISH.sheet_out == "out"
    assert FOREIGN.board_out == "«ŁÓDŹ [seat] out ñß»"  # a seat out of the match
    assert FOREIGN.sheet_out == "«ŁÓDŹ [went out] out ñß»"  # the player who went out
    assert FOREIGN.hand_end("blocked") == "«ŁÓDŹ [hand end] blocked ñß»"
    contexts = {name: context for name, context, _ in messages()}
    assert contexts["board_out"] == "seat" and contexts["seat"] is None


def test_every_message_field_keeps_its_placeholders_in_both_english_forms() -> None:
    for name, _, text in messages():
        if isinstance(text, tuple):
            assert len(text) == 2, name
            one, many = (set(_fields(form)) for form in text)
            assert one == many, name


def _fields(template: str) -> list[str]:
    return [field for _, field, _, _ in string.Formatter().parse(template) if field]


@pytest.mark.parametrize("locale", ["en", "es", "pt_BR", "it", "de", "pl"])
def test_numbers_in_pictures_agree_with_babels_in_messages(locale: str) -> None:
    """Filled as the translation layer fills it, a picture writes numbers as Babel writes them in
    the text of messages (skipped where Babel is not installed)."""
    numbers = pytest.importorskip("babel.numbers")
    wording = Wording(
        decimal_symbol=numbers.get_decimal_symbol(locale),
        group_symbol=numbers.get_group_symbol(locale),
        minus_sign=numbers.get_minus_sign_symbol(locale),
        plus_sign=numbers.get_plus_sign_symbol(locale),
    )
    for value in (0, 7, -42, 999, 1000, 12345, -1234567, 2.5, 1234.125, -0.75):
        assert wording.number(value) == numbers.format_decimal(value, locale=locale), value


def test_each_fields_context_is_the_one_its_marker_gives_the_extractor() -> None:
    """`_text(Np_("seat", "out"), "seat")`: the marker's msgctxt (what Babel extracts) and the
    field's (what `localized` asks `pgettext` for) must be the same."""
    tree = ast.parse(Path(wording_module.__file__).read_text(encoding="utf-8"))
    pairs = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_text":
            marker = node.args[0]
            assert isinstance(marker, ast.Call)
            if getattr(marker.func, "id", None) == "Np_":
                context = ast.literal_eval(node.args[1]) if len(node.args) > 1 else None
                pairs.append((ast.literal_eval(marker.args[0]), context))
    assert len(pairs) == 19
    assert all(marked == given for marked, given in pairs)
