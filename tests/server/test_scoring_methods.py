"""One scoring vocabulary (``server/scoring.py``): a board of an event is compared by the
event's own method wherever a user sees it. An event scored ``imp`` (IMPs against the Butler
datum) used to hand its tables "IMP", whose hand records compared the board as cross-IMPs: two
different IMP figures for one board (issue #14)."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest

from qipai.duplicate import Method, butler
from qipai.events.scoring import BUTLER_TRIM
from qipai.events.settings import Scoring
from qipai.server.scoring import board_method, comparison, label_key, table_scoring


@pytest.fixture
def server(db_path, h):
    app = h.make_app(db_path, event_poll_every=0.05)
    with h.TestClient(app) as client:
        try:
            yield client
        finally:
            h.close_all()


def start_in(seconds: float) -> str:
    return (datetime.now(UTC) + timedelta(seconds=seconds)).isoformat()


def test_every_vocabulary_maps_to_one_method():
    assert board_method("MP") is Method.MP and board_method("IMP") is Method.XIMP
    assert [board_method("IMP", s) for s in Scoring] == [Method.XIMP, Method.BUTLER, Method.MP]
    assert [table_scoring(s) for s in Scoring] == ["IMP", "IMP", "MP"]  # what robots play for
    assert label_key("IMP", Scoring.IMP) == "ev_scoring_imp" and label_key("MP") == "mp"
    rows = [(1, 620), (2, 170)]
    assert [r["imps"] for r in comparison(rows, Method.XIMP)] == [10.0, -10.0]
    assert [r["imps"] for r in comparison(rows, Method.BUTLER)] == [6.0, -6.0]  # datum 400
    with pytest.raises(ValueError):
        comparison(rows, Method.TEAMS)


def test_a_butler_events_hand_records_show_its_butler_imps(server, players):
    dan, ann, bob = players("dan", "ann", "bob")
    body = {
        "name": "Butler",
        "start": start_in(1.5),
        "rounds": 1,
        "boards_per_round": 2,
        "round_minutes": 1,
        "scoring": "imp",
    }
    r = dan.post("/api/events", body)
    assert r.status_code == 201, r.text
    eid = r.json()["id"]
    path = f"/api/events/{eid}"
    ann.post(path + "/register", {"partner": "bob"})
    bob.post(path + "/register", {"partner": "ann"})
    dan.post(path + "/robots", {"count": 3})
    deadline = time.monotonic() + 120
    while server.get(path).json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    checked = 0
    for board in (1, 2):
        view = server.get(f"{path}/boards/{board}").json()
        assert view["scoring"] == "imp"
        played = [res for res in view["results"] if res["played"]]
        scores = [res["ns_score"] for res in played]
        assert [res["ns_points"] for res in played] == pytest.approx(butler(scores, BUTLER_TRIM))
        for res in played:
            record = server.get(f"/api/tables/{res['table_id']}/boards/{res['board_no']}").json()
            assert record["method"] == "butler" and record["scoring"] == "IMP"
            here = next(x for x in record["results"] if x["this"])
            assert here["imps"] == pytest.approx(res["ns_points"], abs=0.006)
            page = server.get(f"/tables/{res['table_id']}/boards/{res['board_no']}")
            assert page.status_code == 200
            checked += 1
    assert checked == 4
