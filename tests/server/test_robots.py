"""Robots fill empty seats at once and act inside the table's actor when it is their turn: a
person alone plays whole boards; a robot declarer plays dummy; robot defenders answer claims."""

import time

import pytest

from qipai.robots import robot_for


def robot_table(server, h, **settings):
    ann = h.Player(server).register("ann")
    table_id = ann.create_table(robot_level=0, seat="S", **settings)
    return table_id, ann, ann.connect(table_id)


def my_turn_or_done(conn):
    v = conn.view
    return v is not None and (v["phase"] == "done" or v["acting"] == "S" or v["claim"] is not None)


@pytest.mark.parametrize("boards", [3])
def test_one_person_plays_whole_boards_with_three_robots(server, h, boards):
    table_id, ann, conn = robot_table(server, h)
    seats = conn.state["table"]["seats"]
    assert seats["S"]["name"] == "ann" and all(seats[s]["robot"] for s in "NEW")
    for _ in range(boards):
        while True:
            h.wait_until(conn, my_turn_or_done)
            v = conn.view
            if v["phase"] == "done":
                break
            if v["phase"] == "auction":
                msg = {
                    "type": "call",
                    "call": "P" if len(v["auction"]) > 2 else v["legal_calls"][0],
                }
            else:
                msg = {"type": "card", "card": v["legal_cards"][0]}
            msgs = conn.request(msg)
            assert not [m for m in msgs if m["type"] == "error"], msgs
        assert conn.view["score_ns"] is not None
        conn.request({"type": "next"})
    calls = [
        m["event"]
        for m in conn.messages
        if m["type"] == "event" and m["event"]["type"] in ("call", "card") and m["event"]["robot"]
    ]
    assert {e["seat"] for e in calls} >= {"N", "E", "W"}
    results = ann.client.get(f"/api/tables/{table_id}").json()["results"]
    assert len(results) == boards


def test_robot_calls_carry_the_systems_explanations(server, h):
    table_id, ann, conn = robot_table(server, h)
    h.wait_until(conn, my_turn_or_done)
    # Reconnect from the start: every call so far comes back as a replayed event.
    mine = ann.connect(table_id, since=0)
    watcher = h.Player(server).register("eve").connect(table_id, since=0)

    def calls(c):
        return [
            m["event"] for m in c.messages if m["type"] == "event" and m["event"]["type"] == "call"
        ]

    robot_calls = [e for e in calls(watcher) if e["robot"]]
    assert robot_calls and all(e["seat"] in "NEW" for e in robot_calls)
    explained = [e for e in robot_calls if e["explanation"]]
    assert explained, robot_calls  # the system explains its calls (in English and Chinese)
    assert all(e.get("explanation_zh") for e in explained if e["call"] != "P")
    # The view carries the Chinese beside each explanation it shows.
    shown = [e for e in watcher.state["view"]["auction"] if e["explanation"]]
    assert shown and all(e["explanation_zh"] for e in shown if e["call"] != "P")
    for e in mine.state["view"]["auction"]:
        if e["seat"] == "N":
            assert e["explanation"] == "" and e["explanation_zh"] == ""
    # South is North's partner: North's explanations go to the opponents only.
    for e in calls(mine):
        if e["seat"] == "N":
            assert "explanation" not in e and "explanation_zh" not in e
        elif e["seat"] in "EW":
            assert "explanation" in e


def test_robots_wait_when_no_person_sits(server, h):
    _table_id, _ann, conn = robot_table(server, h)
    h.wait_until(conn, my_turn_or_done)
    seq = conn.seq
    conn.request({"type": "stand"})
    time.sleep(0.3)
    conn.sync()
    later = [
        m["event"]["type"] for m in conn.messages if m.get("seq", 0) > seq and m["type"] == "event"
    ]
    assert later == ["stood"]
    # East is a robot's turn or South's; with nobody seated, nothing moves until someone sits.
    conn.request({"type": "sit", "seat": "S"})
    h.wait_until(conn, my_turn_or_done)


def test_a_robot_defender_answers_a_claim(server, h):
    """South declares 7NT and concedes every trick: the robot defenders accept at once."""
    ann = h.Player(server).register("ann")
    for _ in range(8):
        table_id = ann.create_table(robot_level=0, seat="S")
        conn = ann.connect(table_id)
        while True:
            h.wait_until(conn, my_turn_or_done)
            v = conn.view
            if v["phase"] != "auction":
                break
            bid = "7NT" in v["legal_calls"] and not any(e["call"] == "7NT" for e in v["auction"])
            conn.request({"type": "call", "call": "7NT" if bid else "P"})
        if conn.view["phase"] == "play" and conn.view["declarer"] == "S":
            break
        conn.request({"type": "stand"})
    else:
        pytest.fail("South never declared")
    h.wait_until(conn, my_turn_or_done)
    msgs = conn.request({"type": "claim", "tricks": 0})
    assert not [m for m in msgs if m["type"] == "error"], msgs
    h.wait_until(conn, lambda c: c.view["phase"] == "done")
    won = conn.view["tricks_won"]["NS"]  # a claim of none: declarer keeps what is won already
    assert conn.view["declarer_tricks"] == won and won + conn.view["tricks_won"]["EW"] < 13
    responses = [
        m["event"]
        for m in conn.messages
        if m["type"] == "event" and m["event"]["type"] == "claim_response"
    ]
    assert [r["seat"] for r in responses] == ["W", "E"] and all(r["accept"] for r in responses)


def test_robot_levels_that_do_not_exist_are_refused(server, h):
    ann = h.Player(server).register("ann")
    r = ann.post("/api/tables", {"robot_level": 7})
    assert r.status_code == 400 and "robot level" in r.json()["error"]
    try:
        robot_for(1)
    except NotImplementedError:
        r = ann.post("/api/tables", {"robot_level": 1})
        assert r.status_code == 400


def test_searching_robots_play_for_the_tables_scoring():
    from qipai.server.robots import RobotPool

    pool = RobotPool()
    if 1 not in pool.levels():
        pytest.skip("level 1 robots are not built here")
    assert pool.default_level() == 1
    assert pool.get(1, "MP").scoring == "mp" and pool.get(1, "IMP").scoring == "imp"
    assert pool.get(1, "MP") is pool.get(1, "MP")  # made once
    assert pool.get(0, "MP").level == 0
