"""The small interface between the live-table machinery and the game played at the table.

The machinery — the actor's queue -> decide -> commit -> publish (``actor.py``), the log in the
store, reconnect history (``history.py``), presence and grace (``presence.py``), spectators and
the per-viewer views, the clocks stamped on each entry — knows a game only through a
:class:`Game`: how a table starts, what a command causes, how an entry folds, what one viewer
may see of an entry and of the state, who must act, and the robot that fills a seat. Bridge is
:data:`BRIDGE` (``table.py``, ``table_log.py``, ``table_json.py``, ``robot_seat.py``); another
game would be another ``Game`` with its own state and log entries behind the same machinery.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Protocol

from ..bridge import Seat
from ..store import TableRecord
from .analysis import Analyst
from .robot_seat import RobotSeat
from .robots import RobotPool
from .table import Command, decide, robot_to_act, settle
from .table_json import summary_json, view_for
from .table_log import fold, public_entry
from .table_state import Entry, Occupant, TableState, Viewer, viewer_of


class Game(Protocol):
    """What the live-table machinery asks of a game (the state type is the game's own)."""

    def initial(self, record: TableRecord) -> TableState:
        """A new table's state, before any entry."""

    def decide(self, state: TableState, user: Occupant | None, command: Command) -> list[Entry]:
        """The entries ``command`` causes; ``table.CommandError`` saying why when refused."""

    def settle(
        self, state: TableState, entries: list[Entry], t: int | None
    ) -> list[tuple[Entry, TableState]]:
        """``entries`` stamped with ``t`` and folded in, with what follows by itself."""

    def fold(self, state: TableState, entry: Entry) -> TableState:
        """The state after one log entry (a replay folds the whole log)."""

    def viewer(self, state: TableState, user_id: int | None, see_all: bool) -> Viewer:
        """How ``user_id`` sees the table."""

    def public_entry(self, entry: Entry, seat: Seat | None) -> dict[str, Any]:
        """An entry as the viewer of ``seat`` (None: a watcher) may see it."""

    def view(self, state: TableState, seen: Viewer) -> dict[str, Any] | None:
        """The state as ``seen`` may see it (the ``view`` of a message)."""

    def summary(
        self, record: TableRecord, state: TableState, away: Collection[Seat], now_ms: int
    ) -> dict[str, Any]:
        """The table for the lobby and every message."""

    def robot_to_act(self, state: TableState) -> Seat | None:
        """The robot seat that must act now, if any."""

    def robot_seat(
        self, record: TableRecord, pool: RobotPool, analyst: Analyst, delay: float
    ) -> RobotSeat:
        """The robots that fill a table's empty (or abandoned) seats."""


class Bridge:
    """Bridge at a live table."""

    def initial(self, record: TableRecord) -> TableState:
        return TableState(
            id=record.id,
            seed=record.seed,
            robots=record.robot_level is not None,
            owner_id=record.owner_id,
            seat_policy=record.seat_policy,
            robot_meanings=record.robot_meanings,
        )

    def decide(self, state: TableState, user: Occupant | None, command: Command) -> list[Entry]:
        return decide(state, user, command)

    def settle(
        self, state: TableState, entries: list[Entry], t: int | None
    ) -> list[tuple[Entry, TableState]]:
        return settle(state, entries, t)

    def fold(self, state: TableState, entry: Entry) -> TableState:
        return fold(state, entry)

    def viewer(self, state: TableState, user_id: int | None, see_all: bool) -> Viewer:
        return viewer_of(state, user_id, see_all=see_all)

    def public_entry(self, entry: Entry, seat: Seat | None) -> dict[str, Any]:
        return public_entry(entry, seat)

    def view(self, state: TableState, seen: Viewer) -> dict[str, Any] | None:
        return view_for(state, seen)

    def summary(
        self, record: TableRecord, state: TableState, away: Collection[Seat], now_ms: int
    ) -> dict[str, Any]:
        return summary_json(record, state, away, now_ms)

    def robot_to_act(self, state: TableState) -> Seat | None:
        return robot_to_act(state)

    def robot_seat(
        self, record: TableRecord, pool: RobotPool, analyst: Analyst, delay: float
    ) -> RobotSeat:
        return RobotSeat(record, pool, analyst, delay)


BRIDGE: Game = Bridge()
"""Bridge: the game every table plays today."""

__all__ = ["BRIDGE", "Bridge", "Game"]
