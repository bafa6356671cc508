"""The store's records and its error: what every repository takes and returns, in one module
the repositories import (none imports another repository, nor the store that owns it).

Records are plain frozen values, never ORM objects, so callers hold no session.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any


class StoreError(Exception):
    """A write the store refused: a name already taken, a lost race for a sequence number."""


@dataclass(frozen=True, slots=True)
class UserRecord:
    id: int
    name: str
    is_guest: bool
    password_hash: str | None = field(default=None, repr=False)
    session_epoch: int = 0
    """Sessions signed with an older epoch are revoked (``end_sessions``)."""


@dataclass(frozen=True, slots=True)
class TableRecord:
    id: int
    name: str
    owner_id: int | None
    scoring: str
    robot_level: int | None
    """The robots' level, or None where empty seats wait for people."""
    private: bool
    invite_token: str = field(repr=False)
    seed: str = field(repr=False)
    status: str
    last_seq: int
    seats: dict[str, int | None]
    """User id by seat letter, None where empty."""
    board_set: str | None = None
    """The named board set the table deals from, or None for a table's own random deals."""
    spectators_see_all: bool = False
    seat_policy: str = "open"
    """Who may take a seat: ``open`` (anyone), ``invitation`` (the owner and whoever came by the
    invitation link) or ``consent`` (the owner agrees to each who asks)."""
    robot_meanings: bool = False
    """Whether a player is told what a robot partner's calls mean (never at an event's table)."""
    away: dict[str, datetime] = field(default_factory=dict)
    """Since when each seat's person has had no connection to the table (seats absent: there)."""


@dataclass(frozen=True, slots=True)
class TableBoardRecord:
    """A board played at a table: where its entries lie in the table's log and its result
    once done (an event's own record of a board is ``qipai.events.BoardRecord``)."""

    table_id: int
    table_name: str
    board_no: int
    number: int
    deal: str
    contract: str | None
    declarer: str | None
    declarer_tricks: int | None
    score_ns: int | None
    done: bool
    first_seq: int | None
    last_seq: int | None
    dd_costs: list[int] | None
    scoring: str


@dataclass(frozen=True, slots=True)
class EntryRecord:
    """A table log entry as stored: its number, type and payload (``server.table_log``)."""

    seq: int
    type: str
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class EventRecord:
    id: int
    kind: str
    name: str
    status: str
    director_id: int | None
    state: str
    version: int
    starts_at: datetime


@dataclass(frozen=True, slots=True)
class Award:
    event_id: int
    event: str
    player: str
    place: int
    points: int
    awarded_at: datetime


LogLine = tuple[str, dict[str, Any]]
"""A line of an event's log: its type and its payload."""


def aware(when: datetime) -> datetime:
    """SQLite hands back naive datetimes: they were written in UTC."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)
