"""A table from lobby to final score: the pure part of the bot's turn flow (no Discord, no I/O,
no clock of its own: times are passed in as seconds since the epoch).

`Table` holds the lobby, the engine `Match`, and what the bot adds around the rules: whose seat
is played by an AI, the turn deadline, timeouts, readiness between hands, the pair's choice of
leader, resignations and agreed draws. Every change of the game bumps `version`; buttons carry
the version they were drawn for, so a stale or double click is refused and changes nothing.

Two parts of it are modules of their own, base classes of `Table`: the lobby's actions before
the match (`cogs.tables.lobby_actions`: join, leave, AI seats, options, cancel) and what may be
done now (`cogs.tables.offers`: the `can_…` questions the buttons are asked of); its phases are
`cogs.tables.phase`. The table's state as a JSON document, for the database, is
`cogs.tables.state`.
"""

from __future__ import annotations

import copy
import itertools
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

import render.labels
from cogs import texts
from cogs.common.refusal import Refusal
from cogs.lang import Said
from cogs.tables import ending as endings
from cogs.tables.ending import Ending, EndKind
from cogs.tables.lobby_actions import LobbyActions
from cogs.tables.offers import Offers
from cogs.tables.phase import Phase as Phase  # where the model's callers have always found it
from cogs.tables.resigning import Question, Resigning
from cogs.tables.seating import Lobby, Seat, Setup
from engine import Action, Draw, Match, Pass, Play, SeatView
from engine.errors import DominoError
from engine.rules import HandResult
from engine.variants.mexican_train import Stop, TrainPlay

MAX_TIMEOUTS = 2  # after this many timeouts in a row an AI takes the seat over
TAKEOVER_LEVEL = "random"  # overwritten by the runner with the best level it has
LOG_LINES = 6
#: How many of the hand's last moves the table keeps, per seat, with who made them (`moves`):
#: what a player's turn message tells of the moves since their last turn (`moves_since`).
MOVES_PER_SEAT = 3
#: The key of the public view among a table's kept views (the seats' own are their numbers).
PUBLIC = -1


def new_seed() -> str:
    """A table's seed: 128 bits from `secrets`. Every deal and boneyard of its match follows
    from it, so it never leaves the server: nothing shown (table ids, custom ids, messages,
    thread names) is made from it, and knowing one's own hand and the table's id narrows
    nothing."""
    return secrets.token_hex(16)


def seeds(demo_seed: str | None) -> Callable[[], str]:
    """Where a bot's seeds come from: `new_seed`, unless the bot plays a scripted demo
    (`Settings.demo_seed`, which no live bot has): then the demo seed and a count, so the same
    demo deals the same hands in the same order every time."""
    if demo_seed is None:
        return lambda: new_seed()  # looked up at each table: a test may give its own
    count = itertools.count(1)
    return lambda: f"{demo_seed}:{next(count)}"


@dataclass(frozen=True)
class Step:
    """One action carried out at the table, for announcements and for whom to tell."""

    seat: int
    action: Action
    line: Said  # the public announcement (never names a drawn tile)
    hand_over: HandResult | None = None
    match_over: bool = False


@dataclass(frozen=True)
class Moved:
    """One move of the hand as the table told it (`line`, the log's public words), by `seat`;
    `how`: "" chosen by its player, "forced" (a lone draw or pass), "only" (a lone move the
    player's setting plays at once), "timer" (their time ran out) or "ai"."""

    seat: int
    line: Said
    how: str = ""

    @property
    def chosen(self) -> bool:
        """Whether the seat's player chose it (a turn they were asked to play)."""
        return self.how == ""

    def to_json(self) -> list[object]:
        return [self.seat, self.line.to_json(), self.how]

    @classmethod
    def from_json(cls, data: list[object]) -> Moved:
        seat, line, how = data
        assert isinstance(seat, int)
        return cls(seat, Said.from_json(line), str(how))


