"""``qipai serve`` as a real process: a database it cannot use stops the start with one line
and a non-zero status; X-Forwarded-For is believed only from configured proxies; the session
cookie can be made Secure; a client slow to send its headers is cut off."""

import json
import os
import socket
import subprocess
import sys
import time

import httpx
import pytest
from websockets.sync.client import connect

from qipai.store import Store, sqlite_url


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "qipai.cli", "serve", "--port", "0", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def _refused(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert lines[0].startswith("qipai serve: cannot use the database ")
    for word in words:
        assert word in lines[0], lines[0]


def test_a_corrupt_database_stops_the_start_with_one_line(tmp_path):
    db = tmp_path / "club.db"
    db.write_bytes(b"this is not a database, " * 200)
    _refused(_serve("--db", str(db)), str(db), "file is not a database")


def test_a_read_only_database_stops_the_start_with_one_line(tmp_path):
    db = tmp_path / "club.db"
    Store.open(sqlite_url(db)).close()
    url = f"sqlite:///file:{db}?mode=ro&uri=true"  # read-only even for root
    _refused(_serve("--db", url), str(db), "readonly")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to read-only files")
def test_a_read_only_file_stops_the_start_with_one_line(tmp_path):
    db = tmp_path / "club.db"
    Store.open(sqlite_url(db)).close()
    db.chmod(0o444)
    _refused(_serve("--db", str(db)), str(db))


def test_a_missing_directory_stops_the_start_with_one_line(tmp_path):
    db = tmp_path / "nowhere" / "club.db"
    _refused(_serve("--db", str(db)), str(db), "unable to open")


def test_bad_option_values_are_one_line(tmp_path):
    result = _serve("--db", str(tmp_path / "x.db"), "--header-timeout", "soon")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "--header-timeout must be a number of seconds" in result.stderr


def _logged(path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def test_by_default_no_proxy_is_believed_nor_cookie_secure(tmp_path, h):
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        server = h.ServerProcess(
            tmp_path / "club.db", out, "--log-level", "info", "--header-timeout", "0.5"
        )
    try:
        r = httpx.get(server.base + "/api/me", headers={"X-Forwarded-For": "203.0.113.9"})
        assert r.status_code == 200
        assert "secure" not in r.headers["set-cookie"].lower()
        _a_websocket_outlives_the_header_timeout(server.base, server.port)
    finally:
        server.stop()
    access = _logged(log)
    assert "127.0.0.1:" in access and "/api/me" in access and "203.0.113.9" not in access


def test_configured_proxies_secure_cookies_and_slow_headers(tmp_path, h):
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        server = h.ServerProcess(
            tmp_path / "club.db",
            out,
            "--log-level",
            "info",
            "--forwarded-allow-ips",
            "127.0.0.1",
            "--secure-cookies",
            "--header-timeout",
            "0.5",
        )
    try:
        r = httpx.get(server.base + "/api/me", headers={"X-Forwarded-For": "203.0.113.9"})
        assert r.status_code == 200
        assert "; secure" in r.headers["set-cookie"].lower()
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as slow:
            slow.sendall(b"GET /api/me HTTP/1.1\r\nHost: x\r\n")  # and the rest never comes
            assert slow.recv(1024) == b""  # closed by the server (the 30 s is a hang guard)
        with httpx.Client(base_url=server.base) as client:  # a whole request still works
            assert client.get("/api/me").status_code == 200
    finally:
        server.stop()
    assert "203.0.113.9" in _logged(log)


def _a_websocket_outlives_the_header_timeout(base: str, port: int) -> None:
    """The timer is for headers: a websocket, once open, is another protocol's."""
    with httpx.Client(base_url=base) as client:
        csrf = client.get("/api/me").json()["csrf"]
        csrf = client.post("/api/guest", headers={"x-csrf-token": csrf}).json()["csrf"]
        r = client.post("/api/tables", json={"robot_level": None}, headers={"x-csrf-token": csrf})
        table_id = r.json()["table"]["id"]
        cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
    with connect(url, open_timeout=30, additional_headers={"Cookie": cookie}) as ws:
        ws.send(json.dumps({"type": "hello", "since": None}))
        assert json.loads(ws.recv(timeout=30))["type"] == "state"
        time.sleep(1.0)  # twice the header timeout
        ws.send(json.dumps({"type": "ping", "id": 7}))
        assert json.loads(ws.recv(timeout=30)) == {"type": "pong", "id": 7}
