"""``qipai events simulate --format mitchell|howell|swiss --pairs N --rounds R --boards B
--seed S [--scoring mp|imp|ximp|butler] [--movement NAME] [--arrow-switch ROUNDS] [--sit-out]
[--json]``: a whole event of any format played by robot pairs in accelerated time, through the
engine the server runs; prints the standings (NS and EW apart in a two-winner Mitchell). The
team formats (``--format teams|round-robin|swiss-teams|knockout|ladder --teams N ...``) are
run by :mod:`qipai.commands.teamevents`, which describes their JSON.

``--json`` prints one object whose shape scripts rely on (keep it stable)::

    {"format": "mitchell",
     "rounds": [{"round": 1, "tables": [{"table": 1, "ns": 1, "ew": 5,
                                          "boards": [{"board": 1, "ns_score": 420}]}]}],
     "standings": [{"rank": 1, "pair": 3, "direction": "NS", "total": 61.2,
                    "percent": 61.2, "boards_completed": 9}]}

``ns_score`` is null for a board not played (cut by the clock), ``rank`` null below the
completion threshold, ``direction`` "NS"/"EW" in a two-winner event and null otherwise,
``percent`` null unless matchpoints. A Howell's rounds and boards come from its movement when
left out; ``butler`` is ``imp`` (IMPs against a Butler datum).
"""

from __future__ import annotations

import argparse
import json
import secrets
from typing import Any

from ..events import EventState, Format, Scoring, Standings, standings
from ..events.errors import SettingsError
from ..events.export import pair_label
from ..events.simulate import Simulation
from . import SUMMARIES, usage

TEAM_FORMATS = ("teams", "round-robin", "swiss-teams", "knockout", "ladder")
"""Handed to :mod:`qipai.commands.teamevents` (its ``FORMATS``; listed here so that ``--help``
does not import the robots)."""

SCORING_NAMES = {"mp": Scoring.MP, "imp": Scoring.IMP, "butler": Scoring.IMP, "ximp": Scoring.XIMP}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("events", help=SUMMARIES["events"])
    events = p.add_subparsers(dest="events_command", metavar="ACTION")
    sim = events.add_parser("simulate", help="robot pairs play a whole event of any format")
    sim.add_argument(
        "--format",
        choices=[*(f.value for f in Format), *TEAM_FORMATS],
        default="swiss",
        help="default swiss; teams, round-robin, swiss-teams, knockout, ladder: robot teams "
        "(docs/TEAMS.md)",
    )
    sim.add_argument("--teams", type=int, help="teams in the field (default 8; teams: 2)")
    sim.add_argument(
        "--challenges", type=int, help="ladder: challenges to make (default one per team)"
    )
    sim.add_argument(
        "--segments", type=int, default=1, help="team matches: segments of --boards boards"
    )
    sim.add_argument("--pairs", type=int, default=16, help="pairs in the field (default 16)")
    sim.add_argument(
        "--rounds",
        type=int,
        help="rounds (Swiss: default 4; Mitchell: default all its rounds; Howell: the movement's)",
    )
    sim.add_argument(
        "--boards", type=int, help="boards a round (default 3; Howell: the movement's)"
    )
    sim.add_argument("--seed", help="event seed (default: a fresh random one, printed)")
    sim.add_argument(
        "--scoring", choices=sorted(SCORING_NAMES), help="default ximp (Swiss), mp (movements)"
    )
    sim.add_argument("--movement", metavar="NAME", help="the Howell movement, by name")
    sim.add_argument(
        "--arrow-switch",
        metavar="ROUNDS",
        default="",
        help="Mitchell rounds played with EW sitting NS, like 2,4 (one winner)",
    )
    sim.add_argument(
        "--sit-out",
        action="store_true",
        help="an odd field sits out a pair a round (default: a robot pair fills it)",
    )
    sim.add_argument("--json", action="store_true", help="print the result as JSON")
    sim.set_defaults(handler=run)
    p.set_defaults(handler=usage(p))


