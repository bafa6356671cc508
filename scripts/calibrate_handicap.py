"""Derive the calibrated 贴点 expectation table from double-dummy par over random deals.

For each deal (dealt from a seed, board numbers cycling 1..16 so dealers and vulnerabilities are
equally represented) we compute the DD table and DDS's dealer-aware par score. Each deal gives
two observations: North-South's par score at NS's combined HCP and vulnerability, and East-West's
(the negation) at EW's. The table holds, for each (HCP 0..40, vulnerable or not), the mean par
score of a side holding that many HCP at that vulnerability.

Sparse cells (the extremes: a side rarely holds under 8 or over 32 HCP) are smoothed: the table
is made non-decreasing in HCP (pool-adjacent-violators, weighted by counts), and cells with
fewer than MIN_COUNT observations take the value of the nearest cell that has enough.

Run: ``python scripts/calibrate_handicap.py --deals 100000 --seed 1`` (writes
``src/qipai/duplicate/data/handicap_expectation.json``). Reproducible: same seed, same table.
It takes hours on two cores (a full DD table costs ~0.15-0.3 s), so the output file also keeps
the running sums and the number of deals done, written after every chunk, and ``--resume``
carries on from there (deal i is always the same deal, so a resumed run equals a single one).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from qipai.analysis.dds import dd_tables
from qipai.analysis.par import par
from qipai.bridge import Deal, Seat, Side, dealer_of, vulnerability_of

OUT = Path(__file__).parents[1] / "src/qipai/duplicate/data/handicap_expectation.json"
MIN_COUNT = 50
CHUNK = 2000


def isotonic(values: list[float], weights: list[float]) -> list[float]:
    """Weighted least-squares non-decreasing fit (pool adjacent violators)."""
    blocks: list[list[float]] = []  # [mean, weight, size]
    for v, w in zip(values, weights, strict=True):
        blocks.append([v, w, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            v2, w2, n2 = blocks.pop()
            v1, w1, n1 = blocks.pop()
            total = w1 + w2
            mean = (v1 * w1 + v2 * w2) / total if total else (v1 + v2) / 2
            blocks.append([mean, total, n1 + n2])
    fitted: list[float] = []
    for mean, _, size in blocks:
        fitted.extend([mean] * int(size))
    return fitted


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100_000)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--resume", action="store_true", help="carry on from --out's running sums")
    ap.add_argument("--chunk", type=int, default=CHUNK)
    args = ap.parse_args()

    sums = {(h, v): 0.0 for h in range(41) for v in (False, True)}
    counts = {(h, v): 0 for h in range(41) for v in (False, True)}
    first = 0
    if args.resume and args.out.exists():
        old = json.loads(args.out.read_text())
        if str(old["seed"]) != str(args.seed):
            raise SystemExit(f"{args.out} was made with seed {old['seed']}, not {args.seed}")
        first = int(old["deals"])
        for cell in old["table"].values():
            k = (int(cell["hcp"]), bool(cell["vulnerable"]))
            sums[k] = float(cell["sum"])
            counts[k] = int(cell["count"])
    started = time.monotonic()
    for start in range(first, args.deals, args.chunk):
        numbers = range(start, min(start + args.chunk, args.deals))
        deals = [Deal.from_seed(f"handicap:{args.seed}:{i}") for i in numbers]
        for i, deal, table in zip(numbers, deals, dd_tables(deals), strict=True):
            board = i % 16 + 1
            vul = vulnerability_of(board)
            ns = par(table, dealer_of(board), vul).score
            hcp_ns = deal[Seat.NORTH].hcp + deal[Seat.SOUTH].hcp
            for side, hcp, points in ((Side.NS, hcp_ns, ns), (Side.EW, 40 - hcp_ns, -ns)):
                key = (hcp, vul.is_vulnerable(side))
                sums[key] += points
                counts[key] += 1
        done = numbers.stop
        rate = (done - first) / (time.monotonic() - started)
        print(f"{done}/{args.deals} deals, {rate:.1f}/s", file=sys.stderr, flush=True)
        write(args, done, sums, counts)
    return 0


def write(
    args: argparse.Namespace,
    done: int,
    sums: dict[tuple[int, bool], float],
    counts: dict[tuple[int, bool], int],
) -> None:
    table: dict[str, dict[str, float | int]] = {}
    for vulnerable in (False, True):
        hcps = list(range(41))
        raw = [
            sums[h, vulnerable] / counts[h, vulnerable] if counts[h, vulnerable] else 0.0
            for h in hcps
        ]
        weights = [float(counts[h, vulnerable]) for h in hcps]
        fitted = isotonic(raw, weights)
        least = MIN_COUNT if done >= 10_000 else 1
        enough = [h for h in hcps if counts[h, vulnerable] >= least]
        for h in hcps:
            nearest = min(enough, key=lambda e: abs(e - h))
            key = f"{h}{'v' if vulnerable else 'n'}"
            table[key] = {
                "hcp": h,
                "vulnerable": vulnerable,
                "count": counts[h, vulnerable],
                "sum": sums[h, vulnerable],
                "raw_mean": round(raw[h], 1),
                "expected": round(fitted[nearest], 1),
            }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "method": "mean DD par score (DDS dealer-aware par) of a side by its HCP and vulnerability",
        "deals": done,
        "seed": args.seed,
        "min_count": MIN_COUNT,
        "table": table,
    }
    tmp = args.out.with_suffix(".tmp")
    tmp.write_text(json.dumps(payload, indent=1, ensure_ascii=False) + "\n")
    tmp.replace(args.out)


if __name__ == "__main__":
    sys.exit(main())
