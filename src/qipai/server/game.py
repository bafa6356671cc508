"""The small interface between the live-table machinery and the game played at the table.

The machinery — the actor's queue -> decide -> commit -> publish (``actor.py``), the log in the
store, reconnect history (``history.py``), presence and grace (``presence.py``), spectators and
the per-viewer views, the clocks stamped on each entry — knows a game only through a
:class:`Game`: how a table starts, what a command causes, how an entry folds, what one viewer
may see of an entry and of the state, who must act, and the robot that fills a seat.

The protocol is generic over the game's own types: its table state, its seats, how one viewer
sees it, its commands and its robots. Bridge is :data:`BRIDGE`, a :data:`BridgeGame`
(``table.py``, ``table_log.py``, ``table_json.py``, ``robot_seat.py``); the board games
(chess, xiangqi, renju, go) are ``board_table.BoardGame``, a ``Game`` over their own state,
two seats numbered 0 and 1, and their own log entries (``board_table.BoardEntry``).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable
from typing import Any, Protocol, TypeVar

from ..bridge import Seat
from ..store import TableRecord
from .analysis import Analyst
from .robot_seat import RobotSeat
from .robots import RobotPool
from .table import Command, decide, robot_to_act, settle
from .table_json import summary_json, view_for
from .table_log import fold, public_entry
from .table_state import Entry, Occupant, TableState, Viewer, viewer_of

St = TypeVar("St")
"""The game's table state (bridge: ``TableState``)."""
Se = TypeVar("Se")
"""The game's seats (bridge: ``Seat``; the board games: player numbers)."""
Vw = TypeVar("Vw", bound=Hashable)
"""How one viewer sees the table (bridge: ``Viewer``); views are cached by it."""
Cmd = TypeVar("Cmd", contravariant=True)
"""The game's commands."""
Rb = TypeVar("Rb", covariant=True)
"""The game's robots."""


class Game(Protocol[St, Se, Vw, Cmd, Rb]):
    """What the live-table machinery asks of a game (every type the game's own)."""

    def initial(self, record: TableRecord) -> St:
        """A new table's state, before any entry."""

    def decide(self, state: St, user: Occupant | None, command: Cmd) -> list[Entry]:
        """The entries ``command`` causes; ``table.CommandError`` saying why when refused."""

    def settle(self, state: St, entries: list[Entry], t: int | None) -> list[tuple[Entry, St]]:
        """``entries`` stamped with ``t`` and folded in, with what follows by itself."""

    def fold(self, state: St, entry: Entry) -> St:
        """The state after one log entry (a replay folds the whole log)."""

    def viewer(self, state: St, user_id: int | None, see_all: bool) -> Vw:
        """How ``user_id`` sees the table."""

    def public_entry(self, entry: Entry, seat: Se | None) -> dict[str, Any]:
        """An entry as the viewer of ``seat`` (None: a watcher) may see it."""

    def view(self, state: St, seen: Vw) -> dict[str, Any] | None:
        """The state as ``seen`` may see it (the ``view`` of a message)."""

    def summary(
        self, record: TableRecord, state: St, away: Collection[Se], now_ms: int
    ) -> dict[str, Any]:
        """The table for the lobby and every message."""

    def robot_to_act(self, state: St) -> Se | None:
        """The robot seat that must act now, if any."""

    def robot_seat(
        self, record: TableRecord, pool: RobotPool, analyst: Analyst, delay: float
    ) -> Rb:
        """The robots that fill a table's empty (or abandoned) seats."""


BridgeGame = Game[TableState, Seat, Viewer, Command, RobotSeat]
"""Bridge's types in the protocol: what the bridge table actor (``actor.py``) runs."""


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


BRIDGE: BridgeGame = Bridge()
"""Bridge: the game every table plays today."""

__all__ = ["BRIDGE", "Bridge", "BridgeGame", "Game"]
