"""A first visit (#15 item 12): the home page says what to do — one button to play with robots
at once (as a guest when there is no account), the password rule before it is broken, the robot
levels in words — and there is an icon; an event page before any round closed shows no
threshold of 0 boards."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


def test_play_with_robots_now_as_a_guest(server, h):
    visitor = h.Player(server)
    home = visitor.client.get("/").text
    assert 'id="play-now"' in home and "马上和机器人打牌" in home
    assert 'id="password-rule"' in home and "密码8到128个字符" in home
    r = visitor.client.post("/play", data={"csrf": visitor.csrf}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/tables/")
    table_id = int(r.headers["location"].rsplit("/", 1)[1])
    me = visitor.client.get("/api/me").json()["user"]
    assert me["name"].startswith("guest-")
    summary = visitor.client.get(f"/api/tables/{table_id}").json()
    seats = summary["table"]["seats"]
    assert seats["S"]["name"] == me["name"] and all(seats[s]["robot"] for s in "NEW")
    assert summary["invite"]
    assert 'id="copy-invite"' in visitor.client.get(r.headers["location"]).text
    # a second click, now a guest (logging in gave the session a new token): another table
    csrf = visitor.client.get("/api/me").json()["csrf"]
    again = visitor.client.post("/play", data={"csrf": csrf}, follow_redirects=False)
    assert again.status_code == 303 and again.headers["location"] != r.headers["location"]
    assert visitor.client.get("/api/me").json()["user"]["name"] == me["name"]
    # without the form's token: refused, nothing made
    assert visitor.client.post("/play", data={}, follow_redirects=False).status_code == 403


def test_robot_levels_in_words_and_the_icon(server, h):
    ann = h.Player(server).register("ann")
    page = ann.client.get("/").text
    assert "等级 0: 按叫牌体系和经验规则" in page or "0: 按叫牌体系和经验规则" in page
    icon = server.get("/favicon.ico", follow_redirects=False)
    assert icon.status_code == 301 and icon.headers["location"] == "/static/favicon.svg"
    assert server.get("/static/favicon.svg").headers["content-type"].startswith("image/svg")


def test_no_threshold_of_no_boards_before_a_round_closes(server, h):
    dan = h.Player(server).register("dan")
    start = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    body = {"name": "周二", "start": start, "rounds": 2, "boards_per_round": 2, "round_minutes": 2}
    eid = dan.post("/api/events", body).json()["id"]
    page = dan.client.get(f"/events/{eid}").text
    assert "threshold-note" not in page and "共0副" not in page
