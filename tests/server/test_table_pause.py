"""A table held while its event is paused (the server's own ``Hold`` and ``Release``): no call,
card, claim or next board; no robot acts; no one's thinking clock runs; chat goes on; and a
table rebuilt from its log is held the same."""

import pytest

from qipai.bridge import Seat, parse_call
from qipai.server.table import (
    CallCmd,
    Chat,
    CommandError,
    Hold,
    Occupant,
    Release,
    Sit,
    TableState,
    decide,
    fold,
    robot_to_act,
    settle,
)

PEOPLE = {
    seat: Occupant(i + 1, name) for i, (seat, name) in enumerate(zip(Seat, "nesw", strict=True))
}


class Table:
    """A table driven as the actor drives it: decide, then settle at time ``t``; its log kept."""

    def __init__(self, robots=False):
        self.state = TableState(id=1, seed="pause", robots=robots)
        self.log = []
        for seat in [Seat.SOUTH] if robots else list(Seat):
            self.run(PEOPLE[seat], Sit(seat), 1_000)
        assert self.state.in_progress

    def run(self, user, command, t):
        for event, after in settle(self.state, decide(self.state, user, command), t):
            self.state = after
            self.log.append(event)
        return self.state

    def call(self, seat, text, t):
        return self.run(PEOPLE[seat], CallCmd(parse_call(text)), t)


def test_held_play_is_refused_and_the_clocks_stop():
    table = Table()
    table.call(Seat.NORTH, "1C", 4_000)  # North thought 3 s
    state = table.run(None, Hold("fire drill"), 6_000)  # East has thought 2 s
    assert state.paused == "fire drill"
    assert state.clocks[Seat.EAST] == 2_000 and state.turn_since is None
    with pytest.raises(CommandError, match="play is paused by the director: fire drill"):
        decide(state, PEOPLE[Seat.EAST], CallCmd(parse_call("P")))
    chatted = table.run(PEOPLE[Seat.WEST], Chat("coffee?"), 60_000)
    assert chatted.seq == state.seq + 1
    assert decide(chatted, None, Hold("again")) == []  # held once
    state = table.run(None, Release(), 600_000)  # ten minutes away count for no one
    assert state.paused is None and state.turn_since == 600_000
    state = table.call(Seat.EAST, "P", 601_500)
    assert state.clocks[Seat.EAST] == 3_500 and state.totals[Seat.EAST] == 3_500
    assert decide(state, None, Release()) == []


def test_robots_wait_while_held():
    table = Table(robots=True)
    assert robot_to_act(table.state) is Seat.NORTH  # the dealer is a robot
    held = table.run(None, Hold(), 2_000)
    assert robot_to_act(held) is None
    with pytest.raises(CommandError, match=r"^play is paused by the director$"):
        decide(held, PEOPLE[Seat.SOUTH], CallCmd(parse_call("P")))
    assert robot_to_act(table.run(None, Release(), 3_000)) is Seat.NORTH


def test_a_held_table_rebuilt_from_its_log_is_held():
    table = Table()
    state = table.run(None, Hold("storm"), 2_000)
    rebuilt = TableState(id=1, seed="pause", robots=False)
    for event in table.log:
        rebuilt = fold(rebuilt, event)
    assert rebuilt == state and rebuilt.paused == "storm"
