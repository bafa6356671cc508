"""What robots at a table agree to, decided in the table's pure logic (``decide``/``fold``): an
undo only of the asker's own last action before anyone else has acted, once a trick (or round of
the auction) per side, and never at a tournament table."""

from __future__ import annotations

import pytest

from qipai.bridge import Deal, MakeCall, PlayCard, Seat, legal_cards, parse_call
from qipai.server.table import (
    CallCmd,
    CardCmd,
    Command,
    CommandError,
    Occupant,
    SetUp,
    Sit,
    TableState,
    UndoCmd,
    action_event,
    decide,
    settle,
)

ANN = Occupant(7, "ann")


def run(t: TableState, user: Occupant | None, command: Command) -> TableState:
    """The table after ``user``'s ``command`` and what follows it."""
    for _event, after in settle(t, decide(t, user, command)):
        t = after
    return t


def robot(t: TableState, action: MakeCall | PlayCard) -> TableState:
    """The table after a robot's call or card."""
    for _event, after in settle(t, [action_event(t, action, robot=True)]):
        t = after
    return t


def call(t: TableState, text: str) -> TableState:
    """The seat to act calls ``text``: ann at South, robots elsewhere."""
    seat = t.acting
    assert seat is not None
    if seat is Seat.SOUTH:
        return run(t, ANN, CallCmd(parse_call(text)))
    return robot(t, MakeCall(parse_call(text), seat))


def club_table() -> TableState:
    """ann South, robots in the other seats; board 1 (North deals) started."""
    return run(TableState(id=1, seed="rules", robots=True), ANN, Sit(Seat.SOUTH))


def calls(t: TableState) -> list[str]:
    assert t.board is not None
    return [str(e.call) for e in t.board.auction.entries]


def test_robots_grant_the_askers_last_call_once_a_round():
    t = call(call(club_table(), "P"), "P")
    t = call(t, "1C")
    t = run(t, ANN, UndoCmd())  # robots agree at once: the call is gone
    assert calls(t) == ["P", "P"] and t.undo is None and t.acting is Seat.SOUTH
    t = call(t, "1D")
    with pytest.raises(CommandError, match="one undo per round of the auction"):
        decide(t, ANN, UndoCmd())
    t = call(call(call(call(t, "P"), "1H"), "P"), "1S")  # the next round
    t = run(t, ANN, UndoCmd())
    assert calls(t)[-1] == "P" and t.acting is Seat.SOUTH


def test_robots_never_take_back_their_own_calls_or_cards():
    t = call(call(club_table(), "P"), "P")
    t = call(t, "1C")
    t = call(t, "P")  # West, a robot, has called since
    with pytest.raises(CommandError, match="only your last call or card, before anyone"):
        decide(t, ANN, UndoCmd())
    assert calls(t) == ["P", "P", "1C", "P"]


def test_robots_grant_one_undo_a_trick():
    t = club_table()
    for text in ("P", "P", "1NT", "P", "P", "P"):  # ann declares 1NT; West leads
        t = call(t, text)
    assert t.board is not None and t.board.declarer is Seat.SOUTH
    lead = legal_cards(t.board)[0]
    t = robot(t, PlayCard(lead, Seat.WEST))
    mine = legal_cards(t.board)  # dummy's (North's) card, played by ann
    t = run(t, ANN, CardCmd(mine[0]))
    t = run(t, ANN, UndoCmd())
    assert t.board.played == (lead,)
    t = run(t, ANN, CardCmd(mine[-1]))
    with pytest.raises(CommandError, match="one undo per trick"):
        decide(t, ANN, UndoCmd())


def test_no_undo_at_a_tournament_table():
    deal = Deal.from_seed("tournament").pbn()
    setup = SetUp(((3, deal),), (None, None, ANN, None), (1, 1, 1))  # board 3: South deals
    t = TableState(id=2, seed="t", robots=True)
    t = run(t, None, setup)
    t = call(t, "1C")
    with pytest.raises(CommandError, match="not allowed at tournament tables"):
        decide(t, ANN, UndoCmd())
