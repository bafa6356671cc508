"""Bulk DD analysis: the same tables whichever solves them (this process on one thread, worker
processes, a local Dask cluster), in order, a refused deal named in its place."""

from __future__ import annotations

import json
import warnings

import pytest

from qipai.analysis import bulk, dds
from qipai.analysis.dealer import deal
from qipai.bridge.deal import Deal
from qipai.cli import main

from .test_dds_cli import GOOD_AND_BAD

# 9 distinct deals (three chunks of 4 with the next), one repeated, and a deal of 12 cards.
DEALS = deal(9, seed=7)
SHORT = Deal.parse("N:AKQJ.AKQ.AKQ.AK T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
MIXED = [*DEALS[:5], SHORT, DEALS[3], *DEALS[5:]]
CHUNK = 4
LABELS = [f"b{i}" for i in range(len(MIXED))]


@pytest.fixture(scope="module")
def reference() -> list[dds.DDTable | dds.DDSError]:
    return dds.dd_tables(MIXED, boards=LABELS, on_error="return")


def _same(got: list[dds.DDTable | dds.DDSError], want: list[dds.DDTable | dds.DDSError]) -> None:
    assert len(got) == len(want)
    for g, w, label in zip(got, want, LABELS, strict=True):
        if isinstance(w, dds.DDSError):
            assert isinstance(g, dds.DDSError) and g.board == label and g.reason == w.reason
        else:
            assert g == w


def test_one_thread_in_this_process(reference) -> None:
    seen: list[tuple[int, int]] = []
    before = dds.threads()
    got = bulk.solve(
        MIXED, LABELS, workers=1, chunk=CHUNK, progress=lambda d, t: seen.append((d, t))
    )
    _same(got, reference)
    assert dds.threads() == before
    # 9 distinct good deals and the short one: chunks of 4, 4 and 2.
    assert seen == [(4, 10), (8, 10), (10, 10)]


def test_worker_processes(reference) -> None:
    seen: list[tuple[int, int]] = []
    got = bulk.solve(
        MIXED, LABELS, workers=2, chunk=CHUNK, progress=lambda d, t: seen.append((d, t))
    )
    _same(got, reference)
    assert sorted(seen)[-1] == (10, 10) and len(seen) == 3


def test_a_local_dask_cluster(reference) -> None:
    with warnings.catch_warnings():
        # distributed warns about its own event loop and ports on start and close.
        warnings.simplefilter("ignore")
        got = bulk.solve(MIXED, LABELS, scheduler="local", workers=2, chunk=CHUNK)
    _same(got, reference)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="workers must be 1 or more"):
        bulk.solve(DEALS[:1], ["x"], workers=0)
    with pytest.raises(ValueError, match="2 board labels for 1 deals"):
        bulk.solve(DEALS[:1], ["x", "y"], workers=1)
    with pytest.raises(ValueError, match="a chunk is 1 to 40 deals, not 41"):
        bulk.solve(DEALS[:1], ["x"], workers=1, chunk=41)


def test_the_command_says_the_same_with_workers(tmp_path, capsys) -> None:
    path = tmp_path / "boards.pbn"
    path.write_text(GOOD_AND_BAD)
    assert main(["analyze", str(path), "--json"]) == 1
    alone = capsys.readouterr()
    assert main(["analyze", str(path), "--json", "--workers", "2"]) == 1
    spread = capsys.readouterr()
    assert json.loads(spread.out) == json.loads(alone.out) and len(json.loads(alone.out)) == 2
    assert spread.err == alone.err and "board 2" in spread.err


def test_the_command_answers_bad_options(tmp_path, capsys) -> None:
    path = tmp_path / "boards.pbn"
    path.write_text(GOOD_AND_BAD.split("\n\n")[0] + "\n")
    with pytest.raises(SystemExit):
        main(["analyze", str(path), "--workers", "none"])
    assert "a number of workers is 1 or more, not 'none'" in capsys.readouterr().err
    assert main(["analyze", str(path), "--dask", "tcp://127.0.0.1:9"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("qipai analyze: no Dask scheduler answers at tcp://127.0.0.1:9")
    assert "Traceback" not in err
