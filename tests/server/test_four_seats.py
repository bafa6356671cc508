"""Items 7 and 10 of issue #15 at all four seats at once: every outcome of a claim or an undo
request (made, accepted, refused, done) reaches North, East, South and West alike, with the
claim's statement of the line of play; at a consent table each request to sit and the owner's
answer reach every seat; and the robots' undo rule (once a trick, the opening lead, a later
action) is in the seat's view before the player asks (``undo_declined``), the same words the
refusal would have."""

from qipai.bridge import MakeCall, Seat, parse_call
from qipai.server.table import (
    CallCmd,
    CommandError,
    Occupant,
    Sit,
    UndoCmd,
    action_event,
    decide,
    fold,
    request_undo,
    undo_declined,
)
from qipai.server.table_json import view_for
from qipai.server.table_state import TableState, Viewer

LINE = "draw trumps, then run the clubs"


def events(conn, *kinds):
    return [
        m["event"] for m in conn.messages if m["type"] == "event" and m["event"]["type"] in kinds
    ]


def outcomes(conns, *kinds):
    """What each seat was told of ``kinds``, without the times."""
    return {
        seat: [{k: v for k, v in e.items() if k != "t"} for e in events(c, *kinds)]
        for seat, c in conns.items()
    }


def same_everywhere(conns, *kinds):
    told = outcomes(conns, *kinds)
    assert told["N"], kinds
    assert all(told[s] == told["N"] for s in "ESW"), told
    return told["N"]


def test_claims_and_undos_are_told_to_all_four_seats(server, h):
    _table_id, _players, conns = h.four_at_table(server)
    # An undo refused (East refuses North's 1NT), then one accepted (South's pass).
    h.play_calls(conns, ["1NT"])
    assert not h.errors(conns["N"].request({"type": "undo"}))
    h.sync_all(conns)
    assert not h.errors(conns["E"].request({"type": "undo_answer", "accept": False}))
    h.sync_all(conns)
    h.play_calls(conns, ["P", "P"])
    assert not h.errors(conns["S"].request({"type": "undo"}))
    h.sync_all(conns)
    for seat in ("E", "W"):
        assert not h.errors(conns[seat].request({"type": "undo_answer", "accept": True}))
        h.sync_all(conns)
    told = same_everywhere(conns, "undo_requested", "undo_answer", "undo")
    assert [(e["type"], e.get("accept")) for e in told] == [
        ("undo_requested", None),
        ("undo_answer", False),
        ("undo_requested", None),
        ("undo_answer", True),
        ("undo_answer", True),
        ("undo", None),
    ]
    assert [e["seat"] for e in told] == ["N", "E", "S", "E", "W", "S"]
    # A claim disputed (with its statement), then one accepted by both defenders.
    h.play_calls(conns, ["P", "P"])  # South passes again, West passes: North declares 1NT
    lead = conns["E"].view["legal_cards"][0]
    assert not h.errors(conns["E"].request({"type": "card", "card": lead}))
    h.sync_all(conns)
    assert not h.errors(conns["N"].request({"type": "claim", "tricks": 7, "statement": LINE}))
    h.sync_all(conns)
    for seat in "NESW":
        assert conns[seat].view["claim_statement"] == LINE
    assert not h.errors(conns["W"].request({"type": "claim_response", "accept": False}))
    h.sync_all(conns)
    assert not h.errors(conns["N"].request({"type": "claim", "tricks": 0}))
    h.sync_all(conns)
    for seat in ("E", "W"):
        assert not h.errors(conns[seat].request({"type": "claim_response", "accept": True}))
        h.sync_all(conns)
    told = same_everywhere(conns, "claim", "claim_response", "board_done")
    assert [(e["type"], e.get("accept")) for e in told] == [
        ("claim", None),
        ("claim_response", False),
        ("claim", None),
        ("claim_response", True),
        ("claim_response", True),
        ("board_done", None),
    ]
    assert told[0]["statement"] == LINE and "statement" not in told[2]
    for seat in "NESW":
        assert conns[seat].view["phase"] == "done"


