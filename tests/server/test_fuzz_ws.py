"""Whatever a client sends over the table websocket, it gets an answer (an error carrying the
message's id where it gave a valid one), the connection stays open, the server logs no
unhandled exception, and a refused message leaves the table as it was (issue #13)."""

from __future__ import annotations

import json
import logging
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qipai.server.protocol import FIELDS, MAX_MESSAGE_BYTES

FIELD_NAMES = sorted({f for fs in FIELDS.values() for f in fs} | {"seat", "owner", ""})
KINDS = [*sorted(FIELDS), "dance", "", "HELLO"]

surrogates = st.characters(categories=["Cs"])
texts = st.text(max_size=30) | st.text(surrogates | st.characters(), min_size=1, max_size=4)
numbers = (
    st.integers(-(2**70), 2**70)
    | st.sampled_from([0, 1, 13, 14, -1, 2**53, 2**53 - 1, 2**64])
    | st.floats(allow_nan=True, allow_infinity=True)
)
scalars = (
    st.none()
    | st.booleans()
    | numbers
    | texts
    | st.sampled_from(["1C", "P", "X", "7NT", "SA", "N", "S", "hi", "\u3000", "\x00"])
    | st.sampled_from(["\ud800", "x\udfff", "\udc00\ud800", "\U0001f600"])
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=6,
)
ids = (
    st.none()
    | st.integers(0, 99)
    | st.integers(-5, 2**60)
    | st.text(max_size=4)
    | st.text(max_size=45)
    | values
)


@st.composite
def shaped(draw: Any) -> dict[str, Any]:
    """An object of one of the protocol's shapes (or nearly), its fields of any type."""
    kind = draw(st.sampled_from(KINDS))
    names = sorted(FIELDS.get(kind, frozenset()))
    fields = draw(st.lists(st.sampled_from(names or FIELD_NAMES), max_size=3, unique=True))
    if draw(st.booleans()):
        fields.append(draw(st.sampled_from(FIELD_NAMES)))
    out: dict[str, Any] = {"type": kind}
    for name in fields:
        out[name] = draw(values)
    msg_id = draw(ids)
    if msg_id is not None:
        out["id"] = msg_id
    return out


def encode(obj: Any) -> str:
    """JSON text, a lone surrogate written as its escape (as a browser's JSON.stringify does)."""
    return json.dumps(obj, ensure_ascii=True)


frames = (
    shaped().map(encode)
    | values.map(encode)
    | texts
    | st.integers(MAX_MESSAGE_BYTES - 5, 60_000).map(
        lambda n: '{"type": "chat", "text": "' + "a" * n
    )
    | st.binary(max_size=40)
)


def readable_id(frame: str | bytes) -> int | str | None:
    """The id an error must echo: the frame is a JSON object whose id is valid."""
    if isinstance(frame, bytes) or len(frame.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        return None
    try:
        data = json.loads(frame)
    except ValueError:
        return None
    msg_id = data.get("id") if isinstance(data, dict) else None
    if isinstance(msg_id, bool) or not isinstance(msg_id, int | str):
        return None
    if isinstance(msg_id, int):
        return msg_id if 0 <= msg_id < 2**53 else None
    try:
        msg_id.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return msg_id if len(msg_id) <= 40 else None


def test_the_table_answers_every_frame_and_stays_open(server, h, caplog):
    table_id, _players, conns = h.four_at_table(server)
    north = conns["N"].ws
    actor = server.app.state.server.tables.get(table_id)
    pings = iter(range(10**9))
    seen: Counter[str] = Counter()

    def answers_to(frame: str | bytes) -> list[dict[str, Any]]:
        if isinstance(frame, bytes):
            north.send_bytes(frame)
        else:
            north.send_text(frame)
        n = f"fuzz-{next(pings)}"
        north.send_text(json.dumps({"type": "ping", "id": n}))
        got = []
        while True:
            msg = north.receive_json()  # a closed socket raises here
            if msg == {"type": "pong", "id": n}:
                return got
            if msg["type"] != "table":
                got.append(msg)

    @settings(
        max_examples=400,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(frames)
    def one_frame(frame: str | bytes) -> None:
        seq = actor.state.seq
        got = answers_to(frame)
        assert got, frame  # an answer: an error, a pong, a state or the event it made
        errors = [m for m in got if m["type"] == "error"]
        seen["frames"] += 1
        seen["errors with an id" if errors and "id" in errors[0] else "others"] += 1
        seen["surrogates"] += "Unicode" in str(errors)
        if errors:
            assert len(errors) == 1 and errors[0]["message"], got
            assert errors[0].get("id") == readable_id(frame), (frame, errors)
            assert actor.state.seq == seq, (frame, got)  # refused: nothing changed

    with caplog.at_level(logging.WARNING):
        one_frame()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    # The frames reached the deep paths: errors that echo an id, lone surrogates.
    assert seen["frames"] >= 300 and seen["errors with an id"] >= 30 and seen["surrogates"] >= 5, (
        seen
    )
    h.sync_all(conns)  # every connection is still open


# --- over the real server: what a browser sees of the closes ----------------------------------


def test_refusals_and_oversized_frames_close_with_documented_codes(tmp_path, h):
    """Under uvicorn a close before the accept was an HTTP 403 with no code or reason: now a
    refusal reaches the client as its close code (4404, 4403), a frame over 64 KiB as 1009, and
    an ordinary bad frame as an error with the socket open."""
    import httpx
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect

    log = open(tmp_path / "server.log", "wb")  # noqa: SIM115 - closed below
    server = h.ServerProcess(tmp_path / "qipai.db", log)
    try:
        http = httpx.Client(base_url=server.base, timeout=10)
        csrf = http.get("/api/me").json()["csrf"]
        r = http.post(
            "/api/register",
            json={"name": "ann", "password": "correct horse"},
            headers={"x-csrf-token": csrf},
        )
        csrf = r.json()["csrf"]
        r = http.post("/api/tables", json={"robot_level": None}, headers={"x-csrf-token": csrf})
        table_id = r.json()["table"]["id"]
        cookie = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
        url = server.base.replace("http", "ws") + "/ws/tables/"

        def closed_with(path: str, **headers: str) -> tuple[int | None, str | None]:
            try:
                with connect(url + path, additional_headers=headers) as ws:
                    ws.recv(timeout=10)
            except ConnectionClosed as e:
                assert e.rcvd is not None
                return e.rcvd.code, e.rcvd.reason
            except InvalidStatus as e:  # an HTTP answer to the handshake: what was fixed
                raise AssertionError(f"refused with HTTP {e.response.status_code}") from None
            raise AssertionError("not closed")

        assert closed_with("999") == (4404, "no such table (or it is closed)")
        cross_site = closed_with(str(table_id), Origin="https://evil.example")
        assert cross_site == (4403, "cross-site connection refused")
        with connect(url + str(table_id), additional_headers={"Cookie": cookie}) as ws:
            ws.send('{"type": "chat", "text": "\\ud800", "id": 1}')
            err = json.loads(ws.recv(timeout=10))
            assert err["type"] == "error" and err["id"] == 1 and "Unicode" in err["message"]
            ws.send(json.dumps({"type": "chat", "text": "x" * 70_000}))
            try:
                while True:
                    ws.recv(timeout=10)
            except ConnectionClosed as e:
                assert e.rcvd is not None and e.rcvd.code == 1009
        http.close()
    finally:
        server.stop()
        log.close()
    assert b"Traceback" not in (tmp_path / "server.log").read_bytes()
