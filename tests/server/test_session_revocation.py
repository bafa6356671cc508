"""Logging out ends the session on the server too: a copy of the session cookie taken before the
logout does not work after it (the account's session epoch moves on; every session signed with
an older one is refused)."""

from __future__ import annotations


def test_a_copied_cookie_is_dead_after_logout(server, h):
    ann = h.Player(server).register("ann")
    copied = dict(ann.client.cookies)  # what a thief (or a shared computer) kept
    assert ann.post("/api/logout").status_code == 200
    assert ann.client.get("/api/me").json()["user"] is None  # the browser that logged out

    thief = h.TestClient(server.app)
    thief.portal = server.portal
    for name, value in copied.items():
        thief.cookies.set(name, value)
    assert thief.get("/api/me").json()["user"] is None
    # logging in again works, and the new session is good
    r = ann.post("/api/login", {"name": "ann", "password": "correct horse"})
    assert r.status_code == 200
    assert ann.client.get("/api/me").json()["user"]["name"] == "ann"


def test_logout_clears_the_browsers_own_session(server, h):
    """What holds today: the browser that logs out is logged out, and gets a new CSRF token."""
    ann = h.Player(server).register("ann")
    before = ann.csrf
    r = ann.post("/api/logout")
    assert r.status_code == 200 and r.json()["user"] is None and r.json()["csrf"] != before
    assert ann.client.get("/api/me").json()["user"] is None
    r = ann.post("/api/tables", {"robot_level": None})
    assert r.status_code == 401


def test_logout_closes_the_accounts_open_table_connections(server, h):
    """A seated player's websocket (and a second tab's) closes with 4401 when the account logs
    out anywhere; another player's connection at the same table stays open."""
    import pytest
    from starlette.websockets import WebSocketDisconnect

    ann, bob = h.Player(server).register("ann"), h.Player(server).register("bob")
    table = ann.create_table(robot_level=0, seat="S")
    first, second = ann.connect(table), ann.connect(table)
    watcher = bob.connect(table)
    assert first.view is not None and first.view["hands"]["S"]  # her own hand, before
    other_tab = h.Player(server)
    other_tab.client.cookies.update(ann.client.cookies)  # the same session in another tab
    other_tab.csrf = ann.csrf
    assert other_tab.post("/api/logout").status_code == 200
    for conn in (first, second):
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                conn.receive()
        assert closed.value.code == 4401 and closed.value.reason == "logged out"
    assert watcher.request({"type": "chat", "text": "still here"}) is not None
    # coming back without the session: a visitor's view, no hand
    again = ann.connect(table)
    assert again.state is not None and again.state["you"]["seat"] is None
    assert not (again.view or {}).get("hands", {}).get("S")
