"""Bad input over HTTP is answered 4xx with a message saying what is wrong, never a 500: lone
surrogates in JSON, ids beyond 64 bits, look-alike digits, dicts where a word is wanted. A bug
that does raise is answered 500 without its traceback, which goes to the log."""

import logging

from starlette.routing import Route

from qipai.server.app import create_app
from qipai.store import sqlite_url


def _raw(p, path, body: bytes):
    return p.client.post(
        path, content=body, headers={"x-csrf-token": p.csrf, "content-type": "application/json"}
    )


def test_a_lone_surrogate_or_nan_in_a_json_body_is_a_400(server, h):
    p = h.Player(server)
    for body in (
        b'{"name": "ann\\ud800", "password": "long enough"}',
        b'{"name": "ann", "password": "\\udfff long enough"}',
        b'{"name": "ann", "password": NaN}',
        '{"name": "ann\udc80"}'.encode("utf-8", "surrogatepass"),
        b'{"name": "\xff"}',
    ):
        r = _raw(p, "/api/register", body)
        assert r.status_code == 400, r.text
        assert r.json() == {
            "error": "the body is not valid UTF-8 JSON",
            "error_zh": "请求内容不是有效的UTF-8 JSON",
        }
    assert p.client.get("/api/me").json()["user"] is None


def test_ids_beyond_64_bits_name_nothing(server, h):
    p = h.Player(server).register("ann")
    big = "9" * 30
    for path in (
        f"/api/tables/{big}",
        f"/api/tables/1/boards/{big}",
        f"/api/events/{big}",
        f"/api/events/1/boards/{big}",
        f"/tables/{big}",
    ):
        assert p.client.get(path).status_code == 404, path
    assert p.post(f"/api/tables/{big}/sit", {"seat": "N"}).status_code == 404
    assert p.post(f"/api/events/{big}/register", {"partner": "bob"}).status_code == 404


def test_table_settings_refuse_odd_digits_and_dicts(server, h):
    p = h.Player(server).register("ann")
    cases = [
        ({"robot_level": "²"}, "'robot_level' must be null"),
        ({"robot_level": "٣"}, "'robot_level' must be null"),
        ({"robot_level": "9" * 5000}, "'robot_level' must be null"),
        ({"scoring": {}}, "'scoring' must be MP or IMP"),
        ({"scoring": ["MP"]}, "'scoring' must be MP or IMP"),
        ({"seat": {"N": 1}}, "'seat' must be one of"),
        ({"board_set": {"a": 1}}, "'board_set' must be"),
    ]
    for body, words in cases:
        r = p.post("/api/tables", body)
        assert r.status_code == 400 and words in r.json()["error"], (body, r.text)
    assert p.client.get("/api/tables").json()["tables"] == []


def test_event_settings_refuse_dicts_for_words(server, h):
    p = h.Player(server).register("ann")
    good = {
        "name": "Friday pairs",
        "start": "2030-01-01T19:30+08:00",
        "rounds": 3,
        "boards_per_round": 2,
        "round_minutes": 20,
    }
    cases = [
        ({"scoring": {}}, "'scoring' must be ximp, imp or mp"),
        ({"bye_score": {"a": 1}}, "'bye_score' must be average"),
        ({"bye_score": []}, "'bye_score' must be average"),
        ({"robot_level": "²"}, "'robot_level' must be a number"),
        ({"rounds": 18446744073709551615}, "'rounds' must be from 1"),
        ({"rounds": "1e999"}, "'rounds' must be from 1"),
    ]
    for extra, words in cases:
        r = p.post("/api/events", {**good, **extra})
        assert r.status_code == 400 and words in r.json()["error"], (extra, r.text)
    assert p.client.get("/api/events").json()["events"] == []


def test_a_bug_is_a_500_without_a_traceback(db_path, h, caplog):
    app = create_app(sqlite_url(db_path), password_hasher=h.FAST_HASHER)

    async def broken(request):
        raise RuntimeError("a bug")

    app.router.routes.insert(0, Route("/api/broken", broken))
    app.router.routes.insert(0, Route("/broken", broken))
    with (
        caplog.at_level(logging.ERROR, "qipai.server"),
        h.TestClient(app, raise_server_exceptions=False) as client,
    ):
        r = client.get("/api/broken")
        assert r.status_code == 500
        assert r.json()["error"] == "something went wrong on the server: it has been logged"
        page = client.get("/broken")
        assert page.status_code == 500 and "服务器出错了" in page.text
        assert "Traceback" not in r.text + page.text and "a bug" not in r.text + page.text
    assert "RuntimeError: a bug" in caplog.text


def test_nul_characters_are_refused_at_the_edge(server, h):
    """PostgreSQL cannot store NUL in text: refused in bodies and forms (400), paths (404)."""
    p = h.Player(server).register("ann")
    r = p.post("/api/tables", {"name": "a\x00b"})
    assert r.status_code == 400 and "NUL character" in r.json()["error"] and r.json()["error_zh"]
    r = p.post("/api/events/1/register", {"partner": "bob\x00"})
    assert r.status_code == 400
    r = p.client.post("/login", data={"name": "a\x00b", "password": "x" * 9, "csrf": p.csrf})
    assert r.status_code == 400
    assert p.client.get("/api/players/a%00b").status_code == 404
    assert p.client.get("/players/a%00b").status_code == 404
    assert p.client.get("/api/tables").json()["tables"] == []
