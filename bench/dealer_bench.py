"""Accepted deals per second: qipai's vectorised dealer against endplay's, in the same run.

Run ``python bench/dealer_bench.py``. endplay deals a smaller count (it is pure Python); the
ratios compare rates. Reports only; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from qipai.analysis.dealer import DealSampler, deal, deal_array
from qipai.bridge.cards import Seat

NOTRUMP = "hcp(north)>=15 && hcp(north)<=17 && shape(north, any 4333 + any 4432 + any 5332)"


def rate(count: int, run: Callable[[], object]) -> float:
    """Items per second of one call producing ``count`` items."""
    start = time.perf_counter()
    run()
    return count / (time.perf_counter() - start)


def endplay_rate(count: int, *constraints: str) -> float:
    from endplay.dealer import generate_deals

    def run() -> None:
        found = list(generate_deals(*constraints, produce=count, seed=1, max_attempts=-1))
        assert len(found) == count

    return rate(count, run)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every count")
    scale = parser.parse_args().scale

    def n(k: int) -> int:
        return max(1, int(k * scale))

    print("qipai dealer vs endplay.dealer.generate_deals (accepted deals per second)")
    cases = [
        ("unconstrained", None, n(2_000), n(200_000)),
        ("1NT opener", NOTRUMP, n(200), n(200_000)),
    ]
    for name, where, ep_count, our_count in cases:
        ep = endplay_rate(ep_count, *([where] if where else []))
        arrays = rate(our_count, lambda w=where, c=our_count: deal_array(c, seed=1, where=w))
        values = rate(our_count // 10, lambda w=where, c=our_count // 10: deal(c, seed=2, where=w))
        print(f"\n{name}:")
        print(f"  endplay             {ep:>12,.0f} /s  ({ep_count:,} deals)")
        print(f"  qipai arrays        {arrays:>12,.0f} /s  ({our_count:,})  x{arrays / ep:,.0f}")
        print(
            f"  qipai Deal values   {values:>12,.0f} /s  ({our_count // 10:,})  x{values / ep:,.0f}"
        )

    # Robots: many small samples with half the deck known (their hand and dummy's).
    calls, size = n(500), 50
    known = {Seat.SOUTH: "AKQ2.K93.QJ4.T65", Seat.NORTH: "J43.AQ5.K72.A843"}
    sampler = DealSampler("hcp(west) >= 6 && hearts(west) >= 4", predeal=known, seed=3)
    per_call = 1 / rate(calls, lambda: [sampler.sample(size) for _ in range(calls)])
    print(f"\nrobot sampling: {calls:,} calls of {size} deals with 26 cards known and a")
    print(
        f"condition on West: {per_call * 1e6:,.0f} us a call, acceptance {sampler.acceptance:.2f}"
    )


if __name__ == "__main__":
    main()
