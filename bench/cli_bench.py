"""The command line as a user meets it: whole processes, timed from the outside.

* ``qipai --help`` and ``qipai score 4HX 8 --vulnerable``: the minimum and median of several
  runs, against a bare ``python -c pass`` started the same way (the interpreter's own start).
* ``qipai deal -n 50000`` with a 1NT opener's condition, end to end (process, dealing, PBN text
  written to a file), against endplay's dealer per accepted deal, measured in the same run.

Run ``python bench/cli_bench.py [--runs N] [--deals N]``. Reports only; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NOTRUMP = "hcp(north)>=15 && hcp(north)<=17 && shape(north, any 4333 + any 4432 + any 5332)"
QIPAI = [sys.executable, "-m", "qipai.cli"]


def wall(argv: list[str], out: object = subprocess.DEVNULL) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=out, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def runs(argv: list[str], n: int) -> tuple[float, float]:
    times = [wall(argv) for _ in range(n)]
    return min(times), statistics.median(times)


def endplay_per_deal(count: int) -> float:
    """Seconds per accepted deal of endplay's (pure Python) dealer on the same condition."""
    from endplay.dealer import generate_deals

    start = time.perf_counter()
    found = list(generate_deals(NOTRUMP, produce=count, seed=1, max_attempts=-1))
    assert len(found) == count
    return (time.perf_counter() - start) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7, help="runs of each short command (7)")
    parser.add_argument("--deals", type=int, default=50_000, help="deals for qipai deal (50000)")
    args = parser.parse_args()
    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")

    print("qipai commands as whole processes (seconds: min / median)")
    base_min, base_med = runs([sys.executable, "-c", "pass"], args.runs)
    print(f"  python -c pass                 {base_min:6.3f} / {base_med:6.3f}  (reference)")
    for name, argv in [
        ("qipai --help", [*QIPAI, "--help"]),
        ("qipai score 4HX 8 --vulnerable", [*QIPAI, "score", "4HX", "8", "--vulnerable"]),
    ]:
        lo, med = runs(argv, args.runs)
        print(f"  {name:<30} {lo:6.3f} / {med:6.3f}  x{med / base_med:.1f} of the reference")

    ep = endplay_per_deal(200)
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "deals.pbn"
        with target.open("w") as out:
            argv = [*QIPAI, "deal", "-n", str(args.deals), "--seed", "1", "--where", NOTRUMP]
            ours = wall(argv, out)
        size = target.stat().st_size
    per = ours / args.deals
    print(f"\nqipai deal -n {args.deals:,} --where <1NT opener> --format pbn, end to end")
    print(f"  endplay dealer      {ep * 1e3:8.3f} ms an accepted deal (200 deals)")
    print(f"  qipai deal          {per * 1e3:8.3f} ms a deal  ({ours:.2f} s, {size:,} bytes)")
    print(f"  ratio               x{ep / per:,.0f} (goal: 100 or more)")


if __name__ == "__main__":
    main()
