"""An event's settings: one frozen value, checked when it is built.

What can be checked from the settings alone is checked in ``__post_init__`` and raises a
:class:`~qipai.events.errors.SettingsError`; a start time is checked against ``now`` by
:func:`check_settings`, which also returns warnings (things allowed, but worth a word to the
director), such as more rounds than the field can play without rematches.

>>> from datetime import datetime, timedelta, timezone
>>> start = datetime(2025, 3, 1, 19, 30, tzinfo=timezone.utc)
>>> s = EventSettings("Saturday Swiss", start, rounds=7, boards_per_round=3,
...                   round_length=timedelta(minutes=24))
>>> s.scoring, s.completion_percent, s.total_boards
(<Scoring.XIMP: 'ximp'>, 70, 21)
>>> check_settings(s, now=start - timedelta(hours=1), pairs=6)
('7 rounds with 6 pairs: only 5 rounds can be played without two pairs meeting twice',)
>>> EventSettings("x", start, rounds=7, boards_per_round=0, round_length=timedelta(minutes=24))
Traceback (most recent call last):
...
qipai.events.errors.SettingsError: boards per round must be a whole number of at least 1, not 0
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from .errors import SettingsError, StartInPast

__all__ = [
    "CORRECTION_PERIOD",
    "FORMATS",
    "MAX_COMPLETION",
    "MAX_CORRECTION_PERIOD",
    "MIN_COMPLETION",
    "ROBOT_LEVELS",
    "ByeScore",
    "EventSettings",
    "Format",
    "Scoring",
    "check_settings",
    "rematch_free_rounds",
]

MIN_COMPLETION = 60
MAX_COMPLETION = 80
MAX_CORRECTION_PERIOD = timedelta(days=7)
CORRECTION_PERIOD = timedelta(minutes=30)
"""Law 79C2: unless the regulations say otherwise, scores may be corrected until 30 minutes
after the official score is made available (here, the event's finish)."""
ROBOT_LEVELS = (0, 1, 2)  # qipai.robots.LEVELS; not imported, to keep this package light


class Scoring(StrEnum):
    """How boards are scored and pairs ranked.

    * ``ximp``: cross-IMPs, each result against every other result of the board, per
      comparison; pairs ranked by total.
    * ``imp``: total IMPs against the board's Butler datum (trimmed mean).
    * ``mp``: matchpoints, Neuberg-scaled where a board has fewer results than tables; pairs
      ranked by their average board percentage.
    """

    XIMP = "ximp"
    IMP = "imp"
    MP = "mp"


class Format(StrEnum):
    """Who plays whom on which boards in each round (see :mod:`qipai.events.formats`).

    * ``swiss``: Swiss pairing on the totals so far; every table plays the round's boards.
    * ``mitchell``: a Mitchell movement (双冠军, NS and EW ranked apart; one winner with
      arrow-switch rounds).
    * ``howell``: a Howell movement (单冠军, one winner) from the shipped movement files.
    """

    SWISS = "swiss"
    MITCHELL = "mitchell"
    HOWELL = "howell"


FORMATS = tuple(f.value for f in Format)


class ByeScore(StrEnum):
    """What a pair sitting out a round (the odd pair, when robots do not fill) scores on each
    board of that round.

    * ``average``: 0 IMPs a board (50% for matchpoints), Law 12C2 average.
    * ``average-plus``: 3 IMPs a board (60%), average-plus for a side not at fault.
    * ``own-average``: the pair's own average over the boards it played in the event.
    """

    AVERAGE = "average"
    AVERAGE_PLUS = "average-plus"
    OWN_AVERAGE = "own-average"


@dataclass(frozen=True)
class EventSettings:
    """An automatic Swiss pairs event (瑞士移位自动双人赛).

    ``start`` is timezone-aware. Each round lasts ``round_length``; the next round is seated
    ``break_length`` after the previous one closes. ``completion_percent`` (60-80) is the
    share of all the event's boards a pair must complete to be ranked. When the field is odd,
    the pair left over meets a robot pair of ``robot_level`` if ``robot_fill``, else sits out
    and scores ``bye_score``.

    ``format`` says who plays whom (Swiss by default). A Mitchell is made for the field at
    the start (at most ``rounds`` rounds of ``boards_per_round`` boards), with the
    ``arrow_switch`` rounds played with EW sitting NS; a Howell is the shipped ``movement``
    named (or the one for the field with ``boards_per_round`` boards a round, else the one
    with the fewest boards), and its rounds and boards are the movement's. In a movement a
    pair that sits out scores nothing for the round (a robot pair fills an odd Mitchell field
    when ``robot_fill``).

    ``correction_period`` (Law 79C) runs from the finish: within it the director may still
    rule on a board (adjust, assign, correct, penalize) and the standings follow; after it the
    results are final. Unless the event says otherwise it is 30 minutes (Law 79C2).
    """

    name: str
    start: datetime
    rounds: int
    boards_per_round: int
    round_length: timedelta
    scoring: Scoring = Scoring.XIMP
    completion_percent: int = 70
    robot_level: int = 0
    robot_fill: bool = True
    bye_score: ByeScore = ByeScore.AVERAGE
    break_length: timedelta = timedelta(0)
    format: Format = Format.SWISS
    movement: str | None = None
    arrow_switch: tuple[int, ...] = ()
    correction_period: timedelta = CORRECTION_PERIOD

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise SettingsError("the event needs a name")
        if not isinstance(self.start, datetime) or self.start.utcoffset() is None:
            raise SettingsError(
                f"the start time must be a timezone-aware datetime, not {self.start!r}"
            )
        _whole(self.rounds, "the number of rounds")
        _whole(self.boards_per_round, "boards per round")
        if not isinstance(self.round_length, timedelta) or self.round_length <= timedelta(0):
            raise SettingsError(f"a round must last some time, not {self.round_length!r}")
        if not isinstance(self.break_length, timedelta) or self.break_length < timedelta(0):
            raise SettingsError(f"the break between rounds cannot be {self.break_length!r}")
        period = self.correction_period
        if not isinstance(period, timedelta) or not timedelta(0) <= period <= MAX_CORRECTION_PERIOD:
            raise SettingsError(
                f"the correction period is 0 to {MAX_CORRECTION_PERIOD.days} days, not {period!r}"
            )
        try:
            object.__setattr__(self, "scoring", Scoring(self.scoring))
        except ValueError:
            names = ", ".join(s.value for s in Scoring)
            raise SettingsError(f"scoring is one of {names}, not {self.scoring!r}") from None
        try:
            object.__setattr__(self, "bye_score", ByeScore(self.bye_score))
        except ValueError:
            names = ", ".join(b.value for b in ByeScore)
            raise SettingsError(
                f"the bye score is one of {names}, not {self.bye_score!r}"
            ) from None
        try:
            object.__setattr__(self, "format", Format(self.format))
        except ValueError:
            raise SettingsError(
                f"the format is one of {', '.join(FORMATS)}, not {self.format!r}"
            ) from None
        if self.movement is not None and self.format is not Format.HOWELL:
            raise SettingsError("a movement is named for a Howell only")
        switched = tuple(sorted(set(self.arrow_switch)))
        if switched and self.format is not Format.MITCHELL:
            raise SettingsError("arrow-switch rounds are for a Mitchell only")
        for r in switched:
            if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= self.rounds:
                raise SettingsError(f"arrow-switch rounds must be among 1-{self.rounds}")
        object.__setattr__(self, "arrow_switch", switched)
        percent = self.completion_percent
        if (
            isinstance(percent, bool)
            or not isinstance(percent, int)
            or not MIN_COMPLETION <= percent <= MAX_COMPLETION
        ):
            raise SettingsError(
                f"the completion threshold is {MIN_COMPLETION}% to {MAX_COMPLETION}% of the "
                f"boards, not {percent!r}%"
            )
        if self.robot_level not in ROBOT_LEVELS or isinstance(self.robot_level, bool):
            levels = ", ".join(map(str, ROBOT_LEVELS))
            raise SettingsError(f"robot levels are {levels}, not {self.robot_level!r}")

    @property
    def total_boards(self) -> int:
        """Boards in the whole event: rounds x boards per round."""
        return self.rounds * self.boards_per_round

    def required_boards(self, total: int | None = None) -> int:
        """The fewest completed boards that rank a pair: ``completion_percent`` of ``total``
        (the event's boards by default), rounded up.

        >>> from datetime import datetime, timedelta, timezone
        >>> s = EventSettings("x", datetime(2025, 1, 1, tzinfo=timezone.utc), 7, 3,
        ...                   timedelta(minutes=24))
        >>> s.required_boards()  # 70% of 21 = 14.7
        15
        """
        boards = self.total_boards if total is None else total
        return -(-boards * self.completion_percent // 100)


def _whole(value: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise SettingsError(f"{what} must be a whole number of at least 1, not {value!r}")


def rematch_free_rounds(pairs: int, odd_filled: bool = True) -> int:
    """How many rounds ``pairs`` pairs can play with no two meeting twice: one fewer than the
    entrants, counting the robot pair or the bye as an entrant when the field is odd.

    >>> rematch_free_rounds(6), rematch_free_rounds(7), rematch_free_rounds(1)
    (5, 7, 1)
    """
    entrants = pairs + (pairs % 2 if odd_filled else 0)
    return max(entrants - 1, 0)


def check_settings(
    settings: EventSettings, now: datetime, pairs: int | None = None
) -> tuple[str, ...]:
    """Check ``settings`` for an event created at ``now``: raises :class:`StartInPast` for a
    start that is not in the future; returns warnings, such as more rounds than ``pairs``
    (when known) can play without rematches."""
    if now.utcoffset() is None:
        raise SettingsError(f"now must be a timezone-aware datetime, not {now!r}")
    if settings.start <= now:
        raise StartInPast(
            f"the start time {settings.start.isoformat()} is not after now ({now.isoformat()})"
        )
    return round_warnings(settings, pairs)


def round_warnings(settings: EventSettings, pairs: int | None) -> tuple[str, ...]:
    """The warning for more rounds than a field of ``pairs`` can play without rematches (a
    movement never has rematches: it is made for the field)."""
    if pairs is None or pairs < 2 or settings.format is not Format.SWISS:
        return ()
    limit = rematch_free_rounds(pairs)
    if settings.rounds <= limit:
        return ()
    return (
        f"{settings.rounds} rounds with {pairs} pairs: only {limit} rounds can be played "
        "without two pairs meeting twice",
    )
