"""Swiss pairing: close scores meet, no rematch while one can be avoided (checked against a
brute-force search over every pairing of small fields), the phantom to the lowest pair."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from event_helpers import brute_force_min, cost
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.events import PHANTOM, first_round, swiss_pairing


def random_history(rng: random.Random, order: Sequence[int], rounds: int) -> list[tuple[int, int]]:
    history: list[tuple[int, int]] = []
    entrants = list(order) + ([PHANTOM] if len(order) % 2 else [])
    for _ in range(rounds):
        rng.shuffle(entrants)
        history.extend(zip(entrants[::2], entrants[1::2], strict=True))
    return history


def test_first_round_is_registration_order() -> None:
    assert first_round([1, 2, 3, 4, 5, 6]).tables == ((1, 2), (3, 4), (5, 6))
    assert first_round([2, 5, 7]).tables == ((2, 5), (7, PHANTOM))


def test_top_pairs_meet_when_they_have_not() -> None:
    order = [3, 1, 4, 2, 6, 5]
    assert swiss_pairing(order, []).tables == ((3, 1), (4, 2), (6, 5))


def test_rematch_moves_to_the_next_pair_down() -> None:
    p = swiss_pairing([1, 2, 3, 4, 5, 6], [(1, 2), (3, 4), (5, 6)])
    # 1 meets 3; 2-4 would leave 5 and 6, who have met, so 2 meets 5
    assert p.tables == ((1, 3), (2, 5), (4, 6)) and p.rematches == 0


def test_unavoidable_rematch_is_counted() -> None:
    p = swiss_pairing([1, 2], [(1, 2)])
    assert p.tables == ((1, 2),) and p.rematches == 1


def test_backtracks_when_greedy_fails() -> None:
    # Greedy (1-2, then 3-4) strands 5 and 6, who have met; backtracking avoids it.
    history = [(5, 6), (1, 3), (2, 4), (1, 4)]
    p = swiss_pairing([1, 2, 3, 4, 5, 6], history)
    assert p.rematches == 0
    assert p.tables == ((1, 2), (3, 5), (4, 6))


def test_phantom_goes_to_the_lowest_pair_without_one() -> None:
    assert swiss_pairing([1, 2, 3, 4, 5], []).tables[-1] == (5, PHANTOM)
    p = swiss_pairing([1, 2, 3, 4, 5], [(5, PHANTOM)])
    assert (4, PHANTOM) in p.tables and p.rematches == 0


def test_bad_orders() -> None:
    with pytest.raises(ValueError, match="phantom"):
        swiss_pairing([1, PHANTOM], [])
    with pytest.raises(ValueError, match="twice"):
        swiss_pairing([1, 1], [])
    assert swiss_pairing([], []).tables == ()


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(2, 10),
    rounds=st.integers(0, 9),
    seed=st.integers(0, 2**32),
)
def test_fewest_rematches_matches_brute_force(n: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    order = rng.sample(range(1, 40), n)
    history = random_history(rng, order, rounds)
    p = swiss_pairing(order, history)
    entrants = sorted(order + ([PHANTOM] if n % 2 else []))
    assert sorted(x for t in p.tables for x in t) == entrants  # everyone once
    assert p.rematches == cost(p.tables, history)
    assert p.rematches == brute_force_min(order, history)


def test_node_limit_still_pairs_everyone() -> None:
    rng = random.Random(7)
    order = list(range(1, 31))
    history = random_history(rng, order, 40)  # rematches are unavoidable and many
    p = swiss_pairing(order, history, node_limit=50)
    assert sorted(x for t in p.tables for x in t) == order


def test_large_field_is_quick_and_rematch_free() -> None:
    rng = random.Random(3)
    order = list(range(1, 61))
    history = random_history(rng, order, 8)
    assert swiss_pairing(order, history).rematches == 0


def test_a_long_event_in_a_big_field() -> None:
    """31 pairs for 34 rounds, far past the round robin: every round pairs everyone (and
    quickly: the search starts from a lower bound), the first 20 rounds without a rematch."""
    rng = random.Random(2)
    order = list(range(1, 32))
    history: list[tuple[int, int]] = []
    for _ in range(34):
        rng.shuffle(order)
        p = swiss_pairing(order, history)
        assert sorted(x for t in p.tables for x in t) == sorted([*order, PHANTOM])
        history.extend(p.tables)
    assert len({frozenset(t) for t in history[: 16 * 20]}) == 16 * 20  # 20 rounds, no rematch
