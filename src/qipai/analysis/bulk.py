"""DD tables of a large archive: in this process, on several worker processes, or on a Dask
cluster, with the same answers in the same order whichever runs them.

:func:`qipai.analysis.dds.dd_tables` already spreads each batch call over DDS's own threads. A
long archive can go further: its distinct deals are cut into chunks of
:data:`~qipai.analysis.dds.MAX_TABLES_PER_CALL` (one DDS batch call each) and the chunks are
handed to ``workers`` processes, each running DDS on one thread, or to the workers of a
``dask.distributed`` cluster (``scheduler`` is its address, or ``"local"`` for a cluster of
one process per core started here). Deals travel as PBN text and tables come back as their
PBN ``DoubleDummyTricks`` text, so nothing but strings crosses a process boundary.

A deal DDS refuses comes back as a :class:`~qipai.analysis.dds.DDSError` in its place, as with
``dd_tables(..., on_error="return")``; the other deals are still solved.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from ..bridge.deal import Deal
from ..bridge.errors import QipaiError
from . import dds
from .dds import MAX_TABLES_PER_CALL, DDSError, DDTable

Progress = Callable[[int, int], None]
"""``progress(done, total)``: distinct deals solved so far, out of how many."""

# One chunk's answer for each deal: ("ok", DoubleDummyTricks text) or ("error", reason).
_Answer = tuple[str, str]


class ClusterError(QipaiError):
    """The Dask cluster asked for cannot be reached or used."""


def solve(
    deals: Sequence[Deal],
    labels: Sequence[object],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
    chunk: int = MAX_TABLES_PER_CALL,
) -> list[DDTable | DDSError]:
    """The DD table of each deal, in order (a refused deal: its DDSError, naming its label).

    ``workers=None`` and no ``scheduler``: this process, DDS on every core. ``workers=1``: this
    process, DDS on one thread. ``workers=N``: N processes, DDS on one thread each. With a
    ``scheduler`` the chunks go to that Dask cluster (``workers`` then sizes a ``"local"`` one).
    ``chunk`` deals go to each DDS call (at most DDS's limit, the default).
    """
    if len(labels) != len(deals):
        raise ValueError(f"{len(labels)} board labels for {len(deals)} deals")
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be 1 or more, not {workers}")
    if not 1 <= chunk <= MAX_TABLES_PER_CALL:
        raise ValueError(f"a chunk is 1 to {MAX_TABLES_PER_CALL} deals, not {chunk}")
    if scheduler is None and workers is None:
        return dds.dd_tables(deals, boards=labels, on_error="return", progress=progress)

    first: dict[Deal, int] = {}
    for i, deal in enumerate(deals):
        first.setdefault(deal, i)
    distinct = list(first)
    chunks = [distinct[k : k + chunk] for k in range(0, len(distinct), chunk)]
    texts = [[d.pbn() for d in c] for c in chunks]
    if scheduler is not None:
        answers = _on_dask(texts, scheduler, workers, progress, len(distinct))
    elif workers == 1:
        answers = _in_process(texts, progress, len(distinct))
    else:
        assert workers is not None
        answers = _on_processes(texts, workers, progress, len(distinct))

    by_deal: dict[Deal, _Answer] = {}
    for deals_of, chunk_answers in zip(chunks, answers, strict=True):
        by_deal.update(zip(deals_of, chunk_answers, strict=True))
    out: list[DDTable | DDSError] = []
    for deal, label in zip(deals, labels, strict=True):
        kind, text = by_deal[deal]
        out.append(DDTable.parse(text) if kind == "ok" else DDSError(text, label))
    return out


def solve_chunk(pbns: Sequence[str]) -> list[_Answer]:
    """One DDS batch call over deals given as PBN text, DDS on one thread (a worker's task).

    Public so that a Dask worker can import it by name.
    """
    _one_thread()
    return _answers(pbns)


def _answers(pbns: Sequence[str]) -> list[_Answer]:
    tables = dds.dd_tables([Deal.parse(text) for text in pbns], on_error="return")
    return [("error", t.reason) if isinstance(t, DDSError) else ("ok", t.pbn()) for t in tables]


_ONE_THREAD = False


def _one_thread() -> None:
    """Run DDS on one thread in this process (once: SetMaxThreads reallocates DDS's memory)."""
    global _ONE_THREAD
    if not _ONE_THREAD:
        dds.set_threads(1)
        _ONE_THREAD = True


def _in_process(
    texts: list[list[str]], progress: Progress | None, total: int
) -> list[list[_Answer]]:
    before = dds.threads()
    dds.set_threads(1)
    try:
        return _gather(enumerate(map(_answers, texts)), texts, progress, total)
    finally:
        dds.set_threads(before)


def _on_processes(
    texts: list[list[str]], workers: int, progress: Progress | None, total: int
) -> list[list[_Answer]]:
    # Spawned, not forked: DDS keeps threads and per-thread memory that a fork would copy.
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=spawn) as pool:
        futures = {pool.submit(solve_chunk, chunk): k for k, chunk in enumerate(texts)}
        done = ((futures[f], f.result()) for f in as_completed(futures))
        return _gather(done, texts, progress, total)


def _on_dask(
    texts: list[list[str]],
    scheduler: str,
    workers: int | None,
    progress: Progress | None,
    total: int,
) -> list[list[_Answer]]:
    try:
        # Untyped: loaded as a plain module, so its calls do not count against strict typing.
        distributed: Any = importlib.import_module("distributed")
    except ImportError as e:  # pragma: no cover - dask is a dependency of the dev set
        raise ClusterError("--dask needs dask.distributed: pip install 'qipai[dask]'") from e
    if scheduler == "local":
        cluster = distributed.LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        client = distributed.Client(cluster)
    else:
        cluster = None
        try:
            client = distributed.Client(scheduler, timeout=10)
        except OSError as e:
            raise ClusterError(f"no Dask scheduler answers at {scheduler}: {e}") from e
    try:
        futures = {
            client.submit(solve_chunk, chunk, pure=False): k for k, chunk in enumerate(texts)
        }
        done = ((futures[f], f.result()) for f in distributed.as_completed(futures))
        return _gather(done, texts, progress, total)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _gather(
    finished: Iterator[tuple[int, list[_Answer]]],
    texts: list[list[str]],
    progress: Progress | None,
    total: int,
) -> list[list[_Answer]]:
    """The chunks' answers in chunk order, ``finished`` giving (chunk index, answers) as each
    chunk comes back; progress is reported after each."""
    answers: list[list[_Answer]] = [[] for _ in texts]
    done = 0
    for k, chunk_answers in finished:
        answers[k] = chunk_answers
        done += len(texts[k])
        if progress is not None:
            progress(done, total)
    return answers
