"""How well and how fast four level-0 robots bid: their contracts against par, double dummy.

    python bench/robots/bidding_bench.py [N=500] [--seed bidding]

Deal ``i`` is ``Deal.from_seed(f"{seed}:{i}")`` played as board ``i % 16 + 1`` (dealer and
vulnerability from the board number). Four level-0 robots bid it; the final contract is scored
double dummy (the deal's DD table gives the tricks for that declarer and strain, scored by
``qipai.bridge.contract_score``, North-South's view; a pass-out is 0) and compared with the par
score (``qipai.analysis.par``, dealer-aware).

Prints:

* IMPs from par a board, ``|imps(score - par)|`` (how far the robots land from par, whichever
  side gains), and the signed North-South ``imps(score - par)`` (about 0 by symmetry: a
  sanity check), each with a 95% interval (Student's t);
* the share of deals reaching a par strain and level (any of the par contracts; a pass-out
  counts when par is a pass-out), and of those also by the par side;
* the robots' time a call (the whole ``choose``), p50 and p95.

Nothing is asserted (least of all the times).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from qipai.analysis import par
from qipai.analysis.dds import dd_tables
from qipai.bridge import Deal, Phase, Side, contract_score, new_board
from qipai.bridge.game import BoardState
from qipai.duplicate.imps import imps
from qipai.robots import Level0Robot, play_out
from qipai.robots.match import interval


def bid(s: BoardState, robot: Level0Robot, rng: random.Random, times: list[float]) -> BoardState:
    return play_out(
        s, robot, rng, only=Phase.AUCTION, on_action=lambda _seat, _phase, dt: times.append(dt)
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("deals", nargs="?", type=int, default=500)
    ap.add_argument("--seed", default="bidding")
    args = ap.parse_args()

    robot = Level0Robot()
    times: list[float] = []
    start = time.perf_counter()
    boards = [
        bid(
            new_board(i % 16 + 1, Deal.from_seed(f"{args.seed}:{i}")),
            robot,
            random.Random(i),
            times,
        )
        for i in range(args.deals)
    ]
    bidding_s = time.perf_counter() - start
    t0 = time.perf_counter()
    tables = dd_tables(
        [s.deal for s in boards], boards=[f"{args.seed}:{i}" for i in range(args.deals)]
    )
    dd_s = time.perf_counter() - t0

    signed: list[int] = []
    distance: list[int] = []
    reached = reached_side = passed_out = par_passed = 0
    for s, table in zip(boards, tables, strict=True):
        p = par(table, s.dealer, s.vulnerability)
        contract, declarer = s.contract, s.declarer
        if contract is None or declarer is None:
            score = 0
            passed_out += 1
        else:
            tricks = table.tricks(declarer, contract.strain)
            points = contract_score(contract, tricks, s.vulnerability.is_vulnerable(declarer))
            score = points if declarer.side is Side.NS else -points
        d = imps(score - p.score)
        signed.append(d)
        distance.append(abs(d))
        if p.is_passed_out:
            par_passed += 1
            if contract is None:
                reached += 1
                reached_side += 1
        elif contract is not None and declarer is not None:
            same = [
                c
                for c in p.contracts
                if (c.contract.level, c.contract.strain) == (contract.level, contract.strain)
            ]
            if same:
                reached += 1
                if any(c.declarer.side is declarer.side for c in same):
                    reached_side += 1

    n = len(boards)
    mean, low, high = interval(distance)
    smean, slow, shigh = interval(signed)
    print(
        f"{n} deals (seeds {args.seed}:0..), bid by four level-0 robots; "
        f"{passed_out} passed out (par a pass-out on {par_passed})"
    )
    print(
        f"IMPs from par a board |imps(DD score - par)|: {mean:.2f}, 95% CI [{low:.2f}, {high:.2f}]"
    )
    print(f"NS-signed imps(DD score - par): {smean:+.2f}, 95% CI [{slow:+.2f}, {shigh:+.2f}]")
    print(
        f"reached a par strain and level: {reached}/{n} ({100 * reached / n:.1f}%), "
        f"by the par side: {reached_side}/{n} ({100 * reached_side / n:.1f}%)"
    )
    times.sort()
    p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95)]
    print(
        f"time a call: p50 {p50 * 1e3:.2f} ms, p95 {p95 * 1e3:.2f} ms, "
        f"mean {statistics.fmean(times) * 1e3:.2f} ms ({len(times)} calls, {bidding_s:.0f} s); "
        f"DD tables {dd_s:.0f} s ({dd_s / n * 1e3:.0f} ms a deal)"
    )


if __name__ == "__main__":
    main()
