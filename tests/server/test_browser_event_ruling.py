"""A Mitchell in a real browser (Chromium through Playwright) on a real server: a director
makes it through the form, three pairs of people (registered through the JSON API, as their
own browsers would) and three robot pairs play it (robots take the people's seats once the
grace time is over), and after the finish, within the correction period (Law 79C), the
director gives an artificial score through the page's form: the standings change, the board's
traveller and the pair's score card show the adjustment, and the log says why."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from browsers import needs_chromium, new_page, serving
from test_browser_events import sign_up, start_in

pytestmark = [needs_chromium, pytest.mark.timeout(300)]

GRACE = "4"
"""Seconds before a robot plays the seat of a person who is not at the table."""


@pytest.fixture
def live(tmp_path, h, monkeypatch):
    monkeypatch.setenv("QIPAI_GRACE", GRACE)
    with serving(h, tmp_path) as server:
        yield server


def person(base: str, name: str) -> tuple[httpx.Client, str]:
    """An account made through the JSON API: its client (cookies) and CSRF token."""
    client = httpx.Client(base_url=base)
    csrf = client.get("/api/me").json()["csrf"]
    r = client.post(
        "/api/register",
        json={"name": name, "password": "correct horse"},
        headers={"x-csrf-token": csrf},
    )
    assert r.status_code == 201, r.text
    return client, r.json()["csrf"]


def totals(page) -> dict[str, str]:
    rows = page.locator("#standings tbody tr")
    return {
        rows.nth(i).get_attribute("data-pair") or "": rows.nth(i).locator("td.total").inner_text()
        for i in range(rows.count())
    }


def test_a_mitchell_the_director_adjusts_after_the_finish(live, browser):
    dan = new_page(browser, locale="en-GB")
    p = dan.page
    sign_up(dan, live.base, "dan", "en")
    p.goto(f"{live.base}/events/new")
    p.wait_for_selector("#event-form")
    start = start_in(25)
    p.fill("#event-form input[name=name]", "Browser Mitchell")
    offset = int(p.evaluate("-new Date().getTimezoneOffset()"))
    local = start.astimezone(UTC) + timedelta(minutes=offset)
    p.fill("#start-local", local.strftime("%Y-%m-%dT%H:%M:%S"))
    two_rounds_of_one_board = {"rounds": 2, "boards_per_round": 1, "round_minutes": 2}
    for field, value in {**two_rounds_of_one_board, "break_minutes": 0}.items():
        p.fill(f"#event-form input[name={field}]", str(value))
    assert p.input_value("#event-form input[name=correction_minutes]") == "30"
    p.select_option("#format", "mitchell")
    p.select_option("#event-form select[name=scoring]", "mp")
    p.select_option("#event-form select[name=robot_level]", "0")
    p.click("#create-event")
    p.wait_for_url(re.compile(r".*/events/\d+$"))
    eid = int(p.url.rsplit("/", 1)[1])
    api = f"{live.base}/api/events/{eid}"

    # three pairs of people enter, each naming the other; the director adds three robot pairs
    people = {n: person(live.base, n) for n in ("ann", "bob", "cy", "di", "ed", "fay")}
    for a, b in (("ann", "bob"), ("cy", "di"), ("ed", "fay")):
        for me, partner in ((a, b), (b, a)):
            client, csrf = people[me]
            r = client.post(
                f"/api/events/{eid}/register",
                json={"partner": partner},
                headers={"x-csrf-token": csrf},
            )
            assert r.status_code == 200, r.text
    for client, _ in people.values():
        client.close()
    p.reload()
    p.fill("#robots-form input[name=count]", "3")
    p.click("#add-robots")
    p.wait_for_function("document.querySelectorAll('#pairs-list li').length === 6")
    assert datetime.now(UTC) < start, "registration took longer than the time to the start"

    # the event runs by the clock; the director's open page follows it to the final standings
    p.wait_for_selector("#event-files", timeout=200_000)
    assert "Final standings" in p.inner_text("#standings-panel")
    assert "Direction" in p.inner_text("#standings")  # NS and EW ranked apart
    assert "until" in p.inner_text("#correction-period")  # the correction period runs
    ev = httpx.get(api).json()
    table = ev["rounds"][0]["tables"][0]
    board = table["boards"][0]["board"]
    ns, ew = str(table["ns"]), str(table["ew"])
    before = totals(p)

    # within the correction period, an artificial score through the page's form
    form = "#adjust-form"
    p.fill(f"{form} input[name=round]", "1")
    p.fill(f"{form} input[name=table]", "1")
    p.fill(f"{form} input[name=board]", str(board))
    p.select_option(f"{form} select[name=ns]", "average-plus")
    p.select_option(f"{form} select[name=ew]", "average-minus")
    p.fill(f"{form} input[name=reason]", "a fouled board")
    p.click("#adjust")
    p.wait_for_selector("#rulings")
    assert "a fouled board" in p.inner_text("#rulings")
    after = totals(p)
    assert after != before and after[ns] != before[ns] and after[ew] != before[ew]
    stored = {str(r["pair"]): r["total"] for r in httpx.get(api).json()["standings"]}
    assert after[ns] == f"{stored[ns]:g}%" and after[ew] == f"{stored[ew]:g}%"

    # the traveller shows it, and so does the pair's score card
    p.click('#rounds-panel .ev-round[data-round="1"] tr[data-table="1"] a.board-link')
    p.wait_for_url(re.compile(rf".*/events/{eid}/boards/{board}$"))
    assert "Adjusted: average-plus NS / average-minus EW" in p.inner_text("#board-results")
    p.go_back()
    p.click(f'#standings tr[data-pair="{ns}"] a.card-link')
    p.wait_for_url(re.compile(rf".*/events/{eid}/cards/{ns}$"))
    line = p.locator(f'#card-lines tr[data-board="{board}"][data-round="1"]')
    assert "Adjusted: average-plus NS / average-minus EW" in line.inner_text()
    assert line.locator("td.points").inner_text() == "60%"
    assert dan.errors == [], dan.errors
