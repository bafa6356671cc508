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
        assert t["table"]["event_table"]["event"] == eid
        scores = {r["number"]: r["score_ns"] for r in t["results"]}
        assert scores == {b["board"]: b[room]["ns_score"] for b in m["boards"]}, (room, t)
    # the scorecard page: both rooms' results board by board, the IMPs, the running total
    card = ann.client.get(f"/team-events/{eid}/matches/1/1").text
    assert card.count('class="shown"') == 2 and 'class="hidden-board"' not in card
    home_vp = card[card.index('id="home-vp">') :].split(">", 1)[1].split("<", 1)[0]
    assert float(home_vp) == m["vp"][0]
    assert "开室" in card and "闭室" in card and "记分表" in card
    # the match's files: PBN with both rooms, CSV a row a board, JSON with the VPs
    files = f"/team-events/{eid}/matches/1/1"
    pbn = ann.client.get(files + ".pbn").text
    assert pbn.count('[Room "Open"]') == 2 and pbn.count('[Room "Closed"]') == 2
    rows = ann.client.get(files + ".csv").text.strip().splitlines()
    assert len(rows) == 3 and rows[0].startswith("board,open_contract")
    assert ann.client.get(files + ".json").json()["vp"] == m["vp"]
    assert ann.client.get(files + ".xml").status_code == 404
    # the list and the store: read back as it was
    listed = ann.client.get("/api/team-events").json()["events"]
    assert [(e["id"], e["status"]) for e in listed] == [(eid, "finished")]
    assert ann.client.get(f"/api/events/{eid}").status_code == 404  # not a pair event
    assert ann.client.get("/api/team-events/999").status_code == 404


def test_the_pages_rosters_scorecard_standings_and_a_bracket(server, h):
    """zh-CN and en pages: the rosters, a knockout's bracket drawn as SVG (two semi-finals
    feeding the final), and the scorecard of a match not yet played: no board shown."""
    import re

    players = [h.Player(server).register(n) for n in ("td", "p1", "p2", "p3", "p4")]
    td, *captains = players
    r = td.post("/api/team-events", {"name": "淘汰赛杯", "format": "knockout", "boards": 2})
    eid = r.json()["id"]
    for i, cap in enumerate(captains, 1):
        body = {"name": f"T{i}", "players": [cap.name], "robots": 3}
        assert cap.post(f"/api/team-events/{eid}/enter", body).status_code == 200
    page = captains[0].client.get(f"/team-events/{eid}").text
    assert 'id="rosters"' in page and page.count('class="robot-name member"') == 12
    assert page.count("队长") == 4 and "bracket-match" in page  # the bracket before the draw
    assert td.post(f"/api/team-events/{eid}/start").status_code == 200
    captains[0].client.get("/lang/en")
    page = captains[0].client.get(f"/team-events/{eid}").text
    assert "Teams and rosters" in page and "Knockout bracket" in page
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert svg.count('class="bracket-match"') == 3  # two semi-finals and the final
    assert svg.count('class="bracket-link"') == 2  # each semi-final feeds the final
    assert svg.count("to be decided") == 2
    seeded = re.findall(r'bracket-team[^>]*>([^<]+)<', svg)
    assert seeded[:4] == ["T1", "T4", "T2", "T3"]  # 1 v 4 and 2 v 3, the top seeds at home
    card = captains[0].client.get(f"/team-events/{eid}/matches/1/1")
    assert card.status_code == 200 and 'id="scorecard"' in card.text
    assert card.text.count('class="hidden-board"') == 2
    assert "Shown once both rooms have finished it" in card.text
    missing = captains[0].client.get(f"/team-events/{eid}/matches/1/9")
    assert missing.status_code == 404
    assert captains[0].client.get("/team-events/999").status_code == 404
    listing = td.client.get("/team-events").text
    assert f'href="/team-events/{eid}"' in listing and "淘汰赛" in listing


def _played(player, path, room):
    m = player.client.get(path).json()["rounds"][0]["matches"][0]
    return [b["played"][room] for b in m["boards"]]


def test_a_team_event_goes_on_after_a_restart(db_path, h):
    """Stored and read back: after a restart the event is as it was, its rooms' tables are its
    own again, and the closed room's next board is recorded."""
    with h.TestClient(h.make_app(db_path, disconnect_grace=600.0)) as server:
        people, path, tables = h.team_match(server, "重启")
        dan = people["dan"]
        _wait(lambda: _played(dan, path, "open") == [True, True], "the open room's robots")
        conns = {n: people[n].connect(tables["closed"]) for n in ("ann", "ax", "bob", "bx")}
        by_seat = {c.state["you"]["seat"]: c for c in conns.values()}
        h.play_calls(by_seat, ["P"] * 4)
        _wait(lambda: _played(dan, path, "closed") == [True, False], "board 1 in the closed room")
        before = dan.client.get(path).json()
        cookies = {n: dict(p.client.cookies) for n, p in people.items()}
        h.close_all()
    with h.TestClient(h.make_app(db_path, disconnect_grace=600.0)) as server:
        again = {}
        for n, jar in cookies.items():
            p = h.Player(server)
            for k, v in jar.items():
                p.client.cookies.set(k, v)
            p.name = n
            again[n] = p
        dan = again["dan"]
        assert dan.client.get(path).json() == before
        conns = {n: again[n].connect(tables["closed"]) for n in ("ann", "ax", "bob", "bx")}
        by_seat = {c.state["you"]["seat"]: c for c in conns.values()}
        h.play_calls(by_seat, ["P"] * 4)
        done = _wait(lambda: (s := dan.client.get(path).json())["status"] == "finished" and s,
                     "board 2 after the restart")  # fmt: skip
        m = done["rounds"][0]["matches"][0]
        assert m["complete"] and sum(m["vp"]) == pytest.approx(20)
        h.close_all()


