"""How long scoring a whole pairs event takes, and how that grows with the field.

    python bench/duplicate_bench.py

An event of P pairs over 30 boards has P/2 tables, so each board has P/2 NS scores. Scores are
drawn with a fixed seed from a few likely outcomes per board (the par contract making, one more
or one fewer trick, the other side's part-score, now and then a doubled penalty), so boards have
many ties, as real ones do. A second table scores boards where every result is different, the
worst case for the sort-based methods. Times are the best of 3 runs; nothing is asserted.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from qipai.duplicate import butler, cross_imps, imps, matchpoints

BOARDS = 30
FIELDS = (100, 300, 1000)
SEED = 2013
REPEATS = 3

Event = list[list[int]]

# Likely NS outcomes of a board, by the kind of deal it is (NS declaring; flipped for EW).
OUTCOMES: dict[str, tuple[int, ...]] = {
    "part-score": (110, 140, 90, 120, 170, 130, 150, -50, -100, 80, 200, 50),
    "game": (420, 450, 400, 430, 170, 140, -50, 480, 200, -100, 230),
    "vulnerable game": (620, 650, 600, 630, 170, -100, 680, 140, 200, -200, 800),
    "slam": (980, 1010, 480, 450, 510, -50, 1430, 1460, 680, -100),
}
WILD = (-800, -500, -300, 300, 500, 800, -1100, 1100, -200, 200)


def realistic_board(rng: random.Random, tables: int) -> list[int]:
    """One board's NS scores: a handful of likely outcomes, most often the first ones."""
    kind = rng.choice(tuple(OUTCOMES))
    outcomes = OUTCOMES[kind]
    sign = rng.choice((1, -1))
    weights = [1 / (rank + 1) ** 1.3 for rank in range(len(outcomes))]
    scores = [sign * s for s in rng.choices(outcomes, weights, k=tables)]
    for table in range(tables):
        if rng.random() < 0.03:
            scores[table] = rng.choice(WILD)
    return scores


def distinct_board(rng: random.Random, tables: int) -> list[int]:
    """The worst case: every score on the board different."""
    return rng.sample(range(-7600, 7600), tables)


def make_event(pairs: int, board: Callable[[random.Random, int], list[int]]) -> Event:
    """BOARDS boards of pairs // 2 NS scores each, from a fixed seed."""
    rng = random.Random(SEED + pairs)
    return [board(rng, pairs // 2) for _ in range(BOARDS)]


def best_time(score: Callable[[Sequence[int]], list[float]], event: Event) -> float:
    """Seconds to score every board of the event, best of REPEATS."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        for board in event:
            score(board)
        times.append(time.perf_counter() - start)
    return min(times)


METHODS: dict[str, Callable[[Sequence[int]], list[float]]] = {
    "matchpoints": matchpoints,
    "butler": butler,
    "cross-imps": cross_imps,
}


def report(title: str, board: Callable[[random.Random, int], list[int]]) -> None:
    """Print one table: seconds per event for each method and field, and the growth ratio."""
    events = {pairs: make_event(pairs, board) for pairs in FIELDS}
    print(f"\n{title}")
    header = "".join(f"{f'{p} pairs':>12}" for p in FIELDS)
    print(f"{'method':<12}{header}{'t(1000)/t(100)':>16}")
    for name, score in METHODS.items():
        seconds = {pairs: best_time(score, events[pairs]) for pairs in FIELDS}
        cells = "".join(f"{seconds[p] * 1000:>10.1f}ms" for p in FIELDS)
        print(f"{name:<12}{cells}{seconds[FIELDS[-1]] / seconds[FIELDS[0]]:>16.1f}")


def all_pairs_matchpoints(ns_scores: Sequence[int]) -> list[float]:
    """The reference: every result compared with every other, O(n^2)."""
    return [
        sum(2.0 if s > o else 1.0 if s == o else 0.0 for o in ns_scores) - 1.0 for s in ns_scores
    ]


def all_pairs_cross_imps(ns_scores: Sequence[int]) -> list[float]:
    """The reference: imps() of every pair, O(n^2)."""
    return [sum(imps(s - o) for o in ns_scores) / (len(ns_scores) - 1) for s in ns_scores]


def reference(pairs: int) -> None:
    """Print ours against the all-pairs reference on the worst-case event of ``pairs`` pairs."""
    event = make_event(pairs, distinct_board)
    print(f"\nagainst comparing every pair ({pairs} pairs, every score distinct)")
    print(f"{'method':<12}{'all pairs':>12}{'qipai':>12}{'speed-up':>10}")
    for name, ours, naive in (
        ("matchpoints", matchpoints, all_pairs_matchpoints),
        ("cross-imps", cross_imps, all_pairs_cross_imps),
    ):
        slow, fast = best_time(naive, event), best_time(ours, event)
        print(f"{name:<12}{slow * 1000:>10.1f}ms{fast * 1000:>10.1f}ms{slow / fast:>9.1f}x")


def main() -> None:
    print(f"Scoring a {BOARDS}-board pairs event (pairs/2 scores per board), best of {REPEATS}.")
    print("10x the pairs: about 10x the time if linear (n log n: ~13x), 100x if quadratic.")
    report("realistic boards (many ties)", realistic_board)
    report("worst case: every score on a board distinct", distinct_board)
    reference(300)


if __name__ == "__main__":
    main()
