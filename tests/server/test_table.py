"""The live table over the websocket: whole boards, and authority — no one acts for another seat,
out of turn, or at a table they do not sit at; a refused action changes nothing."""

import json


def errors(msgs):
    return [m["message"] for m in msgs if m["type"] == "error"]


def events(msgs):
    return [m["event"] for m in msgs if m["type"] == "event"]


def acting(conns):
    """The connection whose turn it is (declarer's, when dummy is to play)."""
    seat = conns["N"].view["acting"]
    return seat, conns[seat]


def play_auction(conns, h, calls):
    for call in calls:
        seat, conn = acting(conns)
        msgs = conn.request({"type": "call", "call": call})
        assert not errors(msgs), (seat, call, errors(msgs))
        h.sync_all(conns)


def play_out(conns, h):
    """Play the board to its end, each hand in turn leading its lowest legal card."""
    while conns["N"].view["phase"] == "play":
        seat, conn = acting(conns)
        card = conn.view["legal_cards"][-1]
        msgs = conn.request({"type": "card", "card": card})
        assert not errors(msgs), (seat, card, errors(msgs))
        h.sync_all(conns)


def test_a_whole_board_by_four_people(server, h):
    table_id, players, conns = h.four_at_table(server)
    view = conns["N"].view
    assert view["phase"] == "auction" and view["number"] == 1 and view["dealer"] == "N"
    assert view["legal_calls"][0] == "P" and "7NT" in view["legal_calls"]
    assert conns["E"].view["legal_calls"] == []  # not East's turn
    play_auction(conns, h, ["1NT", "P", "3NT", "P", "P", "P"])
    v = conns["S"].view
    assert v["contract"] == "3NT" and v["declarer"] == "N" and v["dummy"] == "S"
    assert v["phase"] == "play" and v["acting"] == "E"
    play_out(conns, h)
    done = [e for e in events(conns["W"].messages) if e["type"] == "board_done"]
    assert len(done) == 1
    result = done[0]
    assert result["contract"] == "3NT" and result["declarer"] == "N"
    for conn in conns.values():
        final = conn.view
        assert final["phase"] == "done" and final["score_ns"] == result["score_ns"]
        assert all(len(final["hands"][s]) == 0 for s in "NESW")
        assert sum(final["tricks_won"].values()) == 13
    # The next board, on request of any player.
    msgs = conns["E"].request({"type": "next"})
    assert not errors(msgs)
    h.sync_all(conns)
    assert conns["N"].view["number"] == 2 and conns["N"].view["dealer"] == "E"
    r = players["N"].client.get(f"/api/tables/{table_id}")
    assert r.json()["results"][0]["contract"] == "3NT"


def test_no_acting_out_of_turn_or_for_another_seat(server, h):
    _table_id, _players, conns = h.four_at_table(server)
    before = conns["N"].seq
    # East calls in North's turn.
    msgs = conns["E"].request({"type": "call", "call": "1C"})
    assert any("North's turn" in e for e in errors(msgs))
    # A client cannot name a seat: the message's extra field is refused.
    msgs = conns["E"].request({"type": "call", "call": "1C", "seat": "N"})
    assert any("unknown field" in e for e in errors(msgs))
    # A card in the auction.
    msgs = conns["N"].request({"type": "card", "card": "SA"})
    assert errors(msgs)
    h.sync_all(conns)
    assert conns["N"].seq == before
    assert conns["N"].view["auction"] == []
    play_auction(conns, h, ["1S", "P", "4S", "P", "P", "P"])
    # North declares; South is dummy. East leads; South (dummy) may not play; North may not
    # play before East.
    lead = conns["E"].view["legal_cards"][0]
    south_card = conns["S"].view["hands"]["S"][0]
    msgs = conns["N"].request({"type": "card", "card": lead})
    assert errors(msgs)
    msgs = conns["E"].request({"type": "card", "card": lead})
    assert not errors(msgs)
    h.sync_all(conns)
    # Now it's dummy's turn: South (the dummy's player) is refused, North plays for dummy.
    assert conns["N"].view["acting"] == "N" and conns["N"].view["turn"] == "S"
    msgs = conns["S"].request({"type": "card", "card": south_card})
    assert any("Law 45B" in e for e in errors(msgs))
    dummy_card = conns["N"].view["legal_cards"][0]
    msgs = conns["N"].request({"type": "card", "card": dummy_card})
    assert not errors(msgs)
    h.sync_all(conns)
    assert conns["W"].view["played"] == [lead, dummy_card]


