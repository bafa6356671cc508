"""One display of contracts and results, in the reader's language (#15 item 8), in Chromium: a
board finished at a robot table reads the same at the table (its results, the board's end, the
record viewer) and on its hand record page, in Chinese and in English; the par line has no
English in the Chinese page; an event page's log speaks the reader's language, a robot pair is
named one way and the registered pairs are numbered once."""

import json
import re
import time
from datetime import UTC, datetime, timedelta

import pytest
from browsers import needs_chromium, new_page
from test_browser_record import play_a_board

pytestmark = [needs_chromium, pytest.mark.timeout(180)]


def register(page, base, name):
    page.goto(base + "/lang/zh?next=/")
    page.fill("#register-form input[name=name]", name)
    page.fill("#register-form input[name=password]", "correct horse")
    page.click("#register-form button[type=submit]")
    page.wait_for_selector("#create-form")


def text(page, selector):
    return re.sub(r"\s+", " ", page.inner_text(selector)).strip()


def result_at_table(page):
    """Board 1's result in the table's list: the result line and North-South's score."""
    line = text(page, '#results li:has(button[data-board="1"]) .result')
    result, _, score = line.partition(" · ")
    return result, score


def result_on_record(page, selector):
    """This table's line of the results on a hand record (the page, or the viewer at the
    table) and its North-South score."""
    row = page.locator(f"{selector} #record-results tr.this")
    return re.sub(r"\s+", " ", row.locator("td").nth(1).inner_text()).strip(), row


def check_one_display(page, base, table_id, lang):
    ns = {"zh": "南北", "en": "NS"}[lang]
    page.goto(f"{base}/tables/{table_id}")
    page.wait_for_selector('#results button[data-board="1"]')
    result, score = result_at_table(page)
    # the hand record viewer at the table shows the page's record
    page.click('#results button[data-board="1"]')
    page.wait_for_selector("#record-body:not(.hidden) #record-results tr.this")
    in_viewer, _ = result_on_record(page, "#record-body")
    title = text(page, "#record-title .result")
    contract_line = text(page, "#contract-info")

    page.goto(f"{base}/tables/{table_id}/boards/1")
    on_page, _ = result_on_record(page, "")
    assert result == in_viewer == on_page, (lang, result, in_viewer, on_page)
    assert title == f"{result} · {score}"
    score_text = text(page, "#rp-score")
    assert score == f"{ns} {score_text}", (score, score_text)
    contract = text(page, "#rp-contract")
    assert contract_line.endswith(f"{contract} {text(page, '#rp-declarer')}"), contract_line
    assert result.startswith(contract)
    # the result said the glossary's way: =/+1/-2 in English, 成/超一/宕二 in Chinese
    made = text(page, "#rp-result").split("(")[1].rstrip(")")
    assert result.endswith(" " + made)
    if lang == "zh":
        assert re.fullmatch(r"成|超[一二三四五六]|宕(十[一二三]?|[一二三四五六七八九])", made), made
        assert not re.search(r"[A-Za-z]", contract + made)  # 3无将, 4♠ 加倍: no NT, X
        par = text(page, "#record-par").split("：", 1)[-1].split(": ", 1)[-1]
        assert not re.search(r"[A-Za-z]", par), par  # 南北 3♠ 加倍 宕一, never NS 3SX-1
    else:
        assert re.fullmatch(r"=|[+-]\d+", made), made
    return result


def test_a_result_reads_the_same_at_the_table_and_on_its_hand_record(live, browser):
    w = new_page(browser)
    page = w.page
    page.goto(live.base + "/lang/zh?next=/")
    table_id = play_a_board(page, time.monotonic() + 120)
    done = text(page, "#done-box .result")
    zh = check_one_display(page, live.base, table_id, "zh")
    assert done.startswith(zh + " · 南北 ")  # the board's end said it the same way
    page.goto(f"{live.base}/lang/en?next=/")
    en = check_one_display(page, live.base, table_id, "en")
    assert zh != en
    assert w.errors == [], w.errors


def test_an_event_page_speaks_the_readers_language(live, browser):
    w = new_page(browser)
    page = w.page
    register(page, live.base, "dan")
    csrf = page.request.get(live.base + "/api/me").json()["csrf"]

    def post(path, body):
        r = page.request.post(
            live.base + path,
            data=json.dumps(body),
            headers={"content-type": "application/json", "x-csrf-token": csrf},
        )
        assert r.ok, r.text()
        return r.json()

    start = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    body = {"name": "周二", "start": start, "rounds": 3, "boards_per_round": 1, "round_minutes": 2}
    eid = post("/api/events", body)["id"]
    post(f"/api/events/{eid}/robots", {"count": 3})
    post(f"/api/events/{eid}/pause", {"reason": "等人"})

    page.goto(f"{live.base}/events/{eid}")
    notes = page.locator("#notes li").all_inner_texts()
    assert len(notes) >= 4, notes  # three pairs registered, the pause
    for line in notes:
        assert not re.search(r"registered|paused|rounds|robot", line), line
    assert any("第1对报名：机器人" in n for n in notes), notes
    assert any("裁判暂停比赛：等人" in n for n in notes), notes
    # the registered pairs: each numbered once, by its pair number; robots one way
    items = page.locator("#pairs-list li")
    assert items.count() == 3
    for i in range(3):
        assert text(page, f"#pairs-list li:nth-child({i + 1})") == f"{i + 1} 机器人"
        style = items.nth(i).evaluate("n => getComputedStyle(n).listStyleType")
        assert style == "none"

    page.goto(f"{live.base}/lang/en?next=/events/{eid}")
    page.wait_for_selector("#notes")
    en = page.locator("#notes li").all_inner_texts()
    assert any("Pair 1 registered: Robots" in n for n in en), en
    assert not any("robot 1 a" in n for n in en), en
    assert text(page, "#pairs-list li:nth-child(2)") == "2 Robots"
    assert w.errors == [], w.errors
