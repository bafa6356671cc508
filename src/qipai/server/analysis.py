"""Double-dummy analysis for the table server, off the event loop.

DDS is CPU-bound (a deal's DD table takes about 0.1-0.4 s, a solve at the opening lead up to a
second), so every call runs in one dedicated worker thread: the event loop and the default
thread pool never wait behind it, and DDS's own lock is never contended. The thread runs at a
lower priority (nice +10, where the system allows), so on a busy machine the tables' event loop
comes first and analyses wait instead.
A deal's DD table is computed once and cached in the store (``deal_analyses``), so every table
that plays the deal, and every restart, reuses it; concurrent requests for the same deal share
one computation. Par comes from the cached table (microseconds).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from ..analysis import DDSError, DDTable, Par, dd_costs, dd_table, max_claim, par
from ..bridge import BoardState, Deal, QipaiError, Seat
from ..bridge.board import Vulnerability
from ..store import Store
from .writer import GroupWriter

log = logging.getLogger("qipai.server")

T = TypeVar("T")


NICE = 10
"""How much lower than the event loop the DDS thread runs (Linux nice steps)."""


def _lower_priority() -> None:
    """Lower this thread's priority (Linux sets it per thread; elsewhere nothing happens)."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)


class Analyst:
    """The server's one door to DDS: DD tables (cached per deal), par, DD costs, claims."""

    def __init__(self, store: Store, writer: GroupWriter | None = None) -> None:
        self.store = store
        self.writer = writer
        self._executor = ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="qipai-dds", initializer=_lower_priority
        )
        self._tables: dict[str, asyncio.Future[DDTable | None]] = {}

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)

    async def run(self, fn: Callable[[], T]) -> T:
        """``fn()`` in the DDS thread."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn)

    async def dd_table(self, deal: str) -> DDTable | None:
        """The DD table of ``deal`` (PBN), from the store's cache or computed once; None when
        DDS fails (logged)."""
        pending = self._tables.get(deal)
        if pending is None:
            pending = asyncio.ensure_future(self._dd_table(deal))
            self._tables[deal] = pending
            pending.add_done_callback(lambda _f: self._tables.pop(deal, None))
        return await asyncio.shield(pending)

    async def _dd_table(self, deal: str) -> DDTable | None:
        cached = await asyncio.to_thread(self.store.dd_table, deal)
        if cached is not None:
            return DDTable.parse(cached)
        try:
            table = await self.run(lambda: dd_table(Deal.parse(deal)))
        except (DDSError, QipaiError):
            log.exception("DDS could not analyse the deal %s", deal)
            return None
        await self.save(self.store.save_dd_table, deal, table.pbn())
        return table

    async def save(self, fn: Callable[..., None], *args: object) -> None:
        """A write to the store: through the group writer's thread where there is one."""
        if self.writer is not None:
            await self.writer.write(fn, *args)
        else:
            await asyncio.to_thread(fn, *args)

    @property
    def backlog(self) -> int:
        """Analyses waiting for the DDS thread."""
        return self._executor._work_queue.qsize()

    async def par(self, table: DDTable, dealer: Seat, vulnerability: Vulnerability) -> Par | None:
        try:
            return await self.run(lambda: par(table, dealer, vulnerability))
        except (DDSError, QipaiError):
            log.exception("DDS could not find par")
            return None

    async def dd_costs(self, board: BoardState) -> list[int] | None:
        """Each card's DD cost; None for a board without play, or when DDS fails."""
        if board.contract is None or not board.played:
            return None
        try:
            return await self.run(lambda: dd_costs(board))
        except (DDSError, QipaiError):
            log.exception("DDS could not analyse the play of board %s", board.number)
            return None

    async def dd_tricks_left(self, board: BoardState) -> int | None:
        """The tricks declarer's side takes double dummy of those not yet complete (what it may
        claim, ``qipai.analysis.max_claim``); None when DDS fails (logged)."""
        try:
            return await self.run(lambda: max_claim(board))
        except (DDSError, QipaiError):
            log.exception("DDS could not judge a claim on board %s", board.number)
            return None
