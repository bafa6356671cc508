"""No message to a seat or a spectator ever holds a card it may not see.

Random boards are played through the websocket by four people while two spectators watch; then
every message each connection received is checked against the true deal, replayed from the
store's event log: a card may appear only if it is the viewer's own, already played, dummy's
after the opening lead, declarer's to the defenders while a claim stands, or any once the board
is over."""

import random
import time

import pytest

from qipai.bridge import (
    Card,
    Claim,
    Deal,
    MakeCall,
    Phase,
    PlayCard,
    RespondToClaim,
    Seat,
    apply,
    new_board,
    parse_call,
)
from qipai.store import Store, sqlite_url

ALL = {str(Card.from_index(i)) for i in range(52)}


def truth_by_seq(db_path, table_id):
    """The true board after each event number (None before the first board)."""
    store = Store.open(sqlite_url(db_path))
    try:
        events = store.entries(table_id)
    finally:
        store.close()
    board, out = None, {0: None}
    for e in events:
        p = e.payload
        if e.type == "board_started":
            board = new_board(p["number"], Deal.parse(p["deal"]))
        elif e.type == "call":
            board = apply(board, MakeCall(parse_call(p["call"]), Seat.parse(p["seat"])))
        elif e.type == "card":
            board = apply(board, PlayCard(Card.parse(p["card"]), Seat.parse(p["by"])))
        elif e.type == "claim":
            board = apply(board, Claim(p["tricks"], Seat.parse(p["seat"])))
        elif e.type == "claim_response":
            board = apply(board, RespondToClaim(Seat.parse(p["seat"]), p["accept"]))
        out[e.seq] = board
    return out


def may_see(board, seat):
    """The cards ``seat`` (None: a spectator) may know of ``board``, written out from the Laws
    and independently of the server's views."""
    if board is None:
        return set()
    if board.phase is Phase.DONE:
        return set(ALL)
    seen = {str(c) for c in board.played}
    if seat is not None:
        seen |= {str(c) for c in board.deal[seat]}
    if board.played and board.dummy is not None:
        seen |= {str(c) for c in board.deal[board.dummy]}
    if (
        board.claim is not None
        and seat is not None
        and board.declarer is not None
        and seat.side != board.declarer.side
    ):
        seen |= {str(c) for c in board.deal[board.declarer]}
    return seen


def drive(conns, rng, h, boards):
    """Play ``boards`` random boards; the acting hand picks among its legal calls or cards."""
    north = conns["N"]
    for _ in range(boards):
        while north.view["phase"] != "done":
            v = north.view
            if v["claim"] is not None:
                declarer = Seat.parse(v["declarer"])
                for defender in (declarer.lho, declarer.rho):
                    if conns["N"].view["claim"] is None:
                        break
                    conns[defender.letter].request(
                        {"type": "claim_response", "accept": rng.random() < 0.6}
                    )
                    h.sync_all(conns)
                continue
            seat = v["acting"]
            conn = conns[seat]
            mine = conn.view
            if mine["phase"] == "auction":
                calls = mine["legal_calls"]
                call = (
                    "P"
                    if len(mine["auction"]) >= 3 and rng.random() < 0.6
                    else rng.choice(calls[: min(len(calls), 8)])
                )
                msg = {
                    "type": "call",
                    "call": call,
                    "alert": rng.random() < 0.2,
                    "explanation": "system" if rng.random() < 0.2 else "",
                }
            elif seat == mine["declarer"] and rng.random() < 0.03:
                left = 13 - sum(mine["tricks_won"].values())
                msg = {"type": "claim", "tricks": rng.randint(0, left)}
            else:
                msg = {"type": "card", "card": rng.choice(mine["legal_cards"])}
            msgs = conn.request(msg)
            assert not [m for m in msgs if m["type"] == "error"], (msg, msgs)
            h.sync_all(conns)
        conns["S"].request({"type": "next"})
        h.sync_all(conns)


