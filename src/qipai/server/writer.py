"""Group commit: every table's new events written together, one transaction per batch.

Each actor awaits its own append before it publishes, so no event is sent before it is stored;
but while one batch is being written (in the writer's thread), the appends of all the other
tables gather and go in the next one. An idle server writes each append at once; a busy one pays
one commit (and one thread hop) for many actions instead of one each. SQLite manages some
hundreds of commits a second here; a batch of a hundred tables costs little more than one.

The server's other writes (presence, the analysis cache) go the same way (``write``): SQLite
allows one writer at a time, and two of our own threads contending for its lock would wait in
SQLite's busy handler, which sleeps up to 100 ms at a go.

On SQLite the writes run on the event loop itself (``inline``): a batch of a hundred tables'
events is about 3 ms of work, while in a worker thread the same batch took 30 times longer on a
busy server: the thread gives up the GIL at every SQLite call and waits for the busy event loop
to hand it back each time (up to the 5 ms switch interval). A database over the network
(PostgreSQL) is written from the worker thread, as waiting there costs the loop nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from ..store import Store

Item = tuple[int, int, Sequence[tuple[str, dict[str, Any]]]]
T = TypeVar("T")

MAX_BATCH = 500
"""At most this many tables' appends in one transaction."""


class GroupWriter:
    """Appends tables' events to the store in batches (see the module's docstring)."""

    def __init__(self, store: Store, *, inline: bool | None = None) -> None:
        self.store = store
        self.inline = store.engine.dialect.name == "sqlite" if inline is None else inline
        self._pending: list[tuple[Item, asyncio.Future[int]]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._busy = False
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="qipai-writer")
        self.batches = 0
        self.appends = 0
        self.busy_seconds = 0.0

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)``, a write to the store: on the loop (``inline``) or in the writer's
        thread."""
        if self.inline:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn, *args)

    async def append(
        self, table_id: int, after: int, events: Sequence[tuple[str, dict[str, Any]]]
    ) -> int:
        """Write ``events`` after event number ``after``: the last number, or StoreError."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="group-writer")
        fut: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._pending.append(((table_id, after, events), fut))
        self._wake.set()
        return await fut

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._pending:
                batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
                self._busy = True
                began = time.perf_counter()
                results: list[int | BaseException]
                try:
                    written = await self.write(self.store.append_batch, [item for item, _ in batch])
                    results = list(written)
                except Exception as e:  # the database is gone: each waiter hears of it
                    results = [e] * len(batch)
                finally:
                    self._busy = False
                    self.busy_seconds += time.perf_counter() - began
                self.batches += 1
                self.appends += len(batch)
                for (_, fut), result in zip(batch, results, strict=True):
                    if fut.done():
                        continue
                    if isinstance(result, BaseException):
                        fut.set_exception(result)
                    else:
                        fut.set_result(result)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is None:
            await asyncio.to_thread(self._thread.shutdown)
            return
        for _ in range(500):  # what is queued still gets written (for up to 5 s)
            if not self._pending and not self._busy:
                break
            await asyncio.sleep(0.01)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await asyncio.to_thread(self._thread.shutdown)
