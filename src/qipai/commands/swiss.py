"""``qipai swiss simulate --pairs N --rounds R --boards B --seed S [--scoring ximp|imp|mp]
[--json]``: a whole automatic Swiss pairs event (瑞士移位自动双人赛) played by robot pairs in
accelerated time, through the same event logic the server runs; prints the standings."""

from __future__ import annotations

import argparse
import json
import secrets

from ..events import Scoring, event_json, standings
from ..events.errors import SettingsError
from ..events.export import pair_label
from ..events.simulate import Simulation
from . import SUMMARIES, usage


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("swiss", help=SUMMARIES["swiss"])
    swiss = p.add_subparsers(dest="swiss_command", metavar="ACTION")
    sim = swiss.add_parser("simulate", help="robot pairs play a whole Swiss event")
    sim.add_argument("--pairs", type=int, default=16, help="pairs in the field (default 16)")
    sim.add_argument("--rounds", type=int, default=4, help="rounds (default 4)")
    sim.add_argument("--boards", type=int, default=3, help="boards per round (default 3)")
    sim.add_argument("--seed", help="event seed (default: a fresh random one, printed)")
    sim.add_argument(
        "--scoring", choices=[s.value for s in Scoring], default="ximp", help="default ximp"
    )
    sim.add_argument(
        "--withdraw",
        action="append",
        default=[],
        metavar="PAIR:ROUND",
        help="pair PAIR withdraws after round ROUND (repeatable)",
    )
    sim.add_argument("--json", action="store_true", help="print the result as JSON")
    sim.set_defaults(handler=run)
    p.set_defaults(handler=usage(p))


def _withdrawals(items: list[str]) -> dict[int, int]:
    out: dict[int, int] = {}
    for item in items:
        pair, sep, after = item.partition(":")
        if not sep or not pair.strip().isdigit() or not after.strip().isdigit():
            raise SettingsError(f"--withdraw takes PAIR:ROUND, like 5:2, not {item!r}")
        out[int(pair)] = int(after)
    return out


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def run(args: argparse.Namespace) -> int:
    if args.pairs < 2:
        raise SettingsError(f"a Swiss event needs at least 2 pairs, not {args.pairs}")
    seed = args.seed or secrets.token_hex(4)
    sim = Simulation(
        pairs=args.pairs,
        rounds=args.rounds,
        boards=args.boards,
        seed=seed,
        scoring=Scoring(args.scoring),
        withdrawals=_withdrawals(args.withdraw),
    )
    state = sim.run()
    result = standings(state)
    if args.json:
        print(json.dumps(event_json(state, result), ensure_ascii=False, indent=1))
        return 0
    s = state.settings
    unit = "%" if s.scoring is Scoring.MP else "IMPs"
    cut = sum(1 for r in state.rounds for t in r.tables for rec in t.records if not rec.played)
    print(f"seed {seed}")
    print(
        f"{s.name}: {_n(args.pairs, 'pair')}, {_n(s.rounds, 'round')} of "
        f"{_n(s.boards_per_round, 'board')}, "
        f"{s.scoring.value}; {cut} board(s) cut by the clock; "
        f"ranked: {result.required} of {result.boards} boards or more\n"
    )
    for w in state.warnings:
        print(f"warning: {w}")
    print(f"{'rank':>4}  {'pair':<22} {'total':>8} {'boards':>6} {'mp':>3}")
    for row in result.rows:
        rank = "-" if row.rank is None else str(row.rank)
        note = f"  (withdrew after round {row.withdrawn_after})" if row.withdrawn_after else ""
        print(
            f"{rank:>4}  {pair_label(state, row.pair):<22} {row.total:>8.2f} "
            f"{row.boards_completed:>6} {row.masterpoints:>3}{note}"
        )
    print(f"\ntotals in {unit}")
    return 0
