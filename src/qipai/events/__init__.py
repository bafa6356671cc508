"""Events: pure logic over results, driven by ``now``; the server runs them.

One engine serves every format (:mod:`qipai.events.formats`): the automatic Swiss pairs
event (瑞士移位自动双人赛) and pair games on movements, Mitchell (双冠军) and Howell (单冠军).
Settings are a frozen value (:class:`EventSettings`); registration (:func:`raise_hand` ...),
the clock (:func:`advance`), results (:func:`record_result`), withdrawals, the director's
pause, resume and cancel and rulings (:mod:`qipai.events.director`) are pure transitions of
an immutable :class:`EventState`, which :func:`to_json` and :func:`from_json` store and read
back. :func:`standings` ranks the pairs and awards masterpoints; :func:`to_csv`,
:func:`to_pbn` and :func:`event_json` export the result. :mod:`qipai.events.simulate` (it
needs the robots, so it is not imported here) plays a whole event with robot pairs.
See docs/EVENTS.md.

>>> from datetime import datetime, timedelta, timezone
>>> t = datetime(2025, 3, 1, 19, 0, tzinfo=timezone.utc)
>>> s = EventSettings("Swiss", t + timedelta(hours=1), rounds=2, boards_per_round=1,
...                   round_length=timedelta(minutes=8))
>>> e = create_event(s, seed="doc", now=t)
>>> for a, b in [("ann", "bo"), ("bo", "ann"), ("cy", "di"), ("di", "cy")]:
...     e = raise_hand(e, a, b, t)
>>> e = advance(e, t + timedelta(hours=1))  # the start: round 1 seated by registration order
>>> [(x.ns, x.ew) for x in e.current_round.tables]
[(1, 2)]
>>> from qipai.bridge import Contract, Seat
>>> e = record_result(e, 1, 1, 1, Played(Contract.parse("4S"), Seat.NORTH, 10),
...                   t + timedelta(hours=1, minutes=6))
>>> e.current_round.number, e.rounds[0].tables[0].records[0].ns_score
(2, 420)
"""

from .errors import EventError
from .export import event_json, to_csv, to_pbn
from .formats import EventFormat, format_of, movement_for
from .lifecycle import (
    advance,
    cancel,
    create_event,
    next_due,
    pause,
    pause_reason,
    record_result,
    resume,
    withdraw,
)
from .masterpoints import masterpoint_awards, masterpoints_for
from .registration import decline, lower_hand, raise_hand, unregister
from .serial import dump, from_json, load, to_json
from .settings import ByeScore, EventSettings, Format, Scoring, check_settings
from .standings import Standing, Standings, standings
from .state import (
    PHANTOM,
    Adjustment,
    AdjustmentKind,
    Artificial,
    BoardRecord,
    EventState,
    Pair,
    Penalty,
    Plan,
    Played,
    Round,
    Ruling,
    Status,
    Table,
    deal_for,
    played_from,
)
from .swiss import Pairing, first_round, swiss_pairing

__all__ = [
    "PHANTOM",
    "Adjustment",
    "AdjustmentKind",
    "Artificial",
    "BoardRecord",
    "ByeScore",
    "EventError",
    "EventFormat",
    "EventSettings",
    "EventState",
    "Format",
    "Pair",
    "Pairing",
    "Penalty",
    "Plan",
    "Played",
    "Round",
    "Ruling",
    "Scoring",
    "Standing",
    "Standings",
    "Status",
    "Table",
    "advance",
    "cancel",
    "check_settings",
    "create_event",
    "deal_for",
    "decline",
    "dump",
    "event_json",
    "first_round",
    "format_of",
    "from_json",
    "load",
    "lower_hand",
    "masterpoint_awards",
    "masterpoints_for",
    "movement_for",
    "next_due",
    "pause",
    "pause_reason",
    "played_from",
    "raise_hand",
    "record_result",
    "resume",
    "standings",
    "swiss_pairing",
    "to_csv",
    "to_json",
    "to_pbn",
    "unregister",
    "withdraw",
]
