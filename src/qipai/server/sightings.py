"""Who has seen all four hands of which boards, by board set: a watcher shown every hand of a
board in play may not sit down to play that board, at that table or at any other of its set,
even once the watching connection has closed.

A board set's tables deal the same board for the same board number (their ``seed``), and a club
table plays its boards in order, so one number per user and set says enough: the highest board
they watched with all hands shown. They may sit at a table of the set only where the board to
play comes after it. Kept in memory and in the store's settings (one row per set, written when
the number grows), so a restart remembers it.
"""

from __future__ import annotations

import hashlib
import json
import logging

from ..store import Store
from .table import CommandError, TableState

log = logging.getLogger("qipai.server")

PREFIX = "seen:"


def _key(seed: str) -> str:
    """The settings key of a board set (keys hold 40 characters; seeds may be longer)."""
    return PREFIX + hashlib.sha256(seed.encode()).hexdigest()[:32]


class Sightings:
    """The boards each user has watched with all four hands shown, by board set."""

    def __init__(self) -> None:
        self._seen: dict[str, dict[int, tuple[int, int]]] = {}
        """seed -> user id -> (highest board number seen, the table where)."""

    def load(self, store: Store) -> None:
        """What the store remembers (at start)."""
        for key, value in store.settings(PREFIX).items():
            try:
                data = json.loads(value)
                users = {int(u): (int(b), int(t)) for u, (b, t) in data["users"].items()}
                self._seen[str(data["seed"])] = users
            except (ValueError, KeyError, TypeError):
                log.error("setting %s is not a record of sightings; ignored", key)

    def saw(self, seed: str, user_id: int, board_no: int, table_id: int) -> tuple[str, str] | None:
        """Remember that ``user_id`` was shown all four hands of ``board_no``; the settings
        key and value to store when that is news, else None."""
        users = self._seen.setdefault(seed, {})
        if users.get(user_id, (0, 0))[0] >= board_no:
            return None
        users[user_id] = (board_no, table_id)
        data = {"seed": seed, "users": {str(u): list(bt) for u, bt in users.items()}}
        return _key(seed), json.dumps(data, separators=(",", ":"))

    def refusal(self, state: TableState, user_id: int) -> CommandError | None:
        """Why ``user_id`` may not sit at the club table ``state`` now (a board of its set they
        have watched with all hands is in play or still to come there), or None."""
        if state.assigned:
            return None  # an event's seats are assigned, and their deals are set per round
        seen = self._seen.get(state.seed, {}).get(user_id)
        upcoming = state.board_no if state.in_progress else state.board_no + 1
        if seen is None or seen[0] < upcoming:
            return None
        board, table = seen
        return CommandError(
            f"you saw all four hands of board {board} at table #{table}: you may sit here"
            " once this table has played it"
        )
