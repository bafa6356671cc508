"""Nothing is learned before its time: while a round of an event is played, every route of the
server is asked, by an anonymous visitor, an account outside the event, a player and a director
who also plays, and no deal or result of a board reaches anyone before they may see it
(``qipai.server.access``). A route added later and not walked here fails the test.

The round: table 1 is four people (ann & bob against dan & eve; dan directs the event), who
pass board 1 out and sit over board 2; table 2 is two robot pairs, who finish both boards. So
ann and dan may see board 1 and not board 2, and no one else may see either. Then table 1
passes board 2 out, the round (the event) is over, and everyone sees both: the same walk now
finds every deal, which shows that the walk would find a leak.
"""

from __future__ import annotations

import json
import re
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocketDisconnect

from qipai.bridge import Deal, Hand, Seat
from qipai.events import deal_for, from_json

DATA_CARD = re.compile(r'data-card="([SHDC][2-9TJQKA])"')


@pytest.fixture
def server(db_path, h):
    app = h.make_app(db_path, event_poll_every=0.05, disconnect_grace=600.0)
    with h.TestClient(app) as client:
        try:
            yield client
        finally:
            h.close_all()


def _wait(check, what: str, timeout: float = 60.0):
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


# --- finding a deal in whatever a route answers -------------------------------------------------


def _forms(hand: Hand) -> list[str]:
    """A hand as the server's answers write it: PBN, LIN (ranks low to high) and a JSON list."""
    by_suit: dict[str, list[str]] = {}
    for c in hand:
        by_suit.setdefault(c.suit.letter, []).append(c.rank.letter)
    lin = "".join(suit + "".join(reversed(ranks)) for suit, ranks in by_suit.items())
    return [str(hand), lin, json.dumps([str(c) for c in hand], separators=(",", ":"))]


def leaked_hands(text: str, deal: Deal) -> list[str]:
    """The seats of ``deal`` whose hand ``text`` shows, in any of the forms used."""
    flat = re.sub(r"\s+", "", text)
    diagrams = [  # a page's hand diagrams: the 13 cards after each rec-hand's start
        frozenset(DATA_CARD.findall(chunk)[:13]) for chunk in text.split('class="rec-hand')[1:]
    ]
    out = []
    for seat in Seat:
        hand = deal[seat]
        if any(form in flat for form in _forms(hand)) or {str(c) for c in hand} in diagrams:
            out.append(seat.letter)
    return out


# --- the routes ---------------------------------------------------------------------------------

ACTIONS = {
    # Routes that act rather than show: each answers with a view another route shows (checked
    # there) or a redirect. (method, path) -> why it is not walked with GET.
    ("POST", "/register"): "makes an account; redirects",
    ("POST", "/login"): "logs in; redirects",
    ("POST", "/guest"): "makes a guest; redirects",
    ("POST", "/logout"): "logs out; redirects",
    ("POST", "/tables"): "makes a club table; redirects",
    ("POST", "/play"): "makes a robot table (and a guest); redirects",
    ("POST", "/api/register"): "makes an account: /api/me",
    ("POST", "/api/login"): "logs in: /api/me",
    ("POST", "/api/guest"): "makes a guest: /api/me",
    ("POST", "/api/logout"): "logs out: /api/me",
    ("POST", "/api/tables"): "makes a club table: its summary, /api/tables/{table_id}",
    ("POST", "/api/tables/{table_id}/{action}"): "sit/stand/next/close: the table's summary",
    ("POST", "/api/tables/{table_id}/invite"): "a new invitation link: no board in it",
    ("POST", "/tables/{table_id}/invite"): "a new invitation link; redirects",
    ("POST", "/tables/{table_id}/close"): "the owner closes the table; redirects",
    ("POST", "/api/events"): "makes an event: /api/events/{event_id}",
    ("POST", "/api/boards"): "makes a board-game table (no cards): /api/boards/{table_id}",
    ("POST", "/boards"): "makes a board-game table (no cards); redirects",
    ("POST", "/api/events/{event_id}/{action}"): "an event action: /api/events/{event_id}",
    ("POST", "/events/new"): "makes an event; redirects",
    ("POST", "/events/{event_id}/{action}"): "an event action; redirects or the event page",
    ("POST", "/api/team-events"): "makes a team event: /api/team-events/{event_id}",
    ("POST", "/api/team-events/{event_id}/{action}"): "a team event action: its view, walked",
}


