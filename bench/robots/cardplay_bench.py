"""How well and how fast robots play the cards: declarer and defence in the par contract.

    python bench/robots/cardplay_bench.py [DEALS] [--levels 0,1,2] [--level2-deals N]

Each seeded deal (``cardplay-0``, ``cardplay-1``, ...; dealer and vulnerability from the board
number) is played in its par contract (``qipai.analysis.par``, the canonical one; passed-out
deals are skipped) by four robots of one level, declarer and defenders alike. The auction is
set, not bid (the declarer opens the contract, doubled where par is a doubled sacrifice), so the
robots here ignore what it would say about the hands (``read_auction=False``).

For each level it prints the double-dummy trick loss a deal: the tricks the declaring side's
cards gave away against the best card at each point (``qipai.analysis.dd_costs``), the tricks
the defenders' cards gave away, and the DD tricks before the opening lead less the tricks
declarer took (declarer's losses less the defence's); and the time a card, p50 and p95 (every
card, the forced ones included, which take no search). Level 2 plays fewer deals by default
(``--level2-deals``, 1/10 of DEALS): it takes about three times as long a card. Nothing is
asserted; the real run is 200 deals.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from qipai.analysis import dd_costs, par, play_traces
from qipai.bridge import DOUBLE, PASS, Deal, Phase, Seat, apply, new_board
from qipai.bridge.calls import Bid, Doubling
from qipai.bridge.game import BoardState, MakeCall
from qipai.robots import Level0Robot, Robot, play_out
from qipai.robots.montecarlo import MonteCarloRobot
from qipai.robots.playout import first_choice


def par_board(i: int) -> BoardState | None:
    """Deal ``i`` with its auction set to its canonical par contract (None when passed out)."""
    number = i % 16 + 1
    s = new_board(number, Deal.from_seed(f"cardplay-{i}"))
    p = par(s.deal, s.dealer, s.vulnerability, board=number).canonical
    if p is None:
        return None
    seat = s.dealer
    while seat != p.declarer:
        s = apply(s, MakeCall(PASS))
        seat = seat.lho
    s = apply(s, MakeCall(Bid(p.contract.level, p.contract.strain)))
    if p.contract.doubling is not Doubling.NONE:
        s = apply(s, MakeCall(DOUBLE))
    for _ in range(3):
        s = apply(s, MakeCall(PASS))
    assert s.contract == p.contract and s.declarer == p.declarer
    return s


def play(s: BoardState, robot: Robot, rng: random.Random, times: list[float]) -> BoardState:
    return play_out(
        s,
        robot,
        rng,
        only=Phase.PLAY,
        decide=first_choice,
        on_action=lambda _seat, _phase, dt: times.append(dt),
    )


def robot_of(level: int) -> Robot:
    if level == 0:
        return Level0Robot()
    return MonteCarloRobot(level, read_auction=False)


def run_level(level: int, boards: list[tuple[int, BoardState]]) -> None:
    robot = robot_of(level)
    times: list[float] = []
    finished: list[BoardState] = []
    start = time.perf_counter()
    for i, s in boards:
        finished.append(play(s, robot, random.Random(i), times))
    elapsed = time.perf_counter() - start
    traces = play_traces(finished)
    decl_loss: list[int] = []
    def_loss: list[int] = []
    net: list[int] = []
    for s, trace in zip(finished, traces, strict=True):
        costs = dd_costs(s)
        seats = _players(s)
        assert s.declarer is not None and s.declarer_tricks is not None
        decl_loss.append(
            sum(c for c, p in zip(costs, seats, strict=True) if p.side is s.declarer.side)
        )
        def_loss.append(
            sum(c for c, p in zip(costs, seats, strict=True) if p.side is not s.declarer.side)
        )
        net.append(trace[0] - s.declarer_tricks)
    times.sort()
    n = len(finished)
    p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95)]
    print(
        f"level {level}: {n} deals; DD tricks lost a deal: declarer "
        f"{statistics.fmean(decl_loss):.3f}, defence {statistics.fmean(def_loss):.3f}; "
        f"DD tricks at the start less tricks taken {statistics.fmean(net):+.3f}; "
        f"deals with a declarer loss {sum(d > 0 for d in decl_loss)}, "
        f"with a defence loss {sum(d > 0 for d in def_loss)}"
    )
    print(
        f"  time a card: p50 {p50 * 1e3:.2f} ms, p95 {p95 * 1e3:.2f} ms, "
        f"mean {statistics.fmean(times) * 1e3:.2f} ms, max {times[-1] * 1e3:.0f} ms "
        f"({len(times)} cards, {elapsed:.0f} s)",
        flush=True,
    )


def _players(s: BoardState) -> list[Seat]:
    """The seat that played each card, in order."""
    out: list[Seat] = []
    for trick in s.tricks:
        out.extend(seat for seat, _ in trick.played_by())
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("deals", nargs="?", type=int, default=200)
    ap.add_argument("--levels", default="0,1,2")
    ap.add_argument("--level2-deals", type=int, default=None)
    args = ap.parse_args()
    levels = [int(x) for x in args.levels.split(",") if x.strip()]
    boards: list[tuple[int, BoardState]] = []
    i = 0
    while len(boards) < args.deals:
        s = par_board(i)
        if s is not None:
            boards.append((i, s))
        i += 1
    contracts = sorted({str(s.contract) for _, s in boards})
    print(f"{len(boards)} deals in their par contracts ({i - len(boards)} passed out skipped)")
    print(f"  contracts: {len(contracts)} different, e.g. {', '.join(contracts[:8])}")
    for level in levels:
        count = len(boards)
        if level == 2:
            count = args.level2_deals if args.level2_deals is not None else max(1, count // 10)
        run_level(level, boards[:count])


if __name__ == "__main__":
    main()
