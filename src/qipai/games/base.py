"""The one interface every board game implements (after open_spiel's): the players, whose turn
it is, the legal moves, ``apply(state, move) -> state``, terminal and result, each player's and
a spectator's view, and a text form for moves both ways.

A state is an immutable value that knows its history (the start and every move since), so
replaying ``state.moves`` from ``game.start(state)`` rebuilds an equal state. An illegal move
raises a :class:`GameRuleError` that names the game's rule, and the caller's state stays as it
was (nothing is mutated; a new state is returned on success).

Moves are the game's own values (a board move, a pass, a claim) plus the actions every game
shares, which may be taken by either player at any time the game is on: :class:`Resign`,
:class:`OfferDraw`, :class:`AcceptDraw`, :class:`DeclineDraw`, and those the table's clock and
arbiter apply: :class:`TimeOut`, :class:`Forfeit`. Their text form names the side:
``"w:resign"``, ``"b:draw"``, ``"w:accept"``, ``"b:decline"``, ``"w:timeout"``, ``"b:forfeit"``.

Results are told from the first player's side as in PGN: ``"1-0"`` (the first player, player
0, wins), ``"0-1"``, ``"1/2-1/2"``; games of more players give each one's place (see
:class:`Outcome`). Player 0 moves first: White in chess, Red in xiangqi, Black
in renju and go.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ..bridge.errors import ParseError, QipaiError
from .terms import text

JSON = dict[str, Any]


class GameError(QipaiError):
    """Base of the board games' deliberate errors; carries a term key (zh-CN and en)."""

    rule: str = ""

    def __init__(self, key: str, rule: str = "", **fields: object) -> None:
        self.key = key
        self.fields = fields
        if rule:
            self.rule = rule
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in ``lang``, with the rule it enforces."""
        shown = {k: _show(v, lang) for k, v in self.fields.items()}
        message = text(self.key, lang, **shown)
        return f"{message} ({self.rule})" if self.rule else message


def _show(value: object, lang: str) -> object:
    if isinstance(value, GameError):
        return value.text(lang)
    if isinstance(value, Term):
        return value.text(lang)
    return value


@dataclass(frozen=True, slots=True)
class Term:
    """A term key with its fields, rendered in either language when shown."""

    key: str
    fields: tuple[tuple[str, object], ...] = ()

    def text(self, lang: str = "en") -> str:
        return text(self.key, lang, **{k: _show(v, lang) for k, v in self.fields})


class GameRuleError(GameError):
    """A move or action the game's rules refuse; the state it was tried on is unchanged."""


class MoveTextError(GameError, ParseError):
    """A move's text could not be read (or names no move of this position)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winner (None for a draw) and the reason, a term.

    Games of more than two players (or of teams) also give ``ranks``: each player's place,
    seat order, 1 the best, equal places shared (partners share theirs); their ``result`` is
    the places joined by "-" (``"1-3-2"``). ``points`` are the scores a game's own rules give
    (a win that scores nothing, a hand's level change); without them each player scores one
    for every player placed below and a half for every one placed equal (1, 0, ½ for two)."""

    winner: int | None
    reason: Term
    ranks: tuple[int, ...] = ()
    points: tuple[float, ...] = ()

    @property
    def result(self) -> str:
        if self.ranks:
            return "-".join(str(r) for r in self.ranks)
        return {None: "1/2-1/2", 0: "1-0", 1: "0-1"}[self.winner]

    def places(self, players: int = 2) -> tuple[int, ...]:
        """Each player's place (1 the best), from ``ranks`` or from the winner of two."""
        if self.ranks:
            return self.ranks
        if self.winner is None:
            return (1,) * players
        return tuple(1 if p == self.winner else 2 for p in range(players))

    def scores(self, players: int = 2) -> tuple[float, ...]:
        """Each player's score (``points`` if the game gives them)."""
        if self.points:
            return self.points
        ranks = self.places(players)
        return tuple(
            sum(1.0 if r < o else 0.5 if r == o else 0.0 for j, o in enumerate(ranks) if j != i)
            for i, r in enumerate(ranks)
        )

    def text(self, sides: tuple[str, ...], lang: str = "en") -> str:
        """``sides`` are the sides' term keys."""
        sep = "，" if lang == "zh-CN" else ", "
        if self.ranks:
            order = sorted(range(len(self.ranks)), key=lambda p: self.ranks[p])
            head = sep.join(
                text("result.place", lang, side=text(sides[p], lang), place=self.ranks[p])
                for p in order
            )
        elif self.winner is None:
            head = text("result.draw", lang)
        else:
            head = text("result.win", lang, side=text(sides[self.winner], lang))
        return f"{head}{sep}{self.reason.text(lang)}"


