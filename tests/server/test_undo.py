"""Undo of a mis-click: a player asks to take back their last call or card, the opponents agree
or refuse (robots by the rules tested in ``test_robot_rules.py``); the undo rebuilds the board
from the log without the action, and the log keeps both the action and the undo."""

import time

from qipai.server.actor import replay
from qipai.store import Store, sqlite_url


def kinds(db_path, table_id):
    store = Store.open(sqlite_url(db_path))
    try:
        return [e.type for e in store.entries(table_id)], store
    finally:
        store.close()


def undo_events(conn):
    return [
        m["event"]
        for m in conn.messages
        if m["type"] == "event" and m["event"]["type"].startswith("undo")
    ]


def test_the_opponents_agree_and_the_call_is_taken_back(server, h, db_path):
    table_id, _players, conns = h.four_at_table(server)
    h.play_calls(conns, ["1S"])
    assert conns["E"].view["acting"] == "E"
    # Only the one who made the call may ask; then the table waits for the opponents.
    assert any("no call or card" in e for e in h.errors(conns["S"].request({"type": "undo"})))
    assert not h.errors(conns["N"].request({"type": "undo"}))
    h.sync_all(conns)
    undo = conns["E"].state["table"]["undo"]
    assert undo == {"seat": "N", "what": "1S", "waiting_for": ["E", "W"]}
    msgs = conns["E"].request({"type": "call", "call": "P"})
    assert any("undo is waiting" in e for e in h.errors(msgs))
    msgs = conns["S"].request({"type": "undo_answer", "accept": True})
    assert any("only the opponents" in e for e in h.errors(msgs))
    assert not h.errors(conns["E"].request({"type": "undo_answer", "accept": True}))
    h.sync_all(conns)
    assert conns["N"].view["auction"] != []  # West has still to agree
    assert conns["N"].state["table"]["undo"]["waiting_for"] == ["W"]
    assert not h.errors(conns["W"].request({"type": "undo_answer", "accept": True}))
    h.sync_all(conns)
    for conn in conns.values():
        assert conn.view["auction"] == [] and conn.view["acting"] == "N"
        assert conn.state["table"]["undo"] is None
    h.play_calls(conns, ["1H"])
    assert [e["call"] for e in conns["S"].view["auction"]] == ["1H"]
    types, _ = kinds(db_path, table_id)
    assert types[-6:] == ["call", "undo_requested", "undo_answer", "undo_answer", "undo", "call"]
    # A table rebuilt from its log is the same table.
    store = Store.open(sqlite_url(db_path))
    try:
        rebuilt = replay(
            store.table(table_id), [(e.type, e.payload) for e in store.entries(table_id)]
        )
    finally:
        store.close()
    assert [str(e.call) for e in rebuilt.board.auction.entries] == ["1H"]


def test_an_opponent_refuses_and_nothing_is_undone(server, h):
    _table_id, _players, conns = h.four_at_table(server)
    h.play_calls(conns, ["1NT", "P", "3NT", "P", "P", "P"])
    lead = conns["E"].view["legal_cards"][0]
    conns["E"].request({"type": "card", "card": lead})
    h.sync_all(conns)
    # Declarer has played from dummy since East's lead: East may not take the lead back.
    dummy_card = conns["N"].view["legal_cards"][0]
    conns["N"].request({"type": "card", "card": dummy_card})
    h.sync_all(conns)
    msgs = conns["E"].request({"type": "undo"})
    assert any("someone else has acted" in e for e in h.errors(msgs))
    # Declarer takes back dummy's card: the defenders refuse.
    assert not h.errors(conns["N"].request({"type": "undo"}))
    h.sync_all(conns)
    assert not h.errors(conns["W"].request({"type": "undo_answer", "accept": False}))
    h.sync_all(conns)
    assert conns["W"].view["played"] == [lead, dummy_card]
    assert conns["W"].state["table"]["undo"] is None
    assert [e["type"] for e in undo_events(conns["W"])] == ["undo_requested", "undo_answer"]


def wait_for_turn(conn, seconds=20.0):
    deadline = time.monotonic() + seconds
    while not (conn.view and (conn.view["acting"] == "S" or conn.view["phase"] == "done")):
        assert time.monotonic() < deadline, "the robots did not act in time"
        conn.sync()
        time.sleep(0.005)


def test_robots_refuse_to_take_back_their_own_calls(server, h):
    """Robots agree only to undo the asker's last action before anyone else has acted: once
    they have called, nothing goes back (their calls would show what they hold)."""
    ann = h.Player(server).register("ann")
    table_id = ann.create_table(robot_level=0, seat="S", board_set="undo")
    conn = ann.connect(table_id)
    wait_for_turn(conn)
    before = [e["call"] for e in conn.view["auction"]]
    bid = next(c for c in conn.view["legal_calls"] if c[0].isdigit())
    conn.request({"type": "call", "call": bid})  # by mistake
    wait_for_turn(conn)
    assert conn.view["phase"] != "done", "pick another board set: the robots ended the auction"
    assert len(conn.view["auction"]) == len(before) + 4  # the robots have called since
    msgs = conn.request({"type": "undo"})
    refused = [m for m in msgs if m["type"] == "error"]
    assert refused and "before anyone else acts" in refused[0]["message"]
    assert refused[0]["zh"].startswith("机器人只同意")
    conn.sync()
    assert len(conn.view["auction"]) == len(before) + 4
    assert undo_events(conn) == []
