"""GET /openapi.json: every JSON API route of the app described (walking the app's own route
list, so a new /api route without a description fails here), the websocket linked to
docs/PROTOCOL.md, and the server's real answers matching the schemas the document gives."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from starlette.routing import Route

from qipai.server import openapi
from qipai.server.openapi import OPERATIONS, WEBSOCKETS, UndescribedRoute, openapi_document

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app(tmp_path, h):
    return h.make_app(tmp_path / "doc.db")


def test_every_api_route_and_websocket_is_described(app):
    doc = openapi_document(app.routes, strict=True)  # raises, naming them, if one is not
    routes = {(m, p) for m, p, _ in openapi.api_routes(app.routes)}
    assert ("GET", "/api/me") in routes and ("WS", "/ws/tables/{table_id}") in routes
    api = {
        (m, r.path_format)
        for r in app.routes
        if isinstance(r, Route) and r.path_format.startswith("/api/")
        for m in (r.methods or set()) - {"HEAD"}
    }
    assert api <= routes
    for method, path in routes:
        op = doc["paths"][path]["get" if method == "WS" else method.lower()]
        assert op["summary"] and op["summary"] != "(not described yet)"
        assert op["responses"], (method, path)


def test_no_description_is_left_for_a_route_that_is_gone(app):
    routes = {(m, p) for m, p, _ in openapi.api_routes(app.routes)}
    assert set(OPERATIONS) <= routes, set(OPERATIONS) - routes
    assert {("WS", p) for p in WEBSOCKETS} <= routes


def test_a_new_api_route_without_a_description_fails(app):
    async def endpoint(request):  # pragma: no cover - never called
        raise AssertionError

    routes = [*app.routes, Route("/api/shiny/{n:int}", endpoint, methods=["GET", "POST"])]
    with pytest.raises(UndescribedRoute) as e:
        openapi_document(routes, strict=True)
    assert "GET /api/shiny/{n}" in str(e.value) and "POST /api/shiny/{n}" in str(e.value)
    # The served document still lists it, marked, rather than failing.
    doc = openapi_document(routes)
    assert doc["paths"]["/api/shiny/{n}"]["get"]["summary"] == "(not described yet)"
    # Pages and forms are not part of the API.
    assert "/" not in doc["paths"] and "/login" not in doc["paths"]


def refs(node: Any) -> set[str]:
    if isinstance(node, dict):
        out = {node["$ref"]} if isinstance(node.get("$ref"), str) else set()
        for v in node.values():
            out |= refs(v)
        return out
    if isinstance(node, list):
        return set().union(*map(refs, node)) if node else set()
    return set()


def test_the_served_document(server):
    r = server.get("/openapi.json")
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    doc = r.json()
    assert doc["openapi"] == "3.1.0" and doc["info"]["title"] and doc["info"]["version"]
    schemas = doc["components"]["schemas"]
    for target in refs(doc):
        assert target.startswith("#/components/schemas/") and target.split("/")[-1] in schemas
    ids = []
    for path, item in doc["paths"].items():
        names = re.findall(r"{(\w+)}", path)
        for method, op in item.items():
            assert method in ("get", "post", "put", "patch", "delete")
            ids.append(op["operationId"])
            params = op.get("parameters", [])
            assert [p["name"] for p in params] == names, (path, method)
            assert all(p["in"] == "path" and p["required"] for p in params)
            for status, answer in op["responses"].items():
                assert re.fullmatch(r"[1-5]\d\d", status) and answer["description"]
            if method == "post":
                assert op["security"] == [{"session": [], "csrf": []}]
                assert {"400", "403", "413"} <= set(op["responses"])
    assert len(ids) == len(set(ids))
    # Types come from the route: {table_id:int} is an integer; enums from the table.
    board = doc["paths"]["/api/tables/{table_id}/boards/{board_no}"]["get"]["parameters"]
    assert board[0]["schema"]["type"] == "integer"
    action = doc["paths"]["/api/tables/{table_id}/{action}"]["post"]["parameters"][1]
    assert action["schema"]["enum"] == ["sit", "seat_answer", "stand", "next", "close"]
    # The websocket: its handshake, linked to the protocol, which exists.
    ws = doc["paths"]["/ws/tables/{table_id}"]["get"]
    assert "101" in ws["responses"] and ws["externalDocs"]["url"] == "docs/PROTOCOL.md"
    assert doc["externalDocs"]["url"] == "docs/PROTOCOL.md"
    assert (ROOT / "docs" / "PROTOCOL.md").is_file()
    assert "/ws/tables/{id}" in (ROOT / "docs" / "PROTOCOL.md").read_text()
    assert server.get("/openapi.json").json() == doc  # built once, the same each time


# --- the answers match the document --------------------------------------------------------


def check(value: Any, schema: dict[str, Any], doc: dict[str, Any], at: str = "$") -> None:
    """A small JSON Schema check (the keywords the document uses); AssertionError naming
    where the value differs."""
    if "$ref" in schema:
        name = schema["$ref"].split("/")[-1]
        check(value, doc["components"]["schemas"][name], doc, at)
        return
    if "oneOf" in schema:
        fits = 0
        for option in schema["oneOf"]:
            try:
                check(value, option, doc, at)
                fits += 1
            except AssertionError:
                pass
        assert fits == 1, f"{at}: {value!r} fits {fits} of the oneOf options"
        return
    if "const" in schema:
        assert value == schema["const"], f"{at}: {value!r} is not {schema['const']!r}"
    if "enum" in schema:
        assert value in schema["enum"], f"{at}: {value!r} not one of {schema['enum']}"
    kind = schema.get("type")
    types = {
        "object": dict,
        "array": list,
        "string": str,
        "integer": int,
        "number": (int, float),
        "boolean": bool,
        "null": type(None),
    }
    if kind is not None:
        assert isinstance(value, types[kind]), f"{at}: {value!r} is not {kind}"
        if kind in ("integer", "number"):
            assert not isinstance(value, bool), f"{at}: {value!r} is not {kind}"
    if isinstance(value, str) and "pattern" in schema:
        assert re.search(schema["pattern"], value), f"{at}: {value!r} !~ {schema['pattern']}"
    if isinstance(value, int | float) and "minimum" in schema:
        assert value >= schema["minimum"], f"{at}: {value} < {schema['minimum']}"
    if isinstance(value, dict):
        for key in schema.get("required", []):
            assert key in value, f"{at}: no {key!r} in {sorted(value)}"
        props = schema.get("properties", {})
        for key, v in value.items():
            if key in props:
                check(v, props[key], doc, f"{at}.{key}")
            else:
                assert schema.get("additionalProperties", True) is not False, f"{at}.{key}"
    if isinstance(value, list) and "items" in schema:
        for i, v in enumerate(value):
            check(v, schema["items"], doc, f"{at}[{i}]")


class Checked:
    """Sends requests and checks each JSON answer against its operation's schema."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.seen: set[tuple[str, str, int]] = set()

    def __call__(self, response, method: str, path: str) -> Any:
        op = self.doc["paths"][path][method.lower()]
        status = response.status_code
        assert str(status) in op["responses"], (method, path, status, response.text)
        self.seen.add((method, path, status))
        content = op["responses"][str(status)].get("content", {})
        if "application/json" in content:
            assert response.headers["content-type"].startswith("application/json")
            check(response.json(), content["application/json"]["schema"], self.doc)
        return response.json() if "application/json" in content else response.text