def test_a_refused_action_changes_nothing(server, h):
    _table_id, _players, conns = h.four_at_table(server)
    play_auction(conns, h, ["1H"])
    snapshot = json.dumps(conns["W"].view, sort_keys=True)
    seq = conns["W"].seq
    for bad in (
        {"type": "call", "call": "1C"},
        {"type": "call", "call": "XX"},
        {"type": "call", "call": "X"},
        {"type": "claim", "tricks": 5},
        {"type": "claim_response", "accept": True},
    ):
        msgs = (
            conns["E"].request(bad)
            if bad["call" if "call" in bad else "type"] != "X"
            else conns["S"].request(bad)
        )
        assert errors(msgs), bad
    h.sync_all(conns)
    assert conns["W"].seq == seq
    assert json.dumps(conns["W"].view, sort_keys=True) == snapshot


def test_people_not_seated_cannot_act(server, h):
    table_id, _players, conns = h.four_at_table(server)
    watcher = h.Player(server).register("eve")
    wconn = watcher.connect(table_id)
    assert wconn.state["you"]["seat"] is None
    msgs = wconn.request({"type": "call", "call": "1C"})
    assert "you are not sitting at this table" in errors(msgs)
    # Nobody logged in at all.
    anon = h.Player(server)
    aconn = anon.connect(table_id)
    msgs = aconn.request({"type": "call", "call": "P"})
    assert any("log in" in e for e in errors(msgs))
    msgs = aconn.request({"type": "chat", "text": "hello"})
    assert any("log in" in e for e in errors(msgs))
    h.sync_all(conns)
    assert conns["N"].view["auction"] == []


def test_a_player_cannot_act_at_another_table(server, h):
    _table_id, players, conns = h.four_at_table(server)
    other = players["N"].create_table(robot_level=None, seat="")
    oconn = players["N"].connect(other)
    msgs = oconn.request({"type": "call", "call": "1C"})
    assert "you are not sitting at this table" in errors(msgs)
    h.sync_all(conns)
    assert conns["N"].view["auction"] == []


def test_seats_are_kept(server, h):
    table_id, players, conns = h.four_at_table(server)
    eve = h.Player(server).register("eve")
    r = eve.post(f"/api/tables/{table_id}/sit", {"seat": "N"})
    assert r.status_code == 409 and "taken" in r.json()["error"]
    r = players["N"].post(f"/api/tables/{table_id}/sit", {"seat": "N"})
    assert r.status_code == 409 and "already sit" in r.json()["error"]
    r = eve.post(f"/api/tables/{table_id}/sit", {"seat": "Q"})
    assert r.status_code == 400 and "N, E, S, W" in r.json()["error"]
    # North stands mid-board and may not come back at East (they saw North's hand).
    msgs = conns["N"].request({"type": "stand"})
    assert not errors(msgs)
    msgs = conns["E"].request({"type": "stand"})
    msgs = conns["N"].request({"type": "sit", "seat": "E"})
    assert any("may sit only there" in e for e in errors(msgs))
    msgs = conns["N"].request({"type": "sit", "seat": "N"})
    assert not errors(msgs)
    h.sync_all(conns)
    assert conns["N"].state["you"]["seat"] == "N"
    # Eve, who has seen no hand of this board, may take East.
    assert eve.post(f"/api/tables/{table_id}/sit", {"seat": "E"}).status_code == 200


def test_alerts_are_explained_to_the_opponents_only(server, h):
    _table_id, _players, conns = h.four_at_table(server)
    msgs = conns["N"].request(
        {"type": "call", "call": "2C", "alert": True, "explanation": "strong, any shape"}
    )
    assert not errors(msgs)
    h.sync_all(conns)
    for seat in "NEW":
        entry = conns[seat].view["auction"][0]
        assert entry["alert"] and entry["explanation"] == "strong, any shape", seat
        ev = [e for e in events(conns[seat].messages) if e["type"] == "call"][-1]
        assert ev["explanation"] == "strong, any shape"
    partner = conns["S"]
    assert partner.view["auction"][0] == {
        "seat": "N",
        "call": "2C",
        "alert": False,
        "explanation": "",
        "explanation_zh": "",
    }
    assert "strong" not in json.dumps(partner.messages)


