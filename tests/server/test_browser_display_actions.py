"""What the server would refuse is not offered as a button (#15 item 10, the page's half), in
Chromium: no Undo once a robot opponent has acted after the call (the robots' reason shown
instead, from the view's ``undo_declined``); no Sit for a watcher who has
seen all four hands of the board in play (until it is over); no chat box for a visitor who has
not logged in. Each of these was a button that could only come back as an error."""

import re
import time

import pytest
from browsers import click_soon, needs_chromium, new_page

pytestmark = [needs_chromium, pytest.mark.timeout(150)]


def account(browser, base, name):
    w = new_page(browser)
    w.page.goto(base + "/lang/en?next=/")
    w.page.fill("#register-form input[name=name]", name)
    w.page.fill("#register-form input[name=password]", "correct horse")
    w.page.click("#register-form button[type=submit]")
    w.page.wait_for_selector("#create-form")
    return w


def calls_made(page):
    return page.locator("#auction td .call").count()


def test_refused_actions_are_not_offered(live, browser):
    ann = account(browser, live.base, "ann")
    a = ann.page
    a.select_option("#create-form select[name=robot_level]", "0")
    a.select_option("#create-form select[name=seat]", "S")
    a.check("#create-form input[name=spectators_see_all]")
    a.click("#create")
    a.wait_for_url(re.compile(r".*/tables/\d+$"))
    url = a.url

    # Ann calls; West, a robot, calls after her: robots take back only the asker's last
    # action before anyone else acts, so no Undo is offered, and the table says why.
    a.wait_for_selector("#bidding-box:not(.hidden)")
    before = calls_made(a)
    a.locator("#bidding-box .bids button:not([disabled])").first.click()
    a.wait_for_function(
        "n => document.querySelectorAll('#auction td .call').length > n + 1", arg=before
    )
    assert a.locator("#undo-btn").count() == 0
    a.wait_for_selector("#undo-declined")
    assert "before anyone else acts" in a.inner_text("#undo-declined")

    # Bob watches the table, shown all four hands: no seat is offered to him while the board
    # is played (he could not play a board he has seen), though three seats have robots.
    bob = account(browser, live.base, "bob")
    b = bob.page
    b.goto(url)
    b.wait_for_selector("#pos-top .hand")
    assert b.locator(".seat-box .hand").count() == 4  # he sees every hand
    b.wait_for_selector("#seat-controls .label")
    assert b.locator("#seat-controls button.sit").count() == 0

    # A visitor who has not logged in reads the chat but has no box to write in.
    visitor = new_page(browser)
    visitor.page.goto(live.base + "/lang/en?next=" + url.split(live.base, 1)[1])
    visitor.page.wait_for_selector("#pos-bottom .seat-label")
    assert not visitor.page.is_visible("#chat-input")
    assert visitor.page.locator("#seat-controls button").count() == 0

    # Ann passes the board out or plays it: once it is over, Bob may sit where a robot sits.
    deadline = time.monotonic() + 100
    while a.locator("#done-box:not(.hidden)").count() == 0:
        assert time.monotonic() < deadline, "the board did not finish"
        calls = a.locator('#bidding-box:not(.hidden) button[data-call="P"]:not([disabled])')
        cards = a.locator("button.playable")
        if calls.count():
            click_soon(calls)
        elif cards.count():
            click_soon(cards, position={"x": 6, "y": 12})
        a.wait_for_timeout(40)
    b.wait_for_selector("#seat-controls button.sit", timeout=10_000)
    assert b.locator("#seat-controls button.sit").count() == 3
    for w in (ann, bob, visitor):
        assert w.errors == [], w.errors
