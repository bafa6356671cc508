"""An event's log (its notes and warnings) in the reader's language.

``qipai.events`` writes each note as an English line (``pair 2 registered: robot 1 a & robot 1
b``); this reads the lines it writes, each kind by its one pattern, and says them again in zh-CN
or en with the pages' words, a robot pair named as every page names it (机器人 / Robots). A line
of a kind not listed here is shown as it is. ``tests/web/test_event_notes.py`` drives events
through every kind and fails on a line this does not know.

>>> note_text("pair 2 registered: robot 1 a & robot 1 b", "zh")
'第2对报名：机器人'
>>> note_text("round 3 closed; 2 board(s) not played", "en")
'Round 3 closed: 2 board(s) not played'
>>> note_text("Mitchell for 6 pairs: 3 rounds of 2 boards", "zh")
'Mitchell，6对：3轮，每轮2副'
>>> note_text("dan ruled: round 1, table 2, board 3: assigned 4S by N, 9 tricks (-50) (law)", "zh")
'dan裁定：第1轮第2桌第3副：指定调整分 4♠ 北 宕一 (南北 -50)（law）'
>>> note_text("something new", "zh")
'something new'
"""

from __future__ import annotations

import re

from ..bridge.calls import Contract
from ..bridge.cards import Seat
from ..events.state import is_robot_player
from . import display, i18n

PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), key)
    for pattern, key in (
        (r"pair (?P<n>\d+) registered: (?P<pair>.+)", "note_registered"),
        (r"(?P<player>.+) declined (?P<asker>.+)'s request", "note_declined"),
        (r"pair (?P<n>\d+) \((?P<pair>.+)\) unregistered", "note_unregistered"),
        (r"cancelled at the start: (?P<k>\d+) pair\(s\) registered", "note_cancelled_start"),
        (r"cancelled at the start: (?P<why>.+)", "note_cancelled_start_why"),
        (
            r"(?P<movement>.+) for (?P<k>\d+) pairs: (?P<rounds>\d+) rounds of (?P<per>\d+)"
            r" boards",
            "note_movement",
        ),
        # the director's rulings (events/director.py): "{by} ruled: {what} ({reason})"
        (r"(?P<by>\S+) ruled: (?P<what>.+) \((?P<reason>[^()]*)\)", "note_ruled"),
        (
            r"round (?P<r>\d+), table (?P<t>\d+), board (?P<b>\d+): (?P<adjustment>.+)",
            "note_adjusted",
        ),
        (
            r"pair (?P<n>\d+) \((?P<pair>.+)\): procedural penalty of (?P<points>[0-9.]+)",
            "note_penalty",
        ),
        (r"pair (?P<n>\d+): (?P<new>.+) substitutes for (?P<player>.+)", "note_substitute"),
        (r"pair (?P<n>\d+) \((?P<pair>.+)\): robots play for it", "note_robots_play"),
        (r"pair (?P<n>\d+) \((?P<pair>.+)\) withdrawn", "note_withdrawn"),
        (r"(?P<new>\S+) named a director", "note_director_named"),
        (r"appointed", "note_appointed"),
        (r"registration closed with (?P<k>\d+) pairs", "note_registration_closed"),
        (r"round (?P<n>\d+): (?P<k>\d+) rematch\(es\) unavoidable", "note_rematches"),
        (r"round (?P<n>\d+) closed; (?P<k>\d+) board\(s\) not played", "note_round_closed_cut"),
        (r"round (?P<n>\d+) closed", "note_round_closed"),
        (r"event finished", "note_finished"),
        (
            r"pair (?P<n>\d+) \((?P<pair>.+)\) withdrew after round (?P<r>\d+)",
            "note_withdrew",
        ),
        (r"paused by the director: (?P<reason>.*)", "note_paused_why"),
        (r"paused by the director", "note_paused"),
        (r"resumed by the director after (?P<time>[0-9:]+)(\.\d+)?", "note_resumed"),
        (r"cancelled by the director: (?P<reason>.*)", "note_cancelled_why"),
        (r"cancelled by the director", "note_cancelled"),
        (
            r"(?P<rounds>\d+) rounds with (?P<pairs>\d+) pairs: only (?P<limit>\d+) rounds can"
            r" be played without two pairs meeting twice",
            "warn_rematches",
        ),
    )
)
"""Each kind of line ``qipai.events`` writes (lifecycle.py, registration.py, settings.py) and
the key of its words in ``i18n.UI``."""


def pair_name(name: str, lang: str) -> str:
    """A pair's players as the pages name them: people by name, a robot pair 机器人/Robots."""
    players = name.split(" & ")
    if all(is_robot_player(p) for p in players):
        return i18n.t("ev_robot_pair", lang)
    return name


def known(text: str) -> bool:
    """Whether a line is one of the kinds listed."""
    return any(p.fullmatch(text) for p, _ in PATTERNS)


def note_text(text: str, lang: str) -> str:
    """A line of the event's log in ``lang``."""
    for pattern, key in PATTERNS:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        values = {k: v for k, v in m.groupdict().items() if v is not None}
        if "pair" in values:
            values["pair"] = pair_name(values["pair"], lang)
        for part in ("what", "why", "reason"):  # lines within the line
            if part in values:
                values[part] = note_text(values[part], lang)
        if "adjustment" in values:
            values["adjustment"] = adjustment_text(values["adjustment"], lang)
        return i18n.t(key, lang, **values)
    return text


ARTIFICIAL = re.compile(r"(?P<ns>average(-plus|-minus)?) NS / (?P<ew>average(-plus|-minus)?) EW")
ASSIGNED = re.compile(
    r"(?P<kind>assigned|corrected) (?P<contract>[1-7](NT|[CDHS])X{0,2}) by (?P<seat>[NESW]),"
    r" (?P<tricks>\d+) tricks \((?P<score>[+-]?\d+)\)"
)
PASSED = re.compile(r"(?P<kind>assigned|corrected) passed out")


def adjustment_text(text: str, lang: str) -> str:
    """A director's adjusted score (``Adjustment.describe``) with the pages' words: 人为调整分
    南北 平均分加 / 东西 平均分减; 指定调整分 4♠ 北 宕一 (南北 -50)."""
    m = ARTIFICIAL.fullmatch(text)
    if m:
        ns, ew = (i18n.t("adj_" + m.group(side), lang) for side in ("ns", "ew"))
        return i18n.t("adj_artificial", lang, ns=ns, ew=ew)
    m = ASSIGNED.fullmatch(text)
    if m:
        contract, seat = Contract.parse(m.group("contract")), Seat.parse(m.group("seat"))
        line = display.text(display.result_bits(contract, seat, int(m.group("tricks")), lang))
        score = display.ns_score_text(int(m.group("score")), lang)
        return i18n.t("adj_" + m.group("kind"), lang, result=f"{line} ({score})")
    m = PASSED.fullmatch(text)
    if m:
        passed = display.text(display.contract_bits(None, lang))
        return i18n.t("adj_" + m.group("kind"), lang, result=passed)
    return text