def check(messages, seat, truth, cards_in):
    for msg in messages:
        if "seq" not in msg:  # pongs, and errors (none arise here: drive() asserts so)
            assert msg["type"] == "pong", msg
            continue
        board = truth[msg["seq"]]
        allowed = may_see(board, seat)
        body = {k: v for k, v in msg.items() if k != "results"}  # finished boards only
        leaked = cards_in(body) - allowed
        assert not leaked, (seat, msg["seq"], sorted(leaked), msg)
        view = msg.get("view")
        if view is not None:
            for s in Seat:
                hand = view["hands"][s.letter]
                if hand is not None:
                    assert set(hand) == {str(c) for c in board.remaining(s)}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_message_shows_a_hidden_card(server, db_path, h, seed):
    rng = random.Random(seed)
    table_id, players, conns = h.four_at_table(server)
    watcher = h.Player(server).register("eve").connect(table_id)
    anonymous = h.Player(server).connect(table_id)
    everyone = {**conns, "watcher": watcher, "anonymous": anonymous}
    drive(everyone, rng, h, boards=5)
    # A late-comer and a reconnecting player get the current state and what they missed.
    late = h.Player(server).connect(table_id)
    again = players["E"].connect(table_id, since=max(1, conns["E"].seq - 30))
    h.sync_all(everyone)
    truth = truth_by_seq(db_path, table_id)
    total = 0
    for key, conn in [*everyone.items(), ("late", late), ("E", again)]:
        seat = Seat.parse(key) if key in ("N", "E", "S", "W") else None
        check(conn.messages, seat, truth, h.cards_in)
        total += len(conn.messages)
    assert total > 500
    # Every board was really played and the checks saw views with hands hidden.
    assert max(truth) > 100
    assert any(m.get("view") and m["view"]["hands"]["N"] is None for m in conns["E"].messages)


def test_the_check_catches_a_leak(server, db_path, h):
    """The checker itself: a view showing another hand, or a deal in an event, is caught."""
    table_id, _players, conns = h.four_at_table(server)
    truth = truth_by_seq(db_path, table_id)
    msg = dict(conns["E"].state)
    north = truth[msg["seq"]].deal[Seat.NORTH]
    leaky = {**msg, "view": {**msg["view"], "legal_cards": [str(next(iter(north.cards)))]}}
    with pytest.raises(AssertionError):
        check([leaky], Seat.EAST, truth, h.cards_in)
    deal = {"type": "event", "seq": msg["seq"], "event": {"deal": str(truth[msg["seq"]].deal)}}
    with pytest.raises(AssertionError):
        check([deal], None, truth, h.cards_in)
    check([msg], Seat.EAST, truth, h.cards_in)


def test_robots_and_spectators_see_only_their_share(server, db_path, h):
    """One person and three robots, watched: the robots' moves reach the watcher and the person
    with nothing hidden in them."""
    ann = h.Player(server).register("ann")
    table_id = ann.create_table(robot_level=0, seat="S")
    watcher = h.Player(server).connect(table_id)
    conn = ann.connect(table_id)
    rng = random.Random(5)
    for _ in range(400):
        conn.sync()
        watcher.sync()
        v = conn.view
        if v["phase"] == "done":
            break
        if v["acting"] != "S":
            continue
        if v["phase"] == "auction":
            conn.request({"type": "call", "call": rng.choice(v["legal_calls"][:3])})
        else:
            conn.request({"type": "card", "card": rng.choice(v["legal_cards"])})
    conn.sync()
    watcher.sync()
    truth = truth_by_seq(db_path, table_id)
    check(conn.messages, Seat.SOUTH, truth, h.cards_in)
    check(watcher.messages, None, truth, h.cards_in)
    assert len(watcher.messages) > 10


