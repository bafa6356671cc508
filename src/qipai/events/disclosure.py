"""Who may see a board of an event, and when: the one rule every page, file and API of an
event asks before it shows a board's deal or any table's result of it.

* Once the board's round is closed (every round that plays it, in a movement) or the event is
  over, everyone may.
* While the round is being played, a player whose pair has a table in it may see a board of
  the round once their own table has finished it (played it, or had it cut by the clock);
* the director, while not playing in the round, may see every board at once;
* everyone else (anonymous visitors, other accounts, a pair sitting out the round, a pair that
  withdrew) waits for the round to close.

Boards of rounds not yet seated are dealt for no one. A table's progress (which boards are
finished) is not a board's result and is public.

>>> from datetime import datetime, timedelta, timezone
>>> from qipai.bridge import Contract, Seat
>>> from qipai.events import (EventSettings, Played, advance, create_event, raise_hand,
...                           record_result)
>>> t = datetime(2025, 3, 1, 19, 0, tzinfo=timezone.utc)
>>> s = EventSettings("Swiss", t, rounds=2, boards_per_round=2,
...                   round_length=timedelta(minutes=16))
>>> e = create_event(s, seed="doc", now=t - timedelta(hours=1))
>>> for a, b in [("ann", "bo"), ("bo", "ann"), ("cy", "di"), ("di", "cy"),
...              ("ed", "fa"), ("fa", "ed"), ("gu", "hi"), ("hi", "gu")]:
...     e = raise_hand(e, a, b, t - timedelta(hours=1))
>>> e = advance(e, t)
>>> e = record_result(e, 1, 1, 1, Played(Contract.parse("4S"), Seat.NORTH, 10), t)
>>> sorted(shown_boards(e, "ann")), sorted(shown_boards(e, "ed")), sorted(shown_boards(e, None))
([1], [], [])
>>> sorted(shown_boards(e, "boss", director=True)), sorted(shown_boards(e, "ed", director=True))
([1, 2], [])
"""

from __future__ import annotations

from .state import EventState

__all__ = ["may_see_board", "shown_boards"]


def may_see_board(
    state: EventState, board: int, player: str | None, *, director: bool = False
) -> bool:
    """Whether ``player`` (None: an anonymous visitor) may see board ``board``'s deal and the
    tables' results of it now; ``director`` when they direct the event. In a movement a board
    travels: it is public once every round that plays it is over, and a pair that will still
    play it, later or now, does not see it before."""
    seated = [r for r in state.rounds if board in r.boards]
    if not seated:
        return False  # not dealt yet
    if state.is_over:
        return True
    planned = state.rounds_of_board(board)
    if all(not r.is_open for r in seated) and planned[-1] <= len(state.rounds):
        return True
    pair = state.pair_of(player) if player is not None else None
    if pair is not None:
        mine = [t for r in state.rounds for t in r.tables if pair.number in t.pairs]
        if any(t.record(board) is not None for t in mine):
            return True  # their own table has finished it
        if _will_play(state, pair.number, board):
            return False
        rnd = state.current_round
        if rnd is not None and pair.plays_in(rnd.number) and rnd.table_of(pair.number):
            return False  # players of the round in play wait for it to close
    return director


def _will_play(state: EventState, pair: int, board: int) -> bool:
    """Whether ``pair`` has a table still to play ``board`` (in the round in play, or planned)."""
    rnd = state.current_round
    if rnd is not None:
        t = rnd.table_of(pair)
        if t is not None and board in t.boards and t.record(board) is None:
            return True
    plan = state.plan
    if plan is None:
        return False
    return any(
        s.round > len(state.rounds) and pair in s.pairs and board in s.boards for s in plan.sittings
    )


def shown_boards(
    state: EventState, player: str | None, *, director: bool = False
) -> frozenset[int]:
    """Every board of the event that ``player`` may see now (see :func:`may_see_board`)."""
    return frozenset(
        board
        for board in {b for rnd in state.rounds for b in rnd.boards}
        if may_see_board(state, board, player, director=director)
    )
