"""A Swiss pairs event in real browsers (Chromium through Playwright) on a real server: a
director creates it through the form (in Berlin time, in English), two people register as a
pair from the event page in Chinese (the request and the confirmation reach the other's open
page with no reload), the director adds robot pairs, the event runs by the clock while robots
play the two people's seats (the grace time is short), their open page following it to
"your table now" and to the results; then the results are followed by clicks: the results
home -> the event -> a board's score -> the board comparison -> a table's hand record."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import httpx
import pytest
from browsers import needs_chromium, new_page, serving

pytestmark = [needs_chromium, pytest.mark.timeout(300)]

BERLIN = ZoneInfo("Europe/Berlin")
GRACE = "6"
"""Seconds before a robot plays the seat of a person who is not at the table: long enough for
the page's poll (every 3 s) to show the table, short enough for a quick event."""


@pytest.fixture
def live(tmp_path, h, monkeypatch):
    monkeypatch.setenv("QIPAI_GRACE", GRACE)
    with serving(h, tmp_path) as server:
        yield server


def sign_up(w, base: str, name: str, lang: str) -> None:
    page = w.page
    page.goto(f"{base}/lang/{lang}?next=/")
    page.fill("#register-form input[name=name]", name)
    page.fill("#register-form input[name=password]", "correct horse")
    page.click("#register-form button[type=submit]")
    page.wait_for_selector("#create-form")


def start_in(seconds: int) -> datetime:
    """A start ``seconds`` ahead, whole seconds, never on the minute (a ``datetime-local``
    input drops ``:00`` seconds, which Playwright's fill would take for a refusal)."""
    t = (datetime.now(UTC) + timedelta(seconds=seconds)).replace(microsecond=0)
    return t + timedelta(seconds=1) if t.second == 0 else t


