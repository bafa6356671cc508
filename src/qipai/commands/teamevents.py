"""``qipai events simulate --format teams|round-robin|swiss-teams|knockout|ladder --teams N
--boards B [--rounds R] [--challenges C] [--segments S] --seed S [--json]``: a team event
played by robot teams (every board in both rooms, through the rules core), printing the
matches and the standings (docs/TEAMS.md). :mod:`qipai.commands.events` hands these formats
here.

``--json`` prints one object whose shape scripts rely on (keep it stable)::

    {"format": "swiss-teams",
     "matches": [{"round": 1, "home": 2, "away": 5,
                  "boards": [{"board": 1, "open_ns_score": 420, "closed_ns_score": -450,
                              "imps": -1}],
                  "imps": [31, 12], "vp": [15.68, 4.32], "winner": 2}],
     "standings": [{"rank": 1, "team": 2, "vp": 48.2, "imps_for": 80, "imps_against": 51}],
     "byes": [{"round": 1, "team": 7, "vp": 12.0}],
     "ladder": [2, 5, 1]}

``imps`` are the IMPs each side won (home first; carry-over included), ``vp`` the home and
away VPs (WBF 2013; a forfeit's or an adjusted result's as ruled), ``winner`` a team number
or null for a tie. A knockout's matches carry ``"stage"`` ("final", "semi-final"...); a
ladder's carry ``"season"``, ``"outcome"`` (won, defended, forfeit) and ``"round"`` is the
challenge's number; a match the director ruled carries ``"ruling"`` (``kind``, ``reason``),
its unplayed boards' scores null. ``ladder`` (the final order, best first) is there for the
ladder only; ``byes`` lists the byes of an odd field (empty otherwise). A ladder's standings
rank by place.
"""

from __future__ import annotations

import argparse
import json
import secrets
from typing import Any

from ..events.teams.event import TeamEvent, TeamFormat, standings
from ..events.teams.export import match_json, standings_json
from ..events.teams.ladder import Challenge, Ladder
from ..events.teams.simulate import FORMATS, TeamSimulation
from ..events.teams.standings import TeamRow, team_standings

__all__ = ["FORMATS", "ladder_rows", "run", "simulation", "summary_json"]


def simulation(args: argparse.Namespace, seed: str) -> TeamSimulation:
    """The simulation the arguments ask for."""
    default_teams = 2 if args.format == TeamFormat.TEAMS.value else 8
    return TeamSimulation(
        format=args.format,
        teams=args.teams if args.teams is not None else default_teams,
        boards=args.boards if args.boards is not None else 8,
        seed=seed,
        rounds=args.rounds,
        challenges=args.challenges,
        segments=args.segments,
    )


def _challenge_json(c: Challenge) -> dict[str, Any]:
    out = match_json(c.match, c.number)
    out["season"] = c.season
    out["outcome"] = None if c.outcome is None else c.outcome.value
    return out


def ladder_rows(ladder: Ladder) -> tuple[TeamRow, ...]:
    """A ladder's standings: by place, with each side's VPs and IMPs over its challenges."""
    totals = {r.team: r for r in team_standings(ladder.order, [c.match for c in ladder.challenges])}
    return tuple(
        TeamRow(
            place,
            t,
            totals[t].vp,
            totals[t].imps_for,
            totals[t].imps_against,
            totals[t].matches,
            0,
        )
        for place, t in enumerate(ladder.order, 1)
    )


def summary_json(result: TeamEvent | Ladder) -> dict[str, Any]:
    """The ``--json`` object (see the module's description)."""
    if isinstance(result, Ladder):
        return {
            "format": "ladder",
            "matches": [_challenge_json(c) for c in result.challenges],
            "standings": standings_json(ladder_rows(result)),
            "byes": [],
            "ladder": list(result.order),
        }
    knockout = result.settings.format is TeamFormat.KNOCKOUT
    matches = []
    for rnd in result.rounds:
        for m in rnd.matches:
            item = match_json(m, rnd.number)
            if knockout:
                item["stage"] = rnd.stage
            matches.append(item)
    bye_vp = 0.0 if knockout else result.settings.bye_vp
    return {
        "format": result.settings.format.value,
        "matches": matches,
        "standings": standings_json(standings(result)),
        "byes": [
            {"round": rnd.number, "team": t, "vp": bye_vp}
            for rnd in result.rounds
            for t in rnd.byes
        ],
    }


def run(args: argparse.Namespace) -> int:
    seed = args.seed or secrets.token_hex(4)
    sim = simulation(args, seed)
    result = sim.run()
    out = summary_json(result)
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return 0
    print(f"seed {seed}")
    print(
        f"{out['format']}: {sim.teams} robot teams, {len(out['matches'])} matches of "
        f"{sim.boards} boards x {sim.segments} segment(s)"
    )
    for m in out["matches"]:
        stage = f" {m['stage']}" if "stage" in m else ""
        extra = f" ({m['outcome']})" if "outcome" in m else ""
        ruled = f" [{m['ruling']['kind']}: {m['ruling']['reason']}]" if "ruling" in m else ""
        print(
            f"  round {m['round']}{stage}: team {m['home']} v team {m['away']}  "
            f"IMPs {m['imps'][0]}-{m['imps'][1]}  VP {m['vp'][0]:.2f}-{m['vp'][1]:.2f}"
            f"{extra}{ruled}"
        )
    print(f"\n{'rank':>4}  {'team':>4} {'VP':>8} {'IMPs +':>7} {'IMPs -':>7}")
    for row in out["standings"]:
        print(
            f"{row['rank']:>4}  {row['team']:>4} {row['vp']:>8.2f} {row['imps_for']:>7} "
            f"{row['imps_against']:>7}"
        )
    return 0
