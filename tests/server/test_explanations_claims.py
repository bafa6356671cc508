"""Explanations: a robot's call is explained by the table's system card (``qipai.robots.explain``)
in English and Chinese; a person's own explanation goes to the opponents (and watchers), never to
partner, by any path. Claims: robot defenders accept a claim only when it is valid double dummy,
and any other ends the board as a director rules it (``test_robot_rules.py`` has the rule)."""

import json

from qipai.analysis import max_claim
from qipai.bridge import Auction, Card, Deal, MakeCall, PlayCard, Seat, apply, new_board, parse_call
from qipai.robots import explain


def partners_with_robots(server, h, board_set):
    """ann North and bob South, robots East and West; board 1 dealt. Returns conns by seat."""
    ann, bob = h.Player(server).register("ann"), h.Player(server).register("bob")
    table_id = ann.create_table(robot_level=0, seat="N", board_set=board_set)
    assert bob.post(f"/api/tables/{table_id}/sit", {"seat": "S"}).status_code == 200
    return table_id, {"N": ann, "S": bob}, {"N": ann.connect(table_id), "S": bob.connect(table_id)}


def ours_or_done(conn):
    v = conn.view
    return v is not None and (
        v["phase"] == "done" or v["acting"] in ("N", "S") or v["claim"] is not None
    )


def test_robot_calls_are_explained_by_the_system_card_in_both_languages(server, h):
    ann = h.Player(server).register("ann")
    table_id = ann.create_table(robot_level=0, seat="S")
    conn = ann.connect(table_id)
    while True:
        h.wait_until(conn, lambda c: c.view["phase"] != "auction" or c.view["acting"] == "S")
        if conn.view["phase"] != "auction":
            break
        conn.request({"type": "call", "call": "P"})
    watcher = h.Player(server).register("eve").connect(table_id)
    v = watcher.view
    auction = Auction.from_calls(
        Seat.parse(v["dealer"]), [parse_call(e["call"]) for e in v["auction"]]
    )
    robot_calls = [(i, e) for i, e in enumerate(v["auction"]) if e["seat"] != "S"]
    assert robot_calls
    for i, e in robot_calls:
        meaning = explain(auction, i)
        assert e["explanation"] == meaning.en and e["explanation_zh"] == meaning.zh, (i, e)
        assert e["alert"] == meaning.alert


def test_a_persons_explanation_never_reaches_partner(server, h):
    table_id, players, conns = partners_with_robots(server, h, "expl")
    msgs = conns["N"].request(
        {"type": "call", "call": "2C", "alert": True, "explanation": "secret-strong-artificial"}
    )
    assert not h.errors(msgs)
    watcher = h.Player(server).register("eve").connect(table_id)
    assert watcher.view["auction"][0]["explanation"] == "secret-strong-artificial"
    assert conns["N"].view["auction"][0]["explanation"] == "secret-strong-artificial"
    h.wait_until(conns["S"], ours_or_done)
    # Partner reconnects twice: replaying the log from the start, and with a full state.
    again = players["S"].connect(table_id, since=0)
    fresh = players["S"].connect(table_id)
    for conn in (conns["S"], again, fresh):
        conn.sync()
        assert "secret-strong-artificial" not in json.dumps(conn.messages)
        assert conn.view["auction"][0]["alert"] is False
    h.close_all()


def test_robot_defenders_rule_a_claim_that_is_not_valid_double_dummy(server, h):
    _table_id, _players, conns = partners_with_robots(server, h, "claims")
    north, south = conns["N"], conns["S"]
    bid = {"N": "1C", "S": "7NT"}
    while True:
        h.wait_until(north, ours_or_done)
        v = north.view
        if v["phase"] != "auction":
            break
        seat = v["acting"]
        msgs = conns[seat].request({"type": "call", "call": bid.pop(seat, "P")})
        assert not h.errors(msgs)
        h.sync_all(conns)
    h.sync_all(conns)
    v = south.view
    assert v["phase"] == "play" and v["declarer"] == "S" and v["contract"].startswith("7NT")
    h.wait_until(south, lambda c: c.view["acting"] == "S")  # West has led
    # The true position, rebuilt here from the deal of the board set and what was played.
    board = new_board(1, Deal.from_seed("set:claims:1"))
    for e in v["auction"]:
        board = apply(board, MakeCall(parse_call(e["call"])))
    for card in south.view["played"]:
        board = apply(board, PlayCard(Card.parse(card)))
    best = max_claim(board)
    assert best < 13, "pick another board set: this one makes all 13 tricks"
    msgs = south.request({"type": "claim", "tricks": best + 1})
    assert not h.errors(msgs)
    h.wait_until(south, lambda c: c.view["phase"] == "done")
    # Disputed: the board ends at once, ruled as a director would (Law 70), not withdrawn.
    kinds = [m["event"]["type"] for m in south.messages if m["type"] == "event"]
    assert "claim_response" not in kinds[kinds.index("claim") :]
    ruled = [
        m["event"]
        for m in south.messages
        if m["type"] == "event" and m["event"]["type"] == "claim_ruled"
    ]
    assert ruled == [
        {
            "type": "claim_ruled",
            "seat": "W",
            "declarer": "S",
            "claimed": best + 1,
            "tricks": best,
            "robot": True,
            "t": ruled[0]["t"],
        }
    ]
    assert south.view["declarer_tricks"] == best
    done = [m["event"] for m in south.messages if m["type"] == "event"][-1]
    assert done["type"] == "board_done" and done["tricks"] == best
    h.close_all()
