"""The JSON API fuzzed from its own OpenAPI document (schemathesis, in process over ASGI): no
request, valid or not, gets a 5xx, and every 4xx under /api/ says what was wrong in JSON.

Every operation gets cases that fit the schema and cases that do not (wrong types, missing or
extra fields, path ids out of range), a fixed number each, derandomised: the same cases every
run. Each case is sent twice: by a visitor with no account and by a logged-in user, both with
their session's CSRF token (so that a body gets past the CSRF check and is read)."""

from __future__ import annotations

import json
import warnings
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import schemathesis
    from schemathesis.generation import GenerationMode

from qipai.store import Store, sqlite_url

EXAMPLES = 25
"""Cases per operation and mode (fitting the schema, or not)."""
MUTANTS = 60
"""Cases per body of the second test: a good body with one field made bad."""
FUZZ_SETTINGS = settings(
    derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck)
)

BASE = "http://testserver"
NAME, PASSWORD = "fuzzer", "correct horse"


class Visitor:
    """One cookie jar sending cases; ``name`` logs back in when a case logged it out."""

    def __init__(self, server: Any, h: Any, name: str | None) -> None:
        self.client = h.TestClient(server.app, raise_server_exceptions=False)  # 500s answered
        self.client.portal = server.portal  # the app's event loop, as for h.Player
        self.csrf = self.client.get("/api/me").json()["csrf"]
        self.name = name
        if name is not None:
            assert self.post("/api/register", {"name": name, "password": PASSWORD}).is_success
            self.post("/api/tables", {"seat": "N", "robot_level": None, "private": True})

    def post(self, path: str, body: dict[str, Any]) -> Any:
        return self.send({"method": "POST", "url": BASE + path, "json": body})

    def send(self, kw: dict[str, Any]) -> Any:
        headers = {**(kw.get("headers") or {}), "x-csrf-token": self.csrf}
        content = kw.get("content", kw.get("data"))
        if "json" in kw:  # ensure_ascii: a lone surrogate goes as \\udxxx, as a client may
            content = json.dumps(kw["json"]).encode()
            headers.setdefault("Content-Type", "application/json")
        r = self.client.request(
            kw["method"],
            kw["url"].removeprefix(BASE),
            headers=headers,
            params=kw.get("params"),
            content=content,
            follow_redirects=False,
        )
        if r.headers.get("content-type", "").startswith("application/json"):
            body = r.json()
            if isinstance(body, dict) and isinstance(body.get("csrf"), str):
                self.csrf = body["csrf"]
        return r

    def send_case(self, kw: dict[str, Any]) -> Any:
        """Send a case; then log back in if it logged this visitor out (or in as another)."""
        r = self.send(kw)
        path = r.request.url.path
        if self.name is not None and path in ("/api/logout", "/api/login", "/api/register"):
            self.post("/api/login", {"name": self.name, "password": PASSWORD})
        return r


def _problem(r: Any) -> str | None:
    """What is wrong with an answer, or None."""
    if r.status_code >= 500:
        return "a 5xx"
    if r.status_code < 400:
        return None
    kind = r.headers.get("content-type", "")
    if not r.request.url.path.startswith("/api/"):
        return None if kind.startswith("text/html") and r.text else "a 4xx page without text"
    if not kind.startswith("application/json"):
        return f"a 4xx under /api/ as {kind!r}"
    body = r.json()
    if not isinstance(body, dict) or not isinstance(body.get("error"), str) or not body["error"]:
        return "a 4xx without an error message"
    return None


@pytest.fixture
def fuzz_server(tmp_path, h):
    from tests.server.conftest import make_app

    app = make_app(
        tmp_path / "fuzz.db",
        analyse_boards=False,
        signup_limit=(1_000_000, 1.0),
        login_limit=(1_000_000, 1.0),
        login_ip_limit=(1_000_000, 1.0),
    )
    with h.TestClient(app, raise_server_exceptions=False) as client:
        try:
            yield client
        finally:
            h.close_all()


