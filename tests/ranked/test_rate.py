"""The weekly Rate: bounded, order-free, balanced for partner and opponents, the seed's
penalty for a disconnection."""

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.ranked.rate import (
    PRIOR,
    START,
    BoardScore,
    PlayerRate,
    board_rate,
    percentage,
    weekly_rates,
)

PLAYERS = list(range(12))


@st.composite
def weeks(draw: st.DrawFn) -> list[BoardScore]:
    n = draw(st.integers(1, 40))
    out = []
    for _ in range(n):
        four = draw(st.permutations(PLAYERS))[:4]
        imps = draw(st.floats(-24, 24, allow_nan=False))
        away = frozenset(draw(st.lists(st.sampled_from(four), max_size=1)))
        out.append(BoardScore((four[0], four[1]), (four[2], four[3]), imps, away))
    return out


old_rates = st.dictionaries(
    st.sampled_from(PLAYERS),
    st.builds(PlayerRate, st.floats(0, 100), st.floats(0, 1000)),
)


@settings(max_examples=60, deadline=None)
@given(old_rates, weeks(), st.randoms(use_true_random=False))
def test_rates_are_bounded_and_do_not_depend_on_arrival_order(old, week, rnd) -> None:
    new = weekly_rates(old, week)
    shuffled = list(week)
    rnd.shuffle(shuffled)
    assert weekly_rates(old, shuffled) == new
    for r in new.values():
        assert math.isfinite(r.rate) and 0 <= r.rate <= 100 and r.weight >= 0
    played = {p for s in week for p in (*s.ns, *s.ew)}
    assert set(new) == set(old) | played
    for p in set(old) - played:
        assert new[p] == old[p]  # who did not play keeps their Rate


def test_a_new_player_starts_at_fifty_on_ten_boards() -> None:
    assert PlayerRate() == PlayerRate(START, PRIOR) == PlayerRate(50.0, 10.0)
    assert weekly_rates({}, []) == {}


def test_the_winners_rise_and_the_losers_fall() -> None:
    week = [BoardScore(("a", "b"), ("c", "d"), 5.0)] * 6
    new = weekly_rates({}, week)
    assert new["a"].rate == new["b"].rate > 50 > new["c"].rate == new["d"].rate
    assert new["a"].rate + new["c"].rate == pytest.approx(100)


def test_a_win_with_a_weak_partner_over_strong_opponents_counts_more() -> None:
    old = {
        "weak": PlayerRate(30, 100),
        "strong1": PlayerRate(70, 100),
        "strong2": PlayerRate(70, 100),
    }
    old |= {"mid": PlayerRate(50, 100), "x": PlayerRate(50, 100), "y": PlayerRate(50, 100)}
    hard = weekly_rates(old, [BoardScore(("me", "weak"), ("strong1", "strong2"), 3.0)])
    easy = weekly_rates(old, [BoardScore(("me", "mid"), ("x", "y"), 3.0)])
    assert hard["me"].rate > easy["me"].rate
    assert board_rate(percentage(3), 30, (70, 70)) > board_rate(percentage(3), 50, (50, 50))


def test_a_disconnection_scores_zero_on_its_board() -> None:
    week = [BoardScore(("a", "b"), ("c", "d"), 2.0), BoardScore(("a", "e"), ("f", "g"), 2.0)]
    stayed = weekly_rates({}, week)
    left = weekly_rates({}, [week[0], BoardScore(("a", "e"), ("f", "g"), 2.0, frozenset({"a"}))])
    assert left["a"].rate < stayed["a"].rate
    assert left["a"].weight == stayed["a"].weight  # the board still counts, at 0


def test_bad_scores_are_refused() -> None:
    with pytest.raises(ValueError, match="four different players"):
        BoardScore(("a", "b"), ("a", "c"), 1.0)
    with pytest.raises(ValueError, match="finite"):
        BoardScore(("a", "b"), ("c", "d"), math.nan)
    with pytest.raises(ValueError, match="a Rate is 0 to 100"):
        PlayerRate(101)


def test_the_percentage_is_monotone_and_symmetric() -> None:
    xs = sorted(random.Random(1).uniform(-30, 30) for _ in range(100))
    ps = [percentage(x) for x in xs]
    assert ps == sorted(ps) and all(0 < p < 100 for p in ps)
    assert all(percentage(x) + percentage(-x) == pytest.approx(100) for x in xs)
