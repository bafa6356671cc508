"""Bulk DD analysis of a real archive: ``python bench/analyze_bench.py [--boards 400]``.

Solves the distinct deals of endplay's example3 (3,816 boards of world and US championship
matches, in ../shared/data) four ways in the same run and prints the time of each and its
speed-up over the first, the reference:

1. one worker: this process, DDS on one thread (``--workers 1``);
2. DDS's own threads on every core (``qipai analyze``'s default);
3. one worker process per core, DDS on one thread each (``--workers N``);
4. a local Dask cluster of one worker process per core (``--dask local``), started and
   stopped inside the timing (its start-up is part of what a user waits for).

Every way must give the same tables (checked). Prints figures only; asserts nothing on time.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from qipai.analysis import bulk  # noqa: E402
from qipai.formats import read_file  # noqa: E402

EXAMPLE3 = ROOT.parent / "shared/data/bridge/pbn/endplay_example3.pbn"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=400, help="distinct deals to solve (0: all)")
    args = parser.parse_args()
    if not EXAMPLE3.exists():
        print(f"skipped: {EXAMPLE3} is not here")
        return 0
    deals = list(dict.fromkeys(r.deal for r in read_file(EXAMPLE3) if r.deal.is_complete))
    if args.boards:
        deals = deals[: args.boards]
    labels = list(range(1, len(deals) + 1))
    cores = os.cpu_count() or 1
    print(f"{len(deals)} distinct deals of {EXAMPLE3.name}, {cores} cores")

    ways: list[tuple[str, dict[str, object]]] = [
        ("one worker (reference)", {"workers": 1}),
        ("DDS threads, every core", {}),
        (f"{cores} worker processes", {"workers": cores}),
        (f"local Dask, {cores} workers", {"scheduler": "local", "workers": cores}),
    ]
    first: list[object] | None = None
    reference = 0.0
    for name, options in ways:
        start = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tables = bulk.solve(deals, labels, **options)  # type: ignore[arg-type]
        seconds = time.perf_counter() - start
        if first is None:
            first, reference = list(tables), seconds
        elif list(tables) != first:
            print(f"{name}: the tables differ from the reference's")
            return 1
        print(
            f"{name:<28} {seconds:8.2f} s  {len(deals) / seconds:7.1f} deals/s  "
            f"x{reference / seconds:.2f} the reference"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