def _walk(routes, event_id: int, tables: list[int], names: list[str]) -> list[str]:
    """Every GET path to ask (the websocket is asked apart); fails on a route it does not know."""
    fill: dict[str, list[str]] = {
        "/": ["/"],
        "/tables/{table_id}": [f"/tables/{t}" for t in tables],
        "/join/{token}": ["/join/not-a-token"],
        "/lang/{code}": ["/lang/en"],
        "/openapi.json": ["/openapi.json"],
        "/favicon.ico": ["/favicon.ico"],
        "/api/me": ["/api/me"],
        "/api/tables": ["/api/tables"],
        "/api/tables/{table_id}": [f"/api/tables/{t}" for t in tables],
        "/api/tables/{table_id}/boards/{board_no}": [
            f"/api/tables/{t}/boards/{n}" for t in tables for n in (1, 2)
        ],
        "/tables/{table_id}/boards/{board_no}.{fmt}": [
            f"/tables/{t}/boards/{n}.{fmt}"
            for t in tables
            for n in (1, 2)
            for fmt in ("pbn", "lin")
        ],
        "/tables/{table_id}/boards/{board_no}": [
            f"/tables/{t}/boards/{n}" for t in tables for n in (1, 2)
        ],
        "/api/events": ["/api/events"],
        "/api/boards/{table_id}": [f"/api/boards/{t}" for t in tables],
        "/boards/{table_id}": [f"/boards/{t}" for t in tables],
        "/boards": ["/boards"],
        "/api/events/{event_id}": [f"/api/events/{event_id}"],
        "/api/events/{event_id}/boards/{board}": [
            f"/api/events/{event_id}/boards/{b}" for b in (1, 2)
        ],
        "/events/{event_id}/results.{fmt}": [
            f"/events/{event_id}/results.{fmt}" for fmt in ("pbn", "csv", "json")
        ],
        "/api/players/{name}": [f"/api/players/{n}" for n in names],
        "/events": ["/events"],
        "/events/new": ["/events/new"],
        "/events/{event_id}": [f"/events/{event_id}"],
        "/events/{event_id}/boards/{board}": [f"/events/{event_id}/boards/{b}" for b in (1, 2)],
        "/api/events/{event_id}/cards/{pair}": [
            f"/api/events/{event_id}/cards/{n}" for n in range(1, 5)
        ],
        "/events/{event_id}/cards/{pair}": [f"/events/{event_id}/cards/{n}" for n in range(1, 5)],
        "/api/events/{event_id}/hands": [f"/api/events/{event_id}/hands"],
        "/events/{event_id}/hands": [f"/events/{event_id}/hands"],
        "/players/{name}": [f"/players/{n}" for n in names],
        "/api/team-events": ["/api/team-events"],
        "/api/team-events/{event_id}": [f"/api/team-events/{event_id}"],
        "/team-events": ["/team-events"],
        "/team-events/{event_id}": [f"/team-events/{event_id}"],
        "/team-events/{event_id}/matches/{round}/{match}": [
            f"/team-events/{event_id}/matches/1/1"
        ],
        "/team-events/{event_id}/matches/{round}/{match}.{fmt}": [
            f"/team-events/{event_id}/matches/1/1.{fmt}" for fmt in ("pbn", "csv", "json")
        ],
    }
    paths: list[str] = []
    for route in routes:
        if isinstance(route, Mount | WebSocketRoute):
            continue  # /static holds no data; the websocket is asked in the test
        assert isinstance(route, Route), route
        template = re.sub(r":\w+}", "}", route.path)  # {table_id:int} -> {table_id}
        for method in (route.methods or {"GET"}) - {"HEAD"}:
            if method == "GET":
                assert template in fill, f"GET {template} is not walked: add it to the walk"
                paths += fill[template]
            else:
                assert (method, template) in ACTIONS, f"{method} {template} is not walked"
    return paths


def _results_shown(body: Any) -> set[int]:
    """The boards of the event whose results an event view or results.json shows (a team
    event's: the boards of its matches with more than their progress)."""
    if body.get("kind") == "team-event":
        return {
            b["board"]
            for rnd in body["rounds"]
            for m in rnd["matches"]
            for b in m["boards"]
            if set(b) - {"board", "played"}
        }
    return {
        b["board"]
        for rnd in body["rounds"]
        for t in rnd["tables"]
        for b in t["boards"]
        if set(b) - {"board", "played"}
    }


def check_asker(client, paths: list[str], deals: dict[int, Deal], may_see: set[int]) -> int:
    """Ask every path as ``client``; no board outside ``may_see`` shows its deal or results.
    Returns how many hidden-board checks were made."""
    checks = 0
    for path in paths:
        r = client.get(path, follow_redirects=False)
        assert r.status_code < 500, (path, r.status_code, r.text[:300])
        text = r.text
        for board, deal in deals.items():
            if board in may_see:
                continue
            checks += 1
            assert not leaked_hands(text, deal), (path, board, leaked_hands(text, deal))
            assert f'[Board "{board}"]' not in text, (path, board)
        if r.headers.get("content-type", "").startswith("application/json"):
            body = r.json()
            if isinstance(body, dict) and "rounds" in body and "standings" in body:
                assert _results_shown(body) <= may_see, (path, _results_shown(body))
            if path.startswith("/api/tables/") and path.count("/") == 3:
                for res in body.get("results", []):
                    hidden = res["number"] not in may_see
                    assert not hidden or set(res) == {"board_no", "number"}, (path, res)
    return checks


