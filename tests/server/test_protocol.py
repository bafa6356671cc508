"""Whatever a client sends, the table answers with an error that says what was wrong and goes on
unharmed; the HTTP API checks its input the same way."""

import json

BAD = [
    ("not json at all", "not valid JSON"),
    ("[1, 2, 3]", "must be a JSON object"),
    ('"call"', "must be a JSON object"),
    ("{}", "'type' must be one of"),
    ('{"type": "dance"}', "'type' must be one of"),
    ('{"type": 7}', "'type' must be one of"),
    ('{"type": "call"}', "'call' must be a non-empty string"),
    ('{"type": "call", "call": 1}', "'call' must be a non-empty string"),
    ('{"type": "call", "call": "8NT"}', "bad call"),
    ('{"type": "call", "call": "1NT", "alert": "yes"}', "'alert' must be true or false"),
    ('{"type": "call", "call": "1NT", "explanation": ["x"]}', "'explanation' must be a string"),
    ('{"type": "call", "call": "1NT", "explanation": "' + "x" * 300 + '"}', "too long"),
    ('{"type": "card", "card": "ZZ"}', "bad card"),
    ('{"type": "card", "card": null}', "'card' must be a non-empty string"),
    ('{"type": "card", "card": "SA", "seat": "N"}', "unknown field(s) for card: seat"),
    ('{"type": "claim", "tricks": true}', "'tricks' must be a whole number from 0 to 13"),
    ('{"type": "claim", "tricks": 14}', "'tricks' must be a whole number from 0 to 13"),
    ('{"type": "claim", "tricks": 2.5}', "'tricks' must be a whole number from 0 to 13"),
    ('{"type": "claim_response", "accept": 1}', "'accept' must be true or false"),
    ('{"type": "undo_response", "accept": true}', "'undo_response' is called 'undo_answer'"),
    ('{"type": "chat", "text": ""}', "'text' must not be empty"),
    ('{"type": "chat", "text": "\\u0000\\u0001"}', "'text' must not be empty"),
    ('{"type": "chat", "text": "' + "字" * 501 + '"}', "too long"),
    ('{"type": "sit", "seat": "north-ish"}', "'seat' must be one of N, E, S, W"),
    ('{"type": "hello", "since": -1}', "'since' must be null"),
    ('{"type": "hello", "since": "5"}', "'since' must be null"),
    ('{"type": "ping", "id": {"a": 1}}', "'id' must be"),
    ("[" * 5000 + "]" * 5000, "message too long"),
    ('{"type": "chat", "text": "' + "a" * 3000 + '"}', "message too long"),
    ('{"type": "chat", "text": "' + "[" * 1000 + '"}', "too long"),
]


def test_malformed_messages_get_errors_and_the_table_goes_on(server, h):
    _table_id, _players, conns = h.four_at_table(server)
    north = conns["N"]
    for raw, words in BAD:
        msgs = north.request(raw)
        errs = [m["message"] for m in msgs if m["type"] == "error"]
        assert len(errs) == 1 and words in errs[0], (raw[:60], errs)
    # Deep nesting inside the size limit, and binary frames.
    msgs = north.request("[" * 900 + "]" * 900)
    assert [m["type"] for m in msgs] == ["error"]
    north.ws.send_bytes(b"\x00\xff binary")
    msgs = north.sync()
    assert msgs[0]["message"] == "send JSON text frames, not binary"
    h.sync_all(conns)
    assert conns["E"].view["auction"] == []  # nothing happened
    msgs = north.request({"type": "call", "call": "1C"})
    assert not [m for m in msgs if m["type"] == "error"]
    h.sync_all(conns)
    assert [e["call"] for e in conns["E"].view["auction"]] == ["1C"]


def test_the_server_and_the_page_speak_one_protocol_version(server, h):
    """Every state says the server's version; the table page's script speaks the same one (a
    rename of the wire changes both, docs/PROTOCOL.md "Versions")."""
    import re
    from pathlib import Path

    import qipai.web
    from qipai.server.protocol import PROTOCOL_VERSION

    _table_id, _players, conns = h.four_at_table(server)
    states = [m for m in conns["N"].messages if m["type"] == "state"]
    assert states and all(m["protocol"] == PROTOCOL_VERSION for m in states)
    script = Path(qipai.web.__file__).parent / "static" / "table" / "connection.js"
    found = re.search(r"export const PROTOCOL = (\d+);", script.read_text(encoding="utf-8"))
    assert found is not None and int(found.group(1)) == PROTOCOL_VERSION