def test_claims_accepted_and_rejected(server, h):
    _table_id, _players, conns = h.four_at_table(server)
    play_auction(conns, h, ["1NT", "P", "P", "P"])
    # Only declarer (North) may claim.
    msgs = conns["E"].request({"type": "claim", "tricks": 3})
    assert any("only declarer" in e for e in errors(msgs))
    msgs = conns["N"].request({"type": "claim", "tricks": 14})
    assert any("0 to 13" in e for e in errors(msgs))
    msgs = conns["N"].request({"type": "claim", "tricks": 9})
    assert not errors(msgs)
    h.sync_all(conns)
    # The defenders see declarer's hand while the claim stands; dummy does not.
    assert conns["E"].view["claim"] == 9 and conns["E"].view["hands"]["N"] is not None
    assert conns["S"].view["hands"]["N"] is None
    # Partner of declarer cannot answer; a defender rejects and play goes on.
    msgs = conns["S"].request({"type": "claim_response", "accept": True})
    assert any("only the defenders" in e for e in errors(msgs))
    msgs = conns["W"].request({"type": "claim_response", "accept": False})
    assert not errors(msgs)
    h.sync_all(conns)
    assert conns["E"].view["claim"] is None and conns["E"].view["phase"] == "play"
    assert conns["E"].view["hands"]["N"] is None
    msgs = conns["N"].request({"type": "claim", "tricks": 7})
    h.sync_all(conns)
    conns["E"].request({"type": "claim_response", "accept": True})
    h.sync_all(conns)
    assert conns["N"].view["phase"] == "play"
    conns["W"].request({"type": "claim_response", "accept": True})
    h.sync_all(conns)
    v = conns["N"].view
    assert v["phase"] == "done" and v["declarer_tricks"] == 7 and v["score_ns"] == 90


def test_chat_reaches_everyone_at_the_table(server, h):
    table_id, _players, conns = h.four_at_table(server)
    watcher = h.Player(server).register("eve").connect(table_id)
    msgs = watcher.request({"type": "chat", "text": "  good luck 祝好运 \u0007 "})
    assert not errors(msgs)
    h.sync_all(conns)
    for conn in [*conns.values(), watcher]:
        chat = [e for e in events(conn.messages) if e["type"] == "chat"]
        assert chat[-1]["text"] == "good luck 祝好运" and chat[-1]["name"] == "eve"


def test_only_the_owner_closes_a_table(server, h):
    table_id, players, conns = h.four_at_table(server)
    r = players["E"].post(f"/api/tables/{table_id}/close")
    assert r.status_code == 409 and "owner" in r.json()["error"]
    assert players["N"].post(f"/api/tables/{table_id}/close").status_code == 200
    msgs = conns["E"].request({"type": "call", "call": "P"})
    assert any("closed" in m.get("message", "") for m in msgs)
    assert players["E"].client.get("/api/tables").json()["tables"] == []
    closed = [
        m
        for m in conns["W"].sync() + conns["W"].messages
        if m.get("event", {}).get("type") == "closed"
    ]
    assert closed


def test_a_command_that_breaks_the_actor_is_answered_not_left_waiting(server, players):
    """Whatever goes wrong inside a table's actor, the sender gets an error and the table goes
    on (here a malformed command that cannot even be queued for de-duplication)."""
    import pytest

    from qipai.server.table import Chat, CommandError, Occupant

    (ann,) = players("ann")
    table_id = ann.create_table(robot_level=0, seat="S")
    actor = server.app.state.server.tables.get(table_id)
    before = actor.state.seq
    with pytest.raises(CommandError, match="internal error"):
        server.portal.call(actor.submit, Occupant(1, "ann"), Chat(["not", "text"]))  # type: ignore[arg-type]
    assert actor.state.seq == before
    r = ann.post(f"/api/tables/{table_id}/stand")
    assert r.status_code == 200
