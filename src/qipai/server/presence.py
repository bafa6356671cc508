"""Who is at a live table: a seated person with no connection is away from that moment, kept
as a stored time (``seats.away_since``), not a sleep. Past the grace time a robot takes the
seat (``RobotTakeover``); the person connecting again takes it back (``PlayerReturned``). A
restart, finding everyone away since it started, re-arms it all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from ..bridge import Seat
from .table_state import TableState


@dataclass
class Change:
    """What bringing presence up to date found: the away times to store (None: back), the
    seats whose person is back from a robot, and whether anything shown changed."""

    stored: list[tuple[Seat, datetime | None]] = field(default_factory=list)
    returned: list[Seat] = field(default_factory=list)
    changed: bool = False


class Presence:
    """Since when each seated person of one table has had no connection (seats absent:
    connected), and the grace time after which a robot plays for them."""

    def __init__(
        self, away: dict[Seat, datetime], grace: float, now: Callable[[], datetime]
    ) -> None:
        self.away = away
        self.grace = grace
        self.now = now

    def update(self, state: TableState, connected: set[int]) -> Change:
        """Bring ``away`` up to date with who sits in ``state`` and who is ``connected``."""
        change = Change()
        now: datetime | None = None
        for seat in Seat:
            occ = state.seats[seat]
            if occ is not None and occ.user_id not in connected:
                if seat not in self.away:
                    now = now or self.now()
                    self.away[seat] = now
                    change.stored.append((seat, now))
                    change.changed = True
                continue
            if seat in self.away:
                del self.away[seat]
                change.changed = True
                if occ is not None:
                    change.stored.append((seat, None))
            if occ is not None and seat in state.robot_seats:
                change.returned.append(seat)
        return change

    def overdue(self, state: TableState, seat: Seat) -> bool:
        """Whether the person of ``seat`` has been away past the grace time."""
        since = self.away.get(seat)
        return (
            since is not None
            and state.seats[seat] is not None
            and (self.now() - since).total_seconds() >= self.grace
        )

    def takeovers(self, state: TableState) -> list[Seat]:
        """The seats a robot should take now (their person away past the grace time)."""
        if state.closed:
            return []
        return [
            seat
            for seat in list(self.away)
            if seat not in state.robot_seats and self.overdue(state, seat)
        ]
