"""In real browsers (Chromium through Playwright), what test_browser.py does not do: two people in
two browser contexts (their own cookies) at one table with two robots, playing a board
together by clicks; and a person reloading the page in the middle of a trick and carrying on."""

import re
import time

import pytest
from browsers import needs_chromium

pytestmark = [needs_chromium, pytest.mark.timeout(180)]


def open_as(browser, live, name):
    """A new browser context (its own cookies) with ``name`` registered, in English; the page
    and the list its script errors go to."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live.base + "/lang/en?next=/")
    page.fill("#register-form input[name=name]", name)
    page.fill("#register-form input[name=password]", "correct horse")
    page.click("#register-form button[type=submit]")
    page.wait_for_selector("#create-form")
    assert f"Hello, {name}" in page.inner_text(".topbar")
    return context, page, errors


def create_robot_table(page):
    """Create a table with level-0 robots, sitting South; its id."""
    page.select_option("#create-form select[name=robot_level]", "0")
    page.select_option("#create-form select[name=seat]", "S")
    page.click("#create")
    page.wait_for_url("**/tables/*")
    page.wait_for_selector("#pos-bottom .card")
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def click_once(page, first_call):
    """One click if this page may act now: ``first_call`` (a bid, the lowest offered, or P)
    while this seat has not called yet, then passes; in the play, the first playable card (its
    own hand's, or dummy's for declarer). It waits until the server has taken the call or card
    (the page is redrawn from what comes back), so the next look at the page is not stale.
    Returns the call or card clicked, or None."""
    if page.locator("#done-box:not(.hidden)").count():
        return None
    calls = page.locator("#bidding-box:not(.hidden) button.call-btn")
    cards = page.locator("button.playable")
    if calls.count():
        bid = first_call == "bid" and not page.evaluate("window.__called === true")
        button = page.locator(
            "#bidding-box .bids button:enabled" if bid else '#bidding-box button[data-call="P"]'
        ).first
        call = button.get_attribute("data-call")
        before = page.locator("#auction td .call").count()
        button.click()
        page.evaluate("window.__called = true")
        page.wait_for_function(
            "n => document.querySelectorAll('#auction td .call').length > n", arg=before
        )
        return call
    if cards.count():
        card = cards.first
        what = card.get_attribute("data-card")
        card.click(position={"x": 6, "y": 12})  # the corner a fanned card shows
        page.wait_for_selector(f'.seat-box [data-card="{what}"]', state="detached")
        return what
    return None


def trick_cards(page):
    return page.locator("#trick .card").evaluate_all("ns => ns.map(n => n.dataset.card)")


def test_two_people_and_two_robots_play_a_board(live, browser):
    ctx_a, ann, ann_errors = open_as(browser, live, "ann")
    table_id = create_robot_table(ann)
    ctx_b, bob, bob_errors = open_as(browser, live, "bob")
    bob.goto(f"{live.base}/tables/{table_id}")
    bob.wait_for_selector('#seat-controls button.sit[data-seat="N"]')
    assert bob.locator("#pos-bottom .card").count() == 0  # a watcher sees no hand of South's
    bob.click('#seat-controls button.sit[data-seat="N"]')
    bob.wait_for_selector("#seat-controls #stand")
    bob.wait_for_selector("#pos-bottom .card")  # North's hand, at the bottom of bob's page
    for page in (ann, bob):
        page.evaluate("window.__marker = 7")  # gone if the page ever reloads
    # Each sees the other by name, across the table; the robots sit East and West.
    ann.wait_for_function("document.querySelector('#pos-top .player').textContent === 'bob'")
    bob.wait_for_function(
        "document.querySelector('#pos-top .player').textContent.startsWith('ann')"
    )
    assert "bob (you)" in bob.inner_text("#pos-bottom .player")
    for page in (ann, bob):
        assert page.inner_text("#pos-left .player") == "Robot"
        assert page.inner_text("#pos-right .player") == "Robot"

    clicks = {"ann": 0, "bob": 0}
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if all(p.locator("#done-box:not(.hidden)").count() for p in (ann, bob)):
            break
        acted = False
        for name, page, first in (("ann", ann, "bid"), ("bob", bob, "pass")):
            if click_once(page, first) is not None:
                clicks[name] += 1
                acted = True
        if not acted:
            ann.wait_for_timeout(40)
    else:
        raise AssertionError(f"the board did not finish in time ({clicks})")
    assert clicks["ann"] >= 1 and clicks["bob"] >= 1  # both took part
    # Both pages show the same result, with no reload.
    done = [p.inner_text("#done-box") for p in (ann, bob)]
    assert "Board over" in done[0] and "Passed out" not in done[0]
    assert done[0].split("Next board")[0] == done[1].split("Next board")[0]
    for page in (ann, bob):
        assert page.locator("#results li").count() == 1
        assert page.locator("#pos-bottom .card").count() == 0  # every card played
        assert page.evaluate("window.__marker") == 7
        ns, ew = re.search(r"(\d+) : (\d+)", page.inner_text("#tricks-info")).groups()
        assert int(ns) + int(ew) == 13
    # The auction each saw is the same, and both people's calls are in it.
    auctions = [
        p.locator("#auction td .call").evaluate_all("ns => ns.map(n => n.textContent)")
        for p in (ann, bob)
    ]
    assert auctions[0] == auctions[1] and len(auctions[0]) >= 4
    assert ann_errors == [] and bob_errors == []
    ctx_a.close()
    ctx_b.close()


def test_reload_in_the_middle_of_a_trick_and_carry_on(live, browser):
    ctx, page, errors = open_as(browser, live, "cat")
    create_robot_table(page)
    deadline = time.monotonic() + 150
    reloaded = False
    boards = 0
    while time.monotonic() < deadline and not reloaded:
        if page.locator("#done-box:not(.hidden)").count():
            boards += 1  # cat was dummy (or the board passed out): another board
            assert boards < 12, "cat never had a card to play in the middle of a trick"
            page.click("#next-board")
            page.wait_for_selector("#done-box.hidden", state="attached")
            page.evaluate("window.__called = false")
            continue
        in_trick = trick_cards(page)
        mid = 0 < len(in_trick) < 4 and not page.locator("#trick.old").count()
        if mid and page.locator("button.playable").count():
            # The middle of a trick, cat to play: reload the page.
            hand = page.locator("#pos-bottom .card").evaluate_all(
                "ns => ns.map(n => n.dataset.card)"
            )
            tricks = page.inner_text("#tricks-info")
            auction = page.locator("#auction td .call").count()
            page.evaluate("window.__marker = 1")
            page.reload()
            page.wait_for_selector("#conn-status.ok")
            page.wait_for_selector("button.playable")
            assert page.evaluate("window.__marker") is None  # it was a real reload
            assert trick_cards(page) == in_trick  # the trick as it was
            assert not page.locator("#trick.old").count()
            after = page.locator("#pos-bottom .card").evaluate_all(
                "ns => ns.map(n => n.dataset.card)"
            )
            assert after == hand
            assert page.inner_text("#tricks-info") == tricks
            assert page.locator("#auction td .call").count() == auction
            assert "Your turn" in page.inner_text("#turn-banner")
            reloaded = True
            break
        if click_once(page, "bid") is None:
            page.wait_for_timeout(40)
    assert reloaded, "no reload happened in time"
    # Carry on: the card clicked after the reload is played (it leaves the hands: the robots
    # may already have taken the trick and led again), and the board ends.
    played = click_once(page, "pass")
    assert played is not None and len(played) == 2
    assert page.locator(f'.seat-box [data-card="{played}"]').count() == 0
    while time.monotonic() < deadline:
        if page.locator("#done-box:not(.hidden)").count():
            break
        if click_once(page, "pass") is None:
            page.wait_for_timeout(40)
    else:
        raise AssertionError("the board did not finish after the reload")
    assert "Board over" in page.inner_text("#done-box")
    assert page.locator("#pos-bottom .card").count() == 0
    assert page.locator("#results li").count() == boards + 1
    assert errors == []
    ctx.close()


def test_an_opponent_answers_an_undo_by_clicks(live, browser):
    """South asks to take back a call; the robot East agrees at once, West (a person) clicks
    Accept on their page (the client's ``undo_answer``, protocol 2): the call is taken back."""
    ctx_a, ann, ann_errors = open_as(browser, live, "ann")
    table_id = create_robot_table(ann)
    ctx_b, bob, bob_errors = open_as(browser, live, "bob")
    bob.goto(f"{live.base}/tables/{table_id}")
    bob.click('#seat-controls button.sit[data-seat="W"]')
    bob.wait_for_selector("#pos-bottom .card")
    # North and East (robots) call first; then South's bidding box.
    ann.wait_for_selector('#bidding-box:not(.hidden) button[data-call="P"]:enabled')
    before = ann.locator("#auction td .call").count()
    ann.click('#bidding-box button[data-call="P"]')
    ann.wait_for_function(
        "n => document.querySelectorAll('#auction td .call').length > n", arg=before
    )
    ann.click("#undo-btn")
    bob.wait_for_selector("#undo-accept")
    assert bob.locator("#undo-reject").count() == 1
    bob.click("#undo-accept")
    for page in (ann, bob):
        page.wait_for_function(
            "n => document.querySelectorAll('#auction td .call').length === n", arg=before
        )
        page.wait_for_selector("#undo-box.hidden", state="attached")
    ann.wait_for_selector('#bidding-box:not(.hidden) button[data-call="P"]:enabled')
    assert ann_errors == [] and bob_errors == []
    ctx_a.close()
    ctx_b.close()
