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

A team event (:mod:`qipai.events.teams`) plays each board of a round in two rooms of every
match, all matches of the round the same deals; :func:`may_see_team_board` is the same rule for
it: nobody sees one room's result or play of a board before the other room has finished it.

* Once the round is complete (every match played or ruled) or the event is over, everyone may.
* A member of a team playing in the round may see a board once **both rooms of their own
  match** have finished it (their team-mates in the other room may still be playing it);
* the director, while not playing in the round, may see every board at once;
* everyone else (spectators of either room, other accounts, a team with a bye) may see a board
  once both rooms of **every** match of the round have finished it: the hand record of a board
  shows every table that played its deal.

Watching a room live (:func:`may_watch_team_round`) shows its own play only, card by card: a
spectator may watch either room; a member of a team of the round may not watch (they sit at
their own table), nor see any other table of the round before its time.

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

from typing import TYPE_CHECKING

from .state import EventState

if TYPE_CHECKING:
    from .teams.event import TeamEvent, TeamRound
    from .teams.match import Match

__all__ = [
    "may_see_board",
    "may_see_team_board",
    "may_watch_team_round",
    "shown_boards",
    "shown_team_boards",
]


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


def _team_round(event: TeamEvent, round_number: int) -> TeamRound | None:
    return next((r for r in event.rounds if r.number == round_number), None)


def _match_of(rnd: TeamRound, event: TeamEvent, player: str | None) -> Match | None:
    """The match of the round that ``player``'s team plays (None: not playing in it)."""
    if player is None:
        return None
    team = next((t for t in event.teams if t.has(player)), None)
    if team is None:
        return None
    return next((m for m in rnd.matches if team.number in (m.home, m.away)), None)


def _finished(match: Match, board: int) -> bool:
    return match.is_complete or match.board(board).done


def may_see_team_board(
    event: TeamEvent, round_number: int, board: int, player: str | None, *, director: bool = False
) -> bool:
    """Whether ``player`` (None: an anonymous visitor) may see board ``board`` of round
    ``round_number`` of a team event now: its deal, and either room's play and result of it in
    any match of the round (see the module's text).

    >>> from qipai.bridge import Contract, Seat
    >>> from qipai.events import Played
    >>> from qipai.events.teams import TeamEventSettings, TeamFormat, Room, create, team
    >>> from qipai.events.teams.event import record_board
    >>> field = [team(1, "Blue", "ann", ["ann", "bo", "cy", "di"]),
    ...          team(2, "Red", "ed", ["ed", "fa", "gu", "hi"])]
    >>> e = create(TeamEventSettings("Cup", TeamFormat.TEAMS, boards=2), field, "doc")
    >>> e = record_board(e, 1, 1, 1, Room.OPEN, Played(Contract.parse("4S"), Seat.NORTH, 10))
    >>> [may_see_team_board(e, 1, 1, who) for who in ("ann", "ed", None)]
    [False, False, False]
    >>> may_see_team_board(e, 1, 1, "boss", director=True)
    True
    >>> e = record_board(e, 1, 1, 1, Room.CLOSED, Played(None))
    >>> [may_see_team_board(e, 1, 1, who) for who in ("ann", "ed", None)]
    [True, True, True]
    >>> may_see_team_board(e, 1, 2, "ann"), may_see_team_board(e, 2, 1, "boss", director=True)
    (False, False)
    """
    rnd = _team_round(event, round_number)
    if rnd is None or not 1 <= board <= max((m.boards for m in rnd.matches), default=0):
        return False  # not dealt yet
    if event.over or rnd.is_complete:
        return True
    own = _match_of(rnd, event, player)
    if own is not None:
        return _finished(own, board)
    if director:
        return True
    return all(_finished(m, board) for m in rnd.matches if board <= m.boards)


def may_watch_team_round(
    event: TeamEvent, round_number: int, player: str | None
) -> bool:
    """Whether ``player``, not seated there, may watch a room of round ``round_number`` live:
    anyone not playing in the round (the director too); a member of a team of the round once
    the round is complete. The director, not playing, is anyone."""
    rnd = _team_round(event, round_number)
    if rnd is None:
        return False
    if event.over or rnd.is_complete:
        return True
    return _match_of(rnd, event, player) is None


def shown_team_boards(
    event: TeamEvent, round_number: int, player: str | None, *, director: bool = False
) -> frozenset[int]:
    """The boards of round ``round_number`` that ``player`` may see now
    (:func:`may_see_team_board`)."""
    rnd = _team_round(event, round_number)
    top = max((m.boards for m in rnd.matches), default=0) if rnd is not None else 0
    return frozenset(
        b
        for b in range(1, top + 1)
        if may_see_team_board(event, round_number, b, player, director=director)
    )
