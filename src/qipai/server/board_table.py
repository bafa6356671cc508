"""A board game (chess, xiangqi, renju, go) at a live table: the pure part, the server's
:class:`~.game.Game` for a two-player game of ``qipai.games``.

As for bridge, the table is an immutable value made by folding its log (``fold``); a command
is checked by ``decide``, which returns the entries it causes or raises
:class:`BoardCommandError` (English and Chinese, citing the game's rule; the table unchanged);
``settle`` stamps entries with the time, turns a move made after the mover's flag fell into
the loss on time, and records the result once a game ends. The log's entry types are
:class:`BoardEntry`, one handler each. Times are data: each entry carries ``t`` (ms since the
epoch), so the clocks are rebuilt from the log after a restart like the position.

>>> t = fold(TableOf(1), (BoardEntry.SETUP, {"game": "chess", "robots": [None, None]}))
>>> for e in decide(t, Occupant(1, "ann"), SitBoard(0)) + decide(t, Occupant(2, "bo"), SitBoard(1)):
...     t = fold(t, e)
>>> t = fold(t, decide(t, Occupant(1, "ann"), MoveBoard("e4"))[0])
>>> t.game.view(t.position, None)["moves"], t.seq
(['e2e4'], 4)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ..games import NAMES, game
from ..games.base import Game as RulesGame
from ..games.base import GameError
from ..games.terms import text as term_text
from ..store import TableRecord
from .table import CommandError
from .table_state import Entry, Occupant

BOARD_SCORING = "BG"
"""The ``scoring`` a board-game table is stored with (the game itself is in its log)."""
GAMES = ("chess", "xiangqi", "renju", "go")
"""The games a board table plays (two players, perfect information)."""


class BoardEntry(StrEnum):
    """The entries of a board table's log; the payload of each (besides ``t``, the time):

    * ``board.setup`` — ``game``, ``settings`` (go: ``size``, ``komi``), ``robots`` (each
      seat's robot level, or null for a person), ``clock`` (``base_ms``, ``increment_ms``,
      and for byo-yomi ``periods`` and ``period_ms``) or null;
    * ``board.seated`` — ``seat`` (0 or 1), ``user_id``, ``name``;
    * ``board.stood`` — ``seat``;
    * ``board.move`` — ``seat`` (null: the clock's flag), ``move`` (the game's text: ``e2e4``,
      ``h2e2``, ``h8``, ``dd``, ``pass``, ``w:resign``, ``b:draw``, ``w:accept``,
      ``b:timeout``...), ``robot``;
    * ``board.result`` — ``result`` (``1-0``, ``0-1``, ``1/2-1/2``), ``reason`` (a term key),
      ``moves``: the game's record once it is over;
    * ``closed`` — nothing: the table is over (written with the result; the store's name).
    """

    SETUP = "board.setup"
    SEATED = "board.seated"
    STOOD = "board.stood"
    MOVE = "board.move"
    RESULT = "board.result"
    CLOSED = "closed"
    """The table is over (the store's projection marks it closed: it is not rebuilt live)."""


class BoardCommandError(CommandError):
    """A board table's refusal, in English (the message) and Chinese (``zh``)."""

    def __init__(self, en: str, zh: str) -> None:
        super().__init__(en)
        self.zh = zh


def _refused(key: str, **fields: object) -> BoardCommandError:
    return BoardCommandError(
        term_text(f"table.{key}", "en", **fields), term_text(f"table.{key}", "zh-CN", **fields)
    )


def _rule_refused(e: GameError) -> BoardCommandError:
    return BoardCommandError(e.text("en"), e.text("zh-CN"))


# --- commands -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetUpBoard:
    """The server's: the table's game, its settings, robots and clock (its first entry)."""

    game: str
    settings: tuple[tuple[str, Any], ...] = ()
    robots: tuple[int | None, int | None] = (None, None)
    base_ms: int | None = None
    increment_ms: int = 0
    periods: int = 0
    """Byo-yomi periods after the main time (0: none), each of ``period_ms``."""
    period_ms: int = 0


@dataclass(frozen=True, slots=True)
class SitBoard:
    seat: int


@dataclass(frozen=True, slots=True)
class StandBoard:
    pass


@dataclass(frozen=True, slots=True)
class MoveBoard:
    """A move (or a game's claim) in the game's text: ``e2e4``/``Nf3``, ``h2e2``, ``h8``,
    ``dd``/``pass``, ``claim-threefold``, ``forbidden``..."""

    move: str


@dataclass(frozen=True, slots=True)
class ResignBoard:
    pass


@dataclass(frozen=True, slots=True)
class DrawBoard:
    """A draw offer, or the answer to the other player's: ``offer``, ``accept``, ``decline``."""

    answer: str


@dataclass(frozen=True, slots=True)
class FlagFall:
    """The server's: the side to move may have run out of time (checked against the log)."""


BoardCommand = SetUpBoard | SitBoard | StandBoard | MoveBoard | ResignBoard | DrawBoard | FlagFall
DRAW_WORDS = {"offer": "draw", "accept": "accept", "decline": "decline"}


# --- the state ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Clock:
    """Each side's main time left (ms) and since when the side to move has been thinking
    (None: stopped). Sudden death with a Fischer increment (``increment_ms`` added after each
    move), and byo-yomi (读秒) after the main time: ``periods`` of ``period_ms`` each, a move
    made within a period keeping it, each period overrun lost; the flag falls when the main
    time and the last period are gone.

    >>> c = Clock(1000, periods=(2, 2), period_ms=500, left=(1000, 1000), since=0)
    >>> c.remaining(0, 1600, 0), c.charged(0, 1600).left, c.charged(0, 1600).periods
    (400, (0, 1000), (1, 2))
    """

    base_ms: int
    increment_ms: int = 0
    left: tuple[int, int] = (0, 0)
    since: int | None = None
    periods: tuple[int, int] = (0, 0)
    period_ms: int = 0

    def remaining(self, player: int, now: int | None, to_move: int | None) -> int:
        """``player``'s time to their flag at ``now`` (main time and byo-yomi periods; their
        thinking so far counted when it is their turn and the clock runs)."""
        running = self.since is not None and now is not None and to_move == player
        thought = now - self.since if running else 0  # type: ignore[operator]
        return self.left[player] + self.periods[player] * self.period_ms - thought

    def charged(self, player: int, t: int) -> Clock:
        """The clock once ``player`` has moved at ``t``: their thinking taken from the main
        time, then from whole byo-yomi periods (the one moved in is kept)."""
        thought = t - self.since if self.since is not None else 0
        left, periods = list(self.left), list(self.periods)
        over = thought - left[player]
        left[player] = max(0, -over)
        if over > 0 and self.period_ms:
            periods[player] -= over // self.period_ms
        return replace(self, left=(left[0], left[1]), periods=(periods[0], periods[1]))

    def json(self, now: int | None, to_move: int | None) -> dict[str, Any]:
        return {
            "base_ms": self.base_ms,
            "increment_ms": self.increment_ms,
            "left": list(self.left),
            "periods": list(self.periods),
            "period_ms": self.period_ms,
            "since": self.since,
            "running": None if self.since is None else to_move,
            "now": now,
        }


@functools.lru_cache(maxsize=64)
def rules_of(name: str, settings: tuple[tuple[str, Any], ...]) -> RulesGame[Any, Any]:
    """The game ``name`` with ``settings`` (one object for every table playing it so)."""
    return game(name, **dict(settings))


@dataclass(frozen=True, slots=True)
class BoardTable:
    """A board table as its log has made it."""

    id: int
    seq: int = 0
    name: str = ""
    """The game ("chess", ...); empty until set up."""
    settings: tuple[tuple[str, Any], ...] = ()
    seats: tuple[Occupant | None, Occupant | None] = (None, None)
    robots: tuple[int | None, int | None] = (None, None)
    """The robot level of each seat a robot plays (None: a person's seat)."""
    position: Any = None
    """The game's own state (``qipai.games``), None until set up."""
    clock: Clock | None = None
    result: dict[str, Any] | None = None
    """The ``board.result`` payload once the game is over."""
    closed: bool = False

    @property
    def game(self) -> RulesGame[Any, Any]:
        return rules_of(self.name, self.settings)

    def seat_of(self, user_id: int | None) -> int | None:
        for seat, occ in enumerate(self.seats):
            if occ is not None and user_id is not None and occ.user_id == user_id:
                return seat
        return None

    def filled(self, seat: int) -> bool:
        return self.seats[seat] is not None or self.robots[seat] is not None

    @property
    def started(self) -> bool:
        """Both seats are taken (a person or a robot): the game is on, or was."""
        return self.position is not None and self.filled(0) and self.filled(1)

    @property
    def over(self) -> bool:
        return self.position is not None and self.game.outcome(self.position) is not None

    @property
    def to_move(self) -> int | None:
        """The seat to move now (None before the start and after the end)."""
        if not self.started or self.over:
            return None
        return self.game.to_move(self.position)


def TableOf(table_id: int) -> BoardTable:
    """A board table before its first entry."""
    return BoardTable(id=table_id)


@dataclass(frozen=True, slots=True)
class BoardViewer:
    """How one user sees a board table: as the player of ``seat`` or (None) a spectator."""

    seat: int | None


# --- decide ---------------------------------------------------------------------------------


def decide(state: BoardTable, user: Occupant | None, command: BoardCommand) -> list[Entry]:
    """The entries ``command`` causes, or BoardCommandError (the table unchanged)."""
    if isinstance(command, SetUpBoard):
        return _set_up(state, user, command)
    if state.position is None:
        raise _refused("not_set_up")
    if isinstance(command, FlagFall):
        player = state.to_move
        if user is not None or player is None or state.clock is None:
            return []
        return [_move_entry(None, f"{state.game.sides[player]}:timeout")]
    if user is None:
        raise _refused("log_in")
    seat = state.seat_of(user.user_id)
    if isinstance(command, SitBoard):
        return _sit(state, user, seat, command.seat)
    if isinstance(command, StandBoard):
        if seat is None:
            raise _refused("not_seated")
        if state.started and not state.over:
            raise _refused("no_leaving", rule=state.game.rules)
        return [(BoardEntry.STOOD, {"seat": seat})]
    if seat is None:
        raise _refused("not_seated")
    if not state.started:
        raise _refused("not_started")
    side = state.game.sides[seat]
    if isinstance(command, ResignBoard):
        return [_checked(state, seat, f"{side}:resign")]
    if isinstance(command, DrawBoard):
        if command.answer not in DRAW_WORDS:
            raise _refused("draw_word")
        return [_checked(state, seat, f"{side}:{DRAW_WORDS[command.answer]}")]
    if state.over:
        raise _rule_refused(GameError("error.game_over", state.game.rules))
    if state.to_move != seat:
        raise _refused("not_your_turn", rule=state.game.rules)
    return [_checked(state, seat, command.move)]


def _set_up(state: BoardTable, user: Occupant | None, cmd: SetUpBoard) -> list[Entry]:
    if user is not None or state.seq != 0:
        raise _refused("set_up_once")
    if cmd.game not in GAMES:
        raise _refused("unknown_game", game=cmd.game, games=", ".join(GAMES))
    try:
        rules_of(cmd.game, cmd.settings).new()
    except (GameError, TypeError, ValueError) as e:
        raise _refused("bad_settings", detail=str(e)) from None
    clock = None
    if cmd.base_ms is not None:
        clock = {"base_ms": cmd.base_ms, "increment_ms": cmd.increment_ms}
        if cmd.periods:
            clock.update(periods=cmd.periods, period_ms=cmd.period_ms)
    payload = {
        "game": cmd.game,
        "settings": dict(cmd.settings),
        "robots": list(cmd.robots),
        "clock": clock,
    }
    return [(BoardEntry.SETUP, payload)]


def _sit(state: BoardTable, user: Occupant, seat: int | None, want: int) -> list[Entry]:
    if want not in (0, 1):
        raise _refused("bad_seat")
    if seat is not None:
        raise _refused("seated_already")
    if state.filled(want):
        raise _refused("seat_taken")
    if state.over:
        raise _rule_refused(GameError("error.game_over", state.game.rules))
    return [(BoardEntry.SEATED, {"seat": want, "user_id": user.user_id, "name": user.name})]


def _checked(state: BoardTable, seat: int, move_text: str) -> Entry:
    """The move entry for ``move_text`` by ``seat``, in the game's own text for it, once the
    game's rules have accepted it (the error citing the rule if not)."""
    g, position = state.game, state.position
    try:
        move = g.parse(position, move_text)
        g.apply(position, move)
    except GameError as e:
        raise _rule_refused(e) from None
    return _move_entry(seat, g.text(position, move))


def _move_entry(seat: int | None, move: str, robot: bool = False) -> Entry:
    payload: dict[str, Any] = {"seat": seat, "move": move}
    if robot:
        payload["robot"] = True
    return (BoardEntry.MOVE, payload)


def robot_move(seat: int, move_text: str) -> Entry:
    """The entry of a robot's move (checked in ``settle``, as anyone's)."""
    return _move_entry(seat, move_text, robot=True)


# --- settle ---------------------------------------------------------------------------------


def settle(
    state: BoardTable, entries: list[Entry], t: int | None
) -> list[tuple[Entry, BoardTable]]:
    """``entries`` stamped with ``t`` and folded in. A move made after its player's flag fell
    is recorded as the loss on time instead; a flag that has not fallen records nothing; the
    game's end adds its ``board.result``."""
    out: list[tuple[Entry, BoardTable]] = []
    for kind, payload in entries:
        if kind == BoardEntry.MOVE and state.clock is not None and state.to_move is not None:
            player = state.to_move
            flagged = state.clock.remaining(player, t, player) <= 0
            if payload["seat"] is None and not flagged:
                continue  # the flag was checked early: nothing yet
            if flagged and payload["seat"] == player:
                payload = {"seat": None, "move": f"{state.game.sides[player]}:timeout"}
        entry: Entry = (kind, payload if t is None else {**payload, "t": t})
        if kind == BoardEntry.MOVE:
            _playable(state, payload["move"])
        state = fold(state, entry)
        out.append((entry, state))
        if kind == BoardEntry.MOVE and state.over and state.result is None:
            outcome = state.game.outcome(state.position)
            assert outcome is not None
            done: dict[str, Any] = {
                "result": outcome.result,
                "reason": outcome.reason.key,
                "moves": state.game.texts(state.position),
            }
            for entry in (
                (BoardEntry.RESULT, done if t is None else {**done, "t": t}),
                (BoardEntry.CLOSED, {} if t is None else {"t": t}),
            ):
                state = fold(state, entry)
                out.append((entry, state))
    return out


def _playable(state: BoardTable, move_text: str) -> None:
    """CommandError unless ``move_text`` is legal now (a robot's move is checked here)."""
    try:
        state.game.apply(state.position, state.game.parse(state.position, move_text))
    except GameError as e:
        raise _rule_refused(e) from None


# --- fold -----------------------------------------------------------------------------------


def fold(state: BoardTable, entry: Entry) -> BoardTable:
    """The table after one log entry."""
    kind, p = entry
    state = replace(state, seq=state.seq + 1)
    t: int | None = p.get("t")
    if kind == BoardEntry.SETUP:
        settings = tuple(sorted(p.get("settings", {}).items()))
        c = p.get("clock")
        clock = None
        if c is not None:
            periods = c.get("periods", 0)
            clock = Clock(
                c["base_ms"],
                c["increment_ms"],
                (c["base_ms"],) * 2,
                periods=(periods, periods),
                period_ms=c.get("period_ms", 0),
            )
        robots = tuple(p["robots"])
        state = replace(
            state,
            name=p["game"],
            settings=settings,
            robots=(robots[0], robots[1]),
            clock=clock,
            position=rules_of(p["game"], settings).new(),
        )
        return _start_clock(state, t)
    if kind == BoardEntry.SEATED:
        seats = list(state.seats)
        seats[p["seat"]] = Occupant(p["user_id"], p["name"])
        return _start_clock(replace(state, seats=(seats[0], seats[1])), t)
    if kind == BoardEntry.STOOD:
        seats = list(state.seats)
        seats[p["seat"]] = None
        return replace(state, seats=(seats[0], seats[1]))
    if kind == BoardEntry.MOVE:
        return _fold_move(state, p["seat"], p["move"], t)
    if kind == BoardEntry.RESULT:
        return replace(state, result={k: v for k, v in p.items() if k not in ("v", "t")})
    if kind == BoardEntry.CLOSED:
        return replace(state, closed=True)
    raise ValueError(f"not a board table entry: {kind!r}")


def _start_clock(state: BoardTable, t: int | None) -> BoardTable:
    """The clock starts when both seats are first taken."""
    c = state.clock
    if c is None or c.since is not None or not state.started or state.position.moves:
        return state
    return replace(state, clock=replace(c, since=t))


def _fold_move(state: BoardTable, seat: int | None, move_text: str, t: int | None) -> BoardTable:
    g = state.game
    before = state.to_move
    position = g.apply(state.position, g.parse(state.position, move_text))
    after = replace(state, position=position)
    c = state.clock
    if c is None or before is None:
        return after
    now_to_move = after.to_move
    if now_to_move == before:
        return after  # a draw offer, or a claim refused: the same player still thinks
    if seat is None:  # the flag fell
        left, periods = list(c.left), list(c.periods)
        left[before], periods[before] = 0, 0
        c = replace(c, left=(left[0], left[1]), periods=(periods[0], periods[1]))
    elif c.since is not None and t is not None:
        c = c.charged(before, t)
        if now_to_move is not None and c.increment_ms:
            left = list(c.left)
            left[before] += c.increment_ms
            c = replace(c, left=(left[0], left[1]))
    return replace(after, clock=replace(c, since=t if now_to_move is not None else None))


# --- views ----------------------------------------------------------------------------------


def viewer_of(state: BoardTable, user_id: int | None) -> BoardViewer:
    return BoardViewer(state.seat_of(user_id))


def seats_json(state: BoardTable) -> list[dict[str, Any] | None]:
    out: list[dict[str, Any] | None] = []
    for seat in (0, 1):
        occ, level = state.seats[seat], state.robots[seat]
        if occ is not None:
            out.append({"name": occ.name, "user_id": occ.user_id, "robot": False})
        elif level is not None:
            out.append({"name": None, "robot": True, "level": level})
        else:
            out.append(None)
    return out


def view_json(state: BoardTable, seen: BoardViewer) -> dict[str, Any] | None:
    """What ``seen`` is shown: the game's view of its seat (the legal moves only to the player
    to move; nothing a player must find out alone, such as renju's forbidden points)."""
    if state.position is None:
        return None
    g = state.game
    player = seen.seat if state.started else None
    v = g.view(state.position, player)
    if not state.started and seen.seat is not None:
        v["you"] = g.sides[seen.seat]
    v["sides"] = list(g.sides)
    v["side_names"] = {lang: [g.side_name(i, lang) for i in (0, 1)] for lang in ("en", "zh-CN")}
    v["rules"] = g.rules
    if state.result is not None:
        v["reason_text"] = {
            lang: g.outcome(state.position).text(g.side_terms, lang)  # type: ignore[union-attr]
            for lang in ("en", "zh-CN")
        }
    return v


def summary(record: TableRecord, state: BoardTable, now_ms: int) -> dict[str, Any]:
    """The table for every message: its game, seats, clock, result."""
    return {
        "id": record.id,
        "name": record.name,
        "kind": "board",
        "game": state.name,
        "settings": dict(state.settings),
        "private": record.private,
        "seats": seats_json(state),
        "started": state.started,
        "to_move": state.to_move,
        "clock": None if state.clock is None else state.clock.json(now_ms, state.to_move),
        "result": state.result,
        "closed": state.closed,
        "seq": state.seq,
    }


def public_entry(entry: Entry) -> dict[str, Any]:
    """An entry as anyone may see it (perfect information: all of it)."""
    kind, payload = entry
    return {"type": str(kind), **{k: v for k, v in payload.items() if k != "v"}}


assert set(GAMES) <= set(NAMES)
