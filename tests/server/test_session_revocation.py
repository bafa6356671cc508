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