def test_no_request_gets_a_5xx_and_every_api_4xx_says_why(fuzz_server, h, tmp_path):
    doc = fuzz_server.get("/openapi.json").json()
    visitors = [Visitor(fuzz_server, h, None), Visitor(fuzz_server, h, NAME)]
    schema = schemathesis.openapi.from_dict(doc)
    problems: list[str] = []  # the first three of each operation
    failed: dict[str, int] = {}
    sent = 0

    def run(operation: Any, mode: GenerationMode) -> None:
        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(FUZZ_SETTINGS, max_examples=EXAMPLES)
        def cases(case: Any) -> None:
            nonlocal sent
            kw = case.as_transport_kwargs(base_url=BASE)
            for visitor in visitors:
                r = visitor.send_case(kw)
                sent += 1
                problem = _problem(r)
                if problem is not None:
                    failed[operation.label] = failed.get(operation.label, 0) + 1
                if problem is not None and failed[operation.label] <= 3:
                    body = kw.get("json", kw.get("content"))
                    problems.append(f"{problem}: {kw['method']} {kw['url']} {body!r} -> {r.text}")

        try:
            cases()
        except Exception as e:  # an operation where a mode has no cases (a GET with nothing)
            if "Unsatisfiable" not in type(e).__name__:
                raise

    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 17  # every operation of the document, the websocket's included
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            run(operation, mode)
    assert not problems, "\n".join(problems)
    assert sent > 1000
    store = Store.open(sqlite_url(tmp_path / "fuzz.db"))  # and the store is still whole
    try:
        assert store.user_by_name(NAME) is not None
    finally:
        store.close()


TRICKY_TEXT = st.sampled_from(
    ["", " ", "²", "٣", "1e999", "nan", "-0", "9" * 5000, "\ud800", "ＭＰ", "MP ", "none", "\x00"]
)
TEXT = st.text(st.characters(exclude_categories=()), max_size=30) | TRICKY_TEXT
NUMBERS = (
    st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False) | st.booleans()
)
JSON_VALUES = st.recursive(
    st.none() | NUMBERS | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=6,
)
EVENT = {
    "name": "Friday pairs",
    "start": "2030-01-01T19:30+08:00",
    "rounds": 3,
    "boards_per_round": 2,
    "round_minutes": 20,
    "break_minutes": 0,
    "scoring": "mp",
    "completion_percent": 70,
    "robot_level": 1,
    "robot_fill": True,
    "bye_score": "average",
}
TABLE = {
    "name": "t",
    "scoring": "MP",
    "robot_level": None,
    "private": False,
    "seat": "",
    "board_set": "fuzz",
    "spectators_see_all": False,
}


def test_one_bad_field_in_a_good_body_is_a_4xx(fuzz_server, h):
    """The schema's own cases rarely get past a body's first check; here every field of a good
    body in turn gets any JSON value (huge numbers, lone surrogates, "²", dicts, lists...), and
    the forms any text."""
    fuzzer = Visitor(fuzz_server, h, NAME)
    Visitor(fuzz_server, h, "partner1")
    event_id = fuzzer.post("/api/events", EVENT).json()["id"]
    table_id = fuzzer.post("/api/tables", {**TABLE, "board_set": None}).json()["table"]["id"]
    bodies = {
        "/api/register": {"name": "someone", "password": "long enough"},
        "/api/login": {"name": NAME, "password": PASSWORD},
        "/api/tables": TABLE,
        f"/api/tables/{table_id}/sit": {"seat": "N"},
        "/api/events": EVENT,
        f"/api/events/{event_id}/register": {"partner": "partner1"},
        f"/api/events/{event_id}/decline": {"asker": "partner1"},
        f"/api/events/{event_id}/robots": {"count": 1},
        f"/api/events/{event_id}/pause": {"reason": "tea"},
    }
    forms = {"/tables": TABLE, "/events/new": EVENT, "/login": bodies["/api/login"]}
    problems: list[str] = []

    def check(r: Any, what: str) -> None:
        problem = _problem(r)
        if problem is not None and len(problems) < 20:
            problems.append(f"{problem}: {what} -> {r.status_code} {r.text[:300]}")

    def send_json(path: str, body: dict[str, Any]) -> None:
        check(fuzzer.send_case({"method": "POST", "url": BASE + path, "json": body}), body)

    def send_form(path: str, body: dict[str, Any]) -> None:
        form = {k: "" if v is None else str(v) for k, v in body.items()}
        # surrogatepass: a lone surrogate goes as the bytes %ED%A0%80, as a client may send
        data = urlencode({**form, "csrf": fuzzer.csrf}, errors="surrogatepass")
        headers = {"content-type": "application/x-www-form-urlencoded"}
        r = fuzzer.client.post(path, content=data, headers=headers, follow_redirects=False)
        check(r, f"{path} {form}")

    for path, good in bodies.items():
        _mutants(good, JSON_VALUES, lambda body, path=path: send_json(path, body))
    for path, good in forms.items():
        _mutants(good, TEXT, lambda body, path=path: send_form(path, body))
    assert not problems, "\n".join(problems)


def _mutants(good: dict[str, Any], values: Any, send: Any) -> None:
    """``send`` ``good`` with one field (each in turn, as hypothesis picks) set to a value."""

    @given(key=st.sampled_from(sorted(good)), value=values)
    @settings(FUZZ_SETTINGS, max_examples=MUTANTS)
    def mutants(key: str, value: Any) -> None:
        send({**good, key: value})

    mutants()
