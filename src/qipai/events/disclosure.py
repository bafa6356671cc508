"""Who may see a board of an event, and when: the one rule every page, file and API of an
event asks before it shows a board's deal or any table's result of it.

* Once the board's round is closed (or the event is over), everyone may.
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
    tables' results of it now; ``director`` when they direct the event."""
    if board < 1 or state.round_of_board(board) > len(state.rounds):
        return False  # not dealt yet
    rnd = state.rounds[state.round_of_board(board) - 1]
    if not rnd.is_open or state.is_over:
        return True
    pair = state.pair_of(player) if player is not None else None
    table = rnd.table_of(pair.number) if pair is not None and pair.plays_in(rnd.number) else None
    if table is not None:  # playing in this round: once their own table has finished it
        return table.record(board) is not None
    return director


def shown_boards(
    state: EventState, player: str | None, *, director: bool = False
) -> frozenset[int]:
    """Every board of the event that ``player`` may see now (see :func:`may_see_board`)."""
    return frozenset(
        board
        for rnd in state.rounds
        for board in rnd.boards
        if may_see_board(state, board, player, director=director)
    )