def check_watch(client, table_id: int, allowed: bool) -> None:
    if allowed:
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_text(json.dumps({"type": "hello"}))
            assert ws.receive_json()["type"] in ("state", "table")
        return
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws,
    ):
        ws.send_text(json.dumps({"type": "hello"}))
        ws.receive_json()
    assert refused.value.code == 4403


# --- the test -----------------------------------------------------------------------------------


def test_no_route_shows_a_board_before_its_time(server, h):
    ann, bob, dan, eve, cat = (
        h.Player(server).register(n) for n in ("ann", "bob", "dan", "eve", "cat")
    )
    anon = h.Player(server)
    start = (datetime.now(UTC) + timedelta(seconds=1.5)).isoformat()
    r = dan.post(
        "/api/events",
        {"name": "周二", "start": start, "rounds": 1, "boards_per_round": 2, "round_minutes": 10},
    )
    assert r.status_code == 201, r.text
    eid = r.json()["id"]
    path = f"/api/events/{eid}"
    for a, b in ((ann, bob), (bob, ann), (dan, eve), (eve, dan)):
        assert a.post(path + "/register", {"partner": b.name}).status_code == 200
    assert dan.post(path + "/robots", {"count": 2}).status_code == 200

    def round_with_robots_done():
        ev = dan.client.get(path).json()
        if not ev["rounds"]:
            return None
        t1, t2 = ev["rounds"][0]["tables"]
        return ev if len(t2["boards"]) == 2 and t1["table_id"] else None

    ev = _wait(round_with_robots_done, "the robots' table did not finish round 1")
    t1, t2 = (t["table_id"] for t in ev["rounds"][0]["tables"])
    assert (ev["rounds"][0]["tables"][0]["ns"], ev["rounds"][0]["tables"][0]["ew"]) == (1, 2)
    seed = from_json(server.app.state.server.store.event_store.get(eid).state).seed
    deals = {b: deal_for(seed, 1, b) for b in (1, 2)}

    # table 1 passes board 1 out and sits over board 2
    conns = {p.name: p.connect(t1) for p in (ann, bob, dan, eve)}
    by_seat = {c.state["you"]["seat"]: c for c in conns.values()}
    assert sorted(by_seat) == ["E", "N", "S", "W"]
    h.play_calls(by_seat, ["P"] * 4)
    _wait(
        lambda: len(dan.client.get(path).json()["rounds"][0]["tables"][0]["boards"]) == 1,
        "table 1's pass-out was not recorded",
    )
    assert by_seat["N"].view["number"] == 2 and by_seat["N"].view["phase"] == "auction"

    paths = _walk(server.app.routes, eid, [t1, t2], ["ann", "dan", "cat"])
    askers = {"anonymous": (anon, set()), "cat": (cat, set()), "ann": (ann, {1}), "dan": (dan, {1})}
    checks = 0
    for _who, (player, may_see) in askers.items():
        checks += check_asker(player.client, paths, deals, may_see)
    assert checks == len(paths) * (2 + 2 + 1 + 1)  # every path, every hidden board, each asker
    # watching: table 2's play shows board 2, so only those who may see both may watch it
    for player in (anon, cat, ann, dan):
        check_watch(player.client, t2, allowed=False)
    check_watch(anon.client, t1, allowed=False)
    # what the players may see, they do see: board 1 at both tables, board 2 nowhere
    board1 = ann.client.get(f"/api/events/{eid}/boards/1").json()
    assert board1["deal"] == deals[1].pbn() and {r["table"] for r in board1["results"]} == {1, 2}
    assert ann.client.get(f"/api/events/{eid}/boards/2").status_code == 403
    assert cat.client.get(f"/api/events/{eid}/boards/1").status_code == 409
    assert leaked_hands(ann.client.get(f"/events/{eid}/results.pbn").text, deals[1])
    # the hand records and score cards: what each may see now, no more
    assert leaked_hands(ann.client.get(f"/events/{eid}/hands").text, deals[1])
    hands = ann.client.get(f"/api/events/{eid}/hands").json()
    assert [b["board"] for b in hands["boards"]] == [1] and hands["hidden"] == 1
    card = ann.client.get(f"/api/events/{eid}/cards/1").json()
    assert [(c["board"], c["contract"]) for c in card["lines"]] == [(1, "Pass")]
    assert card["hidden"] == 1
    card = cat.client.get(f"/api/events/{eid}/cards/1").json()
    assert card["lines"] == [] and card["hidden"] == 2
    assert cat.client.get(f"/api/events/{eid}/cards/9").status_code == 404

    # table 1 passes board 2 out: the round and the event are over, and everyone sees it all
    h.play_calls(by_seat, ["P"] * 4)
    _wait(lambda: dan.client.get(path).json()["status"] == "finished", "the event did not end")
    for _who, (player, _) in askers.items():
        check_asker(player.client, paths, deals, {1, 2})
        pbn = player.client.get(f"/events/{eid}/results.pbn").text
        assert all(leaked_hands(pbn, deal) == ["N", "E", "S", "W"] for deal in deals.values())
        page = player.client.get(f"/events/{eid}/boards/2").text
        assert leaked_hands(page, deals[2]) == ["N", "E", "S", "W"]
        assert _results_shown(player.client.get(f"/events/{eid}/results.json").json()) == {1, 2}
        hands_page = player.client.get(f"/events/{eid}/hands").text
        assert all(leaked_hands(hands_page, d) == ["N", "E", "S", "W"] for d in deals.values())
        card = player.client.get(f"/api/events/{eid}/cards/1").json()
        assert [c["board"] for c in card["lines"]] == [1, 2] and card["hidden"] == 0
    check_watch(cat.client, t2, allowed=True)


