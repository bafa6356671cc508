"""The director's rulings (裁判, Law 12 and after) as pure transitions, the same for every format.

* :func:`adjust`: an artificial adjusted score for each side of a table's board (Law 12C2):
  average, average-plus, average-minus (50/60/40 % of the top, or 0/+3/-3 IMPs);
* :func:`assign`: an assigned adjusted score, a contract and result (Law 12C1);
* :func:`correct`: a result corrected after the round (Law 79C: an agreed score misrecorded);
* :func:`penalize`: a procedural penalty on a pair (Law 90);
* :func:`substitute`: a substitute for one player of a pair, between rounds;
* :func:`robot_pair`: robots take a pair's place, between rounds;
* :func:`withdraw_pair`: the director withdraws a pair;
* :func:`appoint`: a director names another.

A ruling on the results (adjust, assign, correct, penalize) is accepted while the event runs
and, once it has finished, within its correction period (Law 79C,
``EventSettings.correction_period``, 30 minutes unless the event says otherwise); after that
:class:`~qipai.events.errors.CorrectionPeriodOver` refuses it, citing the Law, and the
results are final. Replacing or withdrawing a pair needs a running event.

Only a director of the event may rule (``state.directors``: its creator, and those they
named); each ruling needs a reason and is written to the event's log as a
:class:`~qipai.events.state.Ruling` (who, when, what, why) and a note. The table's own record
stays as it came in, so a traveller shows what was played and what stands; the standings are
recomputed from the state, so they follow every ruling. A state stored before directors were
recorded names none, and then its server alone says who directs it.

>>> from datetime import datetime, timedelta, timezone
>>> from qipai.bridge import Contract, Seat
>>> from qipai.events import (EventSettings, Played, advance, create_event, raise_hand,
...                           record_result, standings)
>>> t = datetime(2025, 3, 1, 19, 0, tzinfo=timezone.utc)
>>> s = EventSettings("Pairs", t, rounds=1, boards_per_round=1,
...                   round_length=timedelta(minutes=8), scoring="mp")
>>> e = create_event(s, seed="doc", now=t - timedelta(hours=1), director="td")
>>> for a, b in [("ann", "bo"), ("bo", "ann"), ("cy", "di"), ("di", "cy")]:
...     e = raise_hand(e, a, b, t - timedelta(hours=1))
>>> e = advance(e, t + timedelta(minutes=8))  # the round's clock ran out: board 1 cut
>>> e = adjust(e, 1, 1, 1, ns=Artificial.PLUS, ew=Artificial.MINUS, by="td",
...            reason="fouled board", now=t + timedelta(minutes=9))
>>> [(r.pair, r.total) for r in standings(e).rows]
[(1, 60.0), (2, 40.0)]
>>> e.rulings[-1].what
'round 1, table 1, board 1: average-plus NS / average-minus EW'
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from .errors import (
    AlreadyRegistered,
    BoardNotInRound,
    CorrectionPeriodOver,
    EventNotRunning,
    NotDirector,
    RulingError,
    UnknownPair,
    UnknownTable,
)
from .lifecycle import advance, withdraw
from .state import (
    Adjustment,
    AdjustmentKind,
    Artificial,
    EventState,
    Note,
    Penalty,
    Played,
    Ruling,
    Status,
    is_robot_player,
    robot_player,
)

__all__ = [
    "adjust",
    "appoint",
    "assign",
    "correct",
    "penalize",
    "robot_pair",
    "substitute",
    "withdraw_pair",
]


def _check(state: EventState, by: str, reason: str, now: datetime) -> EventState:
    state = advance(state, now)
    if state.directors and by not in state.directors:
        raise NotDirector(f"{by} does not direct {state.settings.name}")
    if not isinstance(reason, str) or not reason.strip():
        raise RulingError("a ruling needs a reason")
    if state.status not in (Status.RUNNING, Status.FINISHED):
        raise EventNotRunning(f"{state.settings.name} has no results to rule on")
    until = state.corrections_until
    if until is not None and now > until:
        raise CorrectionPeriodOver(
            f"the correction period of {state.settings.name} ended at "
            f"{until.isoformat(timespec='minutes')}: its results are final (Law 79C)"
        )
    return state


def _ruled(state: EventState, by: str, what: str, reason: str, now: datetime) -> EventState:
    ruling = Ruling(now, by, what, reason.strip())
    note = Note(now, f"{by} ruled: {what} ({reason.strip()})")
    return replace(state, rulings=(*state.rulings, ruling), notes=(*state.notes, note))


def _where(state: EventState, round_number: int, table: int, board: int) -> None:
    """Refuses a board no table holds yet (not in the round, or not finished there)."""
    if not 1 <= round_number <= len(state.rounds):
        raise UnknownTable(f"round {round_number} has not been seated")
    rnd = state.rounds[round_number - 1]
    t = rnd.table(table)
    if t is None:
        raise UnknownTable(f"round {round_number} has no table {table}")
    if board not in t.boards:
        raise BoardNotInRound(f"table {table} of round {round_number} does not play board {board}")
    if t.record(board) is None:
        raise RulingError(
            f"board {board} at table {table} of round {round_number} is not finished yet"
        )


def adjust(
    state: EventState,
    round_number: int,
    table: int,
    board: int,
    *,
    ns: Artificial,
    ew: Artificial,
    by: str,
    reason: str,
    now: datetime,
) -> EventState:
    """An artificial adjusted score, one for each side (Law 12C2)."""
    state = _check(state, by, reason, now)
    _where(state, round_number, table, board)
    adj = Adjustment(
        round_number, table, board, AdjustmentKind.ARTIFICIAL, ns=Artificial(ns), ew=Artificial(ew)
    )
    return _with(state, adj, by, reason, now)


def _with(state: EventState, adj: Adjustment, by: str, reason: str, now: datetime) -> EventState:
    what = f"round {adj.round}, table {adj.table}, board {adj.board}: {adj.describe()}"
    state = replace(state, adjustments=(*state.adjustments, adj))
    return _ruled(state, by, what, reason, now)


def _scored(
    state: EventState,
    kind: AdjustmentKind,
    round_number: int,
    table: int,
    board: int,
    result: Played,
    by: str,
    reason: str,
    now: datetime,
) -> EventState:
    state = _check(state, by, reason, now)
    _where(state, round_number, table, board)
    score = result.ns_score(board)
    adj = Adjustment(
        round_number,
        table,
        board,
        kind,
        contract=result.contract,
        declarer=result.declarer,
        tricks=result.tricks,
        ns_score=score,
    )
    return _with(state, adj, by, reason, now)


def assign(
    state: EventState,
    round_number: int,
    table: int,
    board: int,
    result: Played,
    *,
    by: str,
    reason: str,
    now: datetime,
) -> EventState:
    """An assigned adjusted score (Law 12C1): the board scores as ``result``, compared with the
    board's other results."""
    return _scored(
        state, AdjustmentKind.ASSIGNED, round_number, table, board, result, by, reason, now
    )


