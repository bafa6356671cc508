"""Masterpoints (巅峰大师分) for a finished Swiss pairs event, awarded to both players of a pair.

The places counted are those of the pairs that completed the event (reached the completion
threshold). The winner gets 3. With 20 or more pairs completing, places 2-4 get 2 and places
5-10 get 1. With fewer, only the top half of the completing pairs (rounded down: 9 of 19) score:
the winner 3, the next up to three pairs 2, the rest of the top half 1.

>>> masterpoint_awards(8)
(3, 2, 2, 2, 0, 0, 0, 0)
>>> masterpoint_awards(19)[:10]
(3, 2, 2, 2, 1, 1, 1, 1, 1, 0)
>>> masterpoint_awards(20)[:11], sum(masterpoint_awards(40))
((3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0), 15)
>>> masterpoint_awards(1), masterpoint_awards(0)
((3,), ())
"""

from __future__ import annotations

__all__ = ["LARGE_FIELD", "masterpoint_awards", "masterpoints_for"]

LARGE_FIELD = 20
"""From this many completing pairs, places 2-4 and 5-10 score regardless of the field."""


def masterpoints_for(place: int, completing: int) -> int:
    """The masterpoints for ``place`` (from 1) among ``completing`` pairs.

    >>> masterpoints_for(5, 20), masterpoints_for(5, 10), masterpoints_for(11, 40)
    (1, 1, 0)
    """
    if not 1 <= place <= completing:
        raise ValueError(f"place {place} is not among {completing} completing pairs")
    if place == 1:
        return 3
    if completing >= LARGE_FIELD:
        return 2 if place <= 4 else 1 if place <= 10 else 0
    half = completing // 2
    if place > half:
        return 0
    return 2 if place <= 4 else 1


def masterpoint_awards(completing: int) -> tuple[int, ...]:
    """The masterpoints of places 1 to ``completing``, in order."""
    if completing < 0:
        raise ValueError(f"a field cannot have {completing} pairs")
    return tuple(masterpoints_for(p, completing) for p in range(1, completing + 1))
