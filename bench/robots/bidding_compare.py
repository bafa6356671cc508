"""Bidding, before and after: a robot against the frozen reference, every contract scored double
dummy, on the same fixed deals in one run.

    python bench/robots/bidding_compare.py [N=200] [--seed bidding] [--level 1]
        [--system natural|precision] [--against reference|natural] [--samples K] [--first I]

Deal ``i`` is ``Deal.from_seed(f"{seed}:{i}")`` played as board ``i % 16 + 1``. Each deal is bid
four times:

* by four copies of the robot under test ("new": ``robot_for(level, system)``),
* by four copies of the reference (``reference``: the frozen robots of commit 74e2cfe in
  ``bench/robots/reference/``; ``natural``: today's level 1 with the natural system, for
  Precision vs natural),
* at two tables of a duplicate match: new North-South and reference East-West at table 1,
  the other way round at table 2.

Every final contract is scored at its double-dummy tricks (the deal's DD table, Law 77 score,
North-South's view; a pass-out is 0), as the issue scored "the contracts alone". Prints:

* IMPs from par a board (``|imps(DD score - par)|``) for the new and the reference bidding,
  each with a 95% interval, and the new-minus-reference difference deal by deal (paired);
* the share of deals reaching a par strain and level (95% interval);
* on deals where a side holds 25+ HCP together: the share where it bid game, and the share
  where game makes double dummy; 33+ HCP: the same for slam;
* the duplicate match: the new robot's IMPs a board with a 95% interval (contracts at DD
  tricks);
* the new robot's time a call, p50 / p95 / max, and how many calls it simulated.

Nothing is asserted. ``--samples`` fixes the deals the simulation samples (a quicker run);
``--where EXPR`` bids only deals meeting a dealer expression (for the slam figures, strong
deals are rare: ``--where 'hcp(north) + hcp(south) >= 31'``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from qipai.analysis import par
from qipai.analysis.dds import DDTable, dd_tables
from qipai.analysis.dealer import deal
from qipai.bridge import Deal, Phase, Seat, Side, Strain, contract_score, new_board
from qipai.bridge.game import BoardState
from qipai.duplicate.imps import imps
from qipai.robots import builtin_system, natural, play_out, robot_for
from qipai.robots.base import Robot
from qipai.robots.match import interval
from qipai.robots.montecarlo import MonteCarloRobot

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reference import level1_74e2cfe as frozen

GAME = {Strain.CLUBS: 5, Strain.DIAMONDS: 5, Strain.HEARTS: 4, Strain.SPADES: 4, Strain.NOTRUMP: 3}


def bid(
    s: BoardState,
    robots: dict[Side, Robot],
    rng: random.Random,
    on_call: Callable[[Side, float], None] | None = None,
) -> BoardState:
    timed = None if on_call is None else lambda seat, _phase, dt: on_call(seat.side, dt)
    return play_out(s, robots, rng, only=Phase.AUCTION, on_action=timed)


CACHE = Path(os.environ.get("QIPAI_DD_CACHE", "/tmp/qipai-bench-dd.json"))


def cached_tables(deals: list[Deal], labels: list[str]) -> list[DDTable]:
    """DD tables, kept in ``$QIPAI_DD_CACHE`` (by the deal's PBN) across runs: a table takes
    a second or more on two busy cores, and before/after runs use the same deals."""
    kept: dict[str, str] = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    todo = [k for k, d in enumerate(deals) if str(d) not in kept]
    if todo:
        solved = dd_tables([deals[k] for k in todo], boards=[labels[k] for k in todo])
        for k, t in zip(todo, solved, strict=True):
            kept[str(deals[k])] = t.pbn()
        CACHE.write_text(json.dumps(kept))
    return [DDTable.parse(kept[str(d)]) for d in deals]


def dd_score(s: BoardState, table: DDTable) -> int:
    contract, declarer = s.contract, s.declarer
    if contract is None or declarer is None:
        return 0
    points = contract_score(
        contract, table.tricks(declarer, contract.strain), s.vulnerability.is_vulnerable(declarer)
    )
    return points if declarer.side is Side.NS else -points


def reached_par(s: BoardState, table: DDTable) -> bool:
    p = par(table, s.dealer, s.vulnerability)
    if p.is_passed_out:
        return s.contract is None
    c = s.contract
    return c is not None and any(
        (pc.contract.level, pc.contract.strain) == (c.level, c.strain) for pc in p.contracts
    )


def share(k: int, n: int) -> str:
    """``k/n (p%, 95% CI lo-hi%)`` by Wilson's interval."""
    if n == 0:
        return "0/0"
    z, p = 1.96, k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{k}/{n} ({100 * p:.0f}%, 95% CI {100 * (mid - half):.0f}-{100 * (mid + half):.0f}%)"


def side_hcp(deal: Deal, side: Side) -> int:
    return sum(deal[s].hcp for s in Seat if s.side is side)


def best_makes(table: DDTable, side: Side, level_of: Callable[[Strain], int]) -> bool:
    return any(
        table.tricks(s, strain) >= 6 + level_of(strain)
        for s in Seat
        if s.side is side
        for strain in Strain
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("deals", nargs="?", type=int, default=200)
    ap.add_argument("--seed", default="bidding")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--level", type=int, default=1)
    ap.add_argument("--system", default="natural")
    ap.add_argument("--against", default="reference", choices=["reference", "natural"])
    ap.add_argument("--samples", type=int, default=None)
    ap.add_argument(
        "--where",
        default=None,
        help="deal only deals meeting this dealer expression, e.g. "
        "'hcp(north) + hcp(south) >= 31' (the deals then come from the seeded dealer)",
    )
    args = ap.parse_args()

    system = builtin_system(args.system)
    new: Robot = robot_for(args.level, system)
    if args.samples is not None and args.level > 0:
        new = MonteCarloRobot(args.level, system, samples=args.samples)
    ref: Robot = frozen.Level0Robot() if args.against == "reference" else robot_for(args.level)
    # At the match's tables, each side reads the other's calls by the other's system.
    new_vs, ref_vs = new, ref
    if args.against == "natural" and system is not natural():
        new_vs = robot_for(args.level, system, opponents=natural())
        ref_vs = robot_for(args.level, natural(), opponents=system)
    times: list[float] = []

    def timed(side: Side, seconds: float) -> None:
        times.append(seconds)

    def on_t1(side: Side, seconds: float) -> None:
        if side is Side.NS:
            times.append(seconds)

    def on_t2(side: Side, seconds: float) -> None:
        if side is Side.EW:
            times.append(seconds)

    idx = range(args.first, args.first + args.deals)
    if args.where:
        seed = int.from_bytes(args.seed.encode()[:8], "big")
        deals = deal(args.first + args.deals, seed=seed, where=args.where)[args.first :]
    else:
        deals = [Deal.from_seed(f"{args.seed}:{i}") for i in idx]
    start = time.perf_counter()
    tables = cached_tables(deals, [f"{args.seed}:{i}" for i in idx])
    dd_s = time.perf_counter() - start
    rows = []
    for k, (i, d) in enumerate(zip(idx, deals, strict=True)):
        board = new_board(i % 16 + 1, d)
        key = f"{args.seed}:{i}"
        a4 = bid(board, {Side.NS: new, Side.EW: new}, random.Random(key), timed)
        r4 = bid(board, {Side.NS: ref, Side.EW: ref}, random.Random(key))
        t1 = bid(board, {Side.NS: new_vs, Side.EW: ref_vs}, random.Random(key), on_t1)
        t2 = bid(board, {Side.NS: ref_vs, Side.EW: new_vs}, random.Random(key), on_t2)
        rows.append((board, a4, r4, t1, t2))
        if (k + 1) % 50 == 0:
            print(f"  {k + 1} deals bid, {time.perf_counter() - start:.0f} s", flush=True)
    elapsed = time.perf_counter() - start

    n = len(rows)
    d_new, d_ref, paired, match = [], [], [], []
    par_new = par_ref = 0
    games: dict[str, list[int]] = {"new": [0, 0], "ref": [0, 0]}
    slams: dict[str, list[int]] = {"new": [0, 0], "ref": [0, 0]}
    game_deals = slam_deals = game_makes = slam_makes = 0
    passed = [0, 0]
    for (board, a4, r4, t1, t2), table in zip(rows, tables, strict=True):
        p = par(table, board.dealer, board.vulnerability).score
        sa, sr = dd_score(a4, table), dd_score(r4, table)
        da, dr = abs(imps(sa - p)), abs(imps(sr - p))
        d_new.append(da)
        d_ref.append(dr)
        paired.append(da - dr)
        par_new += reached_par(a4, table)
        par_ref += reached_par(r4, table)
        passed[0] += a4.contract is None
        passed[1] += r4.contract is None
        match.append(imps(dd_score(t1, table) - dd_score(t2, table)))
        for side in Side:
            h = side_hcp(board.deal, side)
            if h >= 25:
                game_deals += 1
                game_makes += best_makes(table, side, lambda s: GAME[s])
                for name, st in (("new", a4), ("ref", r4)):
                    c, dcl = st.contract, st.declarer
                    if c is not None and dcl is not None and dcl.side is side:
                        games[name][0] += c.level >= GAME[c.strain]
            if h >= 33:
                slam_deals += 1
                slam_makes += best_makes(table, side, lambda s: 6)
                for name, st in (("new", a4), ("ref", r4)):
                    c, dcl = st.contract, st.declarer
                    if c is not None and dcl is not None and dcl.side is side:
                        slams[name][0] += c.level >= 6

    label = f"level {args.level} {args.system}"
    other = f"level {args.level} natural"
    if args.against == "reference":
        other = "frozen reference (74e2cfe)"
    print(
        f"{n} deals ({args.seed}:{args.first}..), new = {label}, reference = {other}; "
        f"passed out: new {passed[0]}, reference {passed[1]}"
    )
    for name, d in (("new", d_new), ("reference", d_ref)):
        m, lo, hi = interval(d)
        print(f"IMPs from par a board, {name}: {m:.2f}, 95% CI [{lo:.2f}, {hi:.2f}]")
    m, lo, hi = interval(paired)
    print(f"  new - reference, paired: {m:+.2f}, 95% CI [{lo:+.2f}, {hi:+.2f}] (negative: better)")
    print(f"par strain and level reached: new {share(par_new, n)}; reference {share(par_ref, n)}")
    for what, deals_, bid_, makes in (
        ("25+ HCP together", game_deals, games, game_makes),
        ("33+ HCP together", slam_deals, slams, slam_makes),
    ):
        kind = "game" if what.startswith("25") else "slam"
        print(
            f"{what} ({deals_} side-deals): {kind} bid, new {share(bid_['new'][0], deals_)}; "
            f"reference {share(bid_['ref'][0], deals_)}; {kind} makes DD {share(makes, deals_)}"
        )
    m, lo, hi = interval(match)
    print(
        f"duplicate match (contracts at DD tricks), new vs reference: {m:+.2f} IMPs a board, "
        f"95% CI [{lo:+.2f}, {hi:+.2f}]; won {sum(x > 0 for x in match)}, "
        f"lost {sum(x < 0 for x in match)}, tied {sum(x == 0 for x in match)}"
    )
    times.sort()
    if times:
        p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95)]
        sims = getattr(new, "simulated_calls", None)
        if sims is not None and new_vs is not new:
            sims += getattr(new_vs, "simulated_calls", 0)
        print(
            f"new robot's time a call: p50 {p50 * 1e3:.1f} ms, p95 {p95 * 1e3:.0f} ms, "
            f"max {times[-1] * 1e3:.0f} ms, mean {statistics.fmean(times) * 1e3:.1f} ms "
            f"({len(times)} calls" + (f", {sims} simulated" if sims is not None else "") + ")"
        )
    print(f"{elapsed:.0f} s in all (DD tables {dd_s:.0f} s)")


if __name__ == "__main__":
    main()
