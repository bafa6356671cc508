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
>>> note_text("something new", "zh")
'something new'
"""

from __future__ import annotations

import re

from ..events.state import is_robot_player
from . import i18n

PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), key)
    for pattern, key in (
        (r"pair (?P<n>\d+) registered: (?P<pair>.+)", "note_registered"),
        (r"(?P<player>.+) declined (?P<asker>.+)'s request", "note_declined"),
        (r"pair (?P<n>\d+) \((?P<pair>.+)\) unregistered", "note_unregistered"),
        (r"cancelled at the start: (?P<k>\d+) pair\(s\) registered", "note_cancelled_start"),
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
        return i18n.t(key, lang, **values)
    return text
