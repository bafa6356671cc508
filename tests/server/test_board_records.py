"""After each board: the hand record with the DD table, par and each card's DD cost, the results
of the same board at every table of the board set (scored MP or IMP), and the board as PBN and
LIN files. Nobody sees a board they have still to play."""

import pytest
from sqlalchemy import text
from starlette.websockets import WebSocketDisconnect

from qipai.analysis import DDTable, dd_costs, dd_table, par
from qipai.bridge import Deal, Seat, Vulnerability
from qipai.formats import read_text
from qipai.store import Store, sqlite_url

NAMES_A = ("ann", "bob", "cat", "dan")
NAMES_B = ("eve", "fay", "gus", "hal")


def record(player, table_id, board_no=1):
    r = player.client.get(f"/api/tables/{table_id}/boards/{board_no}")
    return r


def test_two_tables_of_a_board_set_play_the_same_board_and_compare(server, h, db_path):
    a, pa, ca = h.four_at_table(server, NAMES_A, board_set="club-1", scoring="MP")
    b, pb, cb = h.four_at_table(server, NAMES_B, board_set="club-1", scoring="MP")
    # Same board set, same deal: each player's own hand is the same at both tables.
    for seat in "NESW":
        assert ca[seat].view["hands"][seat] == cb[seat].view["hands"][seat]
    h.play_calls(ca, ["1NT", "P", "3NT", "P", "P", "P"])
    h.play_out(ca)
    assert ca["N"].view["phase"] == "done"
    # Table A's board is over; its record is ready for table A ...
    r = record(pa["E"], a)
    assert r.status_code == 200, r.text
    rec = r.json()
    # ... but not for those still to play the board at table B, nor may they watch table A.
    r = record(pb["N"], a)
    assert r.status_code == 403 and "still to play" in r.json()["error"]
    assert pb["N"].client.get(f"/tables/{a}/boards/1.pbn").status_code == 403
    # Board B is in progress: not yet.
    r = record(pb["N"], b)
    assert r.status_code == 409 and "still being played" in r.json()["error"]

    deal = Deal.parse(rec["deal"])
    assert rec["number"] == 1 and rec["dealer"] == "N" and rec["vulnerability"] == "None"
    assert rec["players"] == dict(zip("NESW", NAMES_A, strict=True))
    assert [e["call"] for e in rec["auction"]] == ["1NT", "P", "3NT", "P", "P", "P"]
    assert rec["contract"] == "3NT" and rec["declarer"] == "N"
    assert rec["score_ns"] == ca["N"].view["score_ns"]
    assert len(rec["play"]) == 52 and len(rec["tricks"]) == 13
    # The analysis agrees with qipai.analysis computed here.
    dd = dd_table(deal)
    assert DDTable.from_dict(rec["dd"]) == dd
    p = par(dd, Seat.NORTH, Vulnerability.NONE)
    assert rec["par"]["score"] == p.score
    assert rec["par"]["contracts"] == [str(c) for c in p.contracts]
    played = read_text(pa["N"].client.get(f"/tables/{a}/boards/1.pbn").text, "pbn")[0]
    assert [c["cost"] for c in rec["play"]] == dd_costs(played)
    assert rec["results"] == [
        {
            "table_id": a,
            "score_ns": rec["score_ns"],
            "mp": 0.0,
            "pct": 50.0,
            "table_name": "ann",
            "board_no": 1,
            "contract": "3NT",
            "declarer": "N",
            "tricks": rec["tricks_taken"],
            "this": True,
        }
    ]

    # Table B plays the same board differently; both tables now compare their results.
    h.play_calls(cb, ["P", "P", "1S", "P", "4S", "P", "P", "P"])
    h.play_out(cb)
    rec_b = record(pb["W"], b).json()
    assert rec_b["deal"] == rec["deal"] and rec_b["contract"] == "4S" and rec_b["declarer"] == "S"
    scores = {r["table_id"]: r for r in rec_b["results"]}
    assert set(scores) == {a, b} and scores[b]["this"] and not scores[a]["this"]
    sa, sb = scores[a]["score_ns"], scores[b]["score_ns"]
    if sa != sb:
        better, worse = (a, b) if sa > sb else (b, a)
        assert scores[better]["mp"] == 2.0 and scores[worse]["mp"] == 0.0
        assert scores[better]["pct"] == 100.0
    # Players of table B may see table A's record now.
    assert record(pb["N"], a).status_code == 200
    # The DD table was computed once for the deal, and the costs cached on each board.
    store = Store.open(sqlite_url(db_path))
    try:
        with store.engine.connect() as conn:
            assert conn.execute(text("select count(*) from deal_analyses")).scalar() == 1
        assert store.board(a, 1).dd_costs == [c["cost"] for c in rec["play"]]
    finally:
        store.close()


