"""The twelve grades: monotone thresholds, both languages, refused input."""

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qipai.ranked.grades import GRADES, grade_for, next_grade

SEED_NAMES = [
    "无等级",
    "有级牌手",
    "中级牌手",
    "高级牌手",
    "巅峰好手",
    "巅峰高手",
    "巅峰大师",
    "巅峰明星",
    "桥界嘉宾",
    "桥协大师",
    "荣誉大师",
    "专业牌手",
]


def test_the_seeds_twelve_grades_in_order() -> None:
    assert [g.zh for g in GRADES] == SEED_NAMES
    assert [g.rank for g in GRADES] == list(range(12))
    assert all(a.threshold < b.threshold for a, b in itertools.pairwise(GRADES))
    assert all(g.en and g.name("en") == g.en and g.name("zh-CN") == g.zh for g in GRADES)


def test_each_grade_starts_at_its_threshold() -> None:
    for lower, upper in itertools.pairwise(GRADES):
        assert grade_for(upper.threshold) == upper
        assert grade_for(math.nextafter(upper.threshold, 0)) == lower
        assert next_grade(lower) == upper
    assert next_grade(GRADES[-1]) is None and grade_for(10**6) == GRADES[-1]


@given(st.floats(0, 10_000), st.floats(0, 10_000))
def test_more_masterpoints_never_a_lower_grade(a: float, b: float) -> None:
    lo, hi = sorted((a, b))
    assert grade_for(lo).rank <= grade_for(hi).rank


@pytest.mark.parametrize("bad", [-1, -0.5, math.nan, math.inf])
def test_bad_masterpoints_are_refused(bad: float) -> None:
    with pytest.raises(ValueError, match="masterpoints are 0 or more"):
        grade_for(bad)