def correct(
    state: EventState,
    round_number: int,
    table: int,
    board: int,
    result: Played,
    *,
    by: str,
    reason: str,
    now: datetime,
) -> EventState:
    """A result corrected after the round (Law 79C): the board scores as ``result``."""
    return _scored(
        state, AdjustmentKind.CORRECTED, round_number, table, board, result, by, reason, now
    )


def penalize(
    state: EventState, pair: int, points: float, *, by: str, reason: str, now: datetime
) -> EventState:
    """A procedural penalty (Law 90): ``points`` off the pair's total (IMPs; at matchpoints,
    percent of a board's top)."""
    state = _check(state, by, reason, now)
    found = state.pair(pair)
    if found is None:
        raise UnknownPair(f"there is no pair {pair}")
    if isinstance(points, bool) or not isinstance(points, int | float) or not 0 < points <= 100:
        raise RulingError(f"a procedural penalty is more than 0 and at most 100, not {points!r}")
    state = replace(state, penalties=(*state.penalties, Penalty(pair, float(points), now)))
    what = f"pair {pair} ({found.name}): procedural penalty of {float(points):g}"
    return _ruled(state, by, what, reason, now)


def _between_rounds(state: EventState) -> None:
    if state.status is not Status.RUNNING or state.current_round is not None:
        raise RulingError("players are replaced between rounds only (not while a round is played)")


