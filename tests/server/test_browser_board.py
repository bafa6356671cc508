"""A person plays chess against a robot in the browser (#22): the board page draws the
position, a move is made by clicking a piece and its square and another from the keyboard
alone (arrow keys and Enter), the robot answers each; a square that is no legal target only
ends the selection (the page offers only the moves the view lists as legal); a spectator's page
follows without moves to make, and resigning ends the game on both pages."""

import re

import pytest
from browsers import needs_chromium, new_page
from playwright.sync_api import expect
from test_browser_display import register

pytestmark = [needs_chromium, pytest.mark.timeout(240)]


def moves_shown(page):
    return page.locator("#move-list li").all_inner_texts()


def wait_moves(page, n):
    page.locator("#move-list li").nth(n - 1).wait_for(timeout=60_000)


def test_a_person_plays_chess_against_a_robot(live, browser):
    me = new_page(browser)
    page = me.page
    register(page, live.base, "ann")
    csrf = page.request.get(live.base + "/api/me").json()["csrf"]
    r = page.request.post(
        live.base + "/api/boards",
        data={"game": "chess", "seat": 0, "robots": [None, 0], "minutes": 10},
        headers={"x-csrf-token": csrf},
    )
    assert r.status == 201, r.text()
    table_id = r.json()["table"]["id"]
    page.goto(f"{live.base}/boards/{table_id}")
    page.wait_for_selector("#board button.pt")
    assert page.locator("#board button.pt").count() == 64
    assert "轮到您行棋" in page.inner_text("#status")
    assert re.match(r"\d+:\d\d", page.inner_text("#clock-0"))

    # by mouse: e2 then e4
    page.click("#board button[data-point=e2]")
    assert page.locator("#board button.hint").count() == 2  # e3 and e4
    page.click("#board button[data-point=e4]")
    wait_moves(page, 2)  # the robot has answered
    assert moves_shown(page)[0] == "e4"

    # a square that is no target of the selected piece ends the selection
    page.click("#board button[data-point=e1]")
    assert page.locator("#board button.sel").count() == 1
    page.click("#board button[data-point=e3]")
    assert page.locator("#board button.sel").count() == 0 and len(moves_shown(page)) == 2

    # by keyboard only: into the board, walk to g1, Enter, then to f3, Enter
    page.locator("#board button[tabindex='0']").focus()
    focused = page.evaluate("document.activeElement.dataset.point")
    files, ranks = "abcdefgh", "87654321"
    col, row = files.index(focused[0]), ranks.index(focused[1])
    for target in ("g1", "f3"):
        tc, tr = files.index(target[0]), ranks.index(target[1])
        for _ in range(abs(tc - col)):
            page.keyboard.press("ArrowRight" if tc > col else "ArrowLeft")
        for _ in range(abs(tr - row)):
            page.keyboard.press("ArrowDown" if tr > row else "ArrowUp")
        col, row = tc, tr
        assert page.evaluate("document.activeElement.dataset.point") == target
        page.keyboard.press("Enter")
    wait_moves(page, 4)
    assert moves_shown(page)[2] == "Nf3"

    # a spectator (an English browser) sees the same moves and nothing to do
    watcher = new_page(browser)
    watcher.page.goto(f"{live.base}/boards/{table_id}")
    watcher.page.wait_for_selector("#move-list li")
    assert moves_shown(watcher.page)[:4] == moves_shown(page)[:4]
    assert watcher.page.inner_text("#status") == "White to move · you are watching"
    assert watcher.page.locator("#resign").count() == 0

    # resigning ends the game, and both pages say so
    page.once("dialog", lambda d: d.accept())
    page.click("#resign")
    expect(page.locator("#status")).to_contain_text("认输")
    expect(watcher.page.locator("#status")).to_contain_text("Black wins, resignation")
    assert "黑方胜" in page.inner_text("#status")
    assert me.errors == [] and watcher.errors == []


def open_against_robot(browser, live, name, body):
    me = new_page(browser)
    page = me.page
    register(page, live.base, name)
    csrf = page.request.get(live.base + "/api/me").json()["csrf"]
    r = page.request.post(
        live.base + "/api/boards",
        data={"seat": 0, "robots": [None, 0], **body},  # body may give its own robots
        headers={"x-csrf-token": csrf},
    )
    assert r.status == 201, r.text()
    page.goto(f"{live.base}/boards/{r.json()['table']['id']}")
    page.wait_for_selector("#board button.pt")
    return me


