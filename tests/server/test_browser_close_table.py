"""The owner closes a table from its page (#15 item 10): the button beside the invitation asks
first, then the table closes and the owner is back on the home page; nobody else is offered
the button."""

import re

import pytest
from browsers import needs_chromium, new_page
from test_browser_display import register

pytestmark = [needs_chromium, pytest.mark.timeout(180)]


def test_the_owner_closes_the_table_and_goes_home(live, browser):
    owner = new_page(browser)
    page = owner.page
    register(page, live.base, "olga")
    page.click("#create-form button[type=submit]")
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    table_url = page.url
    close = page.get_by_role("button", name="关闭牌桌")
    assert close.count() == 1

    other = new_page(browser)
    register(other.page, live.base, "petr")
    other.page.goto(table_url)
    other.page.wait_for_selector("#seat-controls")
    assert other.page.get_by_role("button", name="关闭牌桌").count() == 0

    asked: list[str] = []

    def answer(dialog):
        asked.append(dialog.message)
        dialog.dismiss() if len(asked) == 1 else dialog.accept()

    page.on("dialog", answer)
    close.click()  # dismissed: nothing happens
    assert page.url == table_url and "关闭这张牌桌" in asked[0]
    close.click()  # accepted
    page.wait_for_url(live.base + "/")
    table_id = int(table_url.rsplit("/", 1)[1])
    listed = page.request.get(live.base + "/api/tables").json()
    assert all(t["id"] != table_id for t in listed["tables"])
    assert owner.errors == [] and other.errors == []