def test_the_director_rules_a_forfeit_with_a_reason(server, h):
    people, path, tables = h.team_match(server, "弃权")
    dan, ann = people["dan"], people["ann"]
    # the closed room's people have not played: the match is not over, its segment seated
    assert ann.client.get(path.replace("/api", "") + "/matches/1/1.pbn").status_code == 409
    lineup = {"open": ["ann", "ax"], "closed": [robot_member(1, 3), robot_member(1, 4)]}
    _refused(ann.post(path + "/lineup", lineup), 409, "segment 1 of this match is seated")
    _refused(ann.post(path + "/rule", {"match": 1, "reason": "x", "forfeited_by": 2}), 403,
             "only the event's director")  # fmt: skip
    _refused(dan.post(path + "/rule", {"match": 1, "reason": "late"}), 400,
             "a ruling is a forfeit")  # fmt: skip
    _refused(dan.post(path + "/rule", {"match": 1, "reason": "x", "vp": [15, 10]}), 409,
             "VPs")  # fmt: skip
    _refused(dan.post(path + "/rule", {"match": 1, "reason": "", "forfeited_by": 2}), 400,
             "'reason'")  # fmt: skip
    after = dan.client.get(path).json()  # the robots play on meanwhile: no ruling, though
    assert after["rounds"][0]["matches"][0]["ruling"] is None and after["status"] == "running"
    r = dan.post(path + "/rule", {"match": 1, "reason": "Red did not come", "forfeited_by": 2})
    assert r.status_code == 200, r.text
    m = r.json()["rounds"][0]["matches"][0]
    assert m["ruling"] == {"kind": "forfeit", "vp": [12.0, 0.0], "reason": "Red did not come"}
    assert r.json()["status"] == "finished" and m["vp"] == [12.0, 0.0]
    # its tables are closed
    _wait(lambda: ann.client.get(f"/api/tables/{tables['closed']}").json()["table"]["closed"],
          "the ruled match's table was not closed")  # fmt: skip
    card = ann.client.get(path.replace("/api", "") + "/matches/1/1").text
    assert "Red did not come" in card


def test_a_round_robin_round_after_round_on_live_tables(server, h):
    """Four teams, three rounds of one board: each round the captains name robot line-ups and
    the director seats the round; the next round is drawn from the results, every team meets
    every other once, and each round's tables are closed once it is over."""
    td, *caps = (h.Player(server).register(n) for n in ("td", "c1", "c2", "c3", "c4"))
    r = td.post("/api/team-events", {"name": "循环", "format": "round-robin", "boards": 1})
    path = f"/api/team-events/{r.json()['id']}"
    for i, cap in enumerate(caps, 1):
        body = {"name": f"T{i}", "players": [cap.name], "robots": 5}
        assert cap.post(path + "/enter", body).status_code == 200
    assert td.post(path + "/start").status_code == 200
    met: set[frozenset[int]] = set()
    seated: list[int] = []
    for round_no in (1, 2, 3):
        for i, cap in enumerate(caps, 1):
            robots = [robot_member(i, n) for n in (2, 3, 4, 5)]
            r = cap.post(path + "/lineup", {"open": robots[:2], "closed": robots[2:]})
            assert r.status_code == 200, r.text
        view = td.post(path + "/play").json()
        rnd = view["rounds"][round_no - 1]
        seated += [t for m in rnd["matches"] for t in m["tables"].values()]
        done = _wait(
            lambda n=round_no: (v := td.client.get(path).json())["rounds"][n - 1]["complete"] and v,
            f"round {round_no} did not end",
        )
        for m in done["rounds"][round_no - 1]["matches"]:
            met.add(frozenset((m["home"], m["away"])))
            assert sum(m["vp"]) == pytest.approx(20)
    assert len(met) == 6 and done["status"] == "finished"
    assert sum(row["vp"] for row in done["standings"]) == pytest.approx(20 * 6)
    for table_id in seated:
        _wait(lambda t=table_id: td.client.get(f"/api/tables/{t}").json()["table"]["closed"],
              f"table {table_id} was not closed")  # fmt: skip
