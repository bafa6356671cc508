"""DDS throughput and latency: ``python bench/dds_bench.py [--deals 200] [--boards 10]``.

1. DD tables per second for the same random deals (``Deal.from_seed(i)``) through our batch API
   (``qipai.analysis.dd_tables``) and through raw endplay ``calc_all_tables`` in chunks of 40, in
   the same run; prints the ratio ours / raw (the goal is at least 0.95).
2. ``solve`` latency during play, by trick number (p50 / p95 / max), over random playouts
   (random legal cards) of a few boards.

Prints figures only; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from endplay.dds import calc_all_tables
from endplay.types import Deal as EndplayDeal

from qipai.analysis.dds import MAX_TABLES_PER_CALL, dd_table, dd_tables, dds_info
from qipai.analysis.solve import solve
from qipai.bridge import (
    Deal,
    MakeCall,
    PlayCard,
    Seat,
    Strain,
    apply,
    legal_cards,
    new_board,
    parse_call,
)


def tables_per_second(n: int) -> None:
    """Both ways over the same chunks of 40 deals, alternating which goes first (ABBA), so a
    change in the machine's load during the run falls on both alike."""
    deals = [Deal.from_seed(i) for i in range(n)]
    raw_deals = [EndplayDeal(d.pbn()) for d in deals]
    dd_table(Deal.from_seed("warm-up"))  # let DDS allocate its memory before timing

    raw_s = ours_s = 0.0
    raw: list[list[list[int]]] = []
    ours = []
    for k, i in enumerate(range(0, n, MAX_TABLES_PER_CALL)):
        chunk, raw_chunk = (
            deals[i : i + MAX_TABLES_PER_CALL],
            raw_deals[i : i + MAX_TABLES_PER_CALL],
        )
        for which in ("raw", "ours") if k % 2 == 0 else ("ours", "raw"):
            t = time.perf_counter()
            if which == "raw":
                tables = calc_all_tables(raw_chunk)
                raw.extend(tables[j].to_list() for j in range(len(tables)))
                raw_s += time.perf_counter() - t
            else:
                ours.extend(dd_tables(chunk))
                ours_s += time.perf_counter() - t

    # endplay's to_list(): [denom S, H, D, C, NT][player N, E, S, W]
    order = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
    same = all(
        [[o.tricks(seat, s) for seat in Seat] for s in order] == r
        for o, r in zip(ours, raw, strict=True)
    )
    print(f"DD tables, {n} random deals (Deal.from_seed(0..{n - 1})), chunks of 40, alternating:")
    print(f"  raw endplay calc_all_tables  {raw_s:7.2f} s  {n / raw_s:7.1f} tables/s")
    print(f"  qipai dd_tables              {ours_s:7.2f} s  {n / ours_s:7.1f} tables/s")
    print(f"  ratio ours/raw (throughput)  {raw_s / ours_s:7.3f}   (goal >= 0.95)")
    print(f"  same answers: {same}")


def _percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(q * (len(values) - 1))))
    return values[k]


def solve_latency(boards: int) -> None:
    by_trick: dict[int, list[float]] = {t: [] for t in range(1, 14)}
    auctions = ["1NT P P P", "1S P 4S P P P", "P 1H P 2H P P P", "1D P 3NT P P P"]
    for b in range(boards):
        rng = random.Random(b)
        s = new_board(b + 1, Deal.from_seed(f"bench-play-{b}"))
        for call in auctions[b % len(auctions)].split():
            s = apply(s, MakeCall(parse_call(call)))
        while len(s.played) < 52:
            trick = len(s.played) // 4 + 1
            t = time.perf_counter()
            solve(s)
            by_trick[trick].append(time.perf_counter() - t)
            s = apply(s, PlayCard(rng.choice(legal_cards(s))))
    print(f"solve() latency by trick, {boards} random playouts (every card position), ms:")
    print("  trick   p50     p95     max")
    for trick, times in by_trick.items():
        ms = [x * 1000 for x in times]
        print(
            f"  {trick:>5} {_percentile(ms, 0.5):7.2f} {_percentile(ms, 0.95):7.2f} {max(ms):7.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals for the table benchmark")
    parser.add_argument("--boards", type=int, default=10, help="boards played out for latency")
    args = parser.parse_args()
    info = dds_info()
    print(f"DDS {info['version']}: {info['threads']} threads on {info['cores']} cores")
    tables_per_second(args.deals)
    solve_latency(args.boards)


if __name__ == "__main__":
    main()