def test_no_route_shows_one_room_of_a_team_match_before_the_other(server, h):
    """A team match: the open room is robots of both teams and finishes both boards; the
    closed room is four people (bob & bx of Red NS, ann & ax of Blue EW) who sit over board 1.
    No one but the director (dan, not playing) may see either board: not the players of the
    match, not a spectator (cat) watching either room, not a visitor. The closed room passes
    board 1 out: everyone sees board 1 and not board 2; then board 2 and all see both."""
    from qipai.events.teams.event import board_deal
    from qipai.events.teams.serial import from_json as team_from_json

    people, path, tables = h.team_match(server)
    ann, ax, bob, bx, dan = (people[n] for n in ("ann", "ax", "bob", "bx", "dan"))
    cat = h.Player(server).register("cat")
    anon = h.Player(server)
    eid = int(path.rsplit("/", 1)[1])
    t_open, t_closed = tables["open"], tables["closed"]

    def played(room: str) -> list[bool]:
        m = dan.client.get(path).json()["rounds"][0]["matches"][0]
        return [b["played"][room] for b in m["boards"]]

    _wait(lambda: played("open") == [True, True], "the open room's robots did not finish")
    seed = team_from_json(server.app.state.server.store.event_store.get(eid).state).seed
    deals = {b: board_deal(seed, 1, b) for b in (1, 2)}
    conns = {p.name: p.connect(t_closed) for p in (ann, ax, bob, bx)}
    by_seat = {c.state["you"]["seat"]: c for c in conns.values()}
    assert {s: c.state["you"]["name"] for s, c in by_seat.items()} == {
        "N": "bob", "S": "bx", "E": "ann", "W": "ax",
    }  # fmt: skip

    paths = _walk(server.app.routes, eid, [t_open, t_closed], ["ann", "dan", "cat"])
    askers = {"anonymous": (anon, set()), "cat": (cat, set()), "ann": (ann, set()),
              "dan": (dan, {1, 2})}  # fmt: skip
    checks = 0
    for player, may_see in askers.values():
        checks += check_asker(player.client, paths, deals, may_see)
    assert checks == len(paths) * (2 + 2 + 2 + 0)
    # a spectator may watch either room; a player of the round neither
    check_watch(cat.client, t_open, allowed=True)
    check_watch(anon.client, t_closed, allowed=True)
    check_watch(ann.client, t_open, allowed=False)
    check_watch(bx.client, t_open, allowed=False)
    assert ann.client.get(f"/api/tables/{t_open}/boards/1").status_code == 403
    assert cat.client.get(f"/api/tables/{t_open}/boards/1").status_code == 409
    assert dan.client.get(f"/api/tables/{t_open}/boards/1").status_code == 200

    # the closed room passes board 1 out: board 1 is everyone's, board 2 no one's but dan's
    h.play_calls(by_seat, ["P"] * 4)
    _wait(lambda: played("closed") == [True, False], "the closed room's board 1")
    for name, (player, _) in askers.items():
        check_asker(player.client, paths, deals, {1, 2} if name == "dan" else {1})
    shown = dan.client.get(path).json()["rounds"][0]["matches"][0]["boards"][0]
    assert shown["closed"]["contract"] is None and shown["imps"] is not None
    assert cat.client.get(f"/api/tables/{t_open}/boards/1").status_code == 200

    h.play_calls(by_seat, ["P"] * 4)
    _wait(lambda: dan.client.get(path).json()["status"] == "finished", "the match did not end")
    for player, _ in askers.values():
        check_asker(player.client, paths, deals, {1, 2})
        assert _results_shown(player.client.get(path).json()) == {1, 2}
