"""What robots at a table agree to, decided in the table's pure logic (``decide``/``fold``): an
undo only of the asker's own last action before anyone else has acted, once a trick (or round of
the auction) per side, and never at an event's table; a claim only when it is good double
dummy, any other being ruled at once (Law 70), not withdrawn."""

from __future__ import annotations

import pytest

from qipai.bridge import Card, Deal, MakeCall, PlayCard, Seat, legal_cards, parse_call
from qipai.server.table import (
    CallCmd,
    CardCmd,
    ClaimCmd,
    Command,
    CommandError,
    Occupant,
    SetUp,
    Sit,
    TableState,
    UndoCmd,
    action_event,
    decide,
    robot_claim_answer,
    robot_to_act,
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


def declaring() -> tuple[TableState, Card]:
    """ann declares 1NT at South; West, a robot, has led. The table and the lead."""
    t = club_table()
    for text in ("P", "P", "1NT", "P", "P", "P"):
        t = call(t, text)
    assert t.board is not None and t.board.declarer is Seat.SOUTH
    lead = legal_cards(t.board)[0]
    return robot(t, PlayCard(lead, Seat.WEST)), lead


def test_robots_grant_one_undo_a_trick():
    t, lead = declaring()
    assert t.board is not None
    mine = legal_cards(t.board)  # dummy's (North's) card, played by ann
    t = run(t, ANN, CardCmd(mine[0]))
    t = run(t, ANN, UndoCmd())
    assert t.board.played == (lead,)
    t = run(t, ANN, CardCmd(mine[-1]))
    with pytest.raises(CommandError, match="one undo per trick"):
        decide(t, ANN, UndoCmd())


def test_robots_never_take_back_the_opening_lead():
    t = club_table()
    for text in ("P", "1NT", "P", "P", "P"):  # East, a robot, declares: ann (South) leads
        t = call(t, text)
    assert t.board is not None and t.board.declarer is Seat.EAST
    t = run(t, ANN, CardCmd(legal_cards(t.board)[0]))
    assert t.board.dummy_visible  # the lead faced dummy: taking it back would hide it again
    with pytest.raises(CommandError, match="opening lead: dummy is faced"):
        decide(t, ANN, UndoCmd())


def test_no_undo_at_a_tournament_table():
    deal = Deal.from_seed("tournament").pbn()
    setup = SetUp(((3, deal),), (None, None, ANN, None), (1, 1, 1))  # board 3: South deals
    t = TableState(id=2, seed="t", robots=True)
    t = run(t, None, setup)
    t = call(t, "1C")
    with pytest.raises(CommandError, match="not allowed at an event's tables"):
        decide(t, ANN, UndoCmd())


def test_a_claim_good_double_dummy_is_accepted():
    t, _lead = declaring()
    t = run(t, ANN, ClaimCmd(7))
    assert robot_to_act(t) is Seat.WEST
    events = robot_claim_answer(t, Seat.WEST, 8)
    assert events == [("claim_response", {"seat": "W", "accept": True, "robot": True})]
    for _event, after in settle(t, events):
        t = after
    assert t.board is not None and t.board.claim is not None and t.in_progress  # East next
    assert robot_to_act(t) is Seat.EAST


def test_a_disputed_claim_is_ruled_and_the_board_ends():
    t, _lead = declaring()
    t = run(t, ANN, ClaimCmd(11))
    events = robot_claim_answer(t, Seat.WEST, 9)
    assert events == [
        (
            "claim_ruled",
            {"seat": "W", "declarer": "S", "claimed": 11, "tricks": 9, "robot": True},
        )
    ]
    settled = settle(t, events)
    assert [e[0] for e, _ in settled] == ["claim_ruled", "board_done"]
    done, t = settled[-1]
    assert done[1]["tricks"] == 9 and not t.in_progress
    assert t.board is not None and t.board.declarer_tricks == 9
    with pytest.raises(CommandError, match="no board is being played"):
        decide(t, ANN, ClaimCmd(7))  # no second try


def test_without_a_solver_a_disputed_claim_is_withdrawn():
    t, _lead = declaring()
    t = run(t, ANN, ClaimCmd(11))
    events = robot_claim_answer(t, Seat.WEST, None)
    assert events == [("claim_response", {"seat": "W", "accept": False, "robot": True})]
