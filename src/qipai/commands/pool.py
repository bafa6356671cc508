"""``qipai pool simulate --players N --weeks W --seed S [--sessions K] [--carry] [--json]``:
weeks of the duplicate pool (复式记分) with simulated players of hidden skill, in accelerated
time, and how well the weekly Rate finds the skill (docs/RANKED.md).

``--json`` prints one object whose shape scripts rely on (keep it stable)::

    {"players": [{"id": 0, "skill": 0.31, "rate": 54.2, "mean_ximp": 0.41, "boards": 96,
                  "masterpoints": 3, "grade": "Ranked Player"}],
     "boards": [{"week": 1, "board": 1, "results": [{"ns_score": 420, "scored_at_result": 6}],
                 "retired": true}],
     "spearman": {"rate": 0.88, "mean_ximp": 0.87, "openskill": 0.81}}

``scored_at_result`` is the number of results the board had when that result was first scored
(6 for each of the first six, its own position after; null while the board is provisional);
``retired`` is true once a board has its 40 results.
"""

from __future__ import annotations

import argparse
import json

from ..bridge.errors import QipaiError
from ..ranked.simulate import simulate
from . import SUMMARIES


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("pool", help=SUMMARIES["pool"])
    actions = p.add_subparsers(dest="pool_command", metavar="ACTION", required=True)
    sim = actions.add_parser("simulate", help="simulated players play weeks of the pool")
    sim.add_argument("--players", type=int, default=64, help="a multiple of 4, 8 or more")
    sim.add_argument("--weeks", type=int, default=6, help="weeks to play (default 6)")
    sim.add_argument("--seed", type=int, default=1, help="the simulation's seed (default 1)")
    sim.add_argument(
        "--sessions", type=int, default=12, help="boards each player plays a week (default 12)"
    )
    sim.add_argument(
        "--carry", action="store_true", help="the strongest player always partners a weak one"
    )
    sim.add_argument(
        "--disconnect",
        type=float,
        default=0.005,
        help="the chance a player leaves a board to a robot (default 0.005)",
    )
    sim.add_argument("--json", action="store_true", help="print the result as JSON")
    sim.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        result = simulate(
            args.players,
            args.weeks,
            args.seed,
            sessions=args.sessions,
            disconnect=args.disconnect,
            carry=args.carry,
        )
    except ValueError as e:
        raise QipaiError(str(e)) from e
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return 0
    data = result.to_json()
    print(f"{'player':>6} {'skill':>7} {'Rate':>6} {'IMP/bd':>7} {'boards':>6}  grade")
    for p in sorted(data["players"], key=lambda p: -p["rate"]):
        print(
            f"{p['id']:>6} {p['skill']:>7.2f} {p['rate']:>6.1f} {p['mean_ximp']:>7.2f} "
            f"{p['boards']:>6}  {p['grade']}"
        )
    s = data["spearman"]
    print(
        f"Spearman with the hidden skill: Rate {s['rate']:.3f}, mean IMPs {s['mean_ximp']:.3f}, "
        f"OpenSkill {s['openskill']:.3f}"
    )
    return 0