def test_an_event_from_the_form_to_the_hand_records(live, browser):
    dan = new_page(browser, timezone_id="Europe/Berlin", locale="en-GB")
    ann = new_page(browser, timezone_id="Asia/Shanghai")
    bob = new_page(browser, viewport={"width": 390, "height": 800}, is_mobile=True)
    sign_up(dan, live.base, "dan", "en")
    sign_up(ann, live.base, "ann", "zh")
    sign_up(bob, live.base, "bob", "zh")

    # The director: the site's navigation -> the results home -> the form.
    p = dan.page
    p.click("#nav-events")
    p.wait_for_selector("#events-title")
    p.click("#create-event-link")
    p.wait_for_selector("#event-form")
    start = start_in(40)
    p.fill("#event-form input[name=name]", "   ")  # only spaces: refused, saying so
    p.fill("#start-local", start.astimezone(BERLIN).strftime("%Y-%m-%dT%H:%M:%S"))
    offset = start.astimezone(BERLIN).strftime("%z")
    assert p.inner_text("#tz-name") == f"UTC{offset[:3]}:{offset[3:]}"  # the browser's zone
    for field, value in [
        ("rounds", "2"),
        ("boards_per_round", "1"),
        ("round_minutes", "2"),
        ("break_minutes", "0"),
    ]:
        p.fill(f"#event-form input[name={field}]", value)
    p.select_option("#event-form select[name=robot_level]", "0")
    p.click("#create-event")
    p.wait_for_selector("#form-errors")
    assert "Give the event a name" in p.inner_text("#err-name")
    assert p.input_value("#event-form input[name=rounds]") == "2"  # what was typed is kept
    p.fill("#event-form input[name=name]", "Browser Swiss")
    p.click("#create-event")
    p.wait_for_url(re.compile(r".*/events/\d+$"))
    eid = int(p.url.rsplit("/", 1)[1])
    ev = httpx.get(f"{live.base}/api/events/{eid}").json()
    # the start typed in Berlin's local time reached the server as that moment
    assert datetime.fromisoformat(ev["start"]) == start
    assert ev["settings"]["rounds"] == 2 and ev["settings"]["round_minutes"] == 2

    # bob waits in the registration room; ann finds the event and raises her hand
    bob.page.goto(f"{live.base}/events/{eid}")
    bob.page.wait_for_selector("#registration")
    bob.page.evaluate("window.__marker = 1")  # gone if the page ever reloads
    a = ann.page
    a.click("#nav-events")
    a.click(f'#events-upcoming a[href="/events/{eid}"]')
    a.fill("#register-form input[name=partner]", "bob")
    a.click("#raise-hand")
    a.wait_for_selector("#my-hand")
    assert "已举手，等待bob确认" in a.inner_text("#my-hand")
    a.evaluate("window.__marker = 1")
    # the request reaches bob's open page by itself; he confirms, and ann's page follows
    bob.page.wait_for_selector(".confirm-partner", timeout=15_000)
    assert "ann邀请你做同伴" in bob.page.inner_text("#registration")
    assert bob.page.evaluate("window.__marker") == 1
    bob.page.click(".confirm-partner")
    bob.page.wait_for_selector("#my-pair")
    a.wait_for_selector("#my-pair", timeout=15_000)
    assert "你已与bob报名，第1对" in a.inner_text("#my-pair")
    assert a.evaluate("window.__marker") == 1

    # the director fills the field with robots
    p.fill("#robots-form input[name=count]", "3")
    p.click("#add-robots")
    p.wait_for_function("document.querySelectorAll('#pairs-list li').length === 4")
    assert "Robots" in p.inner_text("#pairs-list")
    assert datetime.now(UTC) < start, "registration took longer than the time to the start"

    # The event runs: ann's page shows her table (robots play it once the grace is over).
    a.wait_for_selector("#my-table-link", timeout=90_000)
    assert re.fullmatch(r"/tables/\d+", a.get_attribute("#my-table-link", "href") or "")
    assert "你现在的牌桌" in a.inner_text("#my-table") and "对手" in a.inner_text("#my-table")
    # the table's own page names the event's scoring: cross-IMPs (#15 item 9)
    peek = bob.page.context.new_page()
    peek.goto(live.base + a.get_attribute("#my-table-link", "href"))
    assert "XIMP" in peek.inner_text("#scoring-tag")
    peek.close()
    assert a.evaluate("window.__marker") == 1
    # ... and the results when it is over, still with no reload
    a.wait_for_selector("#event-files", timeout=180_000)
    assert "已结束" in a.inner_text("#status-tag")
    assert a.evaluate("window.__marker") == 1
    assert a.locator("#standings tbody tr").count() == 4
    assert a.get_attribute("#file-pbn", "href") == f"/events/{eid}/results.pbn"
    p.wait_for_selector("#event-files", timeout=30_000)
    assert "Final standings" in p.inner_text("#standings-panel")

    # The results by clicks: home -> the event -> a board's score -> the board -> a table.
    a.click("#nav-events")
    a.wait_for_selector("#events-over")
    a.click(f'#events-over a[href="/events/{eid}"]')
    a.wait_for_selector("#standings")
    a.locator("#standings tr.mine td.bpts a").first.click()
    a.wait_for_url(re.compile(rf".*/events/{eid}/boards/1$"))
    assert "各桌成绩对比" in a.inner_text("#board-title")
    assert a.locator("#board-diagram .chip").count() == 52
    assert a.locator("#board-dd td").count() == 20
    assert a.locator("#board-results tbody tr").count() == 2
    a.locator("#board-results a.record-link").first.click()
    a.wait_for_url(re.compile(r".*/tables/\d+/boards/1$"))
    assert "牌局记录" in a.inner_text("#record-title")
    a.wait_for_selector("#record-diagram")

    # the phone-sized page fits its width
    bob.page.goto(f"{live.base}/events/{eid}")
    bob.page.wait_for_selector("#standings")
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= 390

    for w in (dan, ann, bob):
        assert w.errors == [], w.errors
