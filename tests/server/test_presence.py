"""Disconnections: a seated person gone longer than the grace time is played by a robot until
they come back; the log records both; the away time is stored, so a restart re-arms it.
Spectators see all four hands only where the table allows it, and never someone who sat at the
board. Each seat's thinking time comes from the events' stored times."""

import time

import pytest
from sqlalchemy import text

from qipai.store import Store, sqlite_url

GRACE = 1.0  # long enough for four players to sit down on a busy machine


def wait_for(conns, done, seconds=30.0):
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out"
        for c in conns:
            c.sync()
        time.sleep(0.02)


def event_types(conn):
    return [m["event"]["type"] for m in conn.messages if m["type"] == "event"]


@pytest.fixture
def quick(db_path, h):
    """A server whose grace is a fraction of a second."""
    app = h.make_app(db_path, disconnect_grace=GRACE, watch_every=0.05)
    with h.TestClient(app) as server:
        try:
            yield server
        finally:
            h.close_all()


def test_a_robot_plays_for_a_person_gone_past_the_grace_and_hands_back(quick, h):
    server = quick
    table_id, players, conns = h.four_at_table(server)  # no robots at this table
    h.play_calls(conns, ["1C", "1D"])
    others = [conns[s] for s in "NEW"]
    conns["S"].close()  # South's turn, and South's connection drops
    wait_for(others, lambda: conns["N"].state["table"]["seats"]["S"]["away"])
    # Within the grace nothing happens; past it, a robot calls for South.
    wait_for(others, lambda: len(conns["N"].view["auction"]) >= 3)
    types = event_types(conns["N"])
    assert types.index("robot_takeover") < len(types) - 1
    south_call = [
        m["event"]
        for m in conns["N"].messages
        if m["type"] == "event" and m["event"]["type"] == "call" and m["event"]["seat"] == "S"
    ]
    assert south_call and south_call[0]["robot"] is True
    assert conns["N"].state["table"]["seats"]["S"] == {
        "name": "cat",
        "robot": True,
        "away": True,
    }
    # South comes back: the seat is theirs again, and it is nobody's robot.
    back = players["S"].connect(table_id)
    wait_for([back, *others], lambda: "player_returned" in event_types(conns["N"]))
    back.sync()
    assert back.state["you"]["seat"] == "S"
    assert back.state["table"]["seats"]["S"] == {"name": "cat", "robot": False, "away": False}


def test_the_away_time_is_stored_and_a_restart_re_arms_it(db_path, h):
    with h.TestClient(h.make_app(db_path)) as server:  # a long grace: nothing happens here
        try:
            table_id, _players, conns = h.four_at_table(server)
            conns["E"].close()
            h.sync_all({s: conns[s] for s in "NSW"})
        finally:
            h.close_all()
    store = Store.open(sqlite_url(db_path))
    try:
        with store.engine.connect() as conn:
            away = dict(
                conn.execute(
                    text("select seat, away_since from seats where table_id = :t"), {"t": table_id}
                ).all()
            )
    finally:
        store.close()
    assert set(away) == {"N", "E", "S", "W"} and all(away.values())  # all gone when it stopped
    app = h.make_app(db_path, disconnect_grace=GRACE, watch_every=0.05)
    with h.TestClient(app) as server:
        try:
            watcher = h.Player(server).register("eve").connect(table_id)
            wait_for([watcher], lambda: event_types(watcher).count("robot_takeover") >= 4)
            # The seats are taken: robots play for the four people away, until one comes back.
            assert all(s["robot"] for s in watcher.state["table"]["seats"].values())
        finally:
            h.close_all()


def test_spectators_see_all_hands_only_where_the_table_allows(server, h):
    table_id, _players, conns = h.four_at_table(server, spectators_see_all=True)
    eve = h.Player(server).register("eve").connect(table_id)
    assert all(eve.view["hands"][s] is not None for s in "NESW")
    assert conns["N"].view["hands"]["E"] is None  # a seated player never gets that view
    # North stands up mid-board: no watcher's view for North, but North's own until it ends.
    conns["N"].request({"type": "stand"})
    h.sync_all(conns)
    v = conns["N"].view
    assert v["seat"] == "N" and [s for s in "NESW" if v["hands"][s] is not None] == ["N"]
    # Eve has seen all four hands: she may not sit down in North's seat before the board ends.
    msgs = eve.request({"type": "sit", "seat": "N"})
    assert any("all four hands" in e for e in h.errors(msgs))
    other, _, _ = h.four_at_table(server, ("fay", "gus", "hal", "ian"))
    plain = h.Player(server).register("joe").connect(other)
    assert all(plain.view["hands"][s] is None for s in "NESW")
    h.close_all()


def test_each_seat_thinking_time_comes_from_the_stored_event_times(db_path, h):
    now = [1_000_000.0]
    with h.TestClient(h.make_app(db_path, table_clock=lambda: now[0])) as server:
        try:
            table_id, players, conns = h.four_at_table(server)
            for seat, call, wait in (("N", "1C", 3.5), ("E", "P", 1.25), ("S", "1H", 10.0)):
                now[0] += wait
                conns[seat].request({"type": "call", "call": call})
            h.sync_all(conns)
            clocks = conns["W"].state["table"]["clocks"]
            assert clocks["board"] == {"N": 3500, "E": 1250, "S": 10000, "W": 0}
            assert clocks["acting"] == "W" and clocks["since"] == int(now[0] * 1000)
            cookies = dict(players["W"].client.cookies)
        finally:
            h.close_all()
    with h.TestClient(h.make_app(db_path)) as server:  # rebuilt from the log
        try:
            p = h.Player(server)
            for k, v in cookies.items():
                p.client.cookies.set(k, v)
            clocks = p.connect(table_id).state["table"]["clocks"]
            assert clocks["board"] == {"N": 3500, "E": 1250, "S": 10000, "W": 0}
        finally:
            h.close_all()