def test_errors_echo_the_request_id(server, h):
    _table_id, _players, conns = h.four_at_table(server)
    msgs = conns["E"].request({"type": "call", "call": "1C", "id": "abc"})
    assert msgs[0]["type"] == "error" and msgs[0]["id"] == "abc" and msgs[0]["request"] == "call"


def test_errors_come_in_english_and_chinese(server, h):
    """Programs read ``message``/``error``; a Chinese page shows ``zh``/``error_zh``, the Law
    cited the Chinese way."""
    _table_id, players, conns = h.four_at_table(server)
    err = conns["E"].request({"type": "call", "call": "1C"})[0]
    assert err["type"] == "error"
    assert err["message"] == "it is North's turn to call, not East's (Laws 28-32)"
    assert err["zh"] == "轮到北叫牌，不是东（《桥牌规则》第28-32条）"
    r = players["N"].post("/api/tables", {"scoring": "XP"})
    assert r.status_code == 400
    assert r.json() == {
        "error": "'scoring' must be MP or IMP",
        "error_zh": "'scoring'须为MP（比赛分）或IMP",
    }


def test_commands_before_hello_are_refused(server, h):
    ann = h.Player(server).register("ann")
    table_id = ann.create_table(robot_level=None, seat="N")
    with ann.client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_text(json.dumps({"type": "chat", "text": "hi"}))
        assert ws.receive_json() == {
            "type": "error",
            "message": "send hello first",
            "zh": "请先发送hello",
        }


def test_message_flood_is_throttled(db_path, h):
    app = h.make_app(db_path, ws_rate=(1.0, 5.0))
    with h.TestClient(app) as base:
        ann = h.Player(base).register("ann")
        table_id = ann.create_table(robot_level=None, seat="N")
        with ann.client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            for i in range(12):
                ws.send_text(json.dumps({"type": "ping", "id": i}))
            got = [ws.receive_json() for _ in range(12)]
            kinds = [m["type"] for m in got]
            assert kinds.count("pong") <= 6 and "error" in kinds
            assert any("slow down" in m.get("message", "") for m in got)


def _refusal(client, path: str, **kw) -> tuple[int, str]:
    """The close code and reason of a connection the server refuses: it is accepted, then
    closed with a documented code (a close before the accept would reach a browser as a bare
    HTTP 403)."""
    from starlette.websockets import WebSocketDisconnect

    with client.websocket_connect(path, **kw) as ws:
        try:
            ws.receive_json()
        except WebSocketDisconnect as e:
            return e.code, e.reason
    raise AssertionError(f"{path} was not refused")


def test_unknown_or_closed_tables_refuse_the_connection(server, h):
    ann = h.Player(server).register("ann")
    assert _refusal(ann.client, "/ws/tables/999") == (4404, "no such table (or it is closed)")


def test_cross_site_websockets_are_refused(server, h):
    ann = h.Player(server).register("ann")
    table_id = ann.create_table(robot_level=None, seat="N")
    code, reason = _refusal(
        ann.client, f"/ws/tables/{table_id}", headers={"origin": "https://evil.example"}
    )
    assert (code, reason) == (4403, "cross-site connection refused")


def test_private_tables_refuse_a_websocket_without_the_invitation(server, h):
    ann, bob = h.Player(server).register("ann"), h.Player(server).register("bob")
    r = ann.post("/api/tables", {"private": True, "robot_level": None, "seat": "S"})
    table_id = r.json()["table"]["id"]
    code, reason = _refusal(bob.client, f"/ws/tables/{table_id}")
    assert (code, reason) == (4403, "a private table: use its invitation link")


