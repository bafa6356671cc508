"""The twelve grades (等级), lowest to highest, by masterpoints (巅峰大师分).

The seed names the grades and says they follow a player's masterpoints, won only in the
platform's events; it gives no thresholds. Ours are monotone and in the spirit of ACBL's ranks,
scaled to our awards (an event's winner takes 3 masterpoints, docs/EVENTS.md): a first win
makes a 有级牌手, about thirty wins a 巅峰大师, a career of them a 专业牌手.

>>> grade_for(0).en, grade_for(1).zh, grade_for(49.5).zh, grade_for(50).zh
('Unranked', '有级牌手', '巅峰高手', '巅峰大师')
>>> [g.threshold for g in GRADES][-3:]
[150, 250, 400]
>>> next_grade(grade_for(7)).zh, next_grade(GRADES[-1]) is None
('高级牌手', True)
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass

__all__ = ["GRADES", "Grade", "grade_for", "next_grade"]


@dataclass(frozen=True)
class Grade:
    """A grade: its rank (0 lowest), the masterpoints that reach it, its names."""

    rank: int
    threshold: float
    zh: str
    en: str

    def name(self, lang: str) -> str:
        return self.zh if lang.startswith("zh") else self.en


GRADES: tuple[Grade, ...] = tuple(
    Grade(rank, threshold, zh, en)
    for rank, (threshold, zh, en) in enumerate(
        (
            (0, "无等级", "Unranked"),
            (1, "有级牌手", "Ranked Player"),
            (5, "中级牌手", "Intermediate Player"),
            (10, "高级牌手", "Advanced Player"),
            (20, "巅峰好手", "Peak Adept"),
            (35, "巅峰高手", "Peak Expert"),
            (50, "巅峰大师", "Peak Master"),
            (75, "巅峰明星", "Peak Star"),
            (100, "桥界嘉宾", "Honoured Guest of Bridge"),
            (150, "桥协大师", "Association Master"),
            (250, "荣誉大师", "Honorary Master"),
            (400, "专业牌手", "Professional"),
        )
    )
)
"""Lowest to highest; each grade is reached at its threshold of masterpoints."""

_THRESHOLDS = [g.threshold for g in GRADES]


def grade_for(masterpoints: float) -> Grade:
    """The grade a player with ``masterpoints`` holds (below zero or NaN: refused)."""
    if not math.isfinite(masterpoints) or masterpoints < 0:
        raise ValueError(f"masterpoints are 0 or more, not {masterpoints!r}")
    return GRADES[bisect_right(_THRESHOLDS, masterpoints) - 1]


def next_grade(grade: Grade) -> Grade | None:
    """The grade above ``grade`` (None at the top), for "n masterpoints to the next grade"."""
    return GRADES[grade.rank + 1] if grade.rank + 1 < len(GRADES) else None
