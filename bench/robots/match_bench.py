"""A duplicate match: level-1 robots (team A) against level-0 robots (team B).

    python bench/robots/match_bench.py [BOARDS] [--level L] [--scoring imp|mp|tricks]
                                       [--seed S] [--first I]

The match itself is ``qipai.robots.match.play_match`` (also ``qipai robots match``): deal ``i``
is ``Deal.from_seed(f"{S}:{i}")`` (seed ``match`` by default) played as board ``i % 16 + 1``, at
two tables: A sits North-South at table 1 and East-West at table 2. Both tables are bid by
level 0 (the level-1 robot bids as level 0), so both reach the same contract and only the card
play differs. A's result on a board is the IMPs of table 1's North-South score less table 2's.
Prints A's IMPs a board with a 95% confidence interval (Student's t), how A did as declarer and
as defender, the level-1 robot's time a card, and how long 300 boards would take at this pace.
Nothing is asserted.

The issue's target: at least 300 boards with A ahead and the interval above 0.
"""

from __future__ import annotations

import argparse
import statistics
import time

from qipai.bridge import Side
from qipai.robots import Level0Robot
from qipai.robots.match import BoardResult, interval, play_match
from qipai.robots.montecarlo import MonteCarloRobot


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("boards", nargs="?", type=int, default=300)
    ap.add_argument("--level", type=int, default=1)
    ap.add_argument("--scoring", default="imp", choices=["imp", "mp", "tricks"])
    ap.add_argument("--seed", default="match", help="the match seed (match)")
    ap.add_argument("--first", type=int, default=0, help="first board's deal index")
    args = ap.parse_args()

    times: list[float] = []
    results: list[int] = []

    def on_card(side: Side, seconds: float) -> None:
        if side is Side.NS:  # A's calls, at both tables
            times.append(seconds)

    def on_board(b: BoardResult) -> None:
        results.append(b.imps)
        if len(results) % 10 == 0:
            print(f"  {len(results)} boards: {statistics.fmean(results):+.2f} IMPs a board so far")

    start = time.perf_counter()
    m = play_match(
        MonteCarloRobot(args.level, scoring=args.scoring),
        Level0Robot(),
        deals=args.boards,
        seed=args.seed,
        first=args.first,
        on_board=on_board,
        on_card=on_card,
    )
    elapsed = time.perf_counter() - start
    n = len(m.boards)
    imps_ = [b.imps for b in m.boards]
    mean, low, high = interval(imps_)
    sd = statistics.stdev(imps_) if n > 1 else 0.0
    passed = sum(b.table1.contract is None for b in m.boards)
    print(f"{n} boards (seeds {args.seed}:{args.first}..), {passed} passed out")
    print(
        f"level {args.level} ({args.scoring}) vs level 0: {mean:+.2f} IMPs a board, "
        f"95% CI [{low:+.2f}, {high:+.2f}] (sd {sd:.2f}); "
        f"total {m.total:+d} IMPs; won {sum(r > 0 for r in imps_)}, "
        f"lost {sum(r < 0 for r in imps_)}, tied {sum(r == 0 for r in imps_)}"
    )
    # A as declarer: tricks more than B took as declarer in the same contract.
    declaring: list[int] = []
    for b in m.boards:
        if b.table1.declarer is None:
            continue
        a_table, b_table = (
            (b.table1, b.table2) if b.table1.declarer.side is Side.NS else (b.table2, b.table1)
        )
        assert a_table.tricks is not None and b_table.tricks is not None
        declaring.append(a_table.tricks - b_table.tricks)
    if declaring:
        d = statistics.fmean(declaring)
        print(
            f"declarer play: level {args.level} took {d:+.3f} tricks a board more than level 0 "
            f"in the same contract (level {args.level} defending the other table)"
        )
    if times:
        times.sort()
        p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95)]
        print(
            f"level {args.level} card time: mean {statistics.fmean(times) * 1e3:.0f} ms, "
            f"p50 {p50 * 1e3:.0f} ms, p95 {p95 * 1e3:.0f} ms, max {times[-1] * 1e3:.0f} ms "
            f"({len(times)} cards)"
        )
    print(
        f"{elapsed:.0f} s in all, {elapsed / n:.1f} s a board: 300 boards would take about "
        f"{elapsed / n * 300 / 60:.0f} min here"
    )


if __name__ == "__main__":
    main()