def test_parse_errors_keep_the_message_id(server, h):
    _table_id, _players, conns = h.four_at_table(server)
    north = conns["N"]
    for raw in (
        {"type": "dance", "id": 5},
        {"type": "claim", "tricks": 99, "id": "x"},
        {"type": "card", "card": "SA", "seat": "N", "id": 6},
    ):
        err = north.request(raw)[0]
        assert err["type"] == "error" and err["id"] == raw["id"], err


def test_lone_surrogates_get_an_error_not_a_closed_socket(server, h):
    _table_id, _players, conns = h.four_at_table(server)
    north = conns["N"]
    for raw in (
        '{"type": "chat", "text": "\\ud800", "id": 3}',
        '{"type": "call", "call": "\\ud83d", "id": 4}',
        '{"type": "chat", "\\ud800": 1}',
        '{"type": "chat", "text": "a\ud800b"}',  # a lone surrogate in the text frame itself
    ):
        msgs = north.request(raw)
        assert [m["type"] for m in msgs] == ["error"], (raw, msgs)
        assert "valid Unicode" in msgs[0]["message"]
        assert msgs[0].get("id") == json.loads(raw.replace("\ud800", "")).get("id")
    err = north.request('{"type": "chat", "text": "ok", "id": "\\udfff"}')[0]
    assert err["message"].startswith("'id' must be") and "id" not in err
    said = conns["E"].request({"type": "chat", "text": "still here"})[0]
    assert said["event"]["text"] == "still here"