def _rounds_list(text: str) -> tuple[int, ...]:
    items = [t.strip() for t in text.split(",") if t.strip()]
    if not all(t.isdigit() for t in items):
        raise SettingsError(f"--arrow-switch takes round numbers like 2,4, not {text!r}")
    return tuple(int(t) for t in items)


def simulation(args: argparse.Namespace, seed: str) -> Simulation:
    """The simulation the arguments ask for."""
    fmt = Format(args.format)
    if args.pairs < 2:
        raise SettingsError(f"an event needs at least 2 pairs, not {args.pairs}")
    rounds, boards = args.rounds, args.boards
    if fmt is Format.SWISS:
        rounds, boards = rounds or 4, boards or 3
    elif fmt is Format.MITCHELL:
        tables = -(-args.pairs // 2)
        rounds = rounds or (tables if tables % 2 else max(1, tables - 1))
        boards = boards or 3
    default = Scoring.XIMP if fmt is Format.SWISS else Scoring.MP
    return Simulation(
        pairs=args.pairs,
        rounds=rounds,
        boards=boards,
        seed=seed,
        scoring=SCORING_NAMES[args.scoring] if args.scoring else default,
        robot_fill=not args.sit_out,
        format=fmt,
        movement=args.movement,
        arrow_switch=_rounds_list(args.arrow_switch),
    )


def summary_json(state: EventState, result: Standings) -> dict[str, Any]:
    """The ``--json`` object (see the module's description)."""
    mp = state.settings.scoring is Scoring.MP
    return {
        "format": state.settings.format.value,
        "rounds": [
            {
                "round": rnd.number,
                "tables": [
                    {
                        "table": t.number,
                        "ns": t.ns,
                        "ew": t.ew,
                        "boards": [
                            {
                                "board": b,
                                "ns_score": None
                                if (rec := t.record(b)) is None or not rec.played
                                else rec.ns_score,
                            }
                            for b in t.boards
                        ],
                    }
                    for t in rnd.tables
                ],
            }
            for rnd in state.rounds
        ],
        "standings": [
            {
                "rank": row.rank,
                "pair": row.pair,
                "direction": row.direction,
                "total": row.total,
                "percent": row.total if mp else None,
                "boards_completed": row.boards_completed,
            }
            for row in result.rows
        ],
    }


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def run(args: argparse.Namespace) -> int:
    if args.format in TEAM_FORMATS:
        from . import teamevents  # the team formats' own command module

        return teamevents.run(args)
    seed = args.seed or secrets.token_hex(4)
    state = simulation(args, seed).run()
    result = standings(state)
    if args.json:
        print(json.dumps(summary_json(state, result), ensure_ascii=False, indent=1))
        return 0
    s = state.settings
    cut = sum(1 for r in state.rounds for t in r.tables for rec in t.records if not rec.played)
    print(f"seed {seed}")
    plan = f" ({state.plan.name})" if state.plan is not None else ""
    print(
        f"{s.name}{plan}: {_n(args.pairs, 'pair')}, {_n(len(state.rounds), 'round')} of "
        f"{_n(s.boards_per_round, 'board')}, {s.scoring.value}; {cut} board(s) cut by the "
        f"clock; ranked: {result.required} of {result.boards} boards or more"
    )
    for note in state.notes:
        if note.text.startswith("cancelled"):
            print(note.text)
    direction = None
    for row in result.rows:
        if row.direction != direction or row is result.rows[0]:
            direction = row.direction
            print(f"\n{direction or ''}")
            print(f"{'rank':>4}  {'pair':<22} {'total':>8} {'boards':>6} {'mp':>3}")
        rank = "-" if row.rank is None else str(row.rank)
        print(
            f"{rank:>4}  {pair_label(state, row.pair):<22} {row.total:>8.2f} "
            f"{row.boards_completed:>6} {row.masterpoints:>3}"
        )
    print(f"\ntotals in {'%' if s.scoring is Scoring.MP else 'IMPs'}")
    return 0
