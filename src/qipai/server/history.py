"""A live table's recent log, for reconnecting clients: the latest entries (to replay what a
client missed), the latest results (for the table page) and the chat shown with a full state.

Entries are kept as JSON text: a thousand tables' histories would otherwise be millions of
objects for the garbage collector to walk (full collections of half a second were measured),
and text is not walked at all.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator
from typing import Any

from ..jsontext import dumps
from .table_log import EntryType
from .table_state import Entry

HISTORY = 500
"""Entries kept in memory for reconnecting clients; older gaps get a full view instead."""
RESULTS = 20
"""Finished boards' results kept in memory for the table page (all are in the store)."""
CHAT_HISTORY = 30
"""Chat lines sent with a full state."""


class History:
    """The latest entries of one table, numbered, and its latest results."""

    def __init__(self, size: int = HISTORY, results: int = RESULTS) -> None:
        self._recent: deque[tuple[int, str, str]] = deque(maxlen=size)
        """(number, type, payload as JSON) of the latest entries."""
        self._results: deque[str] = deque(maxlen=results)

    def add(self, seq: int, entry: Entry) -> None:
        kind, payload = entry
        self._recent.append((seq, kind, dumps(payload)))
        if kind == EntryType.BOARD_DONE:
            self._results.append(dumps({k: v for k, v in payload.items() if k not in ("v", "t")}))

    def clear(self) -> None:
        self._recent.clear()
        self._results.clear()

    def holds_since(self, since: int | None, seq: int) -> bool:
        """Whether the entries after ``since`` (up to ``seq``, the table's last) are all still
        held."""
        first = self._recent[0][0] if self._recent else seq + 1
        return since is not None and 0 <= since <= seq and since + 1 >= first

    def after(self, since: int) -> Iterator[tuple[int, Entry]]:
        """The held entries numbered after ``since``, oldest first."""
        for n, kind, body in self._recent:
            if n > since:
                yield n, (kind, json.loads(body))

    def chat(self, limit: int = CHAT_HISTORY) -> list[tuple[int, Entry]]:
        """The latest chat entries held, oldest first."""
        lines = [(n, body) for n, kind, body in self._recent if kind == EntryType.CHAT][-limit:]
        return [(n, (EntryType.CHAT, json.loads(body))) for n, body in lines]

    @property
    def results(self) -> list[dict[str, Any]]:
        """The latest finished boards' results, oldest first."""
        return [json.loads(r) for r in self._results]