@dataclass
class Table(LobbyActions, Offers, Resigning):
    id: str
    lobby: Lobby
    seed: str  # secret (`new_seed`): every deal of the match follows from it
    phase: Phase = Phase.LOBBY
    created_at: float = 0.0
    guild_id: int | None = None
    channel_id: int | None = None
    thread_id: int | None = None
    lobby_message_id: int | None = None
    board_message_id: int | None = None
    match: Match | None = None
    seats: list[Seat] = field(default_factory=list)  # the match's seats, once started
    version: int = 0
    turn_started: float = 0.0  # when the current turn (or pause between hands) began
    ready: set[int] = field(default_factory=set)
    lead_claim: int | None = None
    draw_offers: set[int] = field(default_factory=set)
    ending: Ending | None = None  # how the match (or the lobby) ended: see `cogs.tables.ending`
    log: list[Said] = field(default_factory=list)  # worded for each reader
    #: The hand's last moves (`MOVES_PER_SEAT` for each seat), each with its seat and how it
    #: was made (`Moved`): what the turn message tells of the moves since a player's last turn.
    moves: list[Moved] = field(default_factory=list)
    #: For each seat, how many moves this hand since its player last chose one (all of them,
    #: where `moves` keeps the last few): "… and 13 earlier moves" counts right however long
    #: the run of others' moves was.
    since_chosen: list[int] = field(default_factory=list)
    rematch_of: str | None = None
    rematch_id: str | None = None
    finished_at: float = 0.0  # when the match ended or the lobby closed (kept a while after)
    #: Resignations while the others play on (`cogs.tables.resigning`): the units that
    #: conceded and left, the seats whose players left, a side's pending question.
    conceded: list[int] = field(default_factory=list)
    left: list[int] = field(default_factory=list)
    question: Question | None = None
    #: A friends' table's language: its host's Discord language when it was opened (its one
    #: message is read by the people of a DM, who have no server's language); None for a
    #: server's table, worded in the server's (`cogs.audience.Audience.table`).
    language: str | None = None
    #: The store's revision this table was read at (`cogs.runtime.store`); not part of its state.
    revision: int = field(default=0, compare=False)
    #: How many of the match's first (finished) hands the store keeps apart, as of `revision`
    #: (`cogs.tables.state.hand_records`); not part of the game.
    hands_apart: int = field(default=0, compare=False)
    #: Views of the current position by seat (see `view`); not part of the table's state.
    _views: dict[int, SeatView] = field(default_factory=dict, repr=False, compare=False)
    _views_of: tuple[int, int, int] = field(default=(0, 0, -1), repr=False, compare=False)

    # -- who is who -------------------------------------------------------------------------

    @property
    def setup(self) -> Setup:
        return self.lobby.setup

    @property
    def host_id(self) -> int:
        return self.lobby.host_id

    @property
    def friends(self) -> bool:
        """A friends' table: opened in a DM or a group DM (no server), where the bot is not and
        its one message is edited through interaction tokens (`cogs.tables.friends`)."""
        return self.guild_id is None

    def seat_of(self, user_id: int) -> int | None:
        if self.phase is Phase.LOBBY:
            return self.lobby.seat_of(user_id)
        for number, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return number
        return None

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def _require_seat(self, user_id: int) -> int:
        seat = self.seat_of(user_id)
        if seat is None:
            raise Refusal(texts.NOT_SEATED)
        return seat

    @property
    def turn(self) -> int | None:
        if self.phase is not Phase.PLAYING or self.match is None or self.match.hand is None:
            return None
        return self.match.hand.turn

    @property
    def finished(self) -> bool:
        return self.phase in (Phase.OVER, Phase.CANCELLED)

    @property
    def ended(self) -> Said | None:
        """How the table ended, in a sentence, when it was not by playing the match out (a
        resignation, an agreed draw, a moderator, a closed lobby): from `ending`."""
        return self.ending.said(self.names()) if self.ending is not None else None

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the match (none: nobody, or not over): from `ending`."""
        return self.ending.winners if self.ending is not None else ()

    def view(self, seat: int) -> SeatView:
        """`seat`'s view of the position. A move's handling asks for the same views several
        times (legal moves, forced moves, the board, the hand by DM) and each one lists the
        legal moves again: they are kept until the position changes (a new hand, an action,
        any change that bumps `version`). Views are immutable."""
        return self._kept_view(seat)

    def public_view(self) -> SeatView:
        """What everyone may see (the engine's public view: no hand, no moves, the history as
        someone with no tile sees it). Boards, their logs and alt texts and score sheets are
        drawn from this only. Kept until the position changes, as the seats' views are (a
        move's board, its alerts and each player's hand ask for it)."""
        return self._kept_view(PUBLIC)

    def _kept_view(self, seat: int) -> SeatView:
        assert self.match is not None
        hand = self.match.hand
        position = (self.version, id(hand), len(hand.actions) if hand is not None else -1)
        if position != self._views_of:
            self._views.clear()
            self._views_of = position
        view = self._views.get(seat)
        if view is None:
            match = self.match
            made = match.public_view() if seat == PUBLIC else match.view_for(seat)
            view = self._views[seat] = made
        return view

    # -- the lobby (its other actions: `cogs.tables.lobby_actions`) ---------------------------

    def start(self, user_id: int, now: float) -> list[Step]:
        """The host starts the match: the first hand is dealt and forced actions run."""
        self._require_lobby()
        seats = self.lobby.check_start(user_id)
        self.seats = [copy.copy(seat) for seat in seats]
        self.match = Match(self.setup.kind(len(self.seats), self.setup.options), seed=self.seed)
        self.match.start_hand()
        self.phase = Phase.PLAYING
        self.version += 1
        self.turn_started = now
        return self.run_forced(now)

    # -- playing ----------------------------------------------------------------------------

    def legal_for(self, user_id: int) -> tuple[int, tuple[Action, ...]]:
        seat = self._require_seat(user_id)
        if self.phase is not Phase.PLAYING:
            raise Refusal(texts.NOT_PLAYING)
        if self.turn != seat:
            raise Refusal(texts.NOT_YOUR_TURN)
        return seat, self.view(seat).legal

    def play(self, user_id: int, version: int, index: int, now: float) -> list[Step]:
        """A user's click on move `index` of the moves drawn at `version`."""
        seat = self._require_seat(user_id)
        if self.phase is not Phase.PLAYING:
            raise Refusal(texts.NOT_PLAYING)
        if self.turn != seat:
            raise Refusal(texts.NOT_YOUR_TURN)
        if seat in self.left:
            raise Refusal(texts.ALREADY_RESIGNED)
        if version != self.version:
            raise Refusal(texts.STALE_BUTTON)
        legal = self.view(seat).legal
        if not 0 <= index < len(legal):
            raise Refusal(texts.STALE_BUTTON)
        self.seats[seat].timeouts = 0
        return [self.apply(legal[index], now), *self.run_forced(now)]

    def apply(self, action: Action, now: float, *, how: str = "") -> Step:
        """Carry out an action the engine allows (AI, timer, forced or a validated click)."""
        assert self.match is not None
        end = self._end_named(action)
        try:
            event = self.match.apply(action)
        except DominoError as error:
            raise Refusal.refusing(error) from None
        self.version += 1
        self.turn_started = now
        self.draw_offers.clear()
        self.close_question(now)
        # The log is public: it tells the move as the game shows it to someone with no tile.
        line = describe(self.seats[action.seat].name, self.match.variant.seen_by(action, None), end)
        if event.scored:  # points scored during play (the fives games), said with the move
            line = texts.scored(line, sum(event.scored))
        if how == "forced":
            line = texts.forced(line)
        elif how == "only":
            line = texts.only_move(line)
        elif how == "timer":
            line = texts.timed_out(line)
        elif self.seats[action.seat].taken_over:  # a person's seat (timed out, or left) an AI plays
            line = texts.by_the_ai(line)
        self._log(line)
        if how == "" and self.seats[action.seat].plays_itself:
            how = "ai"
        self._moved(Moved(action.seat, line, how))
        result = None
        if event.outcome is not None:
            result = self.match.results[-1]
            self.ready.clear()
            self.lead_claim = None
            if self.match.over:
                self._finish(endings.played(self.match, self.conceded, self.left))
            else:
                self.phase = Phase.BETWEEN
        return Step(action.seat, action, line, result, self.phase is Phase.OVER)

    def forced_action(self) -> Action | None:
        """The current seat's only action when it is a draw or a pass: it plays itself."""
        seat = self.turn
        if seat is None:
            return None
        legal = self.view(seat).legal
        if len(legal) == 1 and isinstance(legal[0], Draw | Pass):
            return legal[0]
        return None

    def only_move(self) -> Action | None:
        """The current seat's only move when its person has it played at once (their setting,
        `Seat.plays_forced`): no choice, so no ping. Played as their own move, not a timeout.
        An AI seat, or a seat the timer took over, plays by its AI."""
        seat = self.turn
        if seat is None:
            return None
        player = self.seats[seat]
        if player.user_id is None or player.plays_itself or not player.plays_forced:
            return None
        legal = self.view(seat).legal
        return legal[0] if len(legal) == 1 else None

    def run_forced(self, now: float) -> list[Step]:
        steps: list[Step] = []
        while self.phase is Phase.PLAYING:
            action = self.forced_action()
            if action is not None:
                steps.append(self.apply(action, now, how="forced"))
                continue
            action = self.only_move()
            if action is None:
                break
            # Not a turn they played: the turns they miss in a row go on counting.
            steps.append(self.apply(action, now, how="only"))
        return steps

    def has_choice(self, seat: int) -> bool:
        """Whether `seat` is to move with more than one move to choose from (a Hint helps)."""
        return self.turn == seat and len(self.view(seat).legal) > 1

    def moves_since(self, seat: int) -> tuple[list[Moved], int]:
        """The moves since `seat`'s player last chose one, this hand (theirs made for them
        included), the newest `len(seats)` of them, and how many earlier ones that leaves out
        (all of them, counted in `since_chosen`, though the table keeps only the last
        `MOVES_PER_SEAT` for each seat)."""
        since: list[Moved] = []
        for moved in reversed(self.moves):
            if moved.seat == seat and moved.chosen:
                break
            since.append(moved)
        since.reverse()
        shown = max(len(self.seats), 1)
        counted = self.since_chosen[seat] if seat < len(self.since_chosen) else 0
        return since[-shown:], max(len(since), counted) - len(since[-shown:])

    def played_for(self, seat: int) -> list[Moved]:
        """`seat`'s moves the table made for its player since they last chose one, this hand
        (their only moves, turns that ran out): what their hand message tells them."""
        made: list[Moved] = []
        for moved in reversed(self.moves):
            if moved.seat != seat:
                continue
            if moved.chosen or moved.how == "ai":
                break
            if moved.how in ("only", "timer"):
                made.append(moved)
        return made[::-1]

    def needs_ai(self) -> int | None:
        """The seat to move when an AI plays it (an AI seat or a seat taken over), else None."""
        seat = self.turn
        if seat is not None and self.seats[seat].plays_itself:
            return seat
        return None

    def time_out(self, takeover_level: str) -> tuple[int, bool]:
        """The seat to move ran out of time: count it; after `MAX_TIMEOUTS` in a row an AI
        takes the seat over for the rest of the match. Returns (seat, taken over now)."""
        seat = self.turn
        assert seat is not None
        player = self.seats[seat]
        player.timeouts += 1
        player.missed += 1
        if player.timeouts >= MAX_TIMEOUTS and player.ai is None:
            player.ai = takeover_level
            self._log(texts.handed_to_ai_until_back(player.name))
            return seat, True
        return seat, False

    def set_plays_forced(self, user_id: int, on: bool, now: float) -> list[Step]:
        """The person changed their setting for turns with a single move (`Seat.plays_forced`):
        their seat here follows it, and a turn of theirs with a single move waiting now is
        played at once when it is on."""
        seats = self.lobby.occupied if self.phase is Phase.LOBBY else self.seats
        for seat in seats:
            if seat.user_id == user_id:
                seat.plays_forced = on
        if self.phase is not Phase.PLAYING or not on:
            return []
        return self.run_forced(now)

    def come_back(self, user_id: int) -> Said:
        """A person whose seat the timer handed to an AI plays it again ("I'm back"), for as
        long as the match lasts. Their missed turns stay counted (`Seat.missed`); those in a
        row start again. A change of who moves for the seat, so `version` moves on: an AI move
        being chosen for it is dropped and, on their turn, they are asked to play."""
        seat = self._require_seat(user_id)
        self._require_match()
        player = self.seats[seat]
        if seat in self.left:  # resigned: the AI keeps the seat to the end of the match
            raise Refusal(texts.ALREADY_RESIGNED)
        if not player.taken_over:
            raise Refusal(texts.NOT_TAKEN_OVER)
        player.ai = None
        player.timeouts = 0
        self.version += 1
        line = texts.came_back(player.name)
        self._log(line)
        return line

    # -- between hands ----------------------------------------------------------------------

    def lead_choosers(self) -> tuple[int, ...]:
        """The seats that may claim the lead of the next hand (the winning pair in
        `partnership`): the rules answer from the hands played (`Match.next_lead_choosers`),
        at the same small cost at any hand of the match."""
        if self.phase is not Phase.BETWEEN or self.match is None:
            return ()
        return self.match.next_lead_choosers()

    def mark_ready(self, user_id: int) -> bool:
        """Returns True when every user at the table is now ready."""
        seat = self._require_seat(user_id)
        game = self.match.variant.id if self.match is not None else ""
        if self.phase is not Phase.BETWEEN:
            raise Refusal(texts.dealt(texts.NOT_BETWEEN_HANDS, game))
        if self.out_of_match(seat):
            raise Refusal(texts.OUT_NOT_READY)
        if seat in self.ready:
            raise Refusal(texts.dealt(texts.ALREADY_READY, game))
        self.ready.add(seat)
        return self.all_ready()

    def all_ready(self) -> bool:
        """Every seat that plays the next hand is ready (an AI always is; a seat out of the
        match plays no more)."""
        return all(
            number in self.ready or seat.plays_itself or self.out_of_match(number)
            for number, seat in enumerate(self.seats)
        )

    def claim_lead(self, user_id: int) -> None:
        seat = self._require_seat(user_id)
        if self.phase is not Phase.BETWEEN:
            raise Refusal(texts.NOT_BETWEEN_HANDS)
        if seat not in self.lead_choosers() or seat in self.left:
            raise Refusal(texts.MAY_NOT_LEAD)
        if self.lead_claim == seat:
            raise Refusal(texts.LEAD_ALREADY_CLAIMED)
        self.lead_claim = seat
        self.version += 1

    def next_hand(self, now: float) -> list[Step]:
        assert self.match is not None
        if self.phase is not Phase.BETWEEN:
            raise Refusal(texts.NOT_BETWEEN_HANDS)
        self.match.start_hand(leader=self.lead_claim)
        self.close_question(now)
        self.phase = Phase.PLAYING
        # The board's words tell this hand's moves: the last hand's are on its score sheet.
        self.log.clear()
        self.moves.clear()
        self.since_chosen.clear()
        self.ready.clear()
        self.lead_claim = None
        self.version += 1
        self.turn_started = now
        return self.run_forced(now)

    # -- ending -----------------------------------------------------------------------------

    def _require_match(self) -> None:
        if self.phase not in (Phase.PLAYING, Phase.BETWEEN):
            raise Refusal(texts.NOT_PLAYING)

    def offer_draw(self, user_id: int) -> Said:
        """A user offers (or accepts) a draw; when every player has, the match ends drawn. An
        offer changes no position, so it leaves `version` (and the mover's buttons) alone; a
        second offer by the same seat is refused and changes nothing."""
        seat = self._require_seat(user_id)
        self._require_match()
        if any(player.is_ai for player in self.seats) or self.left:
            raise Refusal(texts.NO_DRAW_WITH_AI)
        if seat in self.draw_offers:
            raise Refusal(texts.DRAW_ALREADY_OFFERED)
        self.draw_offers.add(seat)
        waiting = [p.name for n, p in enumerate(self.seats) if n not in self.draw_offers]
        if not waiting:
            assert self.match is not None
            self._finish(endings.agreed_draw(self.match))
            return Said.of(texts.DRAW_AGREED)
        line = texts.draw_offered(self.seats[seat].name, ", ".join(waiting))
        self._log(line)
        return line

    def end_by_moderator(self) -> None:
        if self.finished:
            raise Refusal(texts.NO_SUCH_TABLE)
        if self.phase is Phase.LOBBY:
            self.phase = Phase.CANCELLED
            self.ending = endings.unranked(EndKind.MODERATOR)
            self.version += 1
            return
        self._finish(endings.unranked(EndKind.MODERATOR))

    def _finish(self, ending: Ending) -> None:
        self.phase = Phase.OVER
        self.ending = ending
        self.question = None
        self.version += 1
        why = self.ended
        if why:
            self._log(why)

    def leave_after(self, user_id: int) -> None:
        seat = self._require_seat(user_id)
        if self.phase is not Phase.OVER:
            raise Refusal(texts.MATCH_NOT_OVER)
        self.seats[seat].left = True

    def rematch_lobby(self, user_id: int, table_id: str, seed: str, now: float) -> Table:
        """A new lobby with the same options, hosted by the user who asked: it seats them and
        the AI seats where they sat, and invites every other player who did not leave to the
        seat they had (`Lobby.invited`): nobody plays again without asking to."""
        seat = self._require_seat(user_id)
        if self.phase is not Phase.OVER:
            raise Refusal(texts.MATCH_NOT_OVER)
        if self.rematch_id is not None:
            raise Refusal(texts.REMATCH_TAKEN)
        lobby = Lobby(Setup.from_json(self.setup.to_json()), host_id=user_id)
        for number, player in enumerate(self.seats[: len(lobby.seats)]):
            if player.user_id == user_id or player.is_ai:
                # A user whose seat the timer took over plays again themselves.
                ai = None if player.user_id is not None else player.ai
                lobby.seats[number] = Seat(
                    name=player.name,
                    user_id=player.user_id,
                    ai=ai,
                    plays_forced=player.plays_forced,
                )
            elif player.user_id is not None and not player.left:
                lobby.invited[player.user_id] = number
        self.rematch_id = table_id
        self.seats[seat].left = False
        return Table(
            id=table_id,
            lobby=lobby,
            seed=seed,
            created_at=now,
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            rematch_of=self.id,
        )

    def _end_named(self, action: Action) -> Said | None:
        """The play `action` worded as its move button names it, from the table as it is before
        the move (the end it goes on is covered after it); None for other actions. A Mexican
        Train play names its train, its owner by name."""
        if isinstance(action, TrainPlay) and action.train is not None:
            return texts.train_move(action.tile, action.train, action.seat, self.names())
        if not isinstance(action, Play) or action.end is None:
            return None
        view = self.view(action.seat)
        if isinstance(action.end, str):
            arm = render.labels.end_arm(view, action.end)
        else:  # a plain end named apart from a crosswise double's (the fives games)
            arm = render.labels.plain_arm(view, action)
        if arm is None:
            return None  # refused by the engine in a moment
        return texts.move_on(action.tile, render.labels.named_end(view, arm))

    def _log(self, line: Said) -> None:
        joined = texts.folded(self.log[-1], line) if self.log else None
        if joined is not None:  # a run of forced draws stays one line (`texts.folded`)
            self.log[-1] = joined
            return
        self.log.append(line)
        del self.log[:-LOG_LINES]

    def _moved(self, moved: Moved) -> None:
        self.moves.append(moved)
        del self.moves[: -MOVES_PER_SEAT * max(len(self.seats), 1)]
        if len(self.since_chosen) < len(self.seats):
            self.since_chosen += [0] * (len(self.seats) - len(self.since_chosen))
        for seat in range(len(self.since_chosen)):
            self.since_chosen[seat] += 1
        if moved.chosen and moved.seat < len(self.since_chosen):
            self.since_chosen[moved.seat] = 0


def describe(name: str, action: Action, move: Said | None = None) -> Said:
    """The public line for an action: the tile placed, never a tile drawn; `move`: a play as
    its button worded it (see `Table._end_named`)."""
    if isinstance(action, Play):
        return texts.played(name, move if move is not None else action.message)
    if isinstance(action, Draw):
        return texts.drew(name)
    if isinstance(action, Pass):
        return texts.passed(name)
    if isinstance(action, Stop):
        return texts.run_stopped(name)
    return texts.did(name, action.message)
