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
    dan, ann, bob = players("dan", "ann", "bob")
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
    ann.post(path + "/register", {"partner": "bob"})
    bob.post(path + "/register", {"partner": "ann"})  # pair 1, NS at table 1; robots play for them
    assert dan.post(path + "/robots", {"count": 7}).status_code == 200
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
    me = ann.client.get(path).json()["me"]  # ann's personal score card: board 1, adjusted
    assert [(c["round"], c["board"], c["direction"], c["opponents"]) for c in me["card"]] == [
        (1, 1, "NS", 5)
    ]
    assert me["card"][0]["points"] == 60.0 and me["card"][0]["adjusted"].startswith("average-plus")
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
    # after the finish, within the correction period (Law 79C; 30 minutes unless set), the
    # director still rules: the standings and the masterpoints follow, the log says why
    assert ev["settings"]["correction_minutes"] == 30 and ev["rulings_open"] is True
    store = server.app.state.server.store
    late = {"round": 2, "table": 1, "board": 2, "kind": "assigned", "contract": "7NTX",
            "declarer": "E", "tricks": 13, "reason": "a misinformation (Law 21B)"}  # fmt: skip
    events = server.app.state.server.events
    events._finished.clear()  # as after a restart: the finished event is read from the store
    r = dan.post(path + "/adjust", late)
    assert r.status_code == 200, r.text
    ev = r.json()
    assert ev["status"] == "finished" and ev["rulings"][-1]["reason"] == late["reason"]
    assert {row["pair"]: row["total"] for row in ev["standings"]} != after
    assert store.event_store.log(eid)[-1][1] == "adjust"
    for name in ("ann", "bob"):  # the awards are written again from the standings as ruled
        row = next(x for x in ev["standings"] if x["pair"] == 1)
        mine = [a.points for a in store.event_store.awards(name) if a.event_id == eid]
        assert mine == ([row["masterpoints"]] if row["masterpoints"] else [])
    # once the period is over, the results are final: refused citing the Law, in both languages
    events.clock = lambda: time.time() + 31 * 60
    r = dan.post(path + "/penalty", {"pair": 1, "points": 1, "reason": "slow play"})
    assert r.status_code == 409 and r.json()["error"].endswith("final (Law 79C)")
    assert "更正期" in r.json()["error_zh"] and "第79条C款" in r.json()["error_zh"]
    assert server.get(path).json()["rulings_open"] is False


def test_a_howell_the_field_does_not_fit_is_cancelled_saying_why(server, players):
    (dan,) = players("dan")
    ev = new_event(dan, start=start_in(1), format="howell", rounds=3, boards_per_round=2)
    assert dan.post(f"/api/events/{ev['id']}/robots", {"count": 3}).status_code == 200
    ev = wait_for(server, ev["id"], "cancelled")
    assert "no Howell movement for 3 pairs" in ev["notes"][-1]["text"]
    body = {"name": "x", "start": start_in(60), "rounds": 2, "boards_per_round": 1}
    r = dan.post("/api/events", {**body, "round_minutes": 5, "format": "teams"})
    assert r.status_code == 400 and "'format'" in r.json()["error"]


def test_the_pages_make_a_mitchell_and_the_director_adjusts_through_a_form(server, players):
    from test_events_pages import EN, act, create, page, text_of

    dan, ann = players("dan", "ann")
    new_form = text_of(page(dan, "/events/new", EN))
    assert "Pairs, two winners (Mitchell)" in new_form and "Pairs, one winner (Howell)" in new_form
    assert "双人赛·双冠军（米切尔移位）" in text_of(page(dan, "/events/new"))
    eid = create(dan, format="mitchell", scoring="mp", break_minutes="0.3",
                 start_local=None, start=start_in(1.5))  # fmt: skip
    path = f"/api/events/{eid}"
    assert server.get(path).json()["format"] == "mitchell"
    assert dan.post(path + "/robots", {"count": 6}).status_code == 200
    wait_until(server, eid, lambda e: e["rounds"] and e["rounds"][0]["closed_at"])
    shown = text_of(page(dan, f"/events/{eid}", EN))
    assert "Pairs, two winners (Mitchell)" in shown and "Direction" in shown
    assert "Adjust the score" in shown
    fields = {"kind": "artificial", "round": "1", "table": "2", "board": "2", "ns": "average",
              "ew": "average-plus", "reason": "slow play by NS"}  # fmt: skip
    act(ann, eid, "adjust", expect=403, **fields)
    act(dan, eid, "adjust", **fields)
    shown = text_of(page(dan, f"/events/{eid}", EN))
    assert "The director's rulings" in shown and "slow play by NS" in shown
    assert "average NS / average-plus EW" in shown
    zh = text_of(page(dan, f"/events/{eid}"))
    assert "裁判判罚记录" in zh and "方向" in zh
    board = text_of(page(dan, f"/events/{eid}/boards/2", EN))  # the director sees it at once
    assert "Adjusted: average NS / average-plus EW" in board and "Round 1 Table 2" in board