def test_hellos_with_since_are_charged_for_what_they_replay(db_path, h):
    """A watcher who says hello with since=0 again and again gets 'slow down' and at most a
    budget's worth of replayed events, and the players play on."""
    app = h.make_app(db_path, ws_rate=(0.0, 30.0))  # no refill: counts do not depend on time
    with h.TestClient(app) as base:
        try:
            table_id, _players, conns = h.four_at_table(base)
            h.play_calls(conns, ["1C", "P", "1H", "P", "1S", "P", "2C", "P"])
            seq = conns["N"].seq
            eve = h.Player(base).register("eve")
            ws = eve.client.websocket_connect(f"/ws/tables/{table_id}").__enter__()
            watcher = h.Conn(ws)
            for i in range(20):
                watcher.send({"type": "hello", "since": 0, "id": i})
            got: list[dict] = []
            answered = 0
            while answered < 20:  # each hello gets a state or an error
                got.append(watcher.receive())
                answered += got[-1]["type"] in ("state", "error")
            replayed = [m for m in got if m.get("replay")]
            states = [m for m in got if m["type"] == "state"]
            slow = [m for m in got if m["type"] == "error" and "slow down" in m["message"]]
            # A burst of 30 tokens, no refill: each hello costs 1 for its message, 5 for its state
            # and 1 per 10 events replayed; when the replay is more than is left, the state alone.
            per_hello = 1 + 5 + -(-seq // 10)
            full = 30 // per_hello
            assert len(replayed) == full * seq
            assert [m["since"] for m in states] == [0] * full + [None]
            assert len(slow) == 20 - len(states)
            assert len(got) == len(replayed) + len(states) + len(slow)
            watcher.close()
            h.play_calls(conns, ["P", "P"])  # the players play on
            assert conns["S"].view["phase"] == "play"
        finally:
            h.close_all()


def test_api_input_is_checked(server, h):
    ann = h.Player(server).register("ann")
    cases = [
        ({"scoring": "XP"}, "'scoring' must be MP or IMP"),
        ({"robot_level": 99}, "'robot_level' must be null (no robots) or a robot level"),
        ({"robot_level": "1; drop table"}, "'robot_level' must be null"),
        ({"robot_level": True}, "'robot_level' must be null"),
        ({"private": "yes"}, "'private' must be true or false"),
        ({"name": "x" * 61}, "'name' must be 1 to 60"),
        ({"seat": "X"}, "'seat' must be one of"),
        ({"owner": 5}, "unknown field(s): owner"),
    ]
    for body, words in cases:
        r = ann.post("/api/tables", body)
        assert r.status_code == 400 and words in r.json()["error"], (body, r.text)
    r = ann.client.post(
        "/api/tables",
        content=b"{not json",
        headers={"x-csrf-token": ann.csrf, "content-type": "application/json"},
    )
    assert r.status_code == 400 and "not valid UTF-8 JSON" in r.json()["error"]
    r = ann.client.post("/api/tables", content=b"x" * 20000, headers={"x-csrf-token": ann.csrf})
    assert r.status_code == 413
    r = ann.post("/api/tables/1/dance")
    assert r.status_code == 404
    assert ann.client.get("/api/tables").json()["tables"] == []


def test_private_tables_need_the_invitation(server, h):
    ann, bob = h.Player(server).register("ann"), h.Player(server).register("bob")
    r = ann.post("/api/tables", {"private": True, "robot_level": None, "seat": "S"})
    table_id, invite = r.json()["table"]["id"], r.json()["invite"]
    assert bob.client.get("/api/tables").json()["tables"] == []
    assert bob.client.get(f"/api/tables/{table_id}").status_code == 403
    assert bob.post(f"/api/tables/{table_id}/sit", {"seat": "N"}).status_code == 403
    assert bob.client.get(f"/tables/{table_id}").status_code == 403
    r = bob.client.get(invite.replace("http://testserver", ""), follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/tables/{table_id}"
    assert bob.post(f"/api/tables/{table_id}/sit", {"seat": "N"}).status_code == 200
    assert [t["id"] for t in bob.client.get("/api/tables").json()["tables"]] == [table_id]
    assert bob.client.get("/join/not-a-token").status_code == 404


def test_the_owner_revokes_an_invitation_link(server, h):
    ann, bob, cat = (h.Player(server).register(n) for n in ("ann", "bob", "cat"))
    r = ann.post("/api/tables", {"private": True, "robot_level": None, "seat": "S"})
    table_id, old = r.json()["table"]["id"], r.json()["invite"].replace("http://testserver", "")
    assert bob.client.get(old, follow_redirects=False).status_code == 303
    assert bob.post(f"/api/tables/{table_id}/sit", {"seat": "N"}).status_code == 200
    r = bob.post(f"/api/tables/{table_id}/invite")
    assert r.status_code == 403 and r.json()["error_zh"] == "只有牌桌的主人可以更换邀请链接"
    r = ann.post(f"/api/tables/{table_id}/invite")
    assert r.status_code == 200
    new = r.json()["invite"].replace("http://testserver", "")
    assert new != old and ann.client.get(f"/api/tables/{table_id}").json()["invite"].endswith(new)
    assert cat.client.get(old).status_code == 404  # the old link finds nothing now
    assert cat.client.get(f"/api/tables/{table_id}").status_code == 403
    assert bob.client.get(f"/api/tables/{table_id}").status_code == 200  # keeps the seat
    assert cat.client.get(new, follow_redirects=False).status_code == 303
    assert cat.client.get(f"/api/tables/{table_id}").status_code == 200
    assert ann.post("/api/tables/999/invite").status_code == 404


def test_the_table_page_has_a_button_for_a_new_link(server, h):
    ann = h.Player(server).register("ann")
    r = ann.post("/api/tables", {"private": True, "robot_level": None})
    table_id, old = r.json()["table"]["id"], r.json()["invite"]
    page = ann.client.get(f"/tables/{table_id}").text
    assert f'action="/tables/{table_id}/invite"' in page and old in page
    r = ann.client.post(
        f"/tables/{table_id}/invite", data={"csrf": ann.csrf}, follow_redirects=False
    )
    assert r.status_code == 303 and r.headers["location"] == f"/tables/{table_id}"
    assert old not in ann.client.get(f"/tables/{table_id}").text
    r = ann.client.post(f"/tables/{table_id}/invite", data={}, follow_redirects=False)
    assert r.status_code == 403


def test_one_person_cannot_open_tables_without_end(server, h):
    ann = h.Player(server).register("ann")
    ids = [ann.create_table(robot_level=None) for _ in range(10)]
    r = ann.post("/api/tables", {})
    assert r.status_code == 429 and "close one" in r.json()["error"]
    assert ann.post(f"/api/tables/{ids[0]}/close").status_code == 200
    assert ann.post("/api/tables", {}).status_code == 201
