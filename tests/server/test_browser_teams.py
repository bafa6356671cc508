"""A team match in real browsers (Chromium through Playwright) on a real server: two teams of
one person and three robots each play a one-board match in two rooms, ann (Blue's captain)
South in the open room and bob (Red's captain) South in the closed room, by clicks. A
spectator watching the open room does not see the closed room's result early, nor the open
room's on the scorecard while the closed room still plays; once both rooms have finished,
the captain's scorecard shows both rooms' contracts, the IMPs and the VPs, and the event page
its standings (in Chinese and in English)."""

from __future__ import annotations

import time

import httpx
import pytest
from browsers import needs_chromium, new_page, play_board_by_clicks, serving

pytestmark = [needs_chromium, pytest.mark.timeout(300)]


@pytest.fixture
def live(tmp_path, h, monkeypatch):
    monkeypatch.setenv("QIPAI_GRACE", "600")  # no robot takes a person's seat meanwhile
    with serving(h, tmp_path) as server:
        yield server


def sign_up(w, base: str, name: str, lang: str) -> str:
    """Sign up in the browser; returns the page's CSRF token for its JSON requests."""
    page = w.page
    page.goto(f"{base}/lang/{lang}?next=/")
    page.fill("#register-form input[name=name]", name)
    page.fill("#register-form input[name=password]", "correct horse")
    page.click("#register-form button[type=submit]")
    page.wait_for_selector("#create-form")
    return page.request.get(f"{base}/api/me").json()["csrf"]


def post(w, csrf: str, url: str, body: dict) -> dict:
    r = w.page.request.post(url, data=body, headers={"x-csrf-token": csrf})
    assert r.ok, (url, r.status, r.text())
    return r.json()


def test_a_team_match_in_two_rooms_by_clicks(live, browser):
    base = live.base
    with httpx.Client(base_url=base, timeout=10) as dan:
        match_in_two_rooms(base, browser, dan)


def match_in_two_rooms(base: str, browser, dan: httpx.Client) -> None:
    from qipai.events.teams.roster import robot_member

    csrf = dan.get("/api/me").json()["csrf"]
    r = dan.post("/api/register", json={"name": "dan", "password": "correct horse"},
                 headers={"x-csrf-token": csrf})  # fmt: skip
    csrf = r.json().get("csrf", csrf)
    r = dan.post("/api/team-events", json={"name": "周末队式赛", "boards": 1},
                 headers={"x-csrf-token": csrf})  # fmt: skip
    assert r.status_code == 201, r.text
    eid = r.json()["id"]
    api = f"{base}/api/team-events/{eid}"

    ann = new_page(browser)
    bob = new_page(browser, locale="en-GB")
    cat = new_page(browser)
    tokens = {
        "ann": sign_up(ann, base, "ann", "zh"),
        "bob": sign_up(bob, base, "bob", "en"),
    }
    sign_up(cat, base, "cat", "zh")
    for w, name, team in ((ann, "ann", "Blue"), (bob, "bob", "Red")):
        post(w, tokens[name], api + "/enter", {"name": team, "players": [name], "robots": 3})
    assert dan.post(api + "/start", json={}, headers={"x-csrf-token": csrf}).status_code == 200
    # ann South in the open room (Blue, at home, NS there); bob South in the closed room (Red NS)
    for w, name, n, room in ((ann, "ann", 1, "open"), (bob, "bob", 2, "closed")):
        r2, r3, r4 = (robot_member(n, k) for k in (2, 3, 4))
        body = {"open": [r2, name], "closed": [r3, r4]}
        if room == "closed":
            body = {"open": [r2, r3], "closed": [r4, name]}
        post(w, tokens[name], api + "/lineup", body)
    r = dan.post(api + "/play", json={}, headers={"x-csrf-token": csrf})
    tables = r.json()["rounds"][0]["matches"][0]["tables"]

    # the captains find their rooms from the event page; the spectator watches the open room
    ann.page.goto(f"{base}/team-events/{eid}")
    assert "开室" in ann.page.inner_text("#my-table-link")
    ann.page.click("#my-table-link")  # one click to one's own room
    ann.page.wait_for_selector("#bidding-box:not(.hidden), button.playable", timeout=30_000)
    cat.page.goto(f"{base}/tables/{tables['open']}")
    cat.page.wait_for_selector("#table-area", timeout=30_000)
    deadline = time.monotonic() + 120
    play_board_by_clicks(ann.page, deadline)

    # the open room is done, the closed room has not begun: nobody sees the board yet
    card = f"{base}/team-events/{eid}/matches/1/1"
    for w in (cat, ann):
        w.page.goto(card)
        assert w.page.locator("tr.hidden-board").count() == 1
        assert w.page.locator("td.open-result").count() == 0
    seen = cat.page.request.get(api).json()["rounds"][0]["matches"][0]["boards"][0]
    assert set(seen) == {"board", "played"} and seen["played"] == {"open": True, "closed": False}
    refused = cat.page.request.get(f"{base}/api/tables/{tables['open']}/boards/1")
    assert refused.status == 409
    assert not cat.page.locator("#error-box:not(.hidden)").count()  # watching is allowed

    bob.page.goto(f"{base}/team-events/{eid}")
    assert "Closed room" in bob.page.inner_text("#my-table-link")
    bob.page.click("#my-table-link")
    bob.page.wait_for_selector("#bidding-box:not(.hidden), button.playable", timeout=30_000)
    play_board_by_clicks(bob.page, deadline)

    # both rooms have finished: the captain's scorecard, in Chinese
    def finished() -> bool:
        return cat.page.request.get(api).json()["status"] == "finished"

    while not finished():
        assert time.monotonic() < deadline, "the match did not end"
        time.sleep(0.2)
    ann.page.goto(card)
    assert ann.page.locator("tr.shown").count() == 1
    open_text = ann.page.inner_text("td.open-result")
    closed_text = ann.page.inner_text("td.closed-result")
    assert open_text and closed_text
    home_vp = float(ann.page.inner_text("#home-vp"))
    away_vp = float(ann.page.inner_text("#away-vp"))
    assert home_vp + away_vp == pytest.approx(20)
    # and in English, the standings on the event page
    bob.page.goto(f"{base}/team-events/{eid}")
    assert "Standings" in bob.page.inner_text("#standings-panel")
    assert bob.page.locator("#standings tbody tr").count() == 2
    for w in (ann, bob, cat):
        assert not w.errors, w.errors