def reason(key: str, **fields: object) -> Term:
    return Term(f"reason.{key}", tuple(fields.items()))


def why(key: str, **fields: object) -> Term:
    """Why a move or position is refused, in either language (the ``why`` of an error)."""
    return Term(f"why.{key}", tuple(fields.items()))


# --- actions every game shares ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Resign:
    player: int


@dataclass(frozen=True, slots=True)
class OfferDraw:
    player: int


@dataclass(frozen=True, slots=True)
class AcceptDraw:
    player: int


@dataclass(frozen=True, slots=True)
class DeclineDraw:
    player: int


@dataclass(frozen=True, slots=True)
class TimeOut:
    """The clock's flag: ``player``'s time has run out (applied by the table, not a player)."""

    player: int


@dataclass(frozen=True, slots=True)
class Forfeit:
    """The arbiter's forfeit of ``player`` (late for the game, or left it midway)."""

    player: int


Common = Resign | OfferDraw | AcceptDraw | DeclineDraw | TimeOut | Forfeit
COMMON_WORDS: Mapping[str, type[Common]] = {
    "resign": Resign,
    "draw": OfferDraw,
    "accept": AcceptDraw,
    "decline": DeclineDraw,
    "timeout": TimeOut,
    "forfeit": Forfeit,
}


class GameState(Protocol):
    """What every game's state holds besides its position (all frozen dataclasses)."""

    @property
    def moves(self) -> tuple[Any, ...]: ...
    @property
    def ended(self) -> Outcome | None: ...
    @property
    def draw_offer(self) -> int | None: ...


S = TypeVar("S", bound=GameState)
M = TypeVar("M")