def test_imp_tables_compare_in_imps_and_records_export_as_pbn_and_lin(server, h):
    a, pa, ca = h.four_at_table(server, NAMES_A, board_set="teams", scoring="IMP")
    h.play_calls(ca, ["1C", "P", "P", "P"])
    h.play_out(ca, cards=5)
    msgs = ca["N"].request({"type": "claim", "tricks": 4})
    assert not h.errors(msgs)
    ca["E"].request({"type": "claim_response", "accept": True})
    ca["W"].request({"type": "claim_response", "accept": True})
    h.sync_all(ca)
    assert ca["N"].view["phase"] == "done"
    rec = record(pa["S"], a).json()
    assert rec["results"][0]["imps"] == 0.0 and "mp" not in rec["results"][0]
    assert rec["claimed"] == 4 and len(rec["play"]) == 5
    assert rec["files"] == {"pbn": f"/tables/{a}/boards/1.pbn", "lin": f"/tables/{a}/boards/1.lin"}
    r = pa["S"].client.get(f"/tables/{a}/boards/1.pbn")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    pbn = r.text
    assert '[Contract "1C"]' in pbn and '[Declarer "N"]' in pbn and '[North "ann"]' in pbn
    assert '[Scoring "IMP"]' in pbn and "[DoubleDummyTricks" in pbn and "[ParContract" in pbn
    [from_pbn] = read_text(pbn, "pbn")
    lin = pa["S"].client.get(f"/tables/{a}/boards/1.lin").text
    [from_lin] = read_text(lin, "lin")
    for r in (from_pbn, from_lin):
        assert r.deal.pbn() == rec["deal"] and str(r.contract) == "1C"
        assert r.result == rec["tricks_taken"] and len(r.play) == 5
    assert "pn|cat,dan,ann,bob|" in lin  # LIN lists the players South, West, North, East
    assert pa["S"].client.get(f"/tables/{a}/boards/1.doc").status_code == 404
    assert pa["S"].client.get(f"/tables/{a}/boards/2.pbn").status_code == 404


def test_a_player_cannot_watch_a_table_of_the_same_board_set(server, h):
    a, pa, _ca = h.four_at_table(server, NAMES_A, board_set="club-2")
    b, pb, _cb = h.four_at_table(server, NAMES_B, board_set="club-2")
    c = pa["N"].create_table(robot_level=None, seat="")  # its own deals
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        pb["N"].client.websocket_connect(f"/ws/tables/{a}") as ws,
    ):
        ws.receive_json()
    assert refused.value.code == 4403
    assert pb["N"].connect(c).state["you"]["seat"] is None  # another set: watching is fine
    assert pb["N"].connect(b).state["you"]["seat"] == "N"  # and their own table, of course
    # Someone watching table A may not sit down at table B of the same set.
    ivy = h.Player(server).register("ivy")
    ivy.connect(a)
    r = ivy.post(f"/api/tables/{b}/sit", {"seat": "N"})  # taken anyway; the watch comes first
    assert r.status_code == 409 and "watching table" in r.json()["error"]
    h.close_all()


def test_a_board_set_deals_from_the_server_secret_not_its_name(db_path, h):
    """A set's name is public (the lobby shows it), so its deals mix in a secret the server
    keeps in its store: two tables of the set deal alike, before and after a restart, and
    nobody deals them from the name."""

    def hands_of(client, *names):
        p = h.Player(client).register(names[0])
        table = p.create_table(robot_level=0, seat="N", board_set="friday")
        return p.connect(table).view["hands"]["N"]

    with h.TestClient(h.make_app(db_path, board_set_secret=None)) as client:
        first = hands_of(client, "ann")
        assert hands_of(client, "bob") == first
        h.close_all()
    with h.TestClient(h.make_app(db_path, board_set_secret=None)) as client:
        assert hands_of(client, "cat") == first  # the secret is the store's: a restart keeps it
        h.close_all()
    public = [str(c) for c in Deal.from_seed("set:friday:1")[Seat.NORTH]]
    assert first != public


def test_a_closed_club_table_leaves_memory_and_its_records_stay(db_path, h):
    """Closed by its owner, a club table is retired as an event's tables are: gone from memory
    (its page and websocket say it is closed), its hand records read from the store."""
    import time

    with h.TestClient(h.make_app(db_path, retire_after=0.0)) as base:
        try:
            table_id, players, conns = h.four_at_table(base, NAMES_A)
            h.play_calls(conns, ["1NT", "P", "P", "P"])
            h.play_out(conns)
            before = record(players["E"], table_id).json()
            assert players["N"].post(f"/api/tables/{table_id}/close").status_code == 200
            tables = base.app.state.server.tables
            for _ in range(500):  # the retiring task runs on the app's loop
                if tables.get(table_id) is None:
                    break
                time.sleep(0.01)
            assert tables.get(table_id) is None
            assert record(players["E"], table_id).json() == before
            r = players["E"].client.get(f"/tables/{table_id}")
            assert r.status_code == 404 and "没有这张牌桌（或已关闭）" in r.text
            with (
                pytest.raises(WebSocketDisconnect) as refused,
                players["E"].client.websocket_connect(f"/ws/tables/{table_id}") as ws,
            ):
                ws.receive_json()
            assert refused.value.code == 4404
        finally:
            h.close_all()
