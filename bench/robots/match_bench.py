"""A duplicate match: level-1 robots (team A) against level-0 robots (team B).

    python bench/robots/match_bench.py [BOARDS] [--level L] [--scoring imp|mp|tricks]

Each board (seeded deals ``match-0``, ``match-1``, ...; dealer and vulnerability from the board
number) is played at two tables: A sits North-South at table 1 and East-West at table 2. Both
tables are bid by level 0 (the level-1 robot bids as level 0), so both reach the same contract
and only the card play differs. A's result on a board is the IMPs of table 1's North-South score
less table 2's. Prints A's IMPs a board with a 95% confidence interval (normal approximation,
mean +- 1.96 standard errors), how A did as declarer and as defender, the level-1 robot's time a
card, and how long 300 boards would take at this pace. Nothing is asserted.

The issue's target: at least 300 boards with A ahead and the interval above 0.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from qipai.bridge import Deal, Phase, Seat, Side, apply, new_board, view
from qipai.bridge.game import BoardState
from qipai.duplicate.imps import imps
from qipai.robots import Level0Robot, Robot
from qipai.robots.montecarlo import MonteCarloRobot


def acting(s: BoardState) -> Seat:
    seat = s.turn
    assert seat is not None
    if s.phase is Phase.PLAY and seat == s.dummy and s.declarer is not None:
        return s.declarer
    return seat


def bid(s: BoardState, robot: Robot, rng: random.Random) -> BoardState:
    while s.phase is Phase.AUCTION:
        s = apply(s, robot.choose(view(s, acting(s)), rng)[0].action)
    return s


def play(
    s: BoardState, robots: dict[Side, Robot], rng: random.Random, times: list[float], timed: Side
) -> BoardState:
    while s.phase is Phase.PLAY:
        seat = acting(s)
        v = view(s, seat)
        t0 = time.perf_counter()
        action = robots[seat.side].choose(v, rng)[0].action
        if seat.side is timed:
            times.append(time.perf_counter() - t0)
        s = apply(s, action)
    return s


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("boards", nargs="?", type=int, default=300)
    ap.add_argument("--level", type=int, default=1)
    ap.add_argument("--scoring", default="imp", choices=["imp", "mp", "tricks"])
    ap.add_argument("--first", type=int, default=0, help="first board's seed index")
    args = ap.parse_args()

    a_robot = MonteCarloRobot(args.level, scoring=args.scoring)
    b_robot = Level0Robot()
    results: list[int] = []
    declaring: list[int] = []  # A as declarer: tricks more than B took as declarer
    passed = 0
    times: list[float] = []
    start = time.perf_counter()
    for i in range(args.first, args.first + args.boards):
        s0 = new_board(i % 16 + 1, Deal.from_seed(f"match-{i}"))
        s0 = bid(s0, b_robot, random.Random(i))
        if s0.phase is Phase.DONE:
            passed += 1
            results.append(0)
            continue
        t1 = play(s0, {Side.NS: a_robot, Side.EW: b_robot}, random.Random(i), times, Side.NS)
        t2 = play(s0, {Side.NS: b_robot, Side.EW: a_robot}, random.Random(i), times, Side.EW)
        assert t1.score_ns is not None and t2.score_ns is not None
        results.append(imps(t1.score_ns - t2.score_ns))
        assert s0.declarer is not None and t1.declarer_tricks is not None
        assert t2.declarer_tricks is not None
        # The table where A declared against the one where B did.
        a_table, b_table = (t1, t2) if s0.declarer.side is Side.NS else (t2, t1)
        assert a_table.declarer_tricks is not None and b_table.declarer_tricks is not None
        declaring.append(a_table.declarer_tricks - b_table.declarer_tricks)
        n = len(results)
        if n % 10 == 0:
            mean = statistics.fmean(results)
            print(f"  {n} boards: {mean:+.2f} IMPs a board so far", flush=True)
    elapsed = time.perf_counter() - start
    n = len(results)
    mean = statistics.fmean(results)
    sd = statistics.stdev(results) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else float("inf")
    print(f"{n} boards (seeds match-{args.first}..), {passed} passed out")
    print(
        f"level {args.level} ({args.scoring}) vs level 0: {mean:+.2f} IMPs a board, "
        f"95% CI [{mean - half:+.2f}, {mean + half:+.2f}] (sd {sd:.2f}); "
        f"total {sum(results):+d} IMPs; won {sum(r > 0 for r in results)}, "
        f"lost {sum(r < 0 for r in results)}, tied {sum(r == 0 for r in results)}"
    )
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
