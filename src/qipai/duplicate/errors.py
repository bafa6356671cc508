"""The errors of ``qipai.duplicate``: one base, a ``ValueError``, for input that cannot be scored.

>>> raise ScoringError("a board needs at least one result")
Traceback (most recent call last):
...
qipai.duplicate.errors.ScoringError: a board needs at least one result
"""

from __future__ import annotations

__all__ = ["PoolBoardRetired", "ScoringError"]


class ScoringError(ValueError):
    """Input that cannot be scored: NaN, a board count below 1, a field smaller than its
    results... The message says what is wrong and with which value.
    """


class PoolBoardRetired(ScoringError):
    """A result offered to a pool board that has already collected all the results it takes."""