def test_requests_to_sit_are_told_to_all_four_seats(server, h):
    ps = [h.Player(server).register(n) for n in ("ann", "bob", "cat", "dan", "eve")]
    table_id = ps[0].create_table(seat="N", robot_level=None, seat_policy="consent")
    conns = {"N": ps[0].connect(table_id)}
    for p, seat in zip(ps[1:4], "ESW", strict=True):
        conns[seat] = p.connect(table_id)
        assert not h.errors(conns[seat].request({"type": "sit", "seat": seat}))
        assert not h.errors(
            conns["N"].request({"type": "seat_answer", "seat": seat, "accept": True})
        )
    h.sync_all(conns)
    assert {s: c.state["you"]["seat"] for s, c in conns.items()} == {s: s for s in "NESW"}
    # eve, watching, asks for a seat that frees up; every seat sees her asking and the answer.
    eve = ps[4].connect(table_id)
    assert not h.errors(conns["W"].request({"type": "stand"}))
    assert not h.errors(eve.request({"type": "sit", "seat": "W"}))
    assert h.errors(conns["W"].request({"type": "seat_answer", "seat": "W", "accept": True})) == [
        "only the table's owner answers a request to sit"
    ]
    assert not h.errors(conns["N"].request({"type": "seat_answer", "seat": "W", "accept": False}))
    h.sync_all(conns)
    told = {s: t[-2:] for s, t in outcomes(conns, "seat_requested", "seat_answer").items()}
    for seat in "NESW":  # each seat connected before eve asked
        assert [(e["type"], e["name"], e.get("accept")) for e in told[seat]] == [
            ("seat_requested", "eve", None),
            ("seat_answer", "eve", False),
        ], seat
    for c in conns.values():
        assert c.state["table"]["seats"]["W"] is None
    eve.sync()
    assert events(eve, "seat_answer")[-1]["accept"] is False


ANN = Occupant(1, "ann")


def robot(state, seat, call):
    entry = action_event(state, MakeCall(parse_call(call), seat), robot=True)
    return fold(state, entry)


def mine(state, call):
    for e in decide(state, ANN, CallCmd(parse_call(call))):
        state = fold(state, e)
    return state


def refusal(state):
    try:
        request_undo(state, Seat.SOUTH)
    except CommandError as e:
        return str(e)
    return None


def test_the_robots_undo_rule_is_in_the_view_before_the_player_asks():
    state = TableState(id=1, seed="undo-view", robots=True)
    for e in decide(state, ANN, Sit(Seat.SOUTH)):
        state = fold(state, e)
    state = robot(robot(state, Seat.NORTH, "P"), Seat.EAST, "P")
    assert undo_declined(state, Seat.SOUTH) is None  # nothing of South's to take back
    state = mine(state, "1C")
    shown = view_for(state, Viewer(Seat.SOUTH, seated=True))
    assert shown["undo_declined"] is None and refusal(state) is None  # robots would agree
    for e in decide(state, ANN, UndoCmd()):
        state = fold(state, e)
    assert [str(e.call) for e in state.board.auction.entries] == ["P", "P"]
    state = mine(state, "1D")  # the second undo of this round of the auction: declined
    shown = view_for(state, Viewer(Seat.SOUTH, seated=True))
    assert shown["undo_declined"] == {
        "message": "robots agree to one undo per round of the auction for each side",
        "zh": "机器人每轮叫牌只同意每方撤回一次",
    }
    assert refusal(state) == shown["undo_declined"]["message"]
    state = robot(state, Seat.WEST, "P")  # West has acted since
    shown = view_for(state, Viewer(Seat.SOUTH, seated=True))
    assert shown["undo_declined"]["message"] == refusal(state)
    assert "before anyone else acts" in refusal(state)
    # Watchers are told nothing of South's case.
    assert "undo_declined" not in view_for(state, Viewer(None))
