"""Reconnecting: a client sends the last event number it saw and gets what it missed, then its
full view; a gap too old (or a number from the future) gets the full view alone."""

from qipai.server import history


def test_reconnect_with_since_gets_the_missed_events_then_the_state(server, h):
    table_id, players, conns = h.four_at_table(server)
    east = conns["E"]
    seen = east.seq
    east.close()
    conns["N"].request({"type": "call", "call": "1NT", "alert": True, "explanation": "15-17"})
    back = players["E"].connect(table_id, since=seen)
    missed = [m for m in back.messages if m["type"] == "event"]
    assert [m["seq"] for m in missed] == [seen + 1]
    assert missed[0]["replay"] and "view" not in missed[0]
    assert missed[0]["event"] == {
        "type": "call",
        "seat": "N",
        "call": "1NT",
        "robot": False,
        "alert": True,
        "explanation": "15-17",
    }
    state = next(m for m in back.messages if m["type"] == "state")
    assert state["since"] == seen and state["seq"] == seen + 1
    assert [e["call"] for e in state["view"]["auction"]] == ["1NT"]
    assert state["view"]["legal_calls"]  # East's turn: the bidding box is live again
    # The partner reconnecting sees the call without its explanation.
    south = players["S"].connect(table_id, since=seen)
    replay = next(m for m in south.messages if m["type"] == "event")["event"]
    assert "explanation" not in replay


def test_up_to_date_client_gets_just_the_state(server, h):
    table_id, players, conns = h.four_at_table(server)
    seq = conns["W"].seq
    again = players["W"].connect(table_id, since=seq)
    assert [m["type"] for m in again.messages] == ["state", "pong"]
    assert again.messages[0]["since"] == seq


def test_too_old_or_future_numbers_get_the_full_view(server, h, monkeypatch):
    table_id, players, conns = h.four_at_table(server)
    for since in (conns["W"].seq + 50, None):
        again = players["W"].connect(table_id, since=since)
        assert [m["type"] for m in again.messages] == ["state", "pong"]
        assert again.messages[0]["since"] is None
        assert again.messages[0]["view"]["hands"]["W"]


def test_a_gap_beyond_the_memory_gets_the_full_view(server, h):
    table_id, players, conns = h.four_at_table(server)
    seen = conns["E"].seq
    actor = server.app.state.server.tables.get(table_id)
    for i in range(history.HISTORY + 5):
        actor.history._recent.append((10_000 + i, "chat", '{"text": "x"}'))  # push the old ones out
    again = players["E"].connect(table_id, since=seen)
    assert [m["type"] for m in again.messages] == ["state", "pong"]
