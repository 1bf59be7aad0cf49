"""The words render puts in pictures and alt text, in one language: `Wording`.

`Wording` is plain, frozen, hashable, picklable data (pictures are drawn in spawned worker
processes, and picture caches can key on it): no callables, only strings, tuples of strings and
numbers. Its fields hold the English templates (`{named}` placeholders, str.format style), each
marked for Babel's extractor with this module's markers, so render never imports the translation
layer (the layering of DESIGN.md):

- `N_("...")`: a plain message (extract keyword `N_`); the field holds one template.
- `Np_("context", "...")`: the same with a msgctxt (extract keyword `Np_:1c,2`), where one
  English word means two things ("out": a seat out of the match, or the player who went out).
- `Nn_("singular", "plural")`: a message whose words follow a count (extract keyword `Nn_:1,2`,
  giving a msgid with msgid_plural). The field holds a tuple of *all* the language's plural forms
  in its catalogue's order (English: two; Polish: three), and `plural_rule` holds the language's
  gettext Plural-Forms expression (English `(n != 1)`), which picks the form for a count. So the
  choice is made where the count is known, here, and is right for any number of forms.

Numbers are written by `number()` from the data fields `decimal_symbol`, `group_symbol`,
`minimum_grouping_digits`, `minus_sign` and `plus_sign` (groups of three; a number is grouped
only when its integer part has at least 3 + `minimum_grouping_digits` digits, as CLDR says).
Every integer or float passed to `say()` or `plural()` is written with `number()`.

`ENGLISH = Wording()` is the default of every render function: today's English output.

How the translation layer fills one (cogs, with Babel; nothing here imports it):

    wording = ENGLISH.localized(
        gettext=translations.gettext,                        # every N_ field
        pgettext=translations.pgettext,                      # every Np_ field (context, text)
        plurals=lambda one, many: forms_of(catalog, one, many),  # every Nn_ field: all forms
        language="pl",
        plural_rule=catalog.plural_expr,                     # e.g. babel's Catalog.plural_expr
        decimal_symbol=babel.numbers.get_decimal_symbol("pl"),
        group_symbol=babel.numbers.get_group_symbol("pl"),
        minus_sign=babel.numbers.get_minus_sign_symbol("pl"),
        plus_sign=babel.numbers.get_plus_sign_symbol("pl"),
        minimum_grouping_digits=...,                         # CLDR's minimumGroupingDigits
        game_names=(("classic", "Dominó clásico"), ...),     # the rules domain's `<id>|name`
    )

`plurals(singular, plural)` must return the msgstr forms of that message (msgstr[0..n-1]) in the
catalogue's order, or `(singular, plural)` where it is untranslated with an English rule.
"""

from __future__ import annotations

import dataclasses
import gettext
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.pickling import QuickPickle
from engine.rules import Deal

TEXT = "text"
ROUND = "round_"  # the prefix of a field's twin for the games that deal rounds
PLURAL = "plural"


def N_(message: str) -> str:
    """Mark `message` for extraction; it is returned unchanged."""
    return message


