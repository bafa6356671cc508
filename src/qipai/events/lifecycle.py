"""The event as a state machine driven by ``now`` and results.

``advance(state, now)`` does whatever the stored timestamps say is due by ``now``, in order:

1. at ``next_round_at`` before the start (the start time), registration closes, the format
   fixes what the field will play (a movement for a pair game) and round 1 is seated; with
   fewer than two pairs, or a field no movement serves, the event is cancelled instead;
2. a round closes when every table has a record for every board (at the time of the last
   result) or when its clock runs out (at ``ends_at``): boards not finished are recorded as not
   played (cut, no make-up), the round is scored, and the next round is due ``break_length``
   after the close; the last round's close finishes the event;
3. at ``next_round_at`` the next round is seated by the format
   (:mod:`~qipai.events.formats`): Swiss pairing on the totals so far, or the movement's next
   round; pairs that have withdrawn are left out.

This module is the same for every format: the format only seats rounds.

Transitions happen at their stored times, not at ``now``, so how often the poller calls makes
no difference. While the director has paused the event nothing is due; resuming moves every
pending timestamp on by the length of the pause. Every other transition here (results,
withdrawals, director actions, and registration in :mod:`~qipai.events.registration`) first
calls ``advance(state, now)``, so nothing acts on a stale state.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from .errors import (
    AlreadyPaused,
    AlreadyWithdrawn,
    BadResult,
    BoardNotInRound,
    EventNotRunning,
    EventOver,
    EventPaused,
    MovementError,
    NotPaused,
    ResultAlreadyRecorded,
    RoundClosed,
    SettingsError,
    UnknownPair,
    UnknownTable,
)
from .formats import format_of, pairing_order
from .settings import EventSettings, check_settings, round_warnings
from .state import BoardRecord, EventState, Note, Played, Round, Status

__all__ = [
    "advance",
    "cancel",
    "create_event",
    "next_due",
    "pairing_order",  # re-exported from formats
    "pause",
    "record_result",
    "resume",
    "withdraw",
]


def create_event(
    settings: EventSettings, *, seed: str, now: datetime, director: str | None = None
) -> EventState:
    """A new event open for registration; raises for a start time not after ``now``.
    ``director``: the creator's name, the event's first director."""
    warnings = check_settings(settings, now)
    return EventState(
        settings=settings,
        seed=str(seed),
        created_at=now,
        next_round_at=settings.start,
        warnings=warnings,
        directors=() if director is None else (director,),
    )


def _check_now(now: datetime) -> None:
    if not isinstance(now, datetime) or now.utcoffset() is None:
        raise SettingsError(f"now must be a timezone-aware datetime, not {now!r}")


def next_due(state: EventState) -> datetime | None:
    """When :func:`advance` next has something to do without a new result: the start, the
    round's end or the next round's seating; None when paused or over. A poller may sleep until
    then (and must also call ``advance`` after each result, which may close a round early).
    """
    if state.is_over or state.paused_at is not None:
        return None
    rnd = state.current_round
    if rnd is not None:
        return rnd.ends_at
    return state.next_round_at


def advance(state: EventState, now: datetime) -> EventState:
    """``state`` with everything due by ``now`` done (see the module's description)."""
    _check_now(now)
    while True:
        following = _step(state, now)
        if following is None:
            return state
        state = following


def _step(state: EventState, now: datetime) -> EventState | None:
    if state.is_over or state.paused_at is not None:
        return None
    rnd = state.current_round
    if rnd is not None:
        if rnd.is_complete:
            last = max((r.at for t in rnd.tables for r in t.records), default=rnd.starts_at)
            return _close(state, max(last, rnd.starts_at))
        if now >= rnd.ends_at:
            return _close(state, rnd.ends_at)
        return None
    due = state.next_round_at
    if due is None or now < due:
        return None
    if state.status is Status.REGISTRATION:
        return _start(state, due)
    return _seat(state, len(state.rounds) + 1, due)


def _note(state: EventState, at: datetime, text: str) -> tuple[Note, ...]:
    return (*state.notes, Note(at, text))


def _start(state: EventState, at: datetime) -> EventState:
    if len(state.pairs) < 2:
        return _cancelled_at_start(state, at, f"{len(state.pairs)} pair(s) registered")
    started = replace(
        state,
        status=Status.RUNNING,
        hands=(),
        warnings=(*state.warnings, *round_warnings(state.settings, len(state.pairs))),
        notes=_note(state, at, f"registration closed with {len(state.pairs)} pairs"),
    )
    try:
        planned = format_of(state.settings).plan(started, at)
    except MovementError as e:
        return _cancelled_at_start(state, at, str(e))
    return _seat(planned, 1, at)


def _cancelled_at_start(state: EventState, at: datetime, why: str) -> EventState:
    return replace(
        state,
        status=Status.CANCELLED,
        hands=(),
        next_round_at=None,
        notes=_note(state, at, f"cancelled at the start: {why}"),
    )


def _seat(state: EventState, number: int, at: datetime) -> EventState:
    tables, byes, lines = format_of(state.settings).seat(state, number)
    rnd = Round(
        number=number,
        boards=tuple(sorted({b for t in tables for b in t.boards})),
        tables=tables,
        byes=byes,
        starts_at=at,
        ends_at=at + state.settings.round_length,
    )
    notes = (*state.notes, *(Note(at, line) for line in lines))
    return replace(state, rounds=(*state.rounds, rnd), next_round_at=None, notes=notes)


def _close(state: EventState, at: datetime) -> EventState:
    rnd = state.current_round
    assert rnd is not None
    tables = []
    cut = 0
    for t in rnd.tables:
        missing = [b for b in t.boards if t.record(b) is None]
        cut += len(missing)
        records = (*t.records, *(BoardRecord(b, at, played=False) for b in missing))
        tables.append(replace(t, records=records))
    closed = replace(rnd, tables=tuple(tables), closed_at=at)
    last = rnd.number >= state.settings.rounds
    text = f"round {rnd.number} closed"
    if cut:
        text += f"; {cut} board(s) not played"
    notes = _note(state, at, text)
    if last:
        notes = (*notes, Note(at, "event finished"))
    return replace(
        state,
        rounds=(*state.rounds[:-1], closed),
        status=Status.FINISHED if last else state.status,
        next_round_at=None if last else at + state.settings.break_length,
        notes=notes,
    )


# -- results -----------------------------------------------------------------------------------


def _check_running(state: EventState) -> None:
    if state.status is Status.REGISTRATION:
        raise EventNotRunning(f"{state.settings.name} has not started")
    if state.is_over:
        raise EventOver(f"{state.settings.name} is {state.status.value}")


def record_result(
    state: EventState,
    round_number: int,
    table_number: int,
    board: int,
    result: Played,
    now: datetime,
) -> EventState:
    """Record ``result`` on ``board`` at table ``table_number`` of round ``round_number``, as
    finished at ``now``. Refused once the round has closed (its unfinished boards are cut)."""
    state = advance(state, now)
    _check_running(state)
    if state.paused_at is not None:
        raise EventPaused(f"{state.settings.name} is paused: results wait until it resumes")
    if not 1 <= round_number <= len(state.rounds):
        raise UnknownTable(f"round {round_number} has not been seated")
    rnd = state.rounds[round_number - 1]
    if rnd.closed_at is not None:
        raise RoundClosed(
            f"round {round_number} closed at {rnd.closed_at.isoformat()}: its unfinished boards"
            " were not played and cannot be made up"
        )
    if now < rnd.starts_at:
        raise BadResult(
            f"a result at {now.isoformat()} is before round {round_number} started "
            f"({rnd.starts_at.isoformat()})"
        )
    table = rnd.table(table_number)
    if table is None:
        raise UnknownTable(f"round {round_number} has no table {table_number}")
    if board not in table.boards:
        raise BoardNotInRound(
            f"table {table_number} of round {round_number} plays boards "
            f"{_board_list(table.boards)}, not {board}"
        )
    if table.record(board) is not None:
        raise ResultAlreadyRecorded(
            f"board {board} at table {table_number} of round {round_number} is already recorded"
        )
    ns_score = result.ns_score(board)
    record = BoardRecord(
        board, now, True, result.contract, result.declarer, result.tricks, ns_score, result.lead
    )
    tables = tuple(
        replace(t, records=(*t.records, record)) if t.number == table_number else t
        for t in rnd.tables
    )
    rounds = (*state.rounds[:-1], replace(rnd, tables=tables))
    return advance(replace(state, rounds=rounds), now)


def _board_list(boards: tuple[int, ...]) -> str:
    """``4-6`` for a run, ``1, 2, 9, 10`` otherwise."""
    if boards and list(boards) == list(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}-{boards[-1]}"
    return ", ".join(map(str, boards))


# -- withdrawals and the director -------------------------------------------------------------


def withdraw(state: EventState, pair_number: int, now: datetime) -> EventState:
    """Pair ``pair_number`` withdraws: it finishes the round in play (if any) and is not
    seated after it; its results and total stay."""
    state = advance(state, now)
    if state.status is Status.REGISTRATION:
        raise EventNotRunning(
            f"{state.settings.name} has not started: before the start a pair unregisters"
        )
    _check_running(state)
    pair = state.pair(pair_number)
    if pair is None:
        raise UnknownPair(f"there is no pair {pair_number}")
    if pair.withdrawn_after is not None:
        raise AlreadyWithdrawn(
            f"pair {pair_number} ({pair.name}) withdrew after round {pair.withdrawn_after}"
        )
    after = len(state.rounds)
    gone = replace(pair, withdrawn_after=after, withdrawn_at=now)
    pairs = tuple(gone if p.number == pair_number else p for p in state.pairs)
    text = f"pair {pair_number} ({pair.name}) withdrew after round {after}"
    return replace(state, pairs=pairs, notes=_note(state, now, text))


def pause(state: EventState, now: datetime, reason: str = "") -> EventState:
    """The director pauses the event: clocks stop until :func:`resume`."""
    state = advance(state, now)
    if state.is_over:
        raise EventOver(f"{state.settings.name} is {state.status.value}")
    if state.paused_at is not None:
        raise AlreadyPaused(f"{state.settings.name} is already paused")
    text = _PAUSED + (f": {reason}" if reason else "")
    return replace(state, paused_at=now, notes=_note(state, now, text))


_PAUSED = "paused by the director"


def pause_reason(state: EventState) -> str | None:
    """The director's reason for the pause in force ("" if none was given), or None when the
    event is not paused."""
    if state.paused_at is None:
        return None
    for note in reversed(state.notes):
        if note.text.startswith(_PAUSED):
            return note.text.removeprefix(_PAUSED).removeprefix(": ")
    return ""


def resume(state: EventState, now: datetime) -> EventState:
    """The director resumes a paused event: every pending timestamp moves on by the pause."""
    _check_now(now)
    if state.is_over:
        raise EventOver(f"{state.settings.name} is {state.status.value}")
    if state.paused_at is None:
        raise NotPaused(f"{state.settings.name} is not paused")
    if now < state.paused_at:
        raise SettingsError(
            f"cannot resume at {now.isoformat()}, before the pause at {state.paused_at.isoformat()}"
        )
    shift = now - state.paused_at
    rounds = state.rounds
    rnd = state.current_round
    if rnd is not None:
        rounds = (*rounds[:-1], replace(rnd, ends_at=rnd.ends_at + shift))
    due = state.next_round_at
    resumed = replace(
        state,
        rounds=rounds,
        next_round_at=None if due is None else due + shift,
        paused_at=None,
        notes=_note(state, now, f"resumed by the director after {shift}"),
    )
    return advance(resumed, now)


def cancel(state: EventState, now: datetime, reason: str = "") -> EventState:
    """The director cancels the event. Every result recorded so far is kept; the boards of the
    round in play that are not finished are cut; no masterpoints are awarded."""
    if state.paused_at is None:
        state = advance(state, now)
    else:
        _check_now(now)
    if state.is_over:
        raise EventOver(f"{state.settings.name} is already {state.status.value}")
    if state.current_round is not None:
        state = _close(state, now)
        if state.status is Status.FINISHED:  # cancelled in the last round
            state = replace(state, notes=state.notes[:-1])
    text = "cancelled by the director" + (f": {reason}" if reason else "")
    return replace(
        state,
        status=Status.CANCELLED,
        hands=(),
        next_round_at=None,
        paused_at=None,
        notes=_note(state, now, text),
    )
