"""Accounts: register, log in, log out, guests; Argon2 hashes; signed HttpOnly session cookies;
CSRF tokens on every state-changing request; the login rate limit."""

import re

from qipai.store import Store, sqlite_url


def test_register_log_out_and_log_in(server, h):
    p = h.Player(server)
    assert p.client.get("/api/me").json()["user"] is None
    r = p.post("/api/register", {"name": "ann", "password": "correct horse"})
    assert r.status_code == 201 and r.json()["user"]["name"] == "ann"
    assert p.client.get("/api/me").json()["user"]["name"] == "ann"
    assert p.post("/api/logout").json()["user"] is None
    assert p.client.get("/api/me").json()["user"] is None
    r = p.post("/api/login", {"name": "ANN", "password": "correct horse"})
    assert r.status_code == 200 and r.json()["user"]["name"] == "ann"


def test_passwords_are_stored_as_argon2_hashes(server, db_path, h):
    h.Player(server).register("ann", "correct horse")
    store = Store.open(sqlite_url(db_path))
    try:
        user = store.user_by_name("ann")
    finally:
        store.close()
    assert user.password_hash.startswith("$argon2id$")
    assert "correct horse" not in user.password_hash


def test_wrong_password_and_unknown_name_are_refused_alike(server, h):
    h.Player(server).register("ann", "correct horse")
    p = h.Player(server)
    for body in (
        {"name": "ann", "password": "wrong horse"},
        {"name": "nobody", "password": "x" * 9},
    ):
        r = p.post("/api/login", body)
        assert r.status_code == 401
        assert r.json() == {"error": "wrong name or password", "error_zh": "用户名或密码错误"}
    assert p.client.get("/api/me").json()["user"] is None


def test_bad_names_and_passwords_say_what_is_wrong(server, h):
    p = h.Player(server)
    cases = [
        ({"name": "a", "password": "long enough"}, "2 to 20"),
        ({"name": "guest1", "password": "long enough"}, "reserved"),
        ({"name": "ann", "password": "short"}, "8 to 128"),
        ({"name": 5, "password": "long enough"}, "a name is"),
        ({"name": "ann<script>", "password": "long enough"}, "a name is"),
    ]
    for body, words in cases:
        r = p.post("/api/register", body)
        assert r.status_code == 400 and words in r.json()["error"], r.text
    p.register("ann")
    r = h.Player(server).post("/api/register", {"name": "Ann", "password": "long enough"})
    assert r.status_code == 409 and "taken" in r.json()["error"]


def test_guests_get_an_account_without_a_password(server, h):
    p = h.Player(server)
    r = p.post("/api/guest")
    assert r.status_code == 201
    user = r.json()["user"]
    assert user["guest"] and user["name"].startswith("guest-")
    assert p.client.get("/api/me").json()["user"]["id"] == user["id"]
    # A guest account cannot be logged into with any password.
    r = h.Player(server).post("/api/login", {"name": user["name"], "password": "anything at all"})
    assert r.status_code == 401


def test_session_cookie_is_signed_and_http_only(server, h):
    p = h.Player(server)
    r = p.post("/api/register", {"name": "ann", "password": "correct horse"})
    cookie = r.headers["set-cookie"]
    assert "httponly" in cookie.lower() and "samesite=lax" in cookie.lower()
    # Forge a session claiming another user id: the signature no longer matches.
    value = p.client.cookies["qipai_session"]
    _payload, _, _sig = value.partition(".")
    forged = h.TestClient(server.app)
    forged.portal = server.portal
    forged.cookies.set("qipai_session", "eyJ1aWQiOiAxfQ==." + value.split(".", 1)[1])
    assert forged.get("/api/me").json()["user"] is None


def test_state_changing_requests_need_the_csrf_token(server, h):
    p = h.Player(server)
    r = p.client.post("/api/register", json={"name": "ann", "password": "correct horse"})
    assert r.status_code == 403 and "CSRF" in r.json()["error"]
    r = p.client.post(
        "/api/register",
        json={"name": "ann", "password": "correct horse"},
        headers={"x-csrf-token": "not-the-token"},
    )
    assert r.status_code == 403
    # Forms carry it as a field.
    r = p.client.post(
        "/register", data={"name": "ann", "password": "correct horse"}, follow_redirects=False
    )
    assert r.status_code == 403
    page = p.client.get("/").text
    token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    r = p.client.post(
        "/register",
        data={"name": "ann", "password": "correct horse", "csrf": token},
        follow_redirects=False,
    )
    assert r.status_code == 303 and r.headers["location"] == "/"
    assert p.client.get("/api/me").json()["user"]["name"] == "ann"


