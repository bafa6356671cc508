"""In a real browser (Chromium through Playwright): register, create a robot table, bid and play a
whole board by clicks, with no page reload; switch the language; fit a phone's width."""

import time

import pytest
from browsers import needs_chromium, play_board_by_clicks

pytestmark = [needs_chromium, pytest.mark.timeout(120)]


def check_hand_record(page):
    """The hand record opens by itself when the board ends: the DD table, par, the results,
    and a card-by-card replay with each card's DD cost; robots' calls explain on a tap."""
    page.wait_for_selector("#record-body:not(.hidden)", timeout=30_000)
    assert page.locator("#record-dd td").count() == 20
    assert "Par" in page.inner_text("#record-par")
    assert page.locator("#record-results tr.this").count() == 1
    cards = page.locator("#record-play .rec-card")
    played = cards.count()
    assert played >= 4
    assert page.locator("#rec-trick .card").count() == 0  # the replay starts before the lead
    all_chips = page.locator("#record-diagram .chip").count()
    assert all_chips == 52
    page.click("#rec-next")
    assert page.locator("#rec-trick .card").count() == 1
    assert page.locator("#record-diagram .chip").count() == 51
    page.click("#rec-next")
    page.click("#rec-next")
    page.click("#rec-next")
    assert page.locator("#rec-trick .card").count() == 4
    assert page.locator("#rec-trick .card.winner").count() == 1
    page.click("#rec-prev")
    assert page.locator("#rec-trick .card").count() == 3
    page.click("#rec-last")
    assert page.locator("#record-diagram .chip").count() == 52 - played
    assert "of " + str(played) in page.inner_text("#rec-step")
    # a card of the play table (the hand record page's, shown at the table): the replay jumps there
    page.click('#record-play .rec-card[data-index="0"]')
    assert page.locator("#rec-trick .card").count() == 1
    for i in range(played):  # every card that cost a trick says how many
        card = cards.nth(i)
        if "costly" in (card.get_attribute("class") or ""):
            assert "tricks lost double dummy" in card.get_attribute("title")
    assert page.get_attribute("#record-pbn", "href").endswith("/boards/1.pbn")
    # A robot's call, explained in the page's language on a tap.
    explained = page.locator("#auction td.explained")
    if explained.count():
        explained.first.click()
        page.wait_for_selector("#expl-pop:not(.hidden)")
        assert page.inner_text("#expl-pop").strip()


def test_register_create_and_play_a_whole_board(live, browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live.base + "/lang/en?next=/")
    page.fill("#register-form input[name=name]", "ann")
    page.fill("#register-form input[name=password]", "correct horse")
    page.click("#register-form button[type=submit]")
    page.wait_for_selector("#create-form")
    assert "Hello, ann" in page.inner_text(".topbar")
    page.select_option("#create-form select[name=robot_level]", "0")
    page.select_option("#create-form select[name=seat]", "S")
    page.click("#create")
    page.wait_for_url("**/tables/*")
    page.wait_for_selector("#pos-bottom .card")
    page.evaluate("window.__marker = 42")  # gone if the page ever reloads
    banner = page.locator("#turn-banner")
    assert banner.inner_text()  # a turn indicator from the start
    clicks = play_board_by_clicks(page, time.monotonic() + 90)
    assert clicks >= 1
    done = page.inner_text("#done-box")
    # the result as the pages say it (qipai.web.display): "4♥ South +1 · NS +450"
    assert "Board over" in done and " · NS " in done and "Passed out" not in done
    assert page.locator("#results li").count() == 1
    assert page.evaluate("window.__marker") == 42
    assert len(page.locator("#pos-bottom .card").all()) == 0  # every card was played
    check_hand_record(page)
    # The next board, by a click.
    page.click("#next-board")
    page.wait_for_selector("#done-box.hidden", state="attached")
    page.wait_for_function("document.querySelector('#board-info').textContent.includes('2')")
    assert errors == []
    context.close()


def test_language_switch_is_remembered_and_pages_fit_a_phone(live, browser):
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    page = context.new_page()
    page.goto(live.base + "/")
    page.click("#guest-form button[type=submit]")
    page.wait_for_selector("#create-form")
    if page.locator("#lang-zh").count():
        page.click("#lang-zh")
    page.wait_for_selector("text=开新桌")
    assert page.locator("html").get_attribute("lang") == "zh-CN"
    page.select_option("#create-form select[name=robot_level]", "0")
    page.click("#create")
    page.wait_for_url("**/tables/*")
    page.wait_for_selector("#pos-bottom .card")
    text = page.inner_text("body")
    assert "南" in text and "发牌人" in text
    assert any(word in text for word in ("轮到你了", "等待"))
    # Cards are drawn with HTML and CSS: a suit symbol, red for hearts and diamonds.
    reds = page.locator("#pos-bottom .card.red .suit").all_inner_texts()
    blacks = page.locator("#pos-bottom .card.black .suit").all_inner_texts()
    assert set(reds) <= {"♥", "♦"} and set(blacks) <= {"♠", "♣"} and len(reds) + len(blacks) == 13
    color = page.locator("#pos-bottom .card.red").first.evaluate("e => getComputedStyle(e).color")
    assert color == "rgb(200, 16, 46)"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the table page is {width}px wide on a 375px phone"
    # The choice is kept in a cookie: a new page comes up in Chinese.
    page.goto(live.base + "/")
    assert "开新桌" in page.inner_text("body")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    context.close()