def _player_name(name: str) -> str:
    if not isinstance(name, str) or not name.strip() or is_robot_player(name.strip()):
        raise RulingError(f"a substitute is named by a player's name, not {name!r}")
    return name.strip()


def substitute(
    state: EventState,
    pair: int,
    player: str,
    substitute: str,
    *,
    by: str,
    reason: str,
    now: datetime,
) -> EventState:
    """``substitute`` plays for ``player`` in pair ``pair`` from the next round on."""
    state = _check(state, by, reason, now)
    _between_rounds(state)
    found = state.pair(pair)
    if found is None:
        raise UnknownPair(f"there is no pair {pair}")
    if player not in found.players:
        raise RulingError(f"{player} does not play in pair {pair} ({found.name})")
    new = _player_name(substitute)
    other = state.pair_of(new)
    if other is not None:
        raise AlreadyRegistered(f"{new} already plays in pair {other.number}")
    players = tuple(new if p == player else p for p in found.players)
    pairs = tuple(
        replace(p, players=(players[0], players[1])) if p.number == pair else p for p in state.pairs
    )
    what = f"pair {pair}: {new} substitutes for {player}"
    return _ruled(replace(state, pairs=pairs), by, what, reason, now)


def robot_pair(state: EventState, pair: int, *, by: str, reason: str, now: datetime) -> EventState:
    """Robots take pair ``pair``'s place from the next round on (it keeps its number and
    results; as a robot pair it wins no masterpoints)."""
    state = _check(state, by, reason, now)
    _between_rounds(state)
    found = state.pair(pair)
    if found is None:
        raise UnknownPair(f"there is no pair {pair}")
    if found.robots:
        raise RulingError(f"pair {pair} is already a robot pair")
    robots = (robot_player(pair, "a"), robot_player(pair, "b"))
    pairs = tuple(replace(p, players=robots) if p.number == pair else p for p in state.pairs)
    what = f"pair {pair} ({found.name}): robots play for it"
    return _ruled(replace(state, pairs=pairs), by, what, reason, now)


def withdraw_pair(
    state: EventState, pair: int, *, by: str, reason: str, now: datetime
) -> EventState:
    """The director withdraws pair ``pair`` (see :func:`~qipai.events.lifecycle.withdraw`)."""
    state = _check(state, by, reason, now)
    found = state.pair(pair)
    if found is None:
        raise UnknownPair(f"there is no pair {pair}")
    state = withdraw(state, pair, now)
    return _ruled(state, by, f"pair {pair} ({found.name}) withdrawn", reason, now)


def appoint(state: EventState, name: str, *, by: str, now: datetime) -> EventState:
    """A director names ``name`` a director of the event too."""
    state = advance(state, now)
    if state.directors and by not in state.directors:
        raise NotDirector(f"{by} does not direct {state.settings.name}")
    new = _player_name(name)
    if new in state.directors:
        raise RulingError(f"{new} already directs {state.settings.name}")
    # a state stored before directors were recorded names none: the one appointing (whom its
    # server let in as the director) is recorded first, so naming another keeps them in
    current = state.directors or (by,)
    state = replace(state, directors=(*current, new))
    return _ruled(state, by, f"{new} named a director", "appointed", now)
