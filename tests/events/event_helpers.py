"""Building events by hand for the tests: settings, registered fields and results."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from qipai.bridge import Contract, Seat
from qipai.duplicate import butler, cross_imps, matchpoints
from qipai.events import (
    PHANTOM,
    EventSettings,
    EventState,
    Played,
    Scoring,
    create_event,
    raise_hand,
    record_result,
)

NOW = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)
START = NOW + timedelta(hours=1)
MIN = timedelta(minutes=1)


def settings(**kw: Any) -> EventSettings:
    values: dict[str, Any] = {
        "name": "Test Swiss",
        "start": START,
        "rounds": 3,
        "boards_per_round": 2,
        "round_length": timedelta(minutes=16),
    }
    values.update(kw)
    return EventSettings(**values)


def registered(pairs: int, seed: str = "t", **kw: Any) -> EventState:
    """An event with ``pairs`` pairs registered (players p1a/p1b, p2a/p2b, ...)."""
    state = create_event(settings(**kw), seed=seed, now=NOW)
    for i in range(1, pairs + 1):
        state = raise_hand(state, f"p{i}a", f"p{i}b", NOW + i * MIN)
        state = raise_hand(state, f"p{i}b", f"p{i}a", NOW + i * MIN)
    return state


def made(contract: str, by: str, tricks: int) -> Played:
    return Played(Contract.parse(contract), Seat.parse(by), tricks)


def play_round(
    state: EventState, at: datetime, results: dict[int, Played] | None = None
) -> EventState:
    """Every table of the round in play finishes every board at ``at``: table t by default
    plays 1NT by N making 6 + (t % 7) tricks (different at every table), or ``results``."""
    rnd = state.current_round
    assert rnd is not None
    for table in rnd.tables:
        for board in rnd.boards:
            result = (results or {}).get(table.number) or made("1NT", "N", 6 + table.number % 7)
            state = record_result(state, rnd.number, table.number, board, result, at)
    return state


# -- an independent recomputation of the standings from the stored results --------------------


def recompute(state: EventState) -> list[tuple[int, float, int]]:
    """(pair, total, boards completed) of the ranked pairs, best first, straight from the
    stored records and qipai.duplicate: no code of qipai.events.scoring or .standings."""
    method = state.settings.scoring
    points: dict[int, list[float]] = defaultdict(list)
    completed: Counter[int] = Counter()
    closed = [r for r in state.rounds if r.closed_at is not None]
    for rnd in closed:
        for board in rnd.boards:
            rows = []
            for table in rnd.tables:
                for rec in table.records:
                    if rec.board == board and rec.played:
                        assert rec.ns_score is not None
                        rows.append((table.ns, table.ew, rec.ns_score))
            scores = [score for _, _, score in rows]
            if method is Scoring.XIMP:
                ns_values = cross_imps(scores)
                ew_values = [-v for v in ns_values]
            elif method is Scoring.IMP:
                ns_values = butler(scores, "seed")
                ew_values = [-v for v in ns_values]
            else:
                top = 2 * (len(rnd.tables) - 1)  # Neuberg to the round's tables
                mps = matchpoints(scores, field=len(rnd.tables))
                ns_values = [100 * m / top if top else 50.0 for m in mps]
                ew_values = [100 - v for v in ns_values]
            for (ns, ew, _), nv, ev in zip(rows, ns_values, ew_values, strict=True):
                points[ns].append(nv)
                points[ew].append(ev)
                completed[ns] += 1
                completed[ew] += 1
        for pair in rnd.byes:
            completed[pair] += len(rnd.boards)  # byes: average scores, 0 IMPs / 50%
            if method is Scoring.MP:
                points[pair].extend([50.0] * len(rnd.boards))
    totals = {}
    for pair in (p.number for p in state.pairs):
        values = points[pair]
        if method is Scoring.MP:
            totals[pair] = round(math.fsum(values) / len(values), 2) if values else 50.0
        else:
            totals[pair] = round(math.fsum(values), 2)
    boards = len(closed) * state.settings.boards_per_round
    required = math.ceil(boards * state.settings.completion_percent / 100)
    ranked = [p for p in totals if completed[p] >= required and p != PHANTOM]
    ranked.sort(key=lambda p: (-totals[p], -completed[p], p))
    return [(p, totals[p], completed[p]) for p in ranked]


# -- brute force over every pairing of a small field -------------------------------------------


def all_pairings(entrants: Sequence[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to split ``entrants`` (even in number) into pairs."""
    if not entrants:
        yield []
        return
    first, rest = entrants[0], list(entrants[1:])
    for i, other in enumerate(rest):
        for tail in all_pairings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def cost(tables: Sequence[tuple[int, int]], history: Sequence[tuple[int, int]]) -> int:
    met = Counter(frozenset(p) for p in history)
    return sum(met[frozenset(t)] for t in tables)


def brute_force_min(order: Sequence[int], history: Sequence[tuple[int, int]]) -> int:
    entrants = list(order) + ([PHANTOM] if len(order) % 2 else [])
    return min(cost(p, history) for p in all_pairings(entrants))
