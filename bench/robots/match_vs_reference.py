"""A duplicate match with bidding and play: today's level 1 against the frozen level 1 of commit
74e2cfe (``bench/robots/reference/``), each table bid and played by the robots sitting there.

    python bench/robots/match_vs_reference.py [BOARDS=100] [--seed ref] [--first I]
        [--system natural|precision] [--against reference|natural]

Deal ``i`` is ``Deal.from_seed(f"{seed}:{i}")`` as board ``i % 16 + 1``; the new robot sits
North-South at table 1 and East-West at table 2 (``qipai.robots.match.play_match`` with
``own_bidding=True``). Prints the new robot's IMPs a board with a 95% interval (Student's t),
the boards where the two tables' contracts differed, and the time a call and a card. Both
robots play the cards the same way (level 1's Monte-Carlo double dummy, one second a card),
so the difference is mostly the bidding. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from qipai.bridge import Side
from qipai.robots import builtin_system, natural
from qipai.robots.base import Robot
from qipai.robots.match import BoardResult, interval, play_match
from qipai.robots.montecarlo import MonteCarloRobot

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reference import level1_74e2cfe as frozen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("boards", nargs="?", type=int, default=100)
    ap.add_argument("--seed", default="ref")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--system", default="natural")
    ap.add_argument("--against", default="reference", choices=["reference", "natural"])
    args = ap.parse_args()

    system = builtin_system(args.system)
    other = natural() if args.against == "natural" else None
    new = MonteCarloRobot(1, system, opponents=other if other is not system else None)
    ref: Robot
    if args.against == "reference":
        ref = frozen.robot_for(1)
    else:
        ref = MonteCarloRobot(1, natural(), opponents=system if system is not natural() else None)
    results: list[int] = []
    times: list[float] = []

    def on_card(side: Side, seconds: float) -> None:
        if side is Side.NS:
            times.append(seconds)

    def on_board(b: BoardResult) -> None:
        results.append(b.imps)
        if len(results) % 10 == 0:
            m, lo, hi = interval(results)
            print(f"  {len(results)} boards: {m:+.2f} [{lo:+.2f}, {hi:+.2f}]", flush=True)

    start = time.perf_counter()
    m = play_match(
        new,
        ref,
        deals=args.boards,
        seed=args.seed,
        first=args.first,
        on_board=on_board,
        on_card=on_card,
        own_bidding=True,
    )
    elapsed = time.perf_counter() - start
    imps_ = [b.imps for b in m.boards]
    mean, low, high = interval(imps_)
    differ = [
        b
        for b in m.boards
        if (b.table1.contract, b.table1.declarer) != (b.table2.contract, b.table2.declarer)
    ]
    print(
        f"{len(m.boards)} boards ({args.seed}:{args.first}..): level 1 {args.system} vs "
        f"{'frozen reference (74e2cfe)' if args.against == 'reference' else 'level 1 natural'}: "
        f"{mean:+.2f} IMPs a board, 95% CI [{low:+.2f}, {high:+.2f}]; total {m.total:+d}; "
        f"contracts differed on {len(differ)} boards, "
        f"on which {sum(b.imps for b in differ):+d} IMPs"
    )
    if times:
        times.sort()
        print(
            f"new robot's time a card: p50 {times[len(times) // 2] * 1e3:.0f} "
            f"ms, p95 {times[int(len(times) * 0.95)] * 1e3:.0f} ms, max {times[-1] * 1e3:.0f} ms, "
            f"mean {statistics.fmean(times) * 1e3:.0f} ms ({len(times)}); simulated calls "
            f"{new.simulated_calls}"
        )
    print(f"{elapsed:.0f} s in all, {elapsed / max(1, len(m.boards)):.1f} s a board")


if __name__ == "__main__":
    main()