def test_every_ruling_through_the_page_forms_in_both_languages(server, players):
    from test_events_pages import EN, act, create, page, text_of

    dan, ann = players("dan", "ann")
    eid = create(dan, format="mitchell", scoring="mp", break_minutes="10",
                 start_local=None, start=start_in(1.5))  # fmt: skip
    path = f"/api/events/{eid}"
    assert dan.post(path + "/robots", {"count": 6}).status_code == 200
    ev = wait_until(server, eid, lambda e: e["rounds"] and e["rounds"][0]["closed_at"])
    assert ev["settings"]["correction_minutes"] == 30
    shown = text_of(page(dan, f"/events/{eid}", EN))
    for heading in ("Artificial adjusted score (Law 12C2)", "Assigned adjusted score (Law 12C1)",
                    "Corrected result (Law 79C)", "Procedural penalty (Law 90)",
                    "Substitute (between rounds)", "Robots play for a pair (between rounds)",
                    "Withdraw a pair", "Name another director"):  # fmt: skip
        assert heading in shown
    zh = text_of(page(dan, f"/events/{eid}"))
    assert "指定调整分（《桥牌规则》第12条C1款）" in zh and "替补" in zh
    assert "程序判罚（《桥牌规则》第90条）" in zh
    assert "Procedural penalty" not in text_of(page(ann, f"/events/{eid}", EN))  # not ann's
    t1, t2 = ev["rounds"][0]["tables"][:2]
    b1, b2 = t1["boards"][0]["board"], t2["boards"][0]["board"]
    act(dan, eid, "adjust", kind="assigned", round="1", table="1", board=str(b1),
        contract="3NT", declarer="S", tricks="10", reason="misinformation")  # fmt: skip
    act(dan, eid, "adjust", kind="corrected", round="1", table="2", board=str(b2),
        contract="Pass", declarer="N", tricks="", reason="misscored")  # fmt: skip
    before = {r["pair"]: r["total"] for r in server.get(path).json()["standings"]}
    act(dan, eid, "penalty", pair="2", points="1.5", reason="slow play")
    pairs = {p["pair"]: p["players"] for p in server.get(path).json()["pairs_registered"]}
    act(dan, eid, "substitute", pair="3", player=pairs[3][0], substitute="ann",
        reason="ill")  # fmt: skip
    act(dan, eid, "withdraw_pair", pair="4", reason="left")
    act(dan, eid, "appoint", name="ann")
    act(ann, eid, "penalty", pair="5", points="2", reason="a late arrival")  # ann directs now
    # the page says why a ruling is refused, in the reader's language
    r = act(dan, eid, "robots_for", expect=409, pair="1", reason="x")
    assert "第1对已经是机器人对" in text_of(r.text)
    r = act(dan, eid, "adjust", expect=400, kind="assigned", round="1", table="1",
            board=str(b1), contract="9NT", declarer="S", tricks="9", reason="x")  # fmt: skip
    assert "'contract'" in text_of(r.text)
    ev = server.get(path).json()
    whats = [x["what"] for x in ev["rulings"]]
    assert any(w.startswith(f"round 1, table 1, board {b1}: assigned 3NT by S, 10 tricks (")
               for w in whats)  # fmt: skip
    assert any(w.startswith(f"round 1, table 2, board {b2}: corrected passed out") for w in whats)
    assert "pair 2 (robot 2 a & robot 2 b): procedural penalty of 1.5" in whats
    assert f"pair 3: ann substitutes for {pairs[3][0]}" in whats
    assert "pair 4 (robot 4 a & robot 4 b) withdrawn" in whats and "ann named a director" in whats
    assert [x["by"] for x in ev["rulings"]][-1] == "ann"
    after = {r["pair"]: r["total"] for r in ev["standings"]}
    assert after[2] < before[2] and "ann" in ev["pairs_registered"][2]["players"]
    assert next(p for p in ev["pairs_registered"] if p["pair"] == 4)["withdrawn_after"] == 1
    log = text_of(page(dan, f"/events/{eid}", EN))
    assert "misinformation" in log and "a late arrival" in log
    # the score card page of pair 1 (NS at table 1): board by board, the assigned score shown
    card = text_of(page(dan, f"/events/{eid}/cards/1", EN))  # the director sees every board
    assert "Score card of pair 1" in card and "Opponents" in card
    assert "Adjusted: assigned 3NT by S, 10 tricks" in card and "Round" in card
    card_zh = text_of(page(dan, f"/events/{eid}/cards/1"))
    assert "第1对计分卡" in card_zh and "调整分" in card_zh
    hands = text_of(page(dan, f"/events/{eid}/hands", EN))
    assert "Hand records" in hands and f"Board {b1}" in hands
    # ann, now playing for pair 3, has board b1 still to play as it travels: not shown to her
    assert "No board of this card may be shown to you yet" in text_of(
        page(ann, f"/events/{eid}/cards/1", EN)
    )
    assert f"Board {b1} " not in text_of(page(ann, f"/events/{eid}/hands", EN))
