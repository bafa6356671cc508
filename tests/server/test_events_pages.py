"""The events' pages over HTTP, in zh-CN and en: the results home, the director's form and its
error messages, the registration room through the page's forms, an event in play (your table
now, the rounds, the director's pause and cancel), the results of a finished robot event with
every board's score linking to the board comparison page and on to the tables' hand records,
players' masterpoints, and the 404s."""

from __future__ import annotations

import html
import json
import re
import time
from datetime import UTC, datetime, timedelta, timezone

import pytest

EN = {"accept-language": "en-US,en;q=0.9"}
CHINA = timezone(timedelta(hours=8))


@pytest.fixture
def server(db_path, h):
    # robots take a seat whose person is away after half a second: a whole event in seconds
    with h.TestClient(h.make_app(db_path, event_poll_every=0.05, disconnect_grace=0.5)) as c:
        try:
            yield c
        finally:
            h.close_all()


@pytest.fixture
def slow_server(db_path, h):
    """People's seats wait the usual 30 s for them: an event stays in its first round."""
    with h.TestClient(h.make_app(db_path, event_poll_every=0.05)) as c:
        try:
            yield c
        finally:
            h.close_all()


def text_of(page: str) -> str:
    """A page's visible text, one space between words."""
    page = re.sub(r"<script.*?</script>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def local(seconds: float, tz: timezone = CHINA) -> str:
    """A ``datetime-local`` value ``seconds`` from now, in ``tz``."""
    return (
        (datetime.now(UTC) + timedelta(seconds=seconds))
        .astimezone(tz)
        .strftime("%Y-%m-%dT%H:%M:%S")
    )


def form(p, **values):
    """The director's form as a browser sends it (tz_offset as the page's script sets it)."""
    body = {
        "csrf": p.csrf,
        "name": "周二瑞士",
        "start_local": local(3600),
        "tz_offset": "480",
        "rounds": "2",
        "boards_per_round": "1",
        "round_minutes": "1",
        "break_minutes": "0",
        "scoring": "ximp",
        "completion_percent": "70",
        "robot_level": "0",
        "robot_fill": "on",
        "bye_score": "average",
    }
    body.update(values)
    return {k: v for k, v in body.items() if v is not None}


def create(p, **values) -> int:
    r = p.client.post("/events/new", data=form(p, **values), follow_redirects=False)
    assert r.status_code == 303, text_of(r.text)
    m = re.fullmatch(r"/events/(\d+)", r.headers["location"])
    assert m
    return int(m.group(1))


def act(p, eid: int, action: str, expect: int = 303, **fields):
    """A form of the event page, sent."""
    r = p.client.post(
        f"/events/{eid}/{action}", data={"csrf": p.csrf, **fields}, follow_redirects=False
    )
    assert r.status_code == expect, text_of(r.text)
    return r


def page(p, path: str, headers=None) -> str:
    r = p.client.get(path, headers=headers or {})
    assert r.status_code == 200, (path, r.status_code, text_of(r.text))
    return r.text


def wait_for(client, eid: int, status: str, timeout: float = 90.0):
    deadline = time.monotonic() + timeout
    while True:
        ev = client.get(f"/api/events/{eid}").json()
        if ev["status"] == status:
            return ev
        assert time.monotonic() < deadline, (ev["status"], ev["round"])
        time.sleep(0.1)


def embedded_event(page_html: str):
    m = re.search(r'<script id="event-data" type="application/json">(.*?)</script>', page_html)
    assert m
    return json.loads(m.group(1))


def test_the_results_home_in_both_languages(server, players, h):
    zh = server.get("/events")
    assert zh.status_code == 200
    assert 'lang="zh-CN"' in zh.text
    body = text_of(zh.text)
    assert "比赛与成绩" in body and "报名中" in body and "进行中" in body and "最近结束" in body
    assert "用账号登录后即可创建比赛" in body and 'id="create-event-link"' not in zh.text
    en = text_of(server.get("/events", headers=EN).text)
    assert "Events and results" in en and "Open for registration" in en and "Recently over" in en
    # the site's navigation leads here from every page
    assert 'href="/events" id="nav-events"' in server.get("/").text
    (dan,) = players("dan")
    eid = create(dan, name="Friday Swiss")
    home = page(dan, "/events")
    assert 'id="create-event-link"' in home and 'href="/events/new"' in home
    upcoming = home.split('id="events-upcoming"')[1].split("</section>")[0]
    assert f'href="/events/{eid}"' in upcoming and "Friday Swiss" in upcoming
    assert "2轮 × 每轮1副" in text_of(upcoming) and "交叉IMP" in text_of(upcoming)
    # a guest may look, not direct
    guest = h.Player(server)
    assert guest.post("/api/guest").status_code == 201
    assert 'id="create-event-link"' not in page(guest, "/events")


def test_the_directors_form_says_what_to_fix(server, players, h):
    assert server.get("/events/new").status_code == 401
    assert "用账号登录后即可创建比赛" in text_of(server.get("/events/new").text)
    guest = h.Player(server)
    guest.post("/api/guest")
    assert guest.client.get("/events/new", headers=EN).status_code == 401
    (dan,) = players("dan")
    blank = page(dan, "/events/new")
    for field in ("name", "start_local", "rounds", "boards_per_round", "round_minutes"):
        assert f'name="{field}"' in blank
    for field in ("completion_percent", "scoring", "robot_level", "robot_fill", "bye_score"):
        assert f'name="{field}"' in blank
    assert 'name="csrf" value="' + dan.csrf in blank
    assert 'name="rounds" value="6"' in blank and 'name="completion_percent" value="70"' in blank
    assert 'type="datetime-local"' in blank
    assert 'name="tz_offset" id="tz-offset" value="480"' in blank
    assert '<span id="tz-name">UTC+08:00</span>' in blank  # till the script puts the browser's

    r = dan.client.post(
        "/events/new",
        data=form(
            dan,
            name="  ",
            start_local=local(-600),
            rounds="0",
            boards_per_round="x",
            completion_percent="90",
        ),
    )
    assert r.status_code == 400
    body = text_of(r.text)
    assert "请改正以下内容" in body
    assert "请填写比赛名称" in body
    assert "开始时间必须晚于现在" in body
    assert "轮数须为1到30之间的整数" in body
    assert "每轮副数须为1到12之间的整数" in body
    assert "排名门槛（完成副数的百分比）须为60到80之间的整数" in body
    # each message sits by its field, which is marked, and what was typed is kept
    assert 'id="err-rounds"' in r.text and 'aria-describedby="err-rounds"' in r.text
    assert 'name="rounds" value="0"' in r.text and 'name="completion_percent" value="90"' in r.text
    assert 'id="err-round_minutes"' not in r.text

    r = dan.client.post(
        "/events/new",
        data=form(dan, start_local="", round_minutes="500", robot_fill=None),
        headers=EN,
    )
    assert r.status_code == 400
    body = text_of(r.text)
    assert "Please correct the following" in body and "Give the start's date and time" in body
    assert "Minutes per round must be a number from 0.1 to 240" in body
    assert 'name="robot_fill" checked' not in r.text  # left unticked, as sent

    # what only the events' own checks find comes back on the form too
    r = dan.client.post("/events/new", data=form(dan, start="2020-01-01T19:00+08:00"))
    assert r.status_code == 400
    assert "无法创建比赛" in text_of(r.text) and "not after now" in text_of(r.text)

    # no CSRF field: refused; nothing was created
    r = dan.client.post("/events/new", data={**form(dan), "csrf": "forged"})
    assert r.status_code == 403
    assert server.get("/api/events").json()["events"] == []

    # the start is the local time in the browser's offset
    start = datetime(2031, 5, 6, 19, 30)
    eid = create(dan, start_local=start.strftime("%Y-%m-%dT%H:%M"), tz_offset="-240")
    ev = server.get(f"/api/events/{eid}").json()
    assert ev["start"] == "2031-05-06T19:30:00-04:00"
    assert ev["settings"]["rounds"] == 2 and ev["settings"]["robot_fill"] is True
    eid = create(dan, robot_fill=None, bye_score="average-plus", scoring="mp")
    settings = server.get(f"/api/events/{eid}").json()["settings"]
    assert settings["robot_fill"] is False and settings["bye_score"] == "average-plus"
    assert settings["scoring"] == "mp"


def test_the_registration_room_through_the_pages_forms(server, players):
    dan, ann, bob, cat = players("dan", "ann", "bob", "cat")
    eid = create(dan)
    path = f"/events/{eid}"
    anon = text_of(server.get(path).text)
    assert "报名室" in anon and "用账号登录后才能报名" in anon and "还没有人报名" in anon

    act(ann, eid, "register", partner="bob")
    assert "已举手，等待bob确认" in text_of(page(ann, path))
    bob_page = page(bob, path)
    assert "ann邀请你做同伴" in text_of(bob_page)
    assert "ann asks you to be their partner" in text_of(page(bob, path, EN))
    assert "ann → bob（等待确认）" in text_of(page(cat, path))
    act(bob, eid, "register", partner="ann")  # the confirm button
    assert "你已与ann报名，第1对。" in text_of(page(bob, path))
    assert "You are registered with bob: pair 1." in text_of(page(ann, path, EN))

    # refusals come back on the page, saying why
    r = act(cat, eid, "register", expect=409, partner="bob")
    assert "操作未完成：bob已与ann报名（第1对）" in text_of(r.text)
    r = act(cat, eid, "register", expect=404, partner="nobody")
    assert "没有名为'nobody'的账号" in html.unescape(r.text)
    r = act(ann, eid, "robots", expect=403, count="2")
    assert "只有本场比赛的裁判可以这样做" in html.unescape(r.text)
    assert act(ann, eid, "juggle", expect=404)
    r = ann.client.post(f"/events/{eid}/unregister", data={"csrf": "forged"})
    assert r.status_code == 403

    # ask, lower the hand; ask, be declined
    act(cat, eid, "register", partner="dan")
    assert "cat邀请你做同伴" in text_of(page(dan, path))
    act(cat, eid, "lower")
    assert "cat邀请你做同伴" not in text_of(page(dan, path))
    act(cat, eid, "register", partner="dan")
    act(dan, eid, "decline", asker="cat")
    assert 'id="my-hand"' not in page(cat, path)

    # only the director sees the controls; robots fill the field
    assert 'id="director"' not in page(ann, path)
    assert 'id="robots-form"' in page(dan, path)
    act(dan, eid, "robots", count="3")
    listed = page(cat, path).split('id="pairs-list">')[1].split("</ol>")[0]
    assert text_of(listed) == " 1 ann & bob 2 机器人 3 机器人 4 机器人 "
    assert 'href="/players/ann"' in listed

    act(ann, eid, "unregister")
    assert "你已与" not in text_of(page(bob, path))
    # the page is made from what the JSON API says (the script compares the two)
    assert embedded_event(page(dan, path)) == dan.client.get(f"/api/events/{eid}").json()


def test_an_event_in_play_your_table_and_the_directors_pause_and_cancel(slow_server, h):
    dan, ann, bob = (h.Player(slow_server).register(n) for n in ("dan", "ann", "bob"))
    eid = create(dan, start_local=local(2), rounds="2", round_minutes="5")
    path = f"/events/{eid}"
    act(ann, eid, "register", partner="bob")
    act(bob, eid, "register", partner="ann")
    act(dan, eid, "robots", count="3")
    wait_for(slow_server, eid, "running")
    deadline = time.monotonic() + 30
    while not (ann.client.get(f"/api/events/{eid}").json()["me"]["table"] or {}).get("table_id"):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    mine = page(ann, path)
    body = text_of(mine)
    assert "比赛中" in body and "第1轮（共2轮）" in body and "本轮结束于" in body
    assert "你现在的牌桌" in body and "第1轮 · 第1桌" in body and "方向: 南北" in body
    assert "对手: 机器人 & 机器人" in body
    table_id = dan.client.get(f"/api/events/{eid}").json()["rounds"][0]["tables"][0]["table_id"]
    assert f'id="my-table-link" href="/tables/{table_id}"' in mine
    assert ann.client.get(f"/tables/{table_id}").status_code == 200
    en = text_of(page(bob, path, EN))
    assert "Your table now" in en and "Round 1 · Table 1" in en and "Direction: North-South" in en
    # while the round is played, the tables' results stay hidden (only how far each is)
    assert "已完成 0/1 副" in body or "已完成 1/1 副" in body
    assert "还没有结束的轮次" in body
    assert 'id="withdraw"' in mine and 'id="my-table"' not in page(dan, path)
    assert 'data-confirm="确定退赛吗' in mine  # the page's script asks before withdrawing
    assert embedded_event(mine)["me"] == ann.client.get(f"/api/events/{eid}").json()["me"]

    act(dan, eid, "pause", reason="fire drill")
    paused = text_of(page(ann, path))
    assert "暂停中" in paused and "裁判已暂停比赛" in paused and "fire drill" in paused
    assert 'id="resume"' in page(dan, path)
    act(dan, eid, "resume")
    act(dan, eid, "cancel", reason="rain")
    over = page(ann, path)
    body = text_of(over)
    assert "已取消" in body and "最终成绩" in body and "rain" in body
    assert "大师分" not in body.split("最终成绩")[1].split("各轮对阵")[0]  # none are awarded
    assert 'id="director"' not in page(dan, path)
    r = act(dan, eid, "pause", expect=409)
    assert "操作未完成" in text_of(r.text)


def test_a_finished_event_its_boards_and_the_players(server, players):
    dan, ann, bob = players("dan", "ann", "bob")
    eid = create(dan, start_local=local(2), rounds="2", boards_per_round="2", round_minutes="1")
    path = f"/events/{eid}"
    act(ann, eid, "register", partner="bob")
    act(bob, eid, "register", partner="ann")
    act(dan, eid, "robots", count="3")
    assert server.get(f"{path}/boards/1").status_code == 404
    ev = wait_for(server, eid, "finished")

    final = page(ann, path)
    body = text_of(final)
    assert "已结束" in body and "最终成绩" in body and "大师分" in body
    for fmt in ("pbn", "csv", "json"):
        assert f'href="/events/{eid}/results.{fmt}"' in final
        assert server.get(f"/events/{eid}/results.{fmt}").status_code == 200
    table = final.split('id="standings"')[1].split("</table>")[0]
    rows = re.findall(r'<tr data-pair="(\d+)"(.*?)</tr>', table, flags=re.S)
    assert [int(p) for p, _ in rows] == [row["pair"] for row in ev["standings"]]
    for (_, row_html), row in zip(rows, ev["standings"], strict=True):
        cells = re.findall(r'<td class="bpts" data-board="(\d+)"><a href="([^"]+)">', row_html)
        assert [int(b) for b, _ in cells] == [1, 2, 3, 4]
        assert all(href == f"/events/{eid}/boards/{b}" for b, href in cells)
        rank = re.search(r'<td class="rank">(.*?)</td>', row_html).group(1)
        assert rank == str(row["rank"])
        mp = re.search(r'<td class="mp">(.*?)</td>', row_html).group(1)
        assert mp == (str(row["masterpoints"]) if row["masterpoints"] else "")
    assert 'class="mine"' in table  # ann's pair is marked for ann
    en = text_of(page(ann, path, EN))
    assert "Final standings" in en and "Masterpoints" in en and "Board 1 " in en

    # the board comparison: every table's result, the deal, DD table and par
    board = page(ann, f"{path}/boards/1")
    body = text_of(board)
    assert "各桌成绩对比 · 第1副" in body and "双明手分析" in body and "最优定约" in body
    assert "发牌人 北" in body and "双方无局" in body and "首攻" in body
    assert board.count('class="chip') == 52
    assert len(re.findall(r'<td data-seat="[NESW]" data-strain=', board)) == 20
    api = server.get(f"/api/events/{eid}/boards/1").json()
    links = re.findall(r'<a href="(/tables/\d+/boards/\d+)" class="record-link">', board)
    assert len(links) == len(api["results"]) == 2
    for res, link in zip(api["results"], links, strict=True):
        assert link == f"/tables/{res['table_id']}/boards/{res['board_no']}"
        assert "牌局记录" in text_of(page(ann, link))
    assert 'href="/events/%d/boards/2" id="next-board-link"' not in board
    assert f'id="next-board-link" href="/events/{eid}/boards/2"' in board
    en = text_of(page(ann, f"{path}/boards/4", EN))
    assert "Board comparison · Board 4" in en and "Dealer West" in en and "Both vulnerable" in en
    assert "N-S IMP" in en and "Opening lead" in en

    # the players
    profile = server.get("/api/players/ann").json()
    me = text_of(page(ann, "/players/ann"))
    assert f"大师分 {profile['masterpoints']}" in me
    if profile["awards"]:
        assert "周二瑞士" in me
    assert "Masterpoint awards" in text_of(page(ann, "/players/dan", EN))
    assert "还没有获得大师分" in text_of(page(ann, "/players/dan"))
    # the events entered, with place, score and partner; "my profile" in the header
    [line] = profile["events"]
    history = page(ann, "/players/ann").split('id="history-table"')[1].split("</table>")[0]
    assert f'data-event="{eid}"' in history and 'href="/players/bob"' in history
    assert f"{line['rank']}/{line['pairs']}" in text_of(history) and "已结束" in text_of(history)
    assert 'id="nav-profile" href="/players/ann"' in page(ann, "/events")
    assert "还没有参加过比赛" in text_of(page(ann, "/players/dan"))
    home = page(ann, "/events")
    over = home.split('id="events-over"')[1].split("</section>")[0]
    assert f'href="/events/{eid}"' in over and "已结束" in text_of(over)


def test_what_is_not_there_is_a_404_in_the_pages_language(server, players):
    (dan,) = players("dan")
    for path, zh, en in [
        ("/events/999", "没有这场比赛", "There is no such event"),
        ("/events/999/boards/1", "没有这场比赛", "There is no such event"),
        ("/players/nobody", "没有名为 nobody 的选手", "No player is named nobody"),
        ("/players/robot 1 a", "没有名为 robot 1 a 的选手", "No player is named robot 1 a"),
    ]:
        r = server.get(path)
        assert r.status_code == 404 and zh in text_of(r.text), path
        r = server.get(path, headers=EN)
        assert r.status_code == 404 and en in text_of(r.text), path
    eid = create(dan)
    r = server.get(f"/events/{eid}/boards/1")
    assert r.status_code == 404 and "本场比赛还没有打过第1副" in text_of(r.text)
    r = server.get(f"/events/{eid}/boards/1", headers=EN)
    assert "Board 1 has not been played in this event" in text_of(r.text)
    r = dan.client.post("/events/999/register", data={"csrf": dan.csrf, "partner": "x"})
    assert r.status_code == 404
