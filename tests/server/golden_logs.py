"""Table logs written by the code as it was before the log was typed (commit 74e2cfe), with the
state each folds to, kept in ``data/golden_logs.json``: the log's stored JSON must keep folding
to the same table (``test_table_log.py``).

Made once with the old code checked out::

    git worktree add /tmp/ref 74e2cfe
    PYTHONPATH=/tmp/ref/src python tests/server/golden_logs.py > tests/server/data/golden_logs.json

The scenarios use only what both the old and the new code have (``decide``, ``settle``,
``action_event``, ``robot_claim_answer`` and the commands): every entry type appears.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from qipai.bridge import MakeCall, PlayCard, Seat, legal_cards, parse_call
from qipai.server import table as tb

DATA = "data/golden_logs.json"


def digest(state: Any) -> dict[str, Any]:
    """What a folded table is, as plain JSON: everything the log sets."""
    board = state.board
    return {
        "seq": state.seq,
        "seats": [None if o is None else [o.user_id, o.name] for o in state.seats],
        "board_no": state.board_no,
        "board": None
        if board is None
        else {
            "number": board.number,
            "deal": board.deal.pbn(),
            "auction": [str(e.call) for e in board.auction.entries],
            "alerts": [[e.alert, e.explanation] for e in board.auction.entries],
            "played": [str(c) for c in board.played],
            "phase": board.phase.name,
            "claim": None if board.claim is None else board.claim.tricks,
            "score_ns": board.score_ns if board.phase.name == "DONE" else None,
        },
        "explanations_zh": list(state.explanations_zh),
        "held": sorted([u, s.letter] for u, s in state.held),
        "closed": state.closed,
        "actions": [[k, {f: x for f, x in p.items() if f != "v"}] for k, p in state.actions],
        "undo": None
        if state.undo is None
        else [
            state.undo.seat.letter,
            state.undo.keep,
            sorted(s.letter for s in state.undo.accepted),
        ],
        "robot_seats": sorted(s.letter for s in state.robot_seats),
        "clocks": list(state.clocks),
        "totals": list(state.totals),
        "turn_since": state.turn_since,
        "boards": [list(b) for b in state.boards],
        "tournament": state.tournament,
        "paused": state.paused,
        "undone": sorted([side.name, kind, n] for side, kind, n in state.undone),
    }


class Log:
    """A table and its log, commands settled as the actor settles them (time in ms)."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.events: list[list[Any]] = []
        self.t = 1_700_000_000_000

    def settle(self, events: list[Any]) -> None:
        self.t += 1500
        for event, after in tb.settle(self.state, events, self.t):
            self.events.append([event[0], event[1]])
            self.state = after

    def do(self, user: Any, command: Any) -> None:
        self.settle(tb.decide(self.state, user, command))

    def acting_user(self) -> Any:
        seat = self.state.acting
        return self.state.seats[seat]

    def play_first_cards(self, n: int) -> None:
        for _ in range(n):
            card = legal_cards(self.state.board)[0]
            self.do(self.acting_user(), tb.CardCmd(card))


PEOPLE = [tb.Occupant(i, name) for i, name in enumerate(["ann", "bob", "cat", "dan"], 1)]


def club_table() -> Log:
    """Four people: sit, an alerted auction, play, chat, an undo, a claim, a robot taking an
    away seat and handing it back, a second board, standing up mid-board, closed."""
    log = Log(tb.TableState(id=1, seed="golden", robots=False, owner_id=1))
    for occ, seat in zip(PEOPLE, Seat, strict=True):
        log.do(occ, tb.Sit(seat))
    ann, bob, cat, dan = PEOPLE
    log.do(ann, tb.CallCmd(parse_call("1NT"), alert=True, explanation="15-17"))
    log.do(bob, tb.CallCmd(parse_call("P")))
    log.do(cat, tb.CallCmd(parse_call("3NT")))
    log.do(dan, tb.CallCmd(parse_call("P")))
    log.do(bob, tb.Chat("good luck"))
    log.do(ann, tb.CallCmd(parse_call("P")))
    log.do(bob, tb.CallCmd(parse_call("P")))
    log.play_first_cards(5)
    asker = log.state.seats[Seat.parse(log.state.actions[-1][1]["by"])]  # the last card's
    log.do(asker, tb.UndoCmd())
    seat = log.state.seat_of(asker.user_id)
    log.do(log.state.seats[seat.lho], tb.UndoAnswerCmd(True))
    log.do(log.state.seats[seat.rho], tb.UndoAnswerCmd(True))
    log.play_first_cards(8)
    log.do(bob, tb.RobotTakeover(Seat.EAST))
    log.do(None, tb.PlayerReturned(Seat.EAST))
    declarer = log.state.board.declarer
    log.do(log.state.seats[declarer], tb.ClaimCmd(7))
    log.do(log.state.seats[declarer.lho], tb.ClaimResponseCmd(True))
    log.do(log.state.seats[declarer.rho], tb.ClaimResponseCmd(True))
    log.do(ann, tb.NextBoard())
    log.do(log.acting_user(), tb.CallCmd(parse_call("1C")))
    log.do(dan, tb.Stand())
    log.do(ann, tb.Close())
    return log


def tournament_table() -> Log:
    """Set up with two boards and robots in two seats; paused and resumed; robot calls; a
    claim the robots dispute, ruled at once; finished."""
    log = Log(tb.TableState(id=2, seed="golden-t", robots=True))
    deals = (
        "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        "E:AK2.QJ3.T98.7654 QJ3.T98.7654.AK2 T98.7654.AK2.QJ3 7654.AK2.QJ3.T98",
    )
    ann, bob = PEOPLE[0], PEOPLE[1]
    log.do(None, tb.SetUp(((5, deals[0]), (6, deals[1])), (ann, None, bob, None), (9, 2, 1)))
    log.do(None, tb.Hold("tea"))
    log.do(None, tb.Release())
    for _ in range(4):
        seat = log.state.acting
        call = "1S" if not log.state.board.auction.entries else "P"
        if log.state.is_robot(seat):
            event = tb.action_event(log.state, MakeCall(parse_call(call), seat), robot=True)
            event[1]["explanation_zh"] = "不叫" if call == "P" else "开叫"
            log.settle([event])
        else:
            log.do(log.state.seats[seat], tb.CallCmd(parse_call(call)))
    while len(log.state.board.played) < 4:
        seat = log.state.acting
        card = legal_cards(log.state.board)[0]
        if log.state.is_robot(seat):
            log.settle([tb.action_event(log.state, PlayCard(card, seat), robot=True)])
        else:
            log.do(log.state.seats[seat], tb.CardCmd(card))
    declarer = log.state.board.declarer
    log.do(log.state.seats[declarer], tb.ClaimCmd(12))
    defender = declarer.lho
    log.settle(tb.robot_claim_answer(log.state, defender, 9))
    log.do(None, tb.Finish("the round is over"))
    return log


def make() -> dict[str, Any]:
    out = {}
    for name, build in (("club", club_table), ("tournament", tournament_table)):
        log = build()
        out[name] = {"events": log.events, "state": digest(log.state)}
    return out


if __name__ == "__main__":
    json.dump(make(), sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")