def test_forms_log_in_and_out_and_show_errors(server, h):
    h.Player(server).register("ann", "correct horse")
    p = h.Player(server)
    token = re.search(r'name="csrf" value="([^"]+)"', p.client.get("/").text).group(1)
    r = p.client.post("/login", data={"name": "ann", "password": "nope nope", "csrf": token})
    assert r.status_code == 401 and "用户名或密码错误" in r.text  # the page's language
    r = p.client.post(
        "/login",
        data={"name": "ann", "password": "correct horse", "csrf": token, "next": "//evil.example/"},
        follow_redirects=False,
    )
    assert r.status_code == 303 and r.headers["location"] == "/"
    token = re.search(r'name="csrf" value="([^"]+)"', p.client.get("/").text).group(1)
    r = p.client.post("/logout", data={"csrf": token}, follow_redirects=False)
    assert r.status_code == 303
    assert p.client.get("/api/me").json()["user"] is None


def test_login_is_rate_limited_per_name(db_path, h):
    now = [1000.0]
    app = h.make_app(db_path, login_limit=(3, 60.0), clock=lambda: now[0])
    with h.TestClient(app) as base:
        h.Player(base).register("ann", "correct horse")
        p = h.Player(base)
        for _ in range(3):
            assert p.post("/api/login", {"name": "ann", "password": "bad guess"}).status_code == 401
        r = p.post("/api/login", {"name": "ann", "password": "correct horse"})
        assert r.status_code == 429 and "try again in" in r.json()["error"]
        assert int(r.headers["retry-after"]) > 0
        # Another name from the same address is not blocked by ann's limit.
        h.Player(base).register("bob", "correct horse")
        assert p.post("/api/login", {"name": "bob", "password": "correct horse"}).status_code == 200
        now[0] += 61
        assert p.post("/api/login", {"name": "ann", "password": "correct horse"}).status_code == 200


def test_login_is_rate_limited_per_address(db_path, h):
    now = [0.0]
    app = h.make_app(db_path, login_ip_limit=(4, 60.0), clock=lambda: now[0])
    with h.TestClient(app) as base:
        p = h.Player(base)
        for i in range(4):
            p.post("/api/login", {"name": f"name{i}", "password": "bad guess"})
        r = p.post("/api/login", {"name": "other", "password": "bad guess"})
        assert r.status_code == 429 and "your address" in r.json()["error"]


def test_hash_parameters_can_be_chosen(db_path, h):
    assert h.FAST_HASHER.time_cost == 1  # tests hash cheaply; the server uses Argon2's defaults


def test_names_match_by_their_key_in_every_script(server, h):
    """NFKC + casefold, in Python (SQLite's lower() folds ASCII only)."""
    h.Player(server).register("Ärger")
    p = h.Player(server)
    r = p.post("/api/login", {"name": "äRGER", "password": "correct horse"})
    assert r.status_code == 200 and r.json()["user"]["name"] == "Ärger"
    for look_alike in ("ärger", "ÄRGER", "Ａｒｇｅｒ".replace("Ａ", "Ä")):
        r = h.Player(server).post("/api/register", {"name": look_alike, "password": "long enough"})
        assert r.status_code == 409 and "taken" in r.json()["error"], look_alike
    r = h.Player(server).post("/api/register", {"name": "ＢＯＢ", "password": "long enough"})
    assert r.status_code == 201 and r.json()["user"]["name"] == "BOB"  # stored NFKC
    r = h.Player(server).post("/api/login", {"name": "ｂｏｂ", "password": "long enough"})
    assert r.status_code == 200 and r.json()["user"]["name"] == "BOB"


def test_look_alikes_of_reserved_prefixes_are_refused(server, h):
    p = h.Player(server)
    for name in ("ｇｕｅｓｔ1", "GUEST2", "rоbot7", "ROВОТ", "r0b0t", "gυest", "Ｒobot"):
        r = p.post("/api/register", {"name": name, "password": "long enough"})
        assert r.status_code == 400 and "reserved" in r.json()["error"], (name, r.text)
    r = p.post("/api/register", {"name": "roberta", "password": "long enough"})
    assert r.status_code == 201
