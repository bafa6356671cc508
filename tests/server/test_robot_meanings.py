"""A robot partner's meanings (issue #15, item 9): at a casual table with ``robot_meanings``
on, a player is told what the robot partner's calls mean; never a person partner's, never a
robot's playing for a person away, never at an event's table, and opponents and watchers see
what they always did. Checked on the pure table (every path a view or an event takes) and on
a live table with real robots."""


from qipai.bridge import MakeCall, Seat
from qipai.server.table import CallCmd, Occupant, Sit, action_event, board_started, decide, fold
from qipai.server.table_json import view_for
from qipai.server.table_log import public_entry
from qipai.server.table_state import TableState, Viewer

ANN, BOB = Occupant(1, "ann"), Occupant(2, "bob")
SECRET = "a secret meaning"


def seated(state, *who):
    for occ, seat in who:
        for e in decide(state, occ, Sit(seat)):
            state = fold(state, e)
    return state


def robot_call(state, seat):
    """A robot's call at ``seat`` (the first legal one but pass), explained."""
    call = next(c for c in state.board._legal_calls if str(c) != "P")
    entry = action_event(state, MakeCall(call, seat, True, SECRET), robot=True)
    return entry, fold(state, entry)


def explanations(shown, seat):
    return [e["explanation"] for e in shown["auction"] if e["seat"] == seat.letter]


def test_a_robot_partners_meaning_is_shown_only_where_the_setting_allows():
    for on in (True, False):
        state = seated(
            TableState(id=1, seed="m", robots=True, robot_meanings=on), (ANN, Seat.SOUTH)
        )
        assert state.board is not None and state.acting is Seat.NORTH  # board 1: North deals
        entry, state = robot_call(state, Seat.NORTH)
        assert entry[1].get("partner_told", False) is on
        mine = view_for(state, Viewer(Seat.SOUTH, seated=True))
        assert explanations(mine, Seat.NORTH) == ([SECRET] if on else [""])
        assert (public_entry(entry, Seat.SOUTH).get("explanation") == SECRET) is on
        # Opponents and watchers: as always (they are told every explanation).
        for viewer in (Viewer(Seat.EAST, seated=True), Viewer(None)):
            assert explanations(view_for(state, viewer), Seat.NORTH) == [SECRET]
        assert public_entry(entry, Seat.EAST)["explanation"] == SECRET


def test_a_person_partners_meaning_is_never_leaked():
    state = TableState(id=1, seed="m", robots=True, robot_meanings=True)
    state = seated(state, (ANN, Seat.SOUTH), (BOB, Seat.NORTH))
    call = next(c for c in state.board._legal_calls if str(c) != "P")
    [entry] = decide(state, BOB, CallCmd(call, True, SECRET))
    assert "partner_told" not in entry[1]
    state = fold(state, entry)
    assert explanations(view_for(state, Viewer(Seat.SOUTH, seated=True)), Seat.NORTH) == [""]
    assert "explanation" not in public_entry(entry, Seat.SOUTH)
    # The opponents are told it, as always.
    assert explanations(view_for(state, Viewer(Seat.EAST, seated=True)), Seat.NORTH) == [SECRET]


def test_no_meaning_from_a_robot_playing_for_someone_away_or_at_an_event():
    state = TableState(id=1, seed="m", robots=True, robot_meanings=True)
    state = seated(state, (ANN, Seat.SOUTH), (BOB, Seat.NORTH))
    state = fold(state, ("robot_takeover", {"seat": "N", "name": "bob"}))
    entry, state = robot_call(state, Seat.NORTH)
    assert "partner_told" not in entry[1]
    assert explanations(view_for(state, Viewer(Seat.SOUTH, seated=True)), Seat.NORTH) == [""]
    # An event's table: the Laws keep partner's explanations from partner (20F, 75).
    event = TableState(id=2, seed="e", robots=True, robot_meanings=True)
    setup = (
        "set_up",
        {
            "boards": [
                [1, "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"]
            ],
            "tournament": {"event": 1, "round": 1, "table": 1},
        },
    )
    event = fold(event, setup)
    event = fold(event, ("seated", {"seat": "S", "user_id": 1, "name": "ann"}))
    event = fold(event, board_started(event))
    entry, event = robot_call(event, Seat.NORTH)
    assert "partner_told" not in entry[1]
    assert explanations(view_for(event, Viewer(Seat.SOUTH, seated=True)), Seat.NORTH) == [""]


def test_a_live_robot_table_tells_the_partner_and_the_setting_is_stored(server, h, db_path):
    ann = h.Player(server).register("ann")
    table_id = ann.create_table(robot_level=0, seat="S", robot_meanings=True)
    assert ann.client.get(f"/api/tables/{table_id}").json()["table"]["robot_meanings"] is True
    conn = ann.connect(table_id)
    while True:  # South passes until the auction is over; robots North, East and West
        h.wait_until(conn, lambda c: c.view["phase"] != "auction" or c.view["acting"] == "S")
        if conn.view["phase"] != "auction":
            break
        conn.request({"type": "call", "call": "P"})
    north = [e for e in conn.view["auction"] if e["seat"] == "N"]
    assert north and all(e["explanation"] for e in north), north
    told = [
        m["event"]
        for m in conn.messages
        if m["type"] == "event" and m["event"]["type"] == "call" and m["event"]["seat"] == "N"
    ]
    assert told and all(e.get("explanation") for e in told)
    # The same table without the setting: South sees North's bare calls.
    other = ann.create_table(robot_level=0, seat="S")
    ann.post(f"/api/tables/{table_id}/stand")
    c2 = ann.connect(other)
    h.wait_until(c2, lambda c: c.view["phase"] != "auction" or c.view["acting"] == "S")
    assert all(not e["explanation"] for e in c2.view["auction"] if e["seat"] == "N")
