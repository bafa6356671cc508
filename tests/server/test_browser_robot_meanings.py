"""A robot partner's meanings at the table, in Chromium (#15 item 9): a table made with the
setting shows South what the robot North's calls mean (on hover and on a tap, as opponents'
explanations are); one made without it shows North's bare calls."""

import re

import pytest
from browsers import needs_chromium, new_page
from test_browser_display import register

pytestmark = [needs_chromium, pytest.mark.timeout(180)]

NORTHS_FIRST_CALL = "#auction > table > tr:nth-child(2) > td:nth-child(2)"
"""Board 1: North deals; the auction's columns are W N E S under a row of seat names."""


def robot_table(page, base, meanings):
    page.goto(base + "/")
    page.select_option("#create-form select[name=robot_level]", "0")
    if meanings:
        page.check("#create-form input[name=robot_meanings]")
    page.click("#create-form button[type=submit]")
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    page.wait_for_selector("#bidding-box:not(.hidden)")  # South to call: North has called


def test_south_sees_the_robot_partners_meanings_only_with_the_setting(live, browser):
    w = new_page(browser)
    page = w.page
    register(page, live.base, "sara")
    robot_table(page, live.base, meanings=True)
    assert page.inner_text("#robot-meanings-tag") == "显示机器人同伴叫品含义"
    north = page.locator(NORTHS_FIRST_CALL)
    assert north.get_attribute("title")  # the robot's explanation, on hover
    assert "explained" in (north.get_attribute("class") or "")

    robot_table(page, live.base, meanings=False)
    assert page.locator("#robot-meanings-tag").count() == 0
    north = page.locator(NORTHS_FIRST_CALL)
    assert not north.get_attribute("title")
    assert w.errors == []
