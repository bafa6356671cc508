"""Team events on the server: a director creates one, captains enter their teams, name
line-ups, and the match's two rooms are played at live tables by robots; bad input is a clear
4xx with its Chinese, and nothing changes. The VPs are recomputed here from the boards through
the IMP table and the VP scale called directly."""

from __future__ import annotations

import time

import pytest

from qipai.duplicate import imps, vp_for
from qipai.events.teams.roster import robot_member


@pytest.fixture
def server(db_path, h):
    app = h.make_app(db_path, event_poll_every=0.05, disconnect_grace=600.0)
    with h.TestClient(app) as client:
        try:
            yield client
        finally:
            h.close_all()


def _wait(check, what: str, timeout: float = 90.0):
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def _refused(r, status: int, words: str) -> None:
    assert r.status_code == status, (r.status_code, r.text)
    body = r.json()
    assert words in body["error"], body
    assert body.get("error_zh"), body  # bilingual


def test_a_team_event_from_entry_to_a_match_played_by_robots(server, h):
    dan, ann, bob, cy, cat = (
        h.Player(server).register(n) for n in ("dan", "ann", "bob", "cy", "cat")
    )
    guest = h.Player(server)
    r = dan.post("/api/team-events", {"name": "周末队式赛", "format": "teams", "boards": 2})
    assert r.status_code == 201, r.text
    eid = r.json()["id"]
    path = f"/api/team-events/{eid}"
    assert r.json()["status"] == "registration" and r.json()["you"]["director"]

    def state():
        return dan.client.get(path).json()

    # bad input: each a clear 4xx, nothing changed
    before = state()
    _refused(
        ann.post(path + "/enter", {"name": "Blue", "players": ["ann", "bob", "cy"]}),
        409,
        "a team has 4 to 6 members, not 3",
    )
    _refused(
        ann.post(path + "/enter", {"name": "Blue", "players": ["ann", "nobody"], "robots": 2}),
        404,
        "no account called nobody",
    )
    _refused(
        ann.post(path + "/enter", {"name": "Blue", "players": ["bob", "cy"], "robots": 2}),
        409,
        "the captain ann is not a member of Blue",
    )
    _refused(ann.post(path + "/enter", {"name": "Blue", "players": "ann"}), 400, "'players'")
    _refused(
        ann.post(
            path + "/enter", {"name": "Blue", "players": ["ann"], "robots": 3, "colour": "red"}
        ),
        400,
        "unknown field(s): colour",
    )
    _refused(
        guest.post(path + "/enter", {"name": "G", "players": ["ann"], "robots": 3}),
        401,
        "log in with an account",
    )
    _refused(ann.post(path + "/start"), 403, "only the event's director")
    _refused(dan.post(path + "/fly"), 404, "no such action: fly")
    assert state() == before

    # the teams: a captain and robots, six members each
    r = ann.post(path + "/enter", {"name": "Blue", "players": ["ann", "cy"], "robots": 4})
    assert r.status_code == 200, r.text
    _refused(
        bob.post(path + "/enter", {"name": "Red", "players": ["bob", "cy"], "robots": 2}),
        409,
        "cy already plays for Blue in this event",
    )
    _refused(
        bob.post(path + "/enter", {"name": "blue", "players": ["bob"], "robots": 3}),
        409,
        "two teams of this event are called blue",
    )
    r = bob.post(path + "/enter", {"name": "Red", "players": ["bob"], "robots": 5})
    assert r.status_code == 200, r.text
    teams = r.json()["teams"]
    assert [(t["name"], t["captain"], len(t["members"])) for t in teams] == [
        ("Blue", "ann", 6),
        ("Red", "bob", 6),
    ]
    assert [m["robot"] for m in teams[1]["members"]] == [False] + [True] * 5

    assert dan.post(path + "/start").status_code == 200
    _refused(
        cat.post(path + "/enter", {"name": "Late", "players": ["cat"], "robots": 3}),
        409,
        "the event has started",
    )
    # line-ups: only the captain, only members; then robots play both rooms
    rb = [robot_member(1, n) for n in (3, 4, 5, 6)]
    red = [robot_member(2, n) for n in (2, 3, 4, 5)]
    before = state()
    _refused(
        cy.post(path + "/lineup", {"open": rb[:2], "closed": rb[2:]}),
        409,
        "only the captain of Blue (ann) names who plays, not cy",
    )
    _refused(
        ann.post(path + "/lineup", {"open": rb[:2], "closed": [rb[2], "cat"]}),
        409,
        "cat is not a member of Blue",
    )
    _refused(
        ann.post(path + "/lineup", {"open": rb[:2], "closed": rb[1:3]}),
        409,
        "a line-up seats four different members",
    )
    _refused(
        cat.post(path + "/lineup", {"open": rb[:2], "closed": rb[2:]}),
        403,
        "cat is on no team of this event",
    )
    _refused(bob.post(path + "/play"), 403, "only the event's director")
    assert state() == before
    assert ann.post(path + "/lineup", {"open": rb[:2], "closed": rb[2:]}).status_code == 200
    assert bob.post(path + "/lineup", {"open": red[:2], "closed": red[2:]}).status_code == 200
    r = dan.post(path + "/play")
    assert r.status_code == 200, r.text
    tables = r.json()["rounds"][0]["matches"][0]["tables"]
    assert tables["open"] and tables["closed"] and tables["open"] != tables["closed"]
    assert dan.post(path + "/play").json()["rounds"][0]["matches"][0]["tables"] == tables

    done = _wait(lambda: (s := state())["status"] == "finished" and s, "the match did not end")
    m = done["rounds"][0]["matches"][0]
    assert m["complete"] and len(m["boards"]) == 2
    # the VPs through a path apart from the event's: the IMP table and the VP scale
    total = 0
    for b in m["boards"]:
        diff = b["open"]["ns_score"] - b["closed"]["ns_score"]
        assert b["imps"] == (imps(diff) if diff >= 0 else -imps(-diff))
        total += b["imps"]
    assert m["imps"] == [
        sum(i for i in (b["imps"] for b in m["boards"]) if i > 0),
        -sum(i for i in (b["imps"] for b in m["boards"]) if i < 0),
    ]
    assert m["vp"] == [vp_for(total, 2), vp_for(-total, 2)]
    assert sum(m["vp"]) == pytest.approx(20)
    assert [row["team"] for row in done["standings"]] == (
        [1, 2] if m["vp"][0] >= m["vp"][1] else [2, 1]
    )
    # the rooms' tables belong to the event; their results are the rooms' in the event
    for room in ("open", "closed"):
        t = ann.client.get(f"/api/tables/{tables[room]}").json()
        assert t["table"]["tournament"]["event"] == eid
        scores = {r["number"]: r["score_ns"] for r in t["results"]}
        assert scores == {b["board"]: b[room]["ns_score"] for b in m["boards"]}, (room, t)
    # the list and the store: read back as it was
    listed = ann.client.get("/api/team-events").json()["events"]
    assert [(e["id"], e["status"]) for e in listed] == [(eid, "finished")]
    assert ann.client.get(f"/api/events/{eid}").status_code == 404  # not a pair event
    assert ann.client.get("/api/team-events/999").status_code == 404
