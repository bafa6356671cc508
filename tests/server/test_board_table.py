"""Board-game tables (chess, xiangqi, renju, go) live: made over HTTP, played over the
``/ws/boards/{id}`` websocket with ``board.move``; refusals in both languages citing the game's
rule with the table unchanged; each viewer's view; resignation and draw offers; the result
recorded; the log replayed after a restart; robots; clocks stored in the log."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from qipai.games import game
from qipai.server.board_table import (
    BoardCommandError,
    BoardEntry,
    FlagFall,
    MoveBoard,
    SitBoard,
    TableOf,
    decide,
    fold,
    settle,
)
from qipai.server.table_state import Occupant

ANN, BO = Occupant(1, "ann"), Occupant(2, "bo")


def board_conn(h: Any, p: Any, table_id: int) -> Any:
    ws = p.client.websocket_connect(f"/ws/boards/{table_id}").__enter__()
    conn = h.Conn(ws)
    conn.send({"type": "hello"})
    conn.sync()
    return conn


def make_board(p: Any, **body: Any) -> int:
    r = p.post("/api/boards", body)
    assert r.status_code == 201, r.text
    return int(r.json()["table"]["id"])


def errors_of(msgs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in msgs if m["type"] == "error"]


def two_at(h: Any, server: Any, **body: Any) -> tuple[int, Any, Any, Any]:
    """A board table with ann at seat 0 and bo at seat 1, and a spectator; each connected."""
    ann, bo, cy = (h.Player(server).register(n) for n in ("ann", "bo", "cy"))
    table_id = make_board(ann, seat=0, **body)
    conns = [board_conn(h, p, table_id) for p in (ann, bo, cy)]
    assert not errors_of(conns[1].request({"type": "board.sit", "seat": 1}))
    for c in conns:
        c.sync()
    return table_id, conns[0], conns[1], conns[2]


# --- the pure table -----------------------------------------------------------------------


def chess_table(clock: dict[str, int] | None = None, t: int | None = None):
    st = fold(
        TableOf(1),
        (BoardEntry.SETUP, {"game": "chess", "robots": [None, None], "clock": clock, "t": t}),
    )
    for e in decide(st, ANN, SitBoard(0)):
        st = fold(st, (e[0], {**e[1], "t": t}))
    for e in decide(st, BO, SitBoard(1)):
        st = fold(st, (e[0], {**e[1], "t": t}))
    return st


def test_an_illegal_move_is_refused_in_both_languages_citing_the_rule_table_unchanged() -> None:
    st = chess_table()
    with pytest.raises(BoardCommandError) as e:
        decide(st, ANN, MoveBoard("e2e5"))
    assert "FIDE Laws of Chess" in str(e.value) and "FIDE Laws of Chess" in e.value.zh
    assert "不" in e.value.zh or "看不懂" in e.value.zh
    with pytest.raises(BoardCommandError) as e:
        decide(st, BO, MoveBoard("e7e5"))  # White is to move
    assert "not your turn" in str(e.value) and "还没轮到您" in e.value.zh
    assert st.position.moves == () and st.seq == 3


def test_the_clock_is_data_a_late_move_loses_on_time_and_an_early_flag_records_nothing() -> None:
    st = chess_table({"base_ms": 1000, "increment_ms": 500}, t=10_000)
    assert st.clock is not None and st.clock.since == 10_000
    ((_entry, st),) = settle(st, decide(st, ANN, MoveBoard("e4")), 10_400)
    assert st.clock is not None and st.clock.left == (1100, 1000) and st.clock.since == 10_400
    assert settle(st, decide(st, None, FlagFall()), 11_000) == []  # Black still has 400 ms
    late = settle(st, decide(st, BO, MoveBoard("e5")), 11_401)
    assert [e[1]["move"] for e, _ in late if e[0] == BoardEntry.MOVE] == ["b:timeout"]
    (kind, done), after = late[-2]
    assert late[-1][0][0] == BoardEntry.CLOSED and late[-1][1].closed
    assert kind == BoardEntry.RESULT and done["result"] == "1-0" and done["reason"] == "reason.time"
    assert after.clock is not None and after.clock.left == (1100, 0) and after.clock.since is None


# --- live, over the websocket -------------------------------------------------------------


def test_moves_over_the_websocket_each_viewer_sees_their_own_view(server: Any, h: Any) -> None:
    _, ann, bo, cy = two_at(h, server, game="chess")
    assert ann.view["legal"] and "legal" not in bo.view and "legal" not in cy.view
    assert not errors_of(ann.request({"type": "board.move", "move": "e4"}))
    bo.sync()
    cy.sync()
    assert cy.view["moves"] == ["e2e4"] and cy.state["event"]["move"] == "e2e4"
    assert "legal" in bo.view and "you" not in cy.view and bo.view["you"] == "b"


def test_a_refused_move_answers_its_sender_only_in_both_languages(server: Any, h: Any) -> None:
    _, ann, bo, cy = two_at(h, server, game="xiangqi")
    seq = ann.seq
    (err,) = errors_of(ann.request({"type": "board.move", "move": "a0a5", "id": 7}))
    assert err["id"] == 7 and err["request"] == "board.move"
    assert "中国象棋竞赛规则" in err["message"] and "不合规则" in err["zh"]
    assert "is not legal" in err["message"]
    assert bo.sync() == [] and cy.sync() == [] and ann.state["seq"] == seq
    (err,) = errors_of(bo.request({"type": "board.move", "move": "h9g7"}))
    assert "not your turn" in err["message"] and "还没轮到您" in err["zh"]
    (err,) = errors_of(cy.request({"type": "board.move", "move": "h2e2"}))
    assert "do not sit" in err["message"]
    (err,) = errors_of(ann.request({"type": "board.move"}))
    assert "'move'" in err["message"]


def test_resignation_ends_the_game_and_records_the_result(server: Any, h: Any) -> None:
    table_id, ann, bo, cy = two_at(h, server, game="renju")
    ann.request({"type": "board.move", "move": "h8"})
    bo.request({"type": "board.resign"})
    cy.sync()
    assert cy.state["table"]["result"]["result"] == "1-0"  # Black (seat 0) wins
    assert cy.state["table"]["result"]["reason"] == "reason.resignation"
    assert cy.state["table"]["result"]["moves"] == ["h8", "w:resign"]
    assert "认输" in cy.view["reason_text"]["zh-CN"]
    (err,) = errors_of(ann.request({"type": "board.move", "move": "h9"}))
    assert "the game is over" in err["message"] and "对局已结束" in err["zh"]
    kinds = [e.type for e in server.app.state.server.store.entries(table_id)]
    assert kinds[-3:] == ["board.move", "board.result", "closed"]


def test_a_draw_offer_is_accepted_or_declined_by_the_other_player_only(server: Any, h: Any) -> None:
    _, ann, bo, cy = two_at(h, server, game="chess")
    ann.request({"type": "board.draw", "answer": "offer"})
    (err,) = errors_of(ann.request({"type": "board.draw", "answer": "accept"}))
    assert "FIDE" in err["message"]
    bo.request({"type": "board.draw", "answer": "decline"})
    ann.sync()
    assert ann.view["draw_offer"] is None and ann.state["table"]["result"] is None
    ann.request({"type": "board.move", "move": "d4"})
    bo.request({"type": "board.draw", "answer": "offer"})
    ann.request({"type": "board.draw", "answer": "accept"})
    cy.sync()
    assert cy.state["table"]["result"]["result"] == "1/2-1/2"


def test_a_player_may_not_leave_a_game_in_progress(server: Any, h: Any) -> None:
    _, ann, _bo, cy = two_at(h, server, game="go", size=9)
    (err,) = errors_of(ann.request({"type": "board.stand"}))
    assert "resign first" in err["message"] and "中途退场判负" in err["zh"]
    (err,) = errors_of(cy.request({"type": "board.sit", "seat": 1}))
    assert "taken" in err["message"]


def test_the_log_replayed_after_a_restart_gives_the_same_position_and_clocks(
    db_path: Any, h: Any
) -> None:
    with h.TestClient(h.make_app(db_path)) as server:
        table_id, ann, bo, cy = two_at(h, server, game="chess", minutes=30, increment=5)
        for mover, move in [(ann, "e4"), (bo, "c5"), (ann, "Nf3")]:
            assert not errors_of(mover.request({"type": "board.move", "move": move}))
        cy.sync()
        before_view, before_clock = cy.view, cy.state["table"]["clock"]
        h.close_all()
    with h.TestClient(h.make_app(db_path)) as server:
        p = h.Player(server)
        after = board_conn(h, p, table_id)
        assert after.view == before_view
        clock = after.state["table"]["clock"]
        assert clock["left"] == before_clock["left"] and clock["since"] == before_clock["since"]
        assert after.view["fen"].startswith("rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/")
        h.close_all()


def test_a_robot_answers_at_a_board_table(server: Any, h: Any) -> None:
    ann = h.Player(server).register("ann")
    table_id = make_board(ann, game="chess", seat=0, robots=[None, 0])
    conn = board_conn(h, ann, table_id)
    assert conn.state["table"]["seats"][1]["robot"] is True
    conn.request({"type": "board.move", "move": "e4"})
    deadline = time.monotonic() + 30
    while len(conn.view["moves"]) < 2 and time.monotonic() < deadline:
        conn.receive()
    assert len(conn.view["moves"]) == 2 and conn.state["event"].get("robot") is True
    g = game("chess")
    g.play(g.new(), conn.view["moves"])  # the robot's move is legal


def test_a_flag_falls_by_itself_and_ends_the_game_on_time(server: Any, h: Any) -> None:
    _, _ann, _bo, cy = two_at(h, server, game="chess", minutes=0.005)  # 300 ms each
    deadline = time.monotonic() + 20
    while cy.state["table"]["result"] is None and time.monotonic() < deadline:
        cy.receive()
    result = cy.state["table"]["result"]
    assert result["result"] == "0-1" and result["reason"] == "reason.time"
    assert cy.state["table"]["clock"]["left"][0] == 0


def test_bad_requests_to_make_a_board_table_say_what_is_wrong(server: Any, h: Any) -> None:
    ann = h.Player(server).register("ann")
    r = ann.post("/api/boards", {"game": "mahjong"})
    assert r.status_code == 400 and "chess, xiangqi, renju, go" in r.json()["error"]
    r = ann.post("/api/boards", {"game": "go", "size": 12})
    assert r.status_code == 400 and "'size'" in r.json()["error"]
    r = ann.post("/api/boards", {"game": "chess", "robots": [2, None]})
    assert r.status_code == 400
    r = h.Player(server).post("/api/boards", {"game": "chess"})
    assert r.status_code == 401


@pytest.mark.parametrize("name", ["xiangqi", "renju", "go"])
def test_each_games_robot_answers_at_a_live_table(server: Any, h: Any, name: str) -> None:
    ann = h.Player(server).register("ann")
    body = {"size": 9} if name == "go" else {}
    table_id = make_board(ann, game=name, seat=0, robots=[None, 0], **body)
    conn = board_conn(h, ann, table_id)
    first = conn.view["legal"][len(conn.view["legal"]) // 2]
    assert not errors_of(conn.request({"type": "board.move", "move": first}))
    deadline = time.monotonic() + 60
    while len(conn.view["moves"]) < 2 and time.monotonic() < deadline:
        conn.receive()
    assert conn.state["event"].get("robot") is True and conn.state["event"]["seat"] == 1
    settings = {"size": 9} if name == "go" else {}
    g = game(name, **settings)
    g.play(g.new(), conn.view["moves"])  # the robot's move is legal


def test_a_private_board_table_is_for_its_owner_and_players(server: Any, h: Any) -> None:
    ann, cy = h.Player(server).register("ann"), h.Player(server).register("cy")
    table_id = make_board(ann, game="chess", seat=0, private=True)
    assert cy.client.get(f"/api/boards/{table_id}").status_code == 403
    assert cy.client.get(f"/boards/{table_id}").status_code == 403
    with (
        cy.client.websocket_connect(f"/ws/boards/{table_id}") as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.receive_json()
    assert closed.value.code == 4403
    assert ann.client.get(f"/api/boards/{table_id}").json()["view"]["you"] == "w"


BAD_FRAMES = [
    "not json",
    "[1, 2]",
    '{"type": "board.fly"}',
    '{"type": "board.move", "move": 7}',
    '{"type": "board.move", "move": "' + "e" * 41 + '"}',
    '{"type": "board.move", "move": "\\ud800"}',
    '{"type": "board.sit", "seat": true}',
    '{"type": "board.sit", "seat": 2}',
    '{"type": "board.draw", "answer": "maybe"}',
    '{"type": "board.resign", "extra": 1}',
    '{"type": "board.move", "move": "e4", "id": {"x": 1}}',
    "x" * 5000,
]


def test_bad_frames_are_answered_with_an_error_and_change_nothing(server: Any, h: Any) -> None:
    _, ann, bo, cy = two_at(h, server, game="chess")
    before = (ann.state["seq"], ann.view)
    for frame in BAD_FRAMES:
        (err,) = errors_of(ann.request(frame))
        assert err["message"] and "Traceback" not in err["message"], frame
    ann.ws.send_bytes(b"\x00\x01")
    assert "binary" in errors_of(ann.sync())[0]["message"]
    assert (ann.state["seq"], ann.view) == before and bo.sync() == [] and cy.sync() == []
    assert not errors_of(ann.request({"type": "board.move", "move": "e4"}))  # still open


def test_the_boards_page_lists_tables_and_its_form_opens_one(server: Any, h: Any) -> None:
    ann = h.Player(server).register("ann")
    page = ann.client.get("/boards", headers={"accept-language": "zh-CN"})
    assert page.status_code == 200 and "棋类对局" in page.text and "暂无对局" in page.text
    form = {"csrf": ann.csrf, "game": "renju", "seat": "1", "robot": "0", "minutes": "5"}
    r = ann.client.post("/boards", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    table_id = int(r.headers["location"].rsplit("/", 1)[1])
    detail = ann.client.get(f"/api/boards/{table_id}").json()
    assert detail["table"]["seats"][0]["robot"] and detail["table"]["seats"][1]["name"] == "ann"
    assert detail["table"]["clock"]["base_ms"] == 300_000  # the robot (Black) may have moved
    assert f"/boards/{table_id}" in ann.client.get("/boards").text
    bad = ann.client.post("/boards", data={**form, "minutes": "soon"}, follow_redirects=False)
    assert bad.status_code == 400
    assert ann.client.post("/boards", data={**form, "csrf": "x"}).status_code == 403


def test_byo_yomi_keeps_a_period_moved_in_loses_those_overrun_then_the_flag_falls() -> None:
    st = fold(
        TableOf(1),
        (
            BoardEntry.SETUP,
            {
                "game": "go",
                "settings": {"size": 9, "komi": 7.5},
                "robots": [None, None],
                "clock": {"base_ms": 1000, "increment_ms": 0, "periods": 2, "period_ms": 500},
                "t": 0,
            },
        ),
    )
    for user, seat in ((ANN, 0), (BO, 1)):
        ((kind, payload),) = decide(st, user, SitBoard(seat))
        st = fold(st, (kind, {**payload, "t": 0}))
    assert st.clock is not None and st.clock.since == 0
    ((_, st),) = settle(st, decide(st, ANN, MoveBoard("ee")), 1_400)  # main time: 400 ms over
    assert st.clock is not None and st.clock.left[0] == 0 and st.clock.periods[0] == 2
    ((_, st),) = settle(st, decide(st, BO, MoveBoard("cc")), 1_500)
    ((_, st),) = settle(st, decide(st, ANN, MoveBoard("gg")), 2_200)  # 700 ms: one period lost
    assert st.clock is not None and st.clock.periods[0] == 1 and st.clock.left[0] == 0
    ((_, st),) = settle(st, decide(st, BO, MoveBoard("cg")), 2_300)
    assert settle(st, decide(st, None, FlagFall()), 2_700) == []  # inside the last period
    late = settle(st, decide(st, ANN, MoveBoard("gc")), 2_801)  # past it: the flag fell
    assert late[0][0][1]["move"] == "b:timeout" and late[-2][0][1]["reason"] == "reason.time"


def test_a_board_table_with_byo_yomi_over_the_api(server: Any, h: Any) -> None:
    ann = h.Player(server).register("ann")
    table_id = make_board(ann, game="go", size=9, seat=0, minutes=1, periods=3, period=20)
    clock = ann.client.get(f"/api/boards/{table_id}").json()["table"]["clock"]
    assert clock["periods"] == [3, 3] and clock["period_ms"] == 20_000
    r = ann.post("/api/boards", {"game": "go", "periods": 3})
    assert r.status_code == 400 and "读秒" in r.json()["error_zh"]


@pytest.mark.parametrize("name", ["chess", "xiangqi", "renju", "go"])
def test_random_games_through_the_table_replay_to_the_same_table(name: str) -> None:
    """Seeded random legal games through decide/settle: the log folded from scratch is the
    same table; only the player to move is shown legal moves; a refused move changes nothing."""
    import random

    from qipai.server.board_table import BoardViewer, view_json

    rng = random.Random(name)
    settings = {"size": 9, "komi": 7.5} if name == "go" else {}
    log = [(BoardEntry.SETUP, {"game": name, "settings": settings, "robots": [None, None]})]
    st = fold(TableOf(1), log[0])

    def run(st: Any, entries: Any, t: int) -> Any:
        for entry, after in settle(st, entries, t):
            log.append(entry)
            st = after
        return st

    for user, seat in ((ANN, 0), (BO, 1)):
        st = run(st, decide(st, user, SitBoard(seat)), 0)
    for ply in range(60):
        mover = st.to_move
        if mover is None:
            break
        other = 1 - mover
        assert "legal" not in view_json(st, BoardViewer(None))
        assert "legal" not in view_json(st, BoardViewer(other))
        legal = view_json(st, BoardViewer(mover))["legal"]
        before = st
        with pytest.raises(BoardCommandError):
            decide(st, (ANN, BO)[mover], MoveBoard("z9z9"))
        with pytest.raises(BoardCommandError):
            decide(st, (ANN, BO)[other], MoveBoard(legal[0]))
        assert st == before
        move = rng.choice(legal)
        st = run(st, decide(st, (ANN, BO)[mover], MoveBoard(move)), ply)
    rebuilt = TableOf(1)
    for entry in log:
        rebuilt = fold(rebuilt, entry)
    assert rebuilt == st and st.seq == len(log)


def test_a_finished_game_closes_its_table_and_is_read_from_the_store(db_path: Any, h: Any) -> None:
    with h.TestClient(h.make_app(db_path, retire_after=0.0)) as server:
        table_id, ann, bo, cy = two_at(h, server, game="chess")
        ann.request({"type": "board.move", "move": "f3"})
        bo.request({"type": "board.move", "move": "e5"})
        ann.request({"type": "board.move", "move": "g4"})
        bo.request({"type": "board.move", "move": "Qh4"})  # mate
        cy.sync()
        assert cy.state["table"]["result"]["reason"] == "reason.checkmate"
        assert cy.state["table"]["closed"] is True
        boards = server.app.state.server.boards
        deadline = time.monotonic() + 10
        while boards.get(table_id) is not None and time.monotonic() < deadline:
            cy.sync()
        assert boards.get(table_id) is None  # retired: no longer live
        reader = h.Player(server)
        h.close_all()
        detail = reader.client.get(f"/api/boards/{table_id}").json()
        assert detail["table"]["result"]["result"] == "0-1"
        assert detail["view"]["moves"][-1] == "d8h4"
        page = reader.client.get(f"/boards/{table_id}")
        assert page.status_code == 200 and "d8h4" in page.text
    with h.TestClient(h.make_app(db_path)) as server:
        assert server.app.state.server.boards.get(table_id) is None  # not rebuilt live
        assert h.Player(server).client.get(f"/api/boards/{table_id}").status_code == 200