def test_xiangqi_and_go_boards_play_against_robots(live, browser):
    me = open_against_robot(browser, live, "bea", {"game": "xiangqi"})
    page = me.page
    assert page.locator("#board button.pt").count() == 90
    assert page.inner_text("#board button[data-point=e0]") == "帥"
    assert page.inner_text("#board button[data-point=e9]") == "將"
    assert page.locator("#board button.pal-x").count() == 2  # the palaces' centres
    corners = page.eval_on_selector_all(
        "#board button[class*=pal-]:not(.pal-x)", "els => els.map(e => e.dataset.point).sort()"
    )
    assert corners == sorted(["d0", "f0", "d2", "f2", "d7", "f7", "d9", "f9"])
    page.click("#board button[data-point=h2]")  # 炮二平五
    page.click("#board button[data-point=e2]")
    wait_moves(page, 2)
    assert moves_shown(page)[0] == "炮二平五"
    assert me.errors == []

    me = open_against_robot(browser, live, "cal", {"game": "go", "size": 9})
    page = me.page
    assert page.locator("#board button.pt").count() == 81
    assert page.locator("#board button.star").count() == 5  # four corner points and 天元
    page.click("#board button[data-point=ee]")
    wait_moves(page, 2)
    assert moves_shown(page)[0] == "ee" and page.inner_text("#board button[data-point=ee]") == "●"
    page.click("#pass")
    wait_moves(page, 4)
    assert moves_shown(page)[2] == "pass"
    assert me.errors == []


def test_renju_two_people_and_whites_forbidden_claim(live, browser):
    """Two people at a renju table: White sits from the page, Black makes a three-three
    (三三) at i8, and White, whose page offers the claim on each turn (named in English there;
    the referee checks it), wins by it."""
    black = open_against_robot(browser, live, "dee", {"game": "renju", "robots": [None, None]})
    white = new_page(browser)
    register(white.page, live.base, "eve")
    white.page.goto(black.page.url.replace("/boards/", "/lang/en?next=/boards/"))
    white.page.click("#sit-1")
    expect(black.page.locator("#status")).to_contain_text("轮到您行棋")
    assert black.page.locator("#board button.pt").count() == 225
    plays = [(black, "h8"), (white, "a1"), (black, "g8"), (white, "a3"), (black, "i9")]
    plays += [(white, "a5"), (black, "i10"), (white, "a7"), (black, "i8")]
    for n, (who, point) in enumerate(plays, 1):
        assert black.page.locator("#move-claim").count() == 0  # a claim is White's alone
        who.page.click(f"#board button[data-point={point}]")
        wait_moves(white.page, n)
    claim = white.page.locator("#move-claim")
    assert claim.inner_text() == "point out Black's forbidden move"
    claim.click()
    expect(white.page.locator("#status")).to_contain_text("White wins")
    expect(black.page.locator("#status")).to_contain_text("白方胜")
    assert black.errors == [] and white.errors == []


def test_chess_promotion_offers_the_four_pieces(live, browser):
    """Two people; White's pawn runs h4, hxg5, gxh6, h7 and takes the knight on g8: the page
    asks which piece (queen, rook, bishop, knight, named for screen readers) and plays it."""
    white = open_against_robot(browser, live, "fay", {"game": "chess", "robots": [None, None]})
    black = new_page(browser)
    register(black.page, live.base, "gus")
    black.page.goto(white.page.url)
    black.page.click("#sit-1")
    expect(white.page.locator("#status")).to_contain_text("轮到您行棋")
    line = ["h2h4", "g7g5", "h4g5", "h7h6", "g5h6", "a7a6", "h6h7", "a6a5"]
    for n, move in enumerate(line, 1):
        page = (white, black)[(n - 1) % 2].page
        page.click(f"#board button[data-point={move[:2]}]")
        page.click(f"#board button[data-point={move[2:]}]")
        wait_moves(white.page, n)
    page = white.page
    page.click("#board button[data-point=h7]")
    page.click("#board button[data-point=g8]")
    assert page.locator("[id^=promote-]").count() == 4
    assert page.get_attribute("#promote-n", "aria-label") == "马"
    page.click("#promote-n")
    wait_moves(page, 9)
    assert moves_shown(page)[8] == "hxg8=N"
    assert white.errors == [] and black.errors == []
