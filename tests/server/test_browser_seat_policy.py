"""Who may sit, in the browser (#15 item 10), two people in two browser contexts: at a table
with the owner's consent, the visitor's buttons ask to sit, the owner is shown the request and
refuses it, then lets them sit; both pages are told each answer. At an invitation table a
visitor without the link is offered no seat and told why."""

import re

import pytest
from browsers import needs_chromium, new_page
from test_browser_display import register

pytestmark = [needs_chromium, pytest.mark.timeout(180)]


def make_table(page, policy):
    """From the home page: a table with no robots and ``policy``, its owner South."""
    page.select_option("#create-form select[name=robot_level]", "")
    page.select_option("#create-form select[name=seat_policy]", policy)
    page.click("#create-form button[type=submit]")
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    return page.url


def test_the_owner_lets_a_visitor_sit_or_not(live, browser):
    owner = new_page(browser)
    olga = owner.page
    register(olga, live.base, "olga")
    table_url = make_table(olga, "consent")
    olga.wait_for_selector("#seat-controls #stand")  # olga sits South (the form's default)
    assert olga.inner_text("#seat-policy-tag") == "入座须经开桌人同意"

    visitor = new_page(browser)
    petr = visitor.page
    register(petr, live.base, "petr")
    petr.goto(table_url)
    ask = petr.get_by_role("button", name="请求入座 北")
    ask.wait_for()
    plain_sit = petr.get_by_role("button", name="入座 北", exact=True)
    assert plain_sit.count() == 0  # asking is all that is offered
    ask.click()
    petr.wait_for_selector(".seat-waiting")
    assert "等待开桌人同意你坐北" in petr.inner_text(".seat-waiting")
    olga.wait_for_selector("#refuse-sit-N")
    assert "petr请求坐北" in olga.inner_text("#seat-controls")
    olga.click("#refuse-sit-N")
    petr.wait_for_function(
        "document.querySelector('#notice').textContent.includes('开桌人拒绝了petr坐北的请求')"
    )
    petr.get_by_role("button", name="请求入座 北").wait_for()  # they may ask again
    assert olga.locator("#let-sit-N").count() == 0

    petr.get_by_role("button", name="请求入座 北").click()
    olga.wait_for_selector("#let-sit-N")
    olga.click("#let-sit-N")
    petr.wait_for_selector("#seat-controls #stand")  # petr sits North now
    olga.wait_for_function(
        "document.querySelector('#notice').textContent.includes('开桌人同意petr坐北')"
    )
    assert "petr" in olga.inner_text("#pos-top")
    assert owner.errors == [] and visitor.errors == []


def test_an_invitation_table_offers_no_seat_without_the_link(live, browser):
    owner = new_page(browser)
    olga = owner.page
    register(olga, live.base, "olga")
    table_url = make_table(olga, "invitation")
    invite = olga.input_value("#invite")

    visitor = new_page(browser)
    petr = visitor.page
    register(petr, live.base, "petr")
    petr.goto(table_url)
    petr.wait_for_selector("#seat-controls .note")
    assert "凭邀请链接" in petr.inner_text("#seat-controls")
    assert petr.locator("#seat-controls button.sit").count() == 0
    petr.goto(invite)  # by the link: now they may sit
    petr.get_by_role("button", name="入座 北", exact=True).click()
    petr.wait_for_selector("#seat-controls #stand")
    assert owner.errors == [] and visitor.errors == []
