"""``qipai robots play FILE [--level N] [--json] [--seed S] [--lang en|zh]``: four robots bid
and play every deal of a PBN, LIN or JSON file, each call explained by the bidding system.

Text output is one block per board; ``--json`` prints one JSON object per board, a line each:
``{"board": 1, "dealer": "N", "vulnerability": "None", "auction": ["1S", "P", ...],
"explanations": [{"call": "1S", "en": ..., "zh": ..., "alert": false}, ...], "contract": "4S",
"declarer": "N", "play": ["HA", ...], "tricks": 10, "score": 420}`` where ``score`` is
North-South's (negative when East-West score). The same file and seed play the same way.

``qipai robots match --deals N --seed S [--level A] [--against B] [--samples K] [--json]``: a
duplicate match (``qipai.robots.match``), level A North-South at table 1 and East-West at table
2 on the same deals and auctions, level B the other seats. Prints each board (both tables'
contract, declarer, tricks and NS score, and A's IMPs) and A's IMPs a board with its 95%
interval; ``--json`` prints one object: ``{"level": 1, "against": 0, "seed": "0", "boards":
[{"index": 0, "board": 1, "seed": "0:0", "table1": {"contract": "4S", "declarer": "N",
"tricks": 10, "score_ns": 420}, "table2": {...}, "imps": 0}, ...], "total": 3, "mean": 0.75,
"ci95": [-1.2, 2.7]}`` (``ci95`` is null with fewer than two boards). ``--samples`` fixes the
deals a level-1/2 robot samples a card (quick runs; default: the level's own schedule).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from ..bridge.game import BoardState, new_board
from ..formats import Record, read_file
from ..robots import LEVELS, Robot, natural, play_out, robot_for
from ..robots.match import MatchResult, play_match
from . import SUMMARIES


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("robots", help=SUMMARIES["robots"])
    what = p.add_subparsers(dest="robots_command", metavar="ACTION", required=True)
    play = what.add_parser("play", help="four robots bid and play every deal of a file")
    play.add_argument("file", help="a .pbn, .lin or .json file")
    play.add_argument("--level", type=int, default=0, choices=LEVELS, help="robot level (0)")
    play.add_argument("--json", action="store_true", help="one JSON object per board")
    play.add_argument("--seed", default="0", help="seed for the robots' choices (0)")
    play.add_argument("--lang", default="en", choices=("en", "zh"), help="explanations (en)")
    play.set_defaults(handler=run)
    match = what.add_parser("match", help="a duplicate match between two robot levels, in IMPs")
    match.add_argument("--deals", type=int, default=16, help="deals to play (16)")
    match.add_argument("--seed", default="0", help="the deals' and robots' seed (0)")
    match.add_argument("--level", type=int, default=1, choices=LEVELS, help="team A's level (1)")
    match.add_argument("--against", type=int, default=0, choices=LEVELS, help="team B's (0)")
    match.add_argument(
        "--samples", type=int, default=None, help="deals sampled a card by levels 1 and 2"
    )
    match.add_argument("--json", action="store_true", help="one JSON object for the match")
    match.set_defaults(handler=run_match)


def play_record(record: Record, index: int, robot: Robot, seed: str) -> BoardState:
    """Four ``robot``s bid and play ``record``'s deal from the start."""
    number = record.number or index
    state = new_board(
        number,
        record.deal,
        dealer=record.dealer,
        vulnerability=record.vulnerability,
    )
    return play_out(state, robot, random.Random(f"qipai-robots:{seed}:{number}:{index}"))


def board_dict(state: BoardState) -> dict[str, Any]:
    """The JSON form of a finished board."""
    calls = state.auction.calls
    explained = natural().explain_calls(state.dealer, calls, state.vulnerability)
    return {
        "board": state.number,
        "dealer": state.dealer.letter,
        "vulnerability": str(state.vulnerability),
        "deal": state.deal.pbn(),
        "auction": [str(c) for c in calls],
        "explanations": [
            {"call": str(c), "en": e.en, "zh": e.zh, "alert": e.alert}
            for c, e in zip(calls, explained, strict=True)
        ],
        "contract": str(state.contract) if state.contract is not None else None,
        "declarer": state.declarer.letter if state.declarer is not None else None,
        "play": [str(c) for c in state.played],
        "tricks": state.declarer_tricks,
        "score": state.score_ns,
    }


def board_text(d: dict[str, Any], lang: str) -> str:
    lines = [f"Board {d['board']}  dealer {d['dealer']}  vul {d['vulnerability']}  {d['deal']}"]
    for e in d["explanations"]:
        alert = "!" if e["alert"] else " "
        lines.append(f"  {e['call']:>3}{alert} {e['zh'] if lang == 'zh' else e['en']}")
    if d["contract"] is None:
        lines.append("  passed out, 0")
    else:
        lines.append(
            f"  {d['contract']} by {d['declarer']}, {d['tricks']} tricks, NS {d['score']:+d}"
        )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    records = read_file(args.file)
    robot = robot_for(args.level)
    status = 0
    for i, record in enumerate(records, start=1):
        if not record.deal.is_complete:
            number = record.number or i
            print(f"qipai robots: board {number}: the deal is not complete", file=sys.stderr)
            status = 1
            continue
        d = board_dict(play_record(record, i, robot, args.seed))
        if args.json:
            print(json.dumps(d, ensure_ascii=False))
        else:
            print(board_text(d, args.lang))
    return status


def match_robot(level: int, samples: int | None) -> Robot:
    """The robot of ``level``; levels 1 and 2 with ``samples`` deals a card when given."""
    if level == 0 or samples is None:
        return robot_for(level)
    from ..robots.montecarlo import MonteCarloRobot  # imports DDS: only when asked for

    return MonteCarloRobot(level, samples=samples)


def match_text(m: MatchResult, level: int, against: int) -> str:
    lines = [f"level {level} (A) against level {against} (B), seed {m.seed}: A is NS at table 1"]
    for b in m.boards:
        lines.append(
            f"Board {b.number:>2} ({b.seed}): table 1 {b.table1.text()}; "
            f"table 2 {b.table2.text()}; A {b.imps:+d} IMPs"
        )
    if m.boards:
        low, high = m.ci95
        lines.append(
            f"{len(m.boards)} boards: A {m.total:+d} IMPs, {m.mean:+.2f} IMPs a board, "
            f"95% CI [{low:+.2f}, {high:+.2f}]"
        )
    return "\n".join(lines)


def run_match(args: argparse.Namespace) -> int:
    if args.deals < 1:
        print("qipai robots match: --deals must be at least 1", file=sys.stderr)
        return 2
    if args.samples is not None and args.samples < 1:
        print("qipai robots match: --samples must be at least 1", file=sys.stderr)
        return 2
    a = match_robot(args.level, args.samples)
    b = match_robot(args.against, args.samples)
    m = play_match(a, b, deals=args.deals, seed=args.seed)
    if args.json:
        d = {"level": args.level, "against": args.against, **m.to_dict()}
        print(json.dumps(d, ensure_ascii=False))
    else:
        print(match_text(m, args.level, args.against))
    return 0
