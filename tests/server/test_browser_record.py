"""The hand record page in a real browser (Chromium through Playwright): play a board at a robot
table by clicks, open its hand record page and step through the replay with the buttons and the
keyboard, the hands shrinking card by card; then the same page at a phone's width, in Chinese."""

import json
import re
import time

import pytest
from browsers import needs_chromium, play_board_by_clicks

pytestmark = [needs_chromium, pytest.mark.timeout(180)]

LEFT = "#record-diagram .chip:not(.played)"


def play_a_board(page, deadline):
    """Register, make a robot table and play its first board by clicks: South's first call is
    the lowest bid offered, later ones are passes; in the play, the first playable card.
    Returns the table's id."""
    page.fill("#register-form input[name=name]", "ann")
    page.fill("#register-form input[name=password]", "correct horse")
    page.click("#register-form button[type=submit]")
    page.wait_for_selector("#create-form")
    page.select_option("#create-form select[name=robot_level]", "0")
    page.select_option("#create-form select[name=seat]", "S")
    page.click("#create")
    page.wait_for_url(re.compile(r".*/tables/\d+$"))
    table_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    page.wait_for_selector("#pos-bottom .card")
    if play_board_by_clicks(page, deadline) is not None:
        return table_id
    raise AssertionError("the board did not finish in time")


def trick_cards(page):
    return page.locator("#rec-trick .card").count()


def test_step_through_the_replay_with_buttons_and_keys(live, browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live.base + "/lang/en?next=/")
    table_id = play_a_board(page, time.monotonic() + 100)

    page.goto(f"{live.base}/tables/{table_id}/boards/1")
    rec = json.loads(page.inner_text("#record-data"))
    play = [p["card"] for p in rec["play"]]
    n = len(play)
    assert n >= 4 and rec["contract"]
    # The script takes over: the controls appear, the replay starts before the opening lead.
    page.wait_for_selector("#replay-controls:not(.hidden)")
    assert page.locator(LEFT).count() == 52 and trick_cards(page) == 0
    assert page.inner_text("#rec-step").startswith("Start")
    assert page.is_disabled("#rec-prev") and page.is_disabled("#rec-first")

    # Buttons: each card leaves its hand and lies in the trick.
    page.click("#rec-next")
    assert page.locator(LEFT).count() == 51 and trick_cards(page) == 1
    assert not page.is_visible(f'#record-diagram .chip[data-card="{play[0]}"]')
    assert page.get_attribute("#rec-trick .card", "data-card") == play[0]
    assert page.inner_text("#rec-step").startswith(f"Card 1 of {n}")
    assert page.locator(f'#record-tricks td.current[data-card="{play[0]}"]').count() == 1
    for k in (2, 3, 4):
        page.click("#rec-next")
        assert page.locator(LEFT).count() == 52 - k and trick_cards(page) == k
    assert page.locator("#rec-trick .card.winner").count() == 1
    winner = page.get_attribute("#rec-trick .card.winner", "class")
    assert "at-" in winner
    page.click("#rec-prev")
    assert page.locator(LEFT).count() == 49 and trick_cards(page) == 3
    page.click("#rec-last")
    assert page.locator(LEFT).count() == 52 - n
    assert page.is_disabled("#rec-next") and page.is_disabled("#rec-last")
    page.click("#rec-first")
    assert page.locator(LEFT).count() == 52 and trick_cards(page) == 0

    # Keys: → and ← step one card; the hands shrink card by card, and grow back.
    page.locator("body").click(position={"x": 5, "y": 5})
    for k in range(1, n + 1):
        page.keyboard.press("ArrowRight")
        assert page.locator(LEFT).count() == 52 - k, k
        assert not page.is_visible(f'#record-diagram .chip[data-card="{play[k - 1]}"]')
        assert trick_cards(page) == (k - 1) % 4 + 1
    page.keyboard.press("ArrowRight")  # at the end already: nothing changes
    assert page.locator(LEFT).count() == 52 - n
    for k in range(n - 1, -1, -1):  # and back to the start, card by card
        page.keyboard.press("ArrowLeft")
        assert page.locator(LEFT).count() == 52 - k, k
    assert trick_cards(page) == 0
    page.keyboard.press("ArrowLeft")  # at the start already
    assert page.locator(LEFT).count() == 52
    # A card of the play table: the replay jumps to it.
    page.click('#record-tricks td[data-index="5"]')
    assert page.locator(LEFT).count() == 46 and trick_cards(page) == 2
    # A suit played out shows its dash again.
    for seat in "NESW":
        for row in page.locator(f"#rec-{seat} .suit-row").all():
            left = row.locator(".chip:not(.played)").count()
            assert row.locator(".void").is_visible() == (left == 0)
    # The files are a click away; the other tables link to their own pages.
    assert page.get_attribute("#record-pbn", "href") == f"/tables/{table_id}/boards/1.pbn"
    href = page.get_attribute("#record-results tr.this a", "href")
    assert href == f"/tables/{table_id}/boards/1"
    assert errors == []

    # At a phone's width, in Chinese: nothing wider than the screen; the replay works by taps.
    phone = browser.new_context(
        viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True
    )
    phone.add_cookies(context.cookies())
    mobile = phone.new_page()
    mobile.on("pageerror", lambda e: errors.append(str(e)))
    mobile.goto(f"{live.base}/lang/zh?next=/tables/{table_id}/boards/1")
    mobile.wait_for_selector("#replay-controls:not(.hidden)")
    assert mobile.locator("html").get_attribute("lang") == "zh-CN"
    text = mobile.inner_text("body")
    for word in ("牌局记录", "定约", "庄家", "首攻", "双明手分析", "发牌人"):
        assert word in text, word
    width = mobile.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the hand record page is {width}px wide on a 375px phone"
    mobile.tap("#rec-next")
    mobile.tap("#rec-next")
    assert mobile.locator(LEFT).count() == 50 and trick_cards(mobile) == 2
    assert mobile.inner_text("#rec-step").startswith(f"第2/{n}张")
    red = mobile.locator("#record-diagram .suit-symbol.red").first
    assert red.evaluate("e => getComputedStyle(e).color") == "rgb(200, 16, 46)"
    assert errors == []
    phone.close()
    context.close()