def test_answers_match_the_schemas(server, h):
    doc = server.get("/openapi.json").json()
    ok = Checked(doc)
    visitor = h.Player(server)
    ok(visitor.client.get("/api/me"), "GET", "/api/me")
    ok(visitor.post("/api/guest"), "POST", "/api/guest")
    ok(visitor.client.get("/api/me"), "GET", "/api/me")
    ok(visitor.post("/api/logout"), "POST", "/api/logout")
    r = visitor.client.post("/api/logout", json={}, headers={"x-csrf-token": "wrong"})
    ok(r, "POST", "/api/logout")
    ok(visitor.post("/api/login", {"name": "nobody", "password": "x" * 9}), "POST", "/api/login")
    reg = {"name": "zoe", "password": "correct horse"}
    ok(visitor.post("/api/register", reg), "POST", "/api/register")
    ok(visitor.post("/api/register", reg), "POST", "/api/register")  # 409 taken
    ok(visitor.post("/api/register", {"name": "x", "password": "y"}), "POST", "/api/register")
    ok(visitor.post("/api/login", reg), "POST", "/api/login")

    table_id, players, conns = h.four_at_table(server)
    ann = players["N"]
    ok(ann.client.get("/api/tables"), "GET", "/api/tables")
    ok(ann.client.get(f"/api/tables/{table_id}"), "GET", "/api/tables/{table_id}")
    ok(ann.client.get("/api/tables/999"), "GET", "/api/tables/{table_id}")
    board = "/api/tables/{table_id}/boards/{board_no}"
    ok(ann.client.get(f"/api/tables/{table_id}/boards/1"), "GET", board)  # 409 being played
    ok(ann.client.get(f"/api/tables/{table_id}/boards/5"), "GET", board)  # 404
    h.play_calls(conns, ["1C", "P", "P", "P"])
    h.play_out(conns)
    record = ok(ann.client.get(f"/api/tables/{table_id}/boards/1"), "GET", board)
    assert len(record["play"]) == 52 and record["dd"] is not None
    detail = ok(ann.client.get(f"/api/tables/{table_id}"), "GET", "/api/tables/{table_id}")
    assert len(detail["results"]) == 1
    files = "/tables/{table_id}/boards/{board_no}.{fmt}"
    assert "[Deal " in ok(ann.client.get(record["files"]["pbn"]), "GET", files)
    action = "/api/tables/{table_id}/{action}"
    ok(ann.post(f"/api/tables/{table_id}/next"), "POST", action)
    ok(ann.post(f"/api/tables/{table_id}/sit", {"seat": "E"}), "POST", action)  # 409
    ok(ann.post(f"/api/tables/{table_id}/dance"), "POST", action)  # 404
    ok(ann.post(f"/api/tables/{table_id}/stand", {"seat": "N"}), "POST", action)  # 400
    ok(ann.post(f"/api/tables/{table_id}/stand"), "POST", action)
    created = ok(ann.post("/api/tables", {"robot_level": None, "seat": "S"}), "POST", "/api/tables")
    assert created["table"]["seats"]["S"]["name"] == "ann" and created["invite"]
    ok(ann.post("/api/tables", {"colour": "red"}), "POST", "/api/tables")  # 400
    ok(h.Player(server).post("/api/tables", {}), "POST", "/api/tables")  # 401
    invite = "/api/tables/{table_id}/invite"
    renewed = ok(ann.post(f"/api/tables/{created['table']['id']}/invite"), "POST", invite)
    assert renewed["invite"] != created["invite"]
    ok(players["E"].post(f"/api/tables/{created['table']['id']}/invite"), "POST", invite)  # 403
    ok(ann.post(f"/api/tables/{created['table']['id']}/close"), "POST", action)

    made = ok(ann.post("/api/boards", {"game": "chess", "seat": 0}), "POST", "/api/boards")
    ok(ann.post("/api/boards", {"game": "mahjong"}), "POST", "/api/boards")  # 400
    ok(h.Player(server).post("/api/boards", {"game": "go"}), "POST", "/api/boards")  # 401
    one = "/api/boards/{table_id}"
    assert ok(ann.client.get(f"/api/boards/{made['table']['id']}"), "GET", one)["view"]["you"]
    ok(ann.client.get("/api/boards/999"), "GET", one)  # 404

    ok(ann.client.get("/api/events"), "GET", "/api/events")
    ok(ann.client.get("/api/events/999"), "GET", "/api/events/{event_id}")
    ok(ann.client.get("/api/players/nobody-here"), "GET", "/api/players/{name}")
    h.close_all()

    # Every JSON operation has had at least its success answer checked, but the events'
    # (theirs is another module's: their shapes are checked where events are tested).
    done = {(m, p) for m, p, s in ok.seen if s < 300}
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if "events" in op["tags"] or "websocket" in op["tags"]:
                continue
            assert (method.upper(), path) in done, (method, path)