def Np_(context: str, message: str) -> str:
    """Mark `message` for extraction with a msgctxt (keyword `Np_:1c,2`); returns `message`."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, ...]:
    """Mark a count-dependent message for extraction (keyword `Nn_:1,2`): its English forms."""
    return (singular, plural)


def _text(message: str, context: str | None = None) -> Any:
    """A message field; `context` repeats the msgctxt its `Np_` marker gives the extractor."""
    return field(default=message, metadata={"kind": TEXT, "context": context})


def _plural(forms: tuple[str, ...]) -> Any:
    return field(default=forms, metadata={"kind": PLURAL})


@lru_cache(maxsize=32)
def _plural_index(rule: str) -> Callable[[int], int]:
    """The gettext Plural-Forms expression compiled (by the standard library's own parser)."""
    return gettext.c2py(rule)


@dataclass(frozen=True, slots=True)
class Wording(QuickPickle):
    """The words of pictures and alt text in one language (see the module docstring)."""

    language: str = "en"
    plural_rule: str = "(n != 1)"
    decimal_symbol: str = "."
    group_symbol: str = ","
    minimum_grouping_digits: int = 1
    minus_sign: str = "-"
    plus_sign: str = "+"
    #: (variant id, the game's name in this language); a game not listed keeps its English name
    game_names: tuple[tuple[str, str], ...] = ()

    # -- seats and moves (render/labels.py, everywhere) ------------------------------------
    seat: str = _text(N_("Seat {number}"))
    move_on: str = _text(N_("{tile} on {end}"))
    move_draw: str = _text(N_("draw"))
    move_pass: str = _text(N_("pass"))
    # An open end named by its number and, where another end shows the same, the way it points
    # in the picture (render/ends.py): "6 left", "9 up-right".
    end_named: str = _text(N_("{number} {side}"))
    side_up: str = _text(Np_("side", "up"), "side")
    side_down: str = _text(Np_("side", "down"), "side")
    side_left: str = _text(Np_("side", "left"), "side")
    side_right: str = _text(Np_("side", "right"), "side")
    side_up_right: str = _text(Np_("side", "up-right"), "side")
    side_down_right: str = _text(Np_("side", "down-right"), "side")
    side_down_left: str = _text(Np_("side", "down-left"), "side")
    side_up_left: str = _text(Np_("side", "up-left"), "side")
    # Ends showing the same number and pointing the same way, told apart by where they lie
    # across it ("6 right (top)"), four or more by a count ("6 right 3").
    end_placed: str = _text(N_("{number} {side} ({place})"))
    end_counted: str = _text(N_("{number} {side} {place}"))
    place_top: str = _text(Np_("place", "top"), "place")
    place_bottom: str = _text(Np_("place", "bottom"), "place")
    place_middle: str = _text(Np_("place", "middle"), "place")
    place_leftmost: str = _text(Np_("place", "leftmost"), "place")
    place_rightmost: str = _text(Np_("place", "rightmost"), "place")
    # An empty place of the star (Cyprus), where an arm's end shows the same number: "9-8 on 9
    # (empty place)" beside "9-8 on 9 down"; with its way where several places are empty.
    end_empty: str = _text(N_("{number} (empty place)"))
    end_empty_way: str = _text(N_("{number} {side} (empty place)"))

    # -- alt text (render/describe.py) -----------------------------------------------------
    describe_heading: str = _text(N_("{game}, hand {number}."))
    describe_pairs: str = _text(N_("Pairs laid: {pairs}."))
    describe_count: str = _text(N_("{name} {count}"))
    describe_empty: str = _text(N_("The table is empty."))
    describe_row: tuple[str, ...] = _plural(Nn_("{count} tile laid.", "{count} tiles laid."))
    describe_line: tuple[str, ...] = _plural(
        Nn_("A line of {count} tile from {lead}.", "A line of {count} tiles from {lead}.")
    )
    describe_cross: tuple[str, ...] = _plural(
        Nn_("A cross of {count} tile from {lead}.", "A cross of {count} tiles from {lead}.")
    )
    describe_star: tuple[str, ...] = _plural(
        Nn_("A star of {count} tile from {lead}.", "A star of {count} tiles from {lead}.")
    )
    describe_stack: tuple[str, ...] = _plural(
        Nn_("A stack of {count} tile from {lead}.", "A stack of {count} tiles from {lead}.")
    )
    describe_ends: str = _text(N_("Open ends: {ends}."))
    describe_end: str = _text(N_("{end} {number}"))
    describe_total: str = _text(N_("Total {total}."))
    describe_played: str = _text(N_("Last move: {name} played {move}."))
    describe_drew: str = _text(N_("Last move: {name} drew."))
    describe_passed: str = _text(N_("Last move: {name} passed."))
    describe_other: str = _text(N_("Last move: {name} {move}."))
    describe_turn: str = _text(N_("{name} to play."))
    describe_tiles: str = _text(N_("Tiles: {counts}."))
    describe_boneyard: str = _text(N_("Boneyard {count}."))

    # -- the board picture (render/board.py) -----------------------------------------------
    board_empty: str = _text(N_("The table is empty"))
    board_waiting: str = _text(N_("Waiting for the first tile"))
    board_out: str = _text(Np_("seat", "out"), "seat")
    board_score: tuple[str, ...] = _plural(Nn_("{score} pt", "{score} pts"))
    board_team_score: tuple[str, ...] = _plural(Nn_("{score} pt (team)", "{score} pts (team)"))
    board_hand: str = _text(N_("Hand {number}"))
    board_on_table: str = _text(N_("{count} on the table"))
    board_boneyard: str = _text(N_("boneyard {count}"))
    board_total: str = _text(N_("Total {total}"))
    board_total_target: str = _text(N_("Total {total} / {target}"))
    board_turn: str = _text(N_("{name} to play"))

    # -- the hand picture (render/hand.py) -------------------------------------------------
    hand_heading: tuple[str, ...] = _plural(
        Nn_("Your hand: {count} tile", "Your hand: {count} tiles")
    )
    hand_ends: str = _text(N_("Ends: {ends}"))
    hand_not_your_turn: str = _text(N_("Not your turn yet."))
    hand_over: str = _text(N_("The hand is over."))
    hand_moves: tuple[str, ...] = _plural(
        Nn_("Your turn: {count} possible move.", "Your turn: {count} possible moves.")
    )
    hand_draw: str = _text(N_("No tile fits: draw from the boneyard."))
    hand_pass: str = _text(N_("No tile fits: pass."))
    hand_your_turn: str = _text(N_("Your turn."))
    # The pairs game's turns: what to do, in the hand's own words (no tile is "played" there).
    hand_lay_pairs: str = _text(N_("Lay one or more pairs of equal sums, then draw back to six."))
    hand_exchange: str = _text(N_("No pair: put one tile under the stock and draw the top one."))
    hand_no_pair_pass: str = _text(N_("No pair and the stock is empty: pass."))
    # TRANSLATORS: a move button of the pairs game: this tile goes under the stock
    hand_exchange_move: str = _text(N_("{tile} under the stock"))

    # -- the score sheet (render/sheet.py) -------------------------------------------------
    sheet_title: str = _text(N_("{game}: score sheet"))
    sheet_target: str = _text(N_("Target {target}"))
    sheet_hands: tuple[str, ...] = _plural(Nn_("{count} hand", "{count} hands"))
    sheet_wins: tuple[str, ...] = _plural(Nn_("{count} hand to win", "{count} hands to win"))
    sheet_hand_column: str = _text(N_("Hand"))
    sheet_earlier: tuple[str, ...] = _plural(
        Nn_("… {count} earlier hand", "… {count} earlier hands")
    )
    sheet_went_out: str = _text(N_("{end}: {name} out"))
    sheet_end_domino: str = _text(Np_("hand end", "domino"), "hand end")
    sheet_end_blocked: str = _text(Np_("hand end", "blocked"), "hand end")
    sheet_end_target: str = _text(Np_("hand end", "target"), "hand end")
    sheet_out: str = _text(Np_("went out", "out"), "went out")
    sheet_none_left: str = _text(N_("none left"))
    sheet_sat_out: str = _text(N_("sat out"))
    sheet_total: str = _text(N_("Total"))
    sheet_and: str = _text(N_("{first} and {second}"))

    # -- how a hand and a match ended (render/outcome.py), the same words everywhere -------
    outcome_went_out: str = _text(N_("Hand {number}: {out} went out and won it."))
    outcome_went_out_for: str = _text(N_("Hand {number}: {out} went out; {names} won it."))
    outcome_target: str = _text(N_("Hand {number} won by {names}: the total hit the target."))
    outcome_blocked_won: str = _text(N_("Hand {number} was blocked; {names} won it."))
    outcome_blocked_none: str = _text(N_("Hand {number} was blocked; nobody won it."))
    outcome_hand_drawn: str = _text(N_("Hand {number} ended in a draw."))
    outcome_match_won: str = _text(N_("{names} won the match."))
    outcome_match_drawn: str = _text(N_("The match ended in a draw."))

    # -- the puzzles (render/puzzles.py) ---------------------------------------------------
    dominosa_heading: tuple[str, ...] = _plural(
        Nn_(
            "Dominosa: {placed} of {count} tile placed",
            "Dominosa: {placed} of {count} tiles placed",
        )
    )
    quadrille_heading: tuple[str, ...] = _plural(
        Nn_(
            "Quadrille: {placed} of {count} tile placed",
            "Quadrille: {placed} of {count} tiles placed",
        )
    )

    # -- the rating chart (render/chart.py) ------------------------------------------------
    chart_title: str = _text(N_("Rating"))

    # -- alt text of the other pictures (render/alt.py) ------------------------------------
    alt_hand: tuple[str, ...] = _plural(
        Nn_("Your tiles: {tiles} ({count} tile).", "Your tiles: {tiles} ({count} tiles).")
    )
    alt_hand_empty: str = _text(N_("You have no tiles."))
    alt_sheet_unit: str = _text(N_("{name} {points} this hand, {total} in all"))
    alt_sheet_points: str = _text(N_("Points: {units}."))
    # TRANSLATORS: the pool game: chips won (+) or lost (-) in a hand, and the chips held after it
    outcome_chips_unit: str = _text(N_("{name} {chips} this hand, {total} left"))
    outcome_chips: str = _text(N_("Chips: {units}."))
    # TRANSLATORS: the sum game counts hands won: each side's count after the hand
    outcome_hands_won: str = _text(N_("Hands won: {units} (first to {wins} wins)."))
    alt_sheet_none: str = _text(N_("No hand finished yet."))
    # -- endings in the game's own terms (render/outcome.py, render/sheet.py) ---------------
    # TRANSLATORS: how a match ended when every side but one won it (the one is named)
    outcome_match_won_but: str = _text(N_("Everyone but {names} won the match."))
    # TRANSLATORS: a side reached the game-room limit and leaves the match
    outcome_out: str = _text(N_("{names}: out of the match at {total} points (loses at {target})."))
    outcome_no_points: str = _text(N_("No points this hand."))
    outcome_penalty_points: str = _text(N_("Penalty points: {units}."))
    # TRANSLATORS: the points of a hand in a game where reaching {target} points loses
    outcome_penalty_target: str = _text(N_("Penalty points (loses at {target}): {units}."))
    sheet_penalty: str = _text(N_("Penalty points"))
    # TRANSLATORS: on the score sheet of a game where reaching {target} points loses
    sheet_loses_at: str = _text(N_("loses at {target}"))
    # TRANSLATORS: in a score sheet's cell: this seat was out of the match in this hand
    sheet_eliminated: str = _text(N_("eliminated"))
    # TRANSLATORS: under the score sheet: a side out of the match, at its total
    sheet_out_line: str = _text(N_("{names}: eliminated at {total} (loses at {target})"))
    # The hand picture of a seat out of the match, and of a match that is over.
    hand_eliminated: str = _text(N_("You are out of this match: you can watch the others play."))
    hand_match_over: str = _text(N_("The match is over."))
    # TRANSLATORS: the heading of the hand picture of a player out of the match
    hand_out_heading: str = _text(N_("Out of the match"))
    alt_dominosa: tuple[str, ...] = _plural(
        Nn_(
            "Dominosa puzzle, double-{size}: {placed} of {count} tile placed.",
            "Dominosa puzzle, double-{size}: {placed} of {count} tiles placed.",
        )
    )
    alt_quadrille: tuple[str, ...] = _plural(
        Nn_(
            "Quadrille puzzle, {rows} by {columns} cells: {placed} of {count} tile placed.",
            "Quadrille puzzle, {rows} by {columns} cells: {placed} of {count} tiles placed.",
        )
    )
    alt_chart: tuple[str, ...] = _plural(
        Nn_(
            "Rating chart of {name}: {first} after the first rated match, {last} after the "
            "last; {count} match.",
            "Rating chart of {name}: {first} after the first rated match, {last} after the "
            "last; {count} matches.",
        )
    )

    # -- the pairs game, which counts pairs laid, not pips (hand.py, sheet.py, outcome.py) --
    # TRANSLATORS: a move button of the pairs game: lay these pairs, e.g. "Lay 6-1 + 4-3, 5-0 + 3-2"
    hand_lay_move: str = _text(N_("Lay {pairs}"))
    # TRANSLATORS: under a tile of the hand picture in the pairs game: its pip sum (two tiles of
    # equal sums make a pair)
    hand_pair_sum: str = _text(N_("sum {sum}"))
    alt_pairs_to_lay: str = _text(N_("Pairs you can lay: {pairs}."))
    # TRANSLATORS: the score sheet of the pairs game, under a player: the pairs they laid
    sheet_pairs_laid: tuple[str, ...] = _plural(Nn_("{count} pair laid", "{count} pairs laid"))
    # TRANSLATORS: the score sheet of the pairs game, beside its title: how the match is won
    sheet_pairs_goal: tuple[str, ...] = _plural(
        Nn_("First to {count} pair wins", "First to {count} pairs wins")
    )
    # TRANSLATORS: the score sheet of the pairs game: how the hand ended (a player laid them)
    sheet_end_pairs: tuple[str, ...] = _plural(Nn_("{count} pair", "{count} pairs"))
    outcome_pairs_won: tuple[str, ...] = _plural(
        Nn_(
            "Hand {number}: {out} laid {count} pair and won it.",
            "Hand {number}: {out} laid {count} pairs and won it.",
        )
    )
    outcome_pairs_blocked_won: str = _text(
        N_("Hand {number}: no more pairs could be laid; {names} laid more and won it.")
    )
    outcome_pairs_blocked_none: str = _text(
        N_("Hand {number}: no more pairs could be laid, and both laid as many: nobody won it.")
    )
    # The fives games: a placement reached the winning score and ended the match in the hand.
    outcome_reached: str = _text(N_("Hand {number}: {names} reached the winning score."))

    # -- Mexican Train: the trains picture and the moves that name a train (trains.py) -------
    # TRANSLATORS: the public train of Mexican Train, anyone may play on it
    train_mexican: str = _text(N_("Mexican train"))
    # TRANSLATORS: a move button of Mexican Train: this tile on the public train
    train_move_mexican: str = _text(N_("{tile} on the Mexican train"))
    # TRANSLATORS: a move button of Mexican Train: this tile on the player's own train
    train_move_own: str = _text(N_("{tile} on your train"))
    # TRANSLATORS: a move button of Mexican Train: this tile on another player's train
    train_move_seat: str = _text(N_("{tile} on {name}'s train"))
    # TRANSLATORS: a move button of Mexican Train: end an opening run of tiles on one's train
    train_move_stop: str = _text(N_("stop the run"))
    # TRANSLATORS: the trains picture: the round's engine, the double in the hub
    train_engine: str = _text(N_("Engine"))
    # TRANSLATORS: the marker on a train: anyone may play on it
    train_open: str = _text(Np_("train", "open"), "train")
    # TRANSLATORS: the flag beside a double nobody has covered yet
    train_cover: str = _text(N_("cover!"))
    # TRANSLATORS: the trains picture, beside a player's name: the tiles they hold
    train_tiles: tuple[str, ...] = _plural(Nn_("{count} tile", "{count} tiles"))
    # TRANSLATORS: the trains picture's header: the double every placement must cover now
    train_must_cover: str = _text(N_("{tile} must be covered"))
    # TRANSLATORS: the trains picture's footer
    train_boneyard: str = _text(N_("Boneyard: {count}"))
    # TRANSLATORS: the alt text of the trains picture: one train, its owner and its tiles
    alt_train: str = _text(N_("{train}: {tiles}, ends in {end}."))
    # TRANSLATORS: the alt text of the trains picture: a train with a marker on it
    alt_train_open: str = _text(N_("{train} (open): {tiles}, ends in {end}."))
    # TRANSLATORS: the alt text: a train still empty
    alt_train_empty: str = _text(N_("{train}: no tile yet."))
    # TRANSLATORS: the alt text of the trains picture: a player's own train, named by its owner
    alt_train_of: str = _text(N_("{name}'s train"))
    # -- the Latin scorings of partnership dominoes (RULES.md §4.1) ---------------------------
    # TRANSLATORS: a capicúa: the last tile fitted both ends; {points} bonus points
    outcome_capicua: str = _text(N_("Capicúa by {names}: {points} bonus points."))
    outcome_capicua_double: str = _text(N_("Capicúa by {names}: the hand's points are doubled."))
    # TRANSLATORS: a chuchazo: going out with the double blank, 0-0
    outcome_chuchazo: str = _text(N_("Chuchazo (out with 0-0) by {names}: {points} bonus points."))
    outcome_pass_bonus: str = _text(N_("Pass bonuses for {names}: {points} points."))
    outcome_hand_bonus: str = _text(N_("Bonus for winning hand {number}: {points} points."))
    # TRANSLATORS: a blocked hand with equal counts that nobody wins, in a match of hands won
    outcome_void_derby: str = _text(N_("A void hand: the next hand won counts {count}."))

    # -- a game whose deals are rounds (Mexican Train, `Deal.ROUND`): `for_variant` puts each
    # `round_<field>` in place of its `<field>`, so every ending and sheet says "round".
    round_describe_heading: str = _text(N_("{game}, round {number}."))
    round_hand_over: str = _text(N_("The round is over."))
    round_sheet_hands: tuple[str, ...] = _plural(Nn_("{count} round", "{count} rounds"))
    # TRANSLATORS: the score sheet's first column in Mexican Train: the round's number
    round_sheet_hand_column: str = _text(N_("Round"))
    round_sheet_earlier: tuple[str, ...] = _plural(
        Nn_("… {count} earlier round", "… {count} earlier rounds")
    )
    round_outcome_went_out: str = _text(N_("Round {number}: {out} went out and won it."))
    round_outcome_went_out_for: str = _text(N_("Round {number}: {out} went out; {names} won it."))
    round_outcome_blocked_won: str = _text(N_("Round {number} was blocked; {names} won it."))
    round_outcome_blocked_none: str = _text(N_("Round {number} was blocked; nobody won it."))
    round_outcome_hand_drawn: str = _text(N_("Round {number} ended in a draw."))
    round_alt_sheet_unit: str = _text(N_("{name} {points} this round, {total} in all"))
    round_alt_sheet_none: str = _text(N_("No round finished yet."))
    round_outcome_no_points: str = _text(N_("No points this round."))

    # -- methods ---------------------------------------------------------------------------

    def for_variant(self, variant: str) -> Wording:
        """These words as the game `variant` (an id) says them: where its players call a deal
        a round (`Variant.deal`), every text about a hand says "round" instead."""
        from engine import get_variant

        if get_variant(variant).deal is Deal.ROUND:
            return _in_rounds(self)
        return self

    def number(self, value: int | float, *, decimals: int | None = None) -> str:
        """`value` written for this language: `decimals` fixed digits after the decimal symbol;
        by default none for an int and at most three (trailing zeros dropped) for a float."""
        if decimals is None:
            digits = f"{abs(value)}" if isinstance(value, int) else f"{abs(value):.3f}"
        else:
            digits = f"{abs(value):.{decimals}f}"
        whole, _, fraction = digits.partition(".")
        if decimals is None:
            fraction = fraction.rstrip("0")
        if len(whole) - 3 >= max(1, self.minimum_grouping_digits):
            head = len(whole) % 3 or 3
            groups = [whole[:head]] + [whole[i : i + 3] for i in range(head, len(whole), 3)]
            whole = self.group_symbol.join(groups)
        text = whole + (self.decimal_symbol + fraction if fraction else "")
        return self.minus_sign + text if value < 0 else text

    def signed(self, value: int) -> str:
        """`value` with its sign always written: points won or lost (`+3`, `-2`, `+0`)."""
        return (self.plus_sign if value >= 0 else "") + self.number(value)

    def say(self, template: str, /, **params: object) -> str:
        """`template` filled with `params`; numbers (not booleans) written by `number()`."""
        return template.format(**{name: self._param(value) for name, value in params.items()})

    def plural(self, forms: tuple[str, ...], count: int, /, **params: object) -> str:
        """The form of a `Nn_` field that this language uses for `count`, filled like `say()`
        (`count` itself is passed as a param by the caller where the text shows it)."""
        index = _plural_index(self.plural_rule)(abs(count))
        return self.say(forms[max(0, min(index, len(forms) - 1))], **params)

    def seat_name(self, names: Sequence[str], seat: int) -> str:
        """A seat's display name, or "Seat 2" when it has none."""
        if seat < len(names) and names[seat]:
            return names[seat]
        return self.say(self.seat, number=seat + 1)

    def game_name(self, variant_id: str, default: str) -> str:
        """The game's name in this language, or `default` when the translation layer gave
        none."""
        return dict(self.game_names).get(variant_id, default)

    def hand_end(self, end: str) -> str:
        """How a hand ended ("domino", "blocked", "target"), in this language."""
        known = {
            "domino": self.sheet_end_domino,
            "blocked": self.sheet_end_blocked,
            "target": self.sheet_end_target,
        }
        return known.get(end, end)

    def and_list(self, items: list[str]) -> str:
        """`a and b`, `a and b and c` (the English score sheet joins every name so)."""
        text = items[0] if items else ""
        for item in items[1:]:
            text = self.say(self.sheet_and, first=text, second=item)
        return text

    def localized(
        self,
        *,
        gettext: Callable[[str], str],
        pgettext: Callable[[str, str], str],
        plurals: Callable[[str, str], tuple[str, ...]],
        **data: Any,
    ) -> Wording:
        """A copy with every `N_` field passed through `gettext`, every `Np_` field through
        `pgettext(context, message)`, every `Nn_` field replaced
        by `plurals(singular, plural)` (all the language's forms) and the data fields
        (`language`, `plural_rule`, number symbols, `game_names`) set from `data`. The English
        templates are read from this instance, so call it on `ENGLISH`."""
        changes: dict[str, Any] = {}
        for item in dataclasses.fields(self):
            kind = item.metadata.get("kind")
            value = getattr(self, item.name)
            if kind == TEXT:
                context = item.metadata["context"]
                changes[item.name] = gettext(value) if context is None else pgettext(context, value)
            elif kind == PLURAL:
                forms = tuple(plurals(value[0], value[1]))
                if not forms:
                    raise ValueError(f"no plural forms for {value[0]!r}")
                changes[item.name] = forms
        data_fields = {
            item.name for item in dataclasses.fields(self) if "kind" not in item.metadata
        }
        unknown = set(data) - data_fields
        if unknown:
            raise ValueError(f"Wording has no data fields {sorted(unknown)}")
        changes.update(data)
        return dataclasses.replace(self, **changes)

    def _param(self, value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return value
        return self.number(value)


def messages() -> list[tuple[str, str | None, str | tuple[str, ...]]]:
    """Every message field of `Wording` with its msgctxt and English text: (field name, context
    or None, template or plural forms). For tests (glyph coverage, completeness) and tooling."""
    return [
        (item.name, item.metadata.get("context"), getattr(ENGLISH, item.name))
        for item in dataclasses.fields(Wording)
        if item.metadata.get("kind") in (TEXT, PLURAL)
    ]


@lru_cache(maxsize=16)
def _in_rounds(wording: Wording) -> Wording:
    """`wording` with each field that has a `round_` twin worded as its twin (built once a
    language: a picture worker asks for it at every picture of a round)."""
    twins = {
        name: getattr(wording, f"{ROUND}{name}")
        for name in (item.name for item in dataclasses.fields(wording))
        if hasattr(wording, f"{ROUND}{name}")
    }
    return dataclasses.replace(wording, **twins)


ENGLISH = Wording()
