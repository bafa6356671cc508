"""An event's table in a real browser (#15 item 3): the table names the round, the board of
the round and the time left, its back link goes to the event, and when the player's next round
is seated their page goes to their new table by itself, with no click."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta

import pytest
from browsers import needs_chromium, new_page, play_board_by_clicks, serving

pytestmark = [needs_chromium, pytest.mark.timeout(300)]


@pytest.fixture
def live(tmp_path, h, monkeypatch):
    monkeypatch.setenv("QIPAI_GRACE", "4")  # bob never comes: a robot plays his seat
    with serving(h, tmp_path) as server:
        yield server


def api(w, base: str, method: str, path: str, body: dict | None = None) -> dict:
    """A JSON API call from the page's own session (its cookies and CSRF token)."""
    csrf = w.page.request.get(f"{base}/api/me").json()["csrf"]
    r = w.page.request.fetch(
        f"{base}{path}", method=method, data=body or {}, headers={"x-csrf-token": csrf}
    )
    assert r.ok, (path, r.status, r.text())
    return r.json()


def test_the_page_follows_the_player_to_the_next_rounds_table(live, browser):
    dan, ann, bob = (new_page(browser, locale="zh-CN") for _ in range(3))
    for w, name in ((dan, "dan"), (ann, "ann"), (bob, "bob")):
        w.page.goto(f"{live.base}/")
        api(w, live.base, "POST", "/api/register", {"name": name, "password": "correct horse"})
    start = (datetime.now(UTC) + timedelta(seconds=6)).isoformat()
    ev = api(
        dan,
        live.base,
        "POST",
        "/api/events",
        {"name": "两轮", "start": start, "rounds": 2, "boards_per_round": 1, "round_minutes": 4},
    )
    path = f"/api/events/{ev['id']}"
    api(ann, live.base, "POST", path + "/register", {"partner": "bob"})
    api(bob, live.base, "POST", path + "/register", {"partner": "ann"})
    api(dan, live.base, "POST", path + "/robots", {"count": 3})

    a = ann.page
    a.goto(f"{live.base}/events/{ev['id']}")
    a.wait_for_selector("#my-table-link", timeout=60_000)
    a.click("#my-table-link")
    a.wait_for_url(re.compile(r".*/tables/\d+$"))
    first = a.url
    assert a.get_attribute("#back-link", "href") == f"/events/{ev['id']}"
    shows = "() => /{}/.test(document.getElementById('round-info').textContent)"
    a.wait_for_function(shows.format("第1轮"))
    a.wait_for_function(shows.format(r"剩余 \d+:\d\d"))
    assert "本轮第1/1副" in a.inner_text("#round-info")

    # ann plays her board (a robot plays bob's seat); the round ends once every table has,
    # round 2 is seated at once, and her page moves to her new table by itself
    play_board_by_clicks(a, time.monotonic() + 120)
    a.wait_for_url(
        lambda url: re.search(r"/tables/\d+$", url) is not None and url != first, timeout=60_000
    )
    a.wait_for_function(shows.format("第2轮"))
    # logging out at the table lands on the home page (#15 item 10)
    a.click("#logout")
    a.wait_for_url(f"{live.base}/")
    a.wait_for_selector("#login-form")
    for w in (dan, ann, bob):
        assert w.errors == [], w.errors
