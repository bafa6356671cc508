"""Standings of a Howell-sized pair game, scored from scratch and again after one adjustment.

    python bench/events_bench.py

An event of 200 pairs plays 27 boards in 9 rounds of 3 at 100 tables, each board travelling so
that about 100 tables play it (a Howell's load: every board compared across the whole field).
The results are drawn with a fixed seed from a few likely outcomes a board. Measured in the
same run, best of 5:

* **from scratch**: ``standings(state)`` with no board's scores remembered
  (``forget()``): every board compared across its ~100 results;
* **after one adjustment**: the director gives an artificial score on one board at one table
  (``director.adjust``) and ``standings`` is asked again: only that board is compared again, the
  other 26 come from :func:`~qipai.events.scoring.board_scores`' memory;
* the same adjusted state from scratch, for the reference.

And one board of 100 results (distinct scores) at matchpoints scored from cold, with one
result replaced by an artificial score (which makes the board Neuberg-scaled, 99 results to a
field of 100) against the same board all played, the reference, in the same run.

Nothing is asserted; the figures are times and their ratio.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from qipai.bridge import Contract, Seat
from qipai.events import (
    Artificial,
    EventSettings,
    EventState,
    Pair,
    Plan,
    Played,
    Round,
    Status,
    Table,
    standings,
)
from qipai.events.director import adjust
from qipai.events.movements import Sitting
from qipai.events.scoring import board_scores, forget
from qipai.events.settings import Scoring
from qipai.events.state import BoardRecord

PAIRS = 200
ROUNDS = 9
PER_ROUND = 3
BOARDS = ROUNDS * PER_ROUND
SEED = 2026
REPEATS = 5
START = datetime(2026, 1, 10, 19, 0, tzinfo=UTC)
RESULTS = [
    ("4S", "N", 10),
    ("4S", "N", 11),
    ("4S", "N", 9),
    ("3NT", "S", 9),
    ("2S", "N", 9),
    ("5DX", "E", 9),
    ("4H", "W", 8),
]


def howell_sized() -> EventState:
    """A finished 200-pair, 27-board event built directly (no robots: the bench is scoring)."""
    rng = random.Random(SEED)
    tables = PAIRS // 2
    settings = EventSettings(
        "Howell-sized bench",
        START,
        ROUNDS,
        PER_ROUND,
        timedelta(minutes=21),
        scoring="mp",
        format="howell",
    )
    pairs = tuple(Pair(n, (f"p{n}a", f"p{n}b"), START) for n in range(1, PAIRS + 1))
    rounds = []
    sittings = []
    order = list(range(1, PAIRS + 1))
    for r in range(1, ROUNDS + 1):
        rng.shuffle(order)
        at = START + (r - 1) * timedelta(minutes=21)
        made = []
        for t in range(1, tables + 1):
            first = ((t + r) % ROUNDS) * PER_ROUND + 1
            boards = tuple(range(first, first + PER_ROUND))
            ns, ew = order[2 * t - 2], order[2 * t - 1]
            records = []
            for b in boards:
                weights = [1 / (i + 1) ** 1.2 for i in range(len(RESULTS))]
                text, by, tricks = rng.choices(RESULTS, weights)[0]
                contract, declarer = Contract.parse(text), Seat.parse(by)
                score = Played(contract, declarer, tricks).ns_score(b)
                records.append(BoardRecord(b, at, True, contract, declarer, tricks, score))
            made.append(Table(t, ns, ew, tuple(records), boards))
            sittings.append(Sitting(r, t, ns, ew, boards))
        rounds.append(
            Round(
                r,
                tuple(range(1, BOARDS + 1)),
                tuple(made),
                (),
                at,
                at + timedelta(minutes=21),
                at + timedelta(minutes=20),
            )
        )
    state = EventState(
        settings=settings,
        seed="bench",
        created_at=START - timedelta(days=1),
        status=Status.FINISHED,
        pairs=pairs,
        next_pair_number=PAIRS + 1,
        rounds=tuple(rounds),
        plan=Plan("Howell-sized", tuple(sittings), two_winners=False),
        directors=("td",),
    )
    return state


def best(run: Callable[[], object], before: Callable[[], object] = lambda: None) -> float:
    times = []
    for _ in range(REPEATS):
        before()
        t = time.perf_counter()
        run()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    state = howell_sized()
    results = sum(len(t.records) for r in state.rounds for t in r.tables)
    print(f"{PAIRS} pairs, {BOARDS} boards, {results} results ({results // BOARDS} a board)")
    scratch = best(lambda: standings(state), forget)
    standings(state)  # every board remembered
    table = state.rounds[4].tables[17]
    finished = state.finished_at
    assert finished is not None
    after = adjust(
        state,
        5,
        table.number,
        table.boards[0],
        ns=Artificial.PLUS,
        ew=Artificial.MINUS,
        by="td",
        reason="bench",
        now=finished + timedelta(minutes=5),  # within the correction period (Law 79C)
    )

    def warm() -> None:
        forget()
        standings(state)  # the other boards are remembered from before the adjustment

    incremental = best(lambda: standings(after), warm)
    cold = best(lambda: standings(after), forget)
    assert standings(after).rows != standings(state).rows  # the adjustment changed something
    print(f"  standings from scratch              {scratch * 1000:8.1f} ms")
    print(f"  after one adjustment (26 remembered) {incremental * 1000:7.1f} ms")
    print(f"  the adjusted event from scratch      {cold * 1000:7.1f} ms")
    print(f"  ratio scratch / after-adjustment    x{cold / incremental:6.1f}")
    artificial_board()


def artificial_board() -> None:
    """One board of 100 results, with and without an artificial score (best of 200 each)."""
    rng = random.Random(SEED)
    played = tuple(rng.randrange(-1500, 1500, 10) for _ in range(100))
    adjusted = ((Artificial.PLUS, Artificial.MINUS), *played[1:])
    runs = 200

    def cold(entries: tuple[int | tuple[Artificial, Artificial], ...]) -> float:
        times = []
        for _ in range(runs):
            forget()
            t = time.perf_counter()
            board_scores(entries, Scoring.MP, len(entries))
            times.append(time.perf_counter() - t)
        return min(times)

    reference = cold(played)
    with_artificial = cold(adjusted)
    print("one board, 100 results, matchpoints, from cold (best of 200):")
    print(f"  all played (the reference)          {reference * 1000:8.3f} ms")
    print(f"  one artificial score (Neuberg 99/100) {with_artificial * 1000:6.3f} ms")
    print(f"  ratio artificial / reference        x{with_artificial / reference:6.2f}")


if __name__ == "__main__":
    main()
