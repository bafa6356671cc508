"""Standing up and watching at tables that show watchers all four hands: a player who stands up
mid-board keeps only their seat's view and may come back only to that seat; a watcher shown all
four hands of a board may not sit down to play it, at that table or at another of its board
set, even after the watching connection has closed."""

from __future__ import annotations

import json


def test_a_player_who_stands_up_keeps_only_their_seats_view(server, h):
    _table_id, players, conns = h.four_at_table(server, spectators_see_all=True)
    h.play_calls(conns, ["P", "P"])
    msgs = conns["S"].request(
        {"type": "call", "call": "1C", "alert": True, "explanation": "partner-secret"}
    )
    assert not h.errors(msgs)
    h.sync_all(conns)
    h.play_calls(conns, ["P"])
    north = conns["N"]
    assert not h.errors(north.request({"type": "stand"}))
    v = north.view
    assert [s for s, hand in v["hands"].items() if hand is not None] == ["N"]
    assert v["legal_calls"] == [] and north.state["you"]["seat"] is None
    assert "partner-secret" not in json.dumps(north.messages)
    # Reconnecting changes nothing: still North's view, not a watcher's.
    again = players["N"].connect(_table_id, since=1)
    assert [s for s, hand in again.view["hands"].items() if hand is not None] == ["N"]
    assert "partner-secret" not in json.dumps(again.messages)
    assert not h.errors(conns["W"].request({"type": "stand"}))
    msgs = north.request({"type": "sit", "seat": "W"})
    assert any("you may sit only there" in e for e in h.errors(msgs))
    assert not h.errors(north.request({"type": "sit", "seat": "N"}))
    assert north.state["you"]["seat"] == "N" and north.view["legal_calls"]
    assert "partner-secret" not in json.dumps(north.messages)


def test_a_player_who_stood_up_may_not_read_the_boards_record_elsewhere(server, h):
    played, _players, conns = h.four_at_table(server, ("fay", "gus", "hal", "ian"), board_set="r")
    h.play_calls(conns, ["P", "P", "P", "P"])  # passed out: board 1 is over there
    h.close_all()
    _table_id, players, conns = h.four_at_table(server, board_set="r")
    assert not h.errors(conns["N"].request({"type": "stand"}))
    r = players["N"].client.get(f"/api/tables/{played}/boards/1")
    assert r.status_code == 403 and "still to play this board" in r.json()["error"]
    h.close_all()


def test_a_watcher_of_a_board_may_not_play_it_at_another_table_of_its_set(db_path, h):
    with h.TestClient(h.make_app(db_path)) as server:
        try:
            watched, _players, _conns = h.four_at_table(
                server, board_set="seen", spectators_see_all=True
            )
            eve = h.Player(server).register("eve")
            watching = eve.connect(watched)
            assert all(watching.view["hands"][s] is not None for s in "NESW")
            watching.close()  # gone: but what she saw is remembered
            fay = h.Player(server).register("fay")
            other = fay.create_table(robot_level=0, seat="S", board_set="seen")
            r = eve.post(f"/api/tables/{other}/sit", {"seat": "N"})
            assert r.status_code == 409
            assert f"board 1 at table #{watched}" in r.json()["error"]
            assert r.json()["error_zh"].startswith(f"你在{watched}号桌旁观第1副")
            cookies = dict(eve.client.cookies)
        finally:
            h.close_all()
    with h.TestClient(h.make_app(db_path)) as server:  # a restart remembers it
        try:
            eve = h.Player(server)
            for k, v in cookies.items():
                eve.client.cookies.set(k, v)
            eve.csrf = eve.client.get("/api/me").json()["csrf"]
            r = eve.post(f"/api/tables/{other}/sit", {"seat": "N"})
            assert r.status_code == 409 and f"table #{watched}" in r.json()["error"], r.text
            # Someone who watched nothing may sit.
            sightings = server.app.state.server.tables.sightings
            state = server.app.state.server.tables.get(other).state
            assert sightings.refusal(state, 999) is None
        finally:
            h.close_all()


def test_sightings_refuse_only_boards_not_yet_played_past():
    from qipai.bridge import Seat
    from qipai.server.sightings import Sightings
    from qipai.server.table import Occupant, Sit, TableState, decide, settle

    seen = Sightings()
    assert seen.saw("set:x", 5, 2, 9) is not None
    assert seen.saw("set:x", 5, 1, 9) is None  # nothing new: no write
    ann = Occupant(1, "ann")
    t = TableState(id=1, seed="set:x", robots=True)
    assert seen.refusal(t, 5) is not None  # board 1 comes next: she saw up to board 2
    t = settle(t, decide(t, ann, Sit(Seat.SOUTH)))[-1][1]
    assert t.board_no == 1 and seen.refusal(t, 5) is not None
    t = TableState(id=2, seed="set:x", robots=True, board_no=2)
    assert seen.refusal(t, 5) is None  # board 2 is over here: board 3 comes next
    assert seen.refusal(TableState(id=3, seed="set:y", robots=True), 5) is None