class Game(ABC, Generic[S, M]):
    """A game of two players (or more: :attr:`players`), of perfect information unless a
    game's :meth:`view` says otherwise. Subclasses give the rules; the shared
    actions (resign, draw offers, time, forfeit) and the views are handled here."""

    name: ClassVar[str]
    sides: ClassVar[tuple[str, ...]]
    """Letter codes of the sides, player 0 first ("w", "b"); two in every game but those of
    more players."""
    side_terms: ClassVar[tuple[str, ...]]
    """Term keys of the sides' names."""
    rules: ClassVar[str]
    """The rules this game follows, cited by its errors."""

    # --- the rules: each game gives these ---------------------------------------------------

    @abstractmethod
    def new(self) -> S:
        """The state at the start of a game."""

    @abstractmethod
    def start(self, state: S) -> S:
        """The state ``state``'s history starts from (its moves replayed from it rebuild it)."""

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """Whose turn it is (None once the game is over)."""

    @abstractmethod
    def legal_moves(self, state: S) -> tuple[M, ...]:
        """The moves (and game claims) the player to move may make, in a fixed order."""

    @abstractmethod
    def _apply(self, state: S, move: M) -> S:
        """Apply one of the game's own moves; raise GameRuleError if the rules refuse it."""

    @abstractmethod
    def _outcome(self, state: S) -> Outcome | None:
        """The outcome the position itself gives (mate, a five, ...), or None."""

    @abstractmethod
    def public_view(self, state: S) -> JSON:
        """Everything anyone may see of ``state`` (a JSON-ready dict)."""

    @abstractmethod
    def move_text(self, state: S, move: M) -> str:
        """The standard machine notation of ``move`` played in ``state``."""

    @abstractmethod
    def parse_move(self, state: S, move_text: str) -> M:
        """The move ``move_text`` names in ``state`` (MoveTextError if none)."""

    def time_out_outcome(self, state: S, player: int) -> Outcome:
        """The result when ``player``'s time runs out (a loss unless a game says otherwise)."""
        return self.loss_outcome(state, player, "time")

    def loss_outcome(self, state: S, player: int, why: str) -> Outcome:
        """The result when ``player`` resigns, forfeits or runs out of time: the other player
        wins (games of more players or teams say otherwise)."""
        return Outcome(1 - player, reason(why))

    @property
    def players(self) -> int:
        """How many players sit at the game (``len(sides)``)."""
        return len(self.sides)

    # --- the shared part -----------------------------------------------------------------------

    def outcome(self, state: S) -> Outcome | None:
        return state.ended if state.ended is not None else self._outcome(state)

    def is_terminal(self, state: S) -> bool:
        return self.outcome(state) is not None

    def apply(self, state: S, move: M | Common) -> S:
        """The state after ``move``; GameRuleError (state unchanged) if the rules refuse it."""
        if self.outcome(state) is not None:
            raise GameRuleError("error.game_over", self.rules)
        moves = (*state.moves, move)
        match move:
            case Resign(player=p):
                return self._end(state, moves, self.loss_outcome(state, p, "resignation"))
            case Forfeit(player=p):
                return self._end(state, moves, self.loss_outcome(state, p, "forfeit"))
            case TimeOut(player=p):
                return self._end(state, moves, self.time_out_outcome(state, p))
            case OfferDraw(player=p):
                return dataclasses.replace(state, moves=moves, draw_offer=p)  # type: ignore[type-var]
            case AcceptDraw(player=p) | DeclineDraw(player=p):
                if state.draw_offer is None:
                    raise GameRuleError("error.no_offer", self.rules)
                if state.draw_offer == p:
                    raise GameRuleError("error.offer_own", self.rules)
                if isinstance(move, DeclineDraw):
                    return dataclasses.replace(state, moves=moves, draw_offer=None)  # type: ignore[type-var]
                return self._end(state, moves, Outcome(None, reason("agreement")))
        return self._apply(state, move)

    def _end(self, state: S, moves: tuple[Any, ...], outcome: Outcome) -> S:
        return dataclasses.replace(state, moves=moves, ended=outcome, draw_offer=None)  # type: ignore[type-var]

    def offer_after_move(self, state: S, mover: int) -> int | None:
        """A draw offer lapses when the other player moves on (FIDE 9.1.2.3)."""
        offer = state.draw_offer
        return None if offer is not None and offer != mover else offer

    def view(self, state: S, player: int | None) -> JSON:
        """What ``player`` (None: a spectator) is shown: the public view, and for the player
        to move their legal moves. Every game here is of perfect information, so a player's
        view adds only what is theirs to do; nothing the referee knows and a player must find
        out for themselves (renju's forbidden points) is ever in it."""
        v = self.public_view(state)
        outcome = self.outcome(state)
        v["result"] = outcome.result if outcome else None
        v["reason"] = outcome.reason.key if outcome else None
        v["draw_offer"] = None if state.draw_offer is None else self.sides[state.draw_offer]
        if player is not None:
            v["you"] = self.sides[player]
            if outcome is None and self.to_move(state) == player:
                v["legal"] = [self.move_text(state, m) for m in self.legal_moves(state)]
        return v

    def text(self, state: S, move: M | Common) -> str:
        """The text of any move or shared action."""
        if isinstance(move, Resign | OfferDraw | AcceptDraw | DeclineDraw | TimeOut | Forfeit):
            word = next(w for w, t in COMMON_WORDS.items() if isinstance(move, t))
            return f"{self.sides[move.player]}:{word}"
        return self.move_text(state, move)

    def parse(self, state: S, move_text: str) -> M | Common:
        """The move or shared action ``move_text`` names in ``state``."""
        side, colon, word = move_text.strip().partition(":")
        if colon and word in COMMON_WORDS and side in self.sides:
            return COMMON_WORDS[word](self.sides.index(side))
        return self.parse_move(state, move_text.strip())

    def play(self, state: S, texts: Sequence[str]) -> S:
        """``state`` after the moves ``texts`` in turn (each parsed in its position)."""
        for t in texts:
            state = self.apply(state, self.parse(state, t))
        return state

    def replay(self, state: S) -> S:
        """``state`` rebuilt from its start and its moves."""
        rebuilt = self.start(state)
        for move in state.moves:
            rebuilt = self.apply(rebuilt, move)
        return rebuilt

    def texts(self, state: S) -> list[str]:
        """``state``'s moves in their text forms, each written in the position it was made."""
        out = []
        s = self.start(state)
        for move in state.moves:
            out.append(self.text(s, move))
            s = self.apply(s, move)
        return out

    def end_as_recorded(self, state: S, result: str) -> S:
        """``state`` ended with a record's ``result`` where its moves do not end it: a win
        is taken as the loser's resignation, a draw as an agreement ("*": as it is)."""
        if self.outcome(state) is not None or result not in ("1-0", "0-1", "1/2-1/2"):
            return state
        if result == "1/2-1/2":
            return self.apply(self.apply(state, OfferDraw(0)), AcceptDraw(1))
        return self.apply(state, Resign(1 if result == "1-0" else 0))

    def side_name(self, player: int, lang: str = "en") -> str:
        return text(self.side_terms[player], lang)
