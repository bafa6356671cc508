"""A Swiss event stored by the code before the engine served every format (version 1 of the
stored form, written by that code: tests/events/data/swiss_v1_*.json) loads, keeps its
standings, and plays on to its end."""

from __future__ import annotations

import json
import random
from pathlib import Path

from qipai.events import (
    Status,
    advance,
    from_json,
    load,
    played_from,
    record_result,
    standings,
    to_json,
)
from qipai.events.serial import FORMAT_VERSION
from qipai.events.simulate import play_board
from qipai.robots import robot_for

DATA = Path(__file__).parent / "data"


def test_a_finished_v1_event_keeps_its_standings() -> None:
    stored = json.loads((DATA / "swiss_v1_final.json").read_text("utf-8"))
    assert stored["final"]["version"] == 1
    state = load(stored["final"])
    assert state.status is Status.FINISHED and state.plan is None
    rows = [
        [r.rank, r.pair, r.total, r.boards_completed, r.masterpoints] for r in standings(state).rows
    ]
    assert rows == stored["standings"]
    again = from_json(to_json(state))
    assert again == state and json.loads(to_json(state))["version"] == FORMAT_VERSION


def test_a_running_v1_event_plays_on_to_its_end() -> None:
    text = (DATA / "swiss_v1_running.json").read_text("utf-8")
    assert json.loads(text)["version"] == 1
    state = from_json(text)
    rnd = state.current_round
    assert rnd is not None and rnd.number == 2
    assert all(t.boards == rnd.boards for t in rnd.tables)
    rng = random.Random(7)
    robot = robot_for(0)
    while not state.is_over:
        rnd = state.current_round
        if rnd is None:
            assert state.next_round_at is not None
            state = advance(state, state.next_round_at)
            continue
        at = max([rnd.starts_at, *(r.at for t in rnd.tables for r in t.records)])
        for table in rnd.tables:
            for board in table.boards:
                if table.record(board) is None and not state.is_over:
                    played = played_from(play_board(board, state.deal(board), robot, rng))
                    state = record_result(state, rnd.number, table.number, board, played, at)
        state = from_json(to_json(state))  # and through the new stored form on the way
    assert state.status is Status.FINISHED
    assert len(state.rounds) == state.settings.rounds == 3
    final = standings(state)
    assert {r.pair for r in final.rows} == set(range(1, 8))
    assert [r.rank for r in final.ranked] == list(range(1, len(final.ranked) + 1))