def truth_by_fold(db_path, table_id):
    """The true board after each event number, folding the log with the table's own ``fold``
    (so undos, robot takeovers and tournament set-ups count as they do at the table)."""
    store = Store.open(sqlite_url(db_path))
    try:
        events = store.entries(table_id)
    finally:
        store.close()
    return {seq: (t.board if t is not None else None) for seq, t in tables_by_fold(events).items()}


def tables_by_fold(events):
    """The table after each event number of a stored log (None before the first)."""
    from qipai.server.table import TableState, fold

    state = TableState(id=0, seed="", robots=True)
    out = {0: None}
    for e in events:
        state = fold(state, (e.type, e.payload))
        out[e.seq] = state
    return out


def test_undos_and_a_robot_taking_over_show_nothing_hidden(server, db_path, h):
    """Random play with mis-clicks taken back (the opponents agree or refuse) and a player who
    disconnects past the grace time (a robot plays for them, then they return): every message
    to the others and to a watcher, and the returning player's catch-up, hide what they must."""
    rng = random.Random(11)
    table_id, players, conns = h.four_at_table(server, robot_level=0)
    watcher = h.Player(server).register("eve").connect(table_id)
    everyone = {**conns, "watcher": watcher}
    undos = 0
    for _step in range(300):
        v = conns["N"].view
        if v["phase"] == "done":
            break
        seat = v["acting"]
        if seat is None:  # a pending claim or undo: answered below
            break
        mine = conns[seat].view
        if mine["phase"] == "auction":
            call = "P" if len(mine["auction"]) >= 3 else rng.choice(mine["legal_calls"][:6])
            msg = {"type": "call", "call": call}
        else:
            msg = {"type": "card", "card": rng.choice(mine["legal_cards"])}
        assert not h.errors(conns[seat].request(msg))
        h.sync_all(everyone)
        if rng.random() < 0.15:
            asker = Seat.parse(seat)
            if not h.errors(conns[seat].request({"type": "undo"})):
                undos += 1
                for opp in (asker.lho, asker.rho):
                    conns[opp.letter].request(
                        {"type": "undo_answer", "accept": rng.random() < 0.8}
                    )
                    h.sync_all(everyone)
                    if conns["N"].state["table"]["undo"] is None:
                        break
    assert undos >= 3
    # West goes away; with no grace left, the watcher has a robot take over, which plays on
    conns["W"].close()
    actor = server.app.state.server.tables.get(table_id)
    actor.presence.grace = 0.0
    for _ in range(100):
        if actor.state.robot_seats:
            break
        time.sleep(0.05)
    assert actor.state.robot_seats == {Seat.WEST}
    still = {k: c for k, c in everyone.items() if k != "W"}
    h.sync_all(still)
    if conns["N"].view["phase"] == "done":
        conns["S"].request({"type": "next"})
        h.sync_all(still)
    for _step in range(40):  # the others play on; the robot acts for West in between
        v = conns["N"].view
        if v["phase"] == "done" or v["acting"] in (None, "W"):
            break
        mine = conns[v["acting"]].view
        call = "P" if len(mine["auction"]) >= 2 else rng.choice(mine["legal_calls"][:6])
        msg = (
            {"type": "call", "call": call}
            if mine["phase"] == "auction"
            else {"type": "card", "card": rng.choice(mine["legal_cards"])}
        )
        assert not h.errors(conns[v["acting"]].request(msg))
        h.sync_all(still)
    robot_west = [
        m
        for m in conns["N"].messages
        if m["type"] == "event"
        and m["event"].get("robot")
        and "W" in (m["event"].get("seat"), m["event"].get("by"))
    ]
    assert robot_west, "the robot did not play for West"
    back = players["W"].connect(table_id, since=max(1, conns["N"].seq - 20))
    h.sync_all({**still, "W": back})
    truth = truth_by_fold(db_path, table_id)
    for key, conn in [*everyone.items(), ("W", back)]:
        seat = Seat.parse(key) if key in ("N", "E", "S", "W") else None
        check(conn.messages, seat, truth, h.cards_in)
    assert len(truth) > 40
