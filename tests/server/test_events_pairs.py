"""Pair games on movements on the server, through the JSON API: a director creates a Mitchell,
robot pairs fill it, the clock seats each round's tables with their own boards (a board
travelling from table to table), the director adjusts a score between rounds, the standings
and the board's traveller show it, and the results come as PBN, CSV, JSON and USEBIO XML."""

from __future__ import annotations

import time
from xml.etree import ElementTree as ET

from test_events import new_event, start_in, wait_for


def wait_until(client, eid, test, timeout=120.0):
    deadline = time.monotonic() + timeout
    while True:
        ev = client.get(f"/api/events/{eid}").json()
        if test(ev):
            return ev
        assert time.monotonic() < deadline, (ev["status"], ev["round"])
        time.sleep(0.1)


def test_a_mitchell_on_the_server_with_a_ruling(server, players):
    dan, ann = players("dan", "ann")
    ev = new_event(
        dan,
        name="周四双冠军",
        start=start_in(1.5),
        rounds=2,
        boards_per_round=1,
        round_minutes=1,
        break_minutes=0.3,
        scoring="mp",
        format="mitchell",
    )
    eid = ev["id"]
    path = f"/api/events/{eid}"
    assert ev["format"] == "mitchell" and ev["settings"]["format"] == "mitchell"
    assert dan.post(path + "/robots", {"count": 8}).status_code == 200
    # between rounds 1 and 2
    ev = wait_until(server, eid, lambda e: e["rounds"] and e["rounds"][0]["closed_at"])
    r1 = ev["rounds"][0]
    assert [(t["ns"], t["ew"]) for t in r1["tables"]] == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert [[b["board"] for b in t["boards"]] for t in r1["tables"]] == [[1], [2], [3], [4]]
    assert {row["direction"] for row in ev["standings"]} == {"NS", "EW"}
    before = {row["pair"]: row["total"] for row in ev["standings"]}
    ruling = {"round": 1, "table": 1, "board": 1, "kind": "artificial", "ns": "average-plus",
              "ew": "average-minus", "reason": "a revoke not corrected"}  # fmt: skip
    assert ann.post(path + "/adjust", ruling).status_code == 403  # only the director
    r = dan.post(path + "/adjust", {**ruling, "ns": "best"})
    assert r.status_code == 400 and "average-plus" in r.json()["error"]
    r = dan.post(path + "/adjust", ruling)
    assert r.status_code == 200, r.text
    ev = r.json()
    after = {row["pair"]: row["total"] for row in ev["standings"]}
    assert after[1] == 60.0 and after[5] == 40.0 and after != before
    assert ev["rulings"][-1]["by"] == "dan" and "average-plus NS" in ev["rulings"][-1]["what"]
    ev = wait_for(server, eid, "finished")
    # board 1 travelled from table 1 (round 1) to table 4 (round 2); the traveller holds both
    b1 = server.get(f"/api/events/{eid}/boards/1").json()
    assert [(x["round"], x["table"]) for x in b1["results"]] == [(1, 1), (2, 4)]
    assert b1["results"][0]["adjusted"] == "average-plus NS / average-minus EW"
    assert b1["results"][0]["ns_points"] == 60.0
    xml = server.get(f"/events/{eid}/results.xml")
    assert xml.status_code == 200 and xml.headers["content-type"].startswith("application/xml")
    root = ET.fromstring(xml.text)
    assert root.find("EVENT/WINNER_TYPE").text == "2"  # type: ignore[union-attr]
    assert len(root.findall("EVENT/BOARD")) == 4
    pbn = server.get(f"/events/{eid}/results.pbn").text
    assert '"average-plus NS / average-minus EW"' in pbn
    assert ev["files"]["xml"] == f"/events/{eid}/results.xml"


def test_a_howell_the_field_does_not_fit_is_cancelled_saying_why(server, players):
    (dan,) = players("dan")
    ev = new_event(dan, start=start_in(1), format="howell", rounds=3, boards_per_round=2)
    assert dan.post(f"/api/events/{ev['id']}/robots", {"count": 3}).status_code == 200
    ev = wait_for(server, ev["id"], "cancelled")
    assert "no Howell movement for 3 pairs" in ev["notes"][-1]["text"]
    body = {"name": "x", "start": start_in(60), "rounds": 2, "boards_per_round": 1}
    r = dan.post("/api/events", {**body, "round_minutes": 5, "format": "teams"})
    assert r.status_code == 400 and "'format'" in r.json()["error"]
