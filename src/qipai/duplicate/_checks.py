"""Input checks shared by the scoring modules: parse once at the edge, then trust the values."""

from __future__ import annotations

import math
from collections.abc import Iterable

from .errors import ScoringError


def finite(value: float, what: str) -> float:
    """``value`` if it is a finite number, else a :class:`ScoringError` naming ``what``.

    >>> finite(420, "a score")
    420
    >>> finite(float("nan"), "a score")
    Traceback (most recent call last):
    ...
    qipai.duplicate.errors.ScoringError: a score must be a finite number, not nan
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ScoringError(f"{what} must be a number, not {value!r}")
    if not math.isfinite(value):
        raise ScoringError(f"{what} must be a finite number, not {value!r}")
    return value


def finite_scores(scores: Iterable[float]) -> list[float]:
    """The scores as a list, each checked by :func:`finite`."""
    return [finite(score, f"score #{index + 1}") for index, score in enumerate(scores)]


def whole(value: int, what: str, minimum: int) -> int:
    """``value`` if it is an ``int`` of at least ``minimum``, else a :class:`ScoringError`.

    >>> whole(-1, "the number of boards", 1)
    Traceback (most recent call last):
    ...
    qipai.duplicate.errors.ScoringError: the number of boards must be a whole number >= 1, not -1
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ScoringError(f"{what} must be a whole number >= {minimum}, not {value!r}")
    return value
