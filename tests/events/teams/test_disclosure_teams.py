"""The access rule for team events (``qipai.events.disclosure.may_see_team_board``): one room's
result of a board is seen by no one (but the director) before the other room has finished it,
whatever order the eight tables of a round finish their boards in."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.bridge import Contract, Seat
from qipai.events import Played
from qipai.events.disclosure import may_see_team_board, may_watch_team_round, shown_team_boards
from qipai.events.teams import Room, TeamEvent, TeamEventSettings, TeamFormat, create, team
from qipai.events.teams.event import record_board

BOARDS = 2
PLAYED = Played(Contract.parse("3NT"), Seat.SOUTH, 9)


def _event() -> TeamEvent:
    names = "abcdefghijklmnop"
    field = [
        team(n, f"T{n}", names[4 * (n - 1)], list(names[4 * (n - 1) : 4 * n])) for n in (1, 2, 3, 4)
    ]
    return create(TeamEventSettings("RR", TeamFormat.ROUND_ROBIN, boards=BOARDS), field, "s")


SLOTS = [(m, b, room) for m in (1, 2) for b in range(1, BOARDS + 1) for room in Room]


@settings(max_examples=60, deadline=None)
@given(st.permutations(SLOTS))
def test_no_one_sees_a_room_before_the_other_room_has_finished(order) -> None:
    e = _event()
    rnd = e.rounds[0]
    done: set[tuple[int, int, Room]] = set()
    viewers = ["a", "e", "i", "m", None, "outsider"]
    for match_no, board, room in order:
        e = record_board(e, 1, match_no, board, room, PLAYED)
        done.add((match_no, board, room))
        if e.rounds[0].is_complete:
            break
        for who in viewers:
            for b in range(1, BOARDS + 1):
                team_no = next((t.number for t in e.teams if who and t.has(who)), None)
                mine = [i for i, m in enumerate(rnd.matches, 1) if team_no in (m.home, m.away)]
                needed = mine or [1, 2]  # a spectator waits for every match of the round
                expected = all((i, b, r) in done for i in needed for r in Room)
                assert may_see_team_board(e, 1, b, who) is expected, (who, b, sorted(done))
            assert may_watch_team_round(e, 1, who) is (team_no is None)
        assert shown_team_boards(e, 1, "boss", director=True) == {1, 2}
        assert not may_see_team_board(e, 1, BOARDS + 1, "boss", director=True)
    # the round complete: everyone sees and may watch everything of it
    for who in viewers:
        assert shown_team_boards(e, 1, who) == {1, 2}
        assert may_watch_team_round(e, 1, who)


def test_a_director_who_plays_waits_like_any_player() -> None:
    e = record_board(_event(), 1, 1, 1, Room.OPEN, PLAYED)
    assert not may_see_team_board(e, 1, 1, "a", director=True)
    assert may_see_team_board(e, 1, 1, "zed", director=True)
    assert not may_see_team_board(e, 2, 1, "zed", director=True)  # round 2 not drawn
