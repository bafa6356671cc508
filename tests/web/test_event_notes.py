"""An event's log in the reader's language: every kind of line ``qipai.events`` writes is known
to ``web/event_notes.py`` and said in Chinese without English left in it; a robot pair is named
as the pages name it."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from qipai.bridge import Contract, Seat
from qipai.events import (
    EventSettings,
    EventState,
    Played,
    advance,
    cancel,
    create_event,
    decline,
    director,
    pause,
    raise_hand,
    record_result,
    resume,
    unregister,
    withdraw,
)
from qipai.events.state import Artificial, robot_player
from qipai.web.event_notes import known, note_text

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
PEOPLE = {"ann", "bob", "cy", "di", "ed", "flo", "gil", "hal", "dan", "joe", "kim"}
TYPED = set(
    [
        "a",
        "fire",
        "drill",
        "the",
        "hall",
        "closes",
        "slow",
        "play",
        "misinformation",
        "x",
        "late",
        "ill",
        "gone",
    ]
)
"""Words the director typed (reasons): shown as they were written."""


def event(rounds: int, now: datetime = T0, director: str | None = None) -> EventState:
    settings = EventSettings(
        "Swiss", now + timedelta(hours=1), rounds=rounds, boards_per_round=1,
        round_length=timedelta(minutes=8), break_length=timedelta(minutes=5),
    )  # fmt: skip
    return create_event(settings, seed="notes", now=now, director=director)


def register(e: EventState, a: str, b: str) -> EventState:
    return raise_hand(raise_hand(e, a, b, T0), b, a, T0)


def every_kind_of_line() -> list[str]:
    """Events driven through registration, declines, a cancelled start, rounds closed with
    boards cut, a withdrawal, the director's pauses, resume and cancel."""
    lines: list[str] = []
    # too few pairs: cancelled at the start
    e = register(event(2), "ann", "bob")
    lines += [n.text for n in advance(e, T0 + timedelta(hours=1)).notes]
    # three pairs (one of robots) for four rounds: rematches; people decline, unregister
    e = event(4)
    e = raise_hand(e, "ed", "flo", T0)
    e = decline(e, "flo", "ed", T0)
    e = register(e, "ed", "flo")
    e = unregister(e, "ed", T0)
    e = register(e, "ann", "bob")
    e = register(e, "cy", "di")
    e = register(e, robot_player(3, "a"), robot_player(3, "b"))
    start = T0 + timedelta(hours=1)
    e = advance(e, start)
    e = pause(e, start + timedelta(minutes=1), "a fire drill")
    e = resume(e, start + timedelta(minutes=6))
    e = pause(e, start + timedelta(minutes=7))
    e = resume(e, start + timedelta(minutes=8))
    e = advance(e, start + timedelta(minutes=20))  # round 1 closed, its boards not played
    e = withdraw(e, 2, start + timedelta(minutes=21))
    e = cancel(e, start + timedelta(minutes=22), "the hall closes")
    lines += [n.text for n in e.notes] + list(e.warnings)
    # an event played out to its end, no round played: every board cut
    e = register(register(event(1), "ann", "bob"), "cy", "di")
    lines += [n.text for n in advance(e, start + timedelta(hours=1)).notes]
    e = register(register(event(1), "ann", "bob"), "cy", "di")
    lines += [n.text for n in cancel(advance(e, start), start + timedelta(minutes=1)).notes]
    lines += rulings(start)
    return lines


def rulings(start: datetime) -> list[str]:
    """The director's rulings (events/director.py) on a two-round event: adjusted, assigned
    and corrected scores, a penalty, a substitute, robots for a pair, a withdrawal, a new
    director."""
    e = register(
        register(register(event(2, director="dan"), "ann", "bob"), "cy", "di"), "ed", "flo"
    )
    e = register(e, "gil", "hal")
    e = advance(e, start)
    t = start + timedelta(minutes=1)
    four_spades = Played(Contract.parse("4SX"), Seat.NORTH, 8)
    for table in (1, 2):
        e = record_result(e, 1, table, 1, Played(Contract.parse("3NT"), Seat.SOUTH, 9), t)
    e = director.adjust(e, 1, 1, 1, ns=Artificial.PLUS, ew=Artificial.MINUS, by="dan",
                        reason="a slow play", now=t)  # fmt: skip
    e = director.assign(e, 1, 1, 1, four_spades, by="dan", reason="misinformation", now=t)
    e = director.correct(e, 1, 2, 1, Played(None, None, None), by="dan", reason="x", now=t)
    e = director.penalize(e, 1, 1.5, by="dan", reason="late", now=t)
    e = director.appoint(e, "joe", by="dan", now=t)
    t = start + timedelta(minutes=2)  # round 1 over (both results in), round 2 not yet seated
    e = advance(e, t)
    e = director.substitute(e, 2, "cy", "kim", by="dan", reason="ill", now=t)
    e = director.robot_pair(e, 3, by="dan", reason="gone", now=t)
    e = director.withdraw_pair(e, 4, by="dan", reason="gone", now=t)
    return [n.text for n in e.notes if " ruled: " in n.text]


def test_the_directors_rulings_read_in_the_pages_words() -> None:
    lines = rulings(T0 + timedelta(hours=1))
    assert len(lines) == 8, lines
    zh = [note_text(line, "zh") for line in lines]
    adjusted = "dan裁定：第1轮第1桌第1副：人为调整分 南北平均分加 / 东西平均分减（a slow play）"
    assert zh[0] == adjusted
    assert zh[1].startswith("dan裁定：第1轮第1桌第1副：指定调整分 4♠ 加倍 北 宕二 (南北 -")
    assert "更正成绩 四家不叫" in zh[2] and "程序判罚 1.5" in zh[3]
    assert zh[4] == "dan裁定：joe被任命为裁判（任命）"
    assert "kim替补cy" in zh[5] and "由机器人代打" in zh[6] and "被撤出" in zh[7]


def test_every_line_the_events_write_is_said_in_both_languages() -> None:
    lines = every_kind_of_line()
    kinds = {re.sub(r"\d+", "#", line) for line in lines}
    assert len(kinds) >= 14, kinds  # each kind of line was met
    for line in lines:
        assert known(line), f"web/event_notes.py does not know {line!r}"
        zh = note_text(line, "zh")
        words = set(re.findall(r"[A-Za-z]+", zh)) - PEOPLE - TYPED
        assert not words, (line, zh)
        en = note_text(line, "en")
        assert en[0].isupper() or en[0].isdigit() or line.split()[0] in PEOPLE, en


def test_a_robot_pair_is_named_as_the_pages_name_it() -> None:
    e = register(event(2), robot_player(1, "a"), robot_player(1, "b"))
    [line] = [n.text for n in e.notes]
    assert "robot 1 a" in line
    assert note_text(line, "zh") == "第1对报名：机器人"
    assert note_text(line, "en") == "Pair 1 registered: Robots"
    assert note_text("pair 2 registered: ann & bob", "zh") == "第2对报名：ann & bob"
