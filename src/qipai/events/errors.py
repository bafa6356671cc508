"""The errors of ``qipai.events``: one base under :class:`~qipai.bridge.errors.QipaiError`,
each a specific class whose message says what was refused and why. The state an action was
tried on is unchanged (states are immutable).

>>> raise PlayerInAnotherPair("bob is already registered with carol (pair 2)")
Traceback (most recent call last):
...
qipai.events.errors.PlayerInAnotherPair: bob is already registered with carol (pair 2)
"""

from __future__ import annotations

from ..bridge.errors import ParseError, QipaiError

__all__ = [
    "AlreadyPaused",
    "AlreadyRegistered",
    "AlreadyWithdrawn",
    "BadResult",
    "BoardNotInRound",
    "EventError",
    "EventFormatError",
    "EventNotRunning",
    "EventOver",
    "EventPaused",
    "HandAlreadyRaised",
    "NoSuchRequest",
    "NotPaused",
    "NotRegistered",
    "PlayerInAnotherPair",
    "RegistrationClosed",
    "RegistrationError",
    "ResultAlreadyRecorded",
    "ResultError",
    "RoundClosed",
    "SamePlayer",
    "SettingsError",
    "StartInPast",
    "StateError",
    "UnknownPair",
    "UnknownTable",
]


class EventError(QipaiError):
    """Base of every error a tournament refuses an action with."""


# -- settings -------------------------------------------------------------------------------


class MovementError(EventError):
    """A movement the event cannot have: a field no movement serves, rounds out of range."""


class SettingsError(EventError, ValueError):
    """Event settings that cannot run: no boards, a threshold out of range..."""


class StartInPast(SettingsError):
    """The start time is not after ``now``."""


# -- registration ---------------------------------------------------------------------------


class RegistrationError(EventError):
    """A registration step that is not allowed."""


class RegistrationClosed(RegistrationError):
    """Registration happens before the start time only."""


class SamePlayer(RegistrationError):
    """A pair is two different players."""


class AlreadyRegistered(RegistrationError):
    """These two players are already registered together."""


class PlayerInAnotherPair(RegistrationError):
    """A player is already registered in a pair with someone else."""


class HandAlreadyRaised(RegistrationError):
    """A player has already asked a partner; one request at a time."""


class NoSuchRequest(RegistrationError):
    """No pending request to decline or withdraw."""


class NotRegistered(RegistrationError):
    """The player is in no registered pair."""


# -- running the event ------------------------------------------------------------------------


class StateError(EventError):
    """An action the event's current state does not allow."""


class EventNotRunning(StateError):
    """The event has not started."""


class EventOver(StateError):
    """The event is finished or cancelled."""


class EventPaused(StateError):
    """The director has paused the event: no results until it resumes."""


class AlreadyPaused(StateError):
    pass


class NotPaused(StateError):
    pass


class UnknownPair(StateError):
    pass


class AlreadyWithdrawn(StateError):
    pass


# -- results ---------------------------------------------------------------------------------


class ResultError(EventError):
    """A board result that cannot be recorded."""


class UnknownTable(ResultError):
    pass


class BoardNotInRound(ResultError):
    pass


class ResultAlreadyRecorded(ResultError):
    pass


class RoundClosed(ResultError):
    """The round has ended: its unfinished boards were cut and are not played (no make-up)."""


class BadResult(ResultError):
    """A result that is not a bridge result (tricks out of range, no declarer...)."""


class EventFormatError(ParseError, EventError):
    """A stored event state (JSON) that cannot be read back."""
