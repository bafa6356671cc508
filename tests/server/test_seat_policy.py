"""Who may take a seat (issue #15, item 10): a table's seat policy — ``open``, ``invitation``
or ``consent`` — stored with the table and enforced by the table's logic, so the websocket and
the JSON API refuse alike, in English and Chinese; the consent flow (a player asks, the owner
accepts or refuses) over the websocket and the API, written to the log and replayed."""

from qipai.server.actor import replay
from qipai.store import Store, sqlite_url


def rebuilt(db_path, table_id):
    store = Store.open(sqlite_url(db_path))
    try:
        return replay(store.table(table_id), [(e.type, e.payload) for e in store.entries(table_id)])
    finally:
        store.close()


def events_of(conn, kind):
    return [
        m["event"] for m in conn.messages if m["type"] == "event" and m["event"]["type"] == kind
    ]


def test_the_policy_is_stored_and_checked(server, h, db_path):
    ann = h.Player(server).register("ann")
    r = ann.post("/api/tables", {"seat_policy": "anyone", "robot_level": None})
    assert r.status_code == 400
    assert r.json()["error"] == "'seat_policy' must be open, invitation or consent"
    assert "consent" in r.json()["error_zh"]
    table_id = ann.create_table(seat_policy="consent", robot_level=None, seat="N")
    assert ann.client.get(f"/api/tables/{table_id}").json()["table"]["seat_policy"] == "consent"
    store = Store.open(sqlite_url(db_path))
    try:
        assert store.table(table_id).seat_policy == "consent"
    finally:
        store.close()
    # Made from the home page's form too.
    page = ann.client.get("/")
    assert 'name="seat_policy"' in page.text
    csrf = ann.csrf
    r = ann.client.post(
        "/tables",
        data={
            "name": "form",
            "scoring": "MP",
            "seat": "S",
            "seat_policy": "invitation",
            "csrf": csrf,
        },
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    form_table = int(r.headers["location"].rsplit("/", 1)[1])
    assert ann.client.get(f"/api/tables/{form_table}").json()["table"]["seat_policy"] == (
        "invitation"
    )


def test_an_invitation_table_seats_only_who_came_by_the_link(server, h, db_path):
    ann, bob, cat = (h.Player(server).register(n) for n in ("ann", "bob", "cat"))
    r = ann.post("/api/tables", {"seat_policy": "invitation", "robot_level": None, "seat": "N"})
    table_id, invite = r.json()["table"]["id"], r.json()["invite"]
    # The JSON API: refused, saying why in both languages; nothing changes.
    before = ann.client.get(f"/api/tables/{table_id}").json()["table"]["seq"]
    r = bob.post(f"/api/tables/{table_id}/sit", {"seat": "E"})
    assert r.status_code == 409
    assert "by invitation" in r.json()["error"] and "邀请" in r.json()["error_zh"]
    assert ann.client.get(f"/api/tables/{table_id}").json()["table"]["seq"] == before
    # The websocket: the same rule.
    conn = cat.connect(table_id)
    msgs = conn.request({"type": "sit", "seat": "W"})
    [err] = [m for m in msgs if m["type"] == "error"]
    assert "by invitation" in err["message"] and "邀请" in err["zh"]
    assert conn.state["you"]["seat"] is None
    # With the link in their session they sit, by either path.
    path = "/join/" + invite.rsplit("/join/", 1)[1]
    assert bob.client.get(path, follow_redirects=False).status_code == 303
    assert bob.post(f"/api/tables/{table_id}/sit", {"seat": "E"}).status_code == 200
    assert cat.client.get(path, follow_redirects=False).status_code == 303
    conn.close()
    conn = cat.connect(table_id)  # the session now holds the invitation
    assert not h.errors(conn.request({"type": "sit", "seat": "W"}))
    table = ann.client.get(f"/api/tables/{table_id}").json()["table"]
    assert table["seats"]["E"]["name"] == "bob" and table["seats"]["W"]["name"] == "cat"
    cat_id = server.app.state.server.store.user_by_name("cat").id
    assert rebuilt(db_path, table_id).seat_of(cat_id) is not None


def test_a_consent_table_asks_the_owner(server, h, db_path):
    ann, bob, cat = (h.Player(server).register(n) for n in ("ann", "bob", "cat"))
    table_id = ann.create_table(seat_policy="consent", robot_level=None, seat="N")
    owner, asker, other = ann.connect(table_id), bob.connect(table_id), cat.connect(table_id)
    # bob asks: nobody sits yet, everyone is told, the summary names the request.
    assert not h.errors(asker.request({"type": "sit", "seat": "E"}))
    for c in (owner, asker, other):
        c.sync()
        assert c.state["table"]["seat_requests"] == {"E": "bob"}
        told = events_of(c, "seat_requested")[-1]
        assert {k: v for k, v in told.items() if k != "t"} == {
            "type": "seat_requested",
            "seat": "E",
            "name": "bob",
        }
    assert asker.state["you"]["seat"] is None
    # One request a seat; only the owner answers; a seat no one asks for cannot be answered.
    err = h.errors(other.request({"type": "sit", "seat": "E"}))
    assert err == ["someone is already asking for East: wait for the owner's answer"]
    err = h.errors(asker.request({"type": "seat_answer", "seat": "E", "accept": True}))
    assert err == ["only the table's owner answers a request to sit"]
    err = h.errors(owner.request({"type": "seat_answer", "seat": "S", "accept": True}))
    assert err == ["no one is asking to sit at South"]
    # Refused: told to all, no one seated, the request gone.
    assert not h.errors(owner.request({"type": "seat_answer", "seat": "E", "accept": False}))
    asker.sync()
    assert events_of(asker, "seat_answer")[-1]["accept"] is False
    assert asker.state["table"]["seat_requests"] == {}
    assert asker.state["table"]["seats"]["E"] is None
    # Asked again over the JSON API (202: the owner is asked), accepted over the websocket.
    r = bob.post(f"/api/tables/{table_id}/sit", {"seat": "E"})
    assert r.status_code == 202 and r.json()["requested"] is True
    assert not h.errors(owner.request({"type": "seat_answer", "seat": "E", "accept": True}))
    asker.sync()
    assert asker.state["you"]["seat"] == "E"
    kinds = [m["event"]["type"] for m in asker.messages if m["type"] == "event"]
    assert kinds[-2:] == ["seat_answer", "seated"]
    # The owner answers over the API too; cat asks for S, is let in there.
    assert not h.errors(other.request({"type": "sit", "seat": "S"}))
    r = bob.post(f"/api/tables/{table_id}/seat_answer", {"seat": "S", "accept": True})
    assert r.status_code == 409 and "只有开桌人" in r.json()["error_zh"]
    r = ann.post(f"/api/tables/{table_id}/seat_answer", {"seat": "S", "accept": True})
    assert r.status_code == 200, r.text
    assert r.json()["table"]["seats"]["S"]["name"] == "cat"
    # The owner sits where they like, asking no one.
    assert ann.post(f"/api/tables/{table_id}/stand").status_code == 200
    assert ann.post(f"/api/tables/{table_id}/sit", {"seat": "W"}).status_code == 200
    # The table rebuilt from its log is the same table.
    again = rebuilt(db_path, table_id)
    live = server.app.state.server.tables.get(table_id).state
    assert again == live


def test_a_request_lapses_when_its_seat_is_taken(server, h):
    ann, bob = (h.Player(server).register(n) for n in ("ann", "bob"))
    table_id = ann.create_table(seat_policy="consent", robot_level=None, seat="N")
    owner, asker = ann.connect(table_id), bob.connect(table_id)
    assert not h.errors(asker.request({"type": "sit", "seat": "E"}))
    assert not h.errors(asker.request({"type": "sit", "seat": "W"}))  # replaces the first
    owner.sync()
    assert owner.state["table"]["seat_requests"] == {"W": "bob"}
    assert not h.errors(owner.request({"type": "stand"}))
    assert not h.errors(owner.request({"type": "sit", "seat": "W"}))  # the owner takes it
    owner.sync()
    assert owner.state["table"]["seat_requests"] == {}
    err = h.errors(owner.request({"type": "seat_answer", "seat": "W", "accept": True}))
    assert err == ["no one is asking to sit at West"]


def test_an_open_table_seats_anyone_as_before(server, h):
    ann, bob = (h.Player(server).register(n) for n in ("ann", "bob"))
    table_id = ann.create_table(robot_level=None, seat="N")
    assert ann.client.get(f"/api/tables/{table_id}").json()["table"]["seat_policy"] == "open"
    assert bob.post(f"/api/tables/{table_id}/sit", {"seat": "E"}).status_code == 200


def test_the_owner_cannot_seat_someone_who_has_seen_the_hands(server, h):
    """Who watched all four hands of a board the table is yet to play may not sit down to it,
    whoever lets them: the rule holds for the owner's yes as for a ``sit``."""
    ann, bob = (h.Player(server).register(n) for n in ("ann", "bob"))
    table_id = ann.create_table(seat_policy="consent", robot_level=None, seat="N")
    owner, asker = ann.connect(table_id), bob.connect(table_id)
    assert not h.errors(asker.request({"type": "sit", "seat": "E"}))
    # Meanwhile bob watches board 1 of this table's deals with every hand shown (at a table
    # of the same board set, say): the table remembers it, as it does for any watcher.
    actor = server.app.state.server.tables.get(table_id)
    bob_id = server.app.state.server.store.user_by_name("bob").id
    actor.sightings.saw(actor.state.seed, bob_id, 1, table_id + 1)
    err = h.errors(owner.request({"type": "seat_answer", "seat": "E", "accept": True}))
    assert err and err[0].startswith("the one asking may not sit yet: you saw all four hands")
    [zh] = [m["zh"] for m in owner.messages if m["type"] == "error"]
    assert zh.startswith("请求入座的人现在还不能入座：你在")
    owner.sync()
    assert owner.state["table"]["seats"]["E"] is None
    assert owner.state["table"]["seat_requests"] == {"E": "bob"}  # the owner may still refuse
