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
    "ZH",
    "AlreadyPaused",
    "AlreadyRegistered",
    "AlreadyWithdrawn",
    "BadResult",
    "BoardNotInRound",
    "CorrectionPeriodOver",
    "EventError",
    "EventFormatError",
    "EventNotRunning",
    "EventOver",
    "EventPaused",
    "HandAlreadyRaised",
    "NoSuchRequest",
    "NotDirector",
    "NotPaused",
    "NotRegistered",
    "PlayerInAnotherPair",
    "RegistrationClosed",
    "RegistrationError",
    "ResultAlreadyRecorded",
    "ResultError",
    "RoundClosed",
    "RulingError",
    "SamePlayer",
    "SettingsError",
    "StartInPast",
    "StateError",
    "UnknownPair",
    "UnknownTable",
]


class EventError(QipaiError):
    """Base of every error an event refuses an action with."""


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


# -- the director's rulings (director.py) ----------------------------------------------------


class NotDirector(StateError):
    """Only a director of the event rules (its creator, or one they named)."""


class RulingError(StateError):
    """A ruling that cannot be made: no reason, a board not finished, a round in play..."""


class CorrectionPeriodOver(RulingError):
    """The event finished and its correction period (Law 79C) is over: its results are
    final."""


class EventFormatError(ParseError, EventError):
    """A stored event state (JSON) that cannot be read back."""


ZH: dict[str, str] = {
    # The Chinese of the messages above that the engine and its formats added (formats.py,
    # settings.py, lifecycle.py, director.py, simulate.py); qipai.web.errors.ZH takes them in.
    # A {field} holds what varies, as there.
    "a movement needs at least 2 pairs, not {pairs}": "移位至少需要2对，不能是{pairs}对",
    "table {table} of round {round} plays boards {boards}, not {board}": (
        "第{round}轮第{table}桌打的是第{boards}副，不是第{board}副"
    ),
    "the format is one of {names}, not {value}": "赛制须为{names}之一，不能是{value}",
    "a movement is named for a Howell only": "只有单冠军（豪威尔）双人赛才选择移位表",
    "arrow-switch rounds are for a Mitchell only": "只有双冠军（米切尔）双人赛才有换向轮",
    "rounds and boards a round are given, except for a Howell": (
        "除单冠军（豪威尔）双人赛外，须给出轮数和每轮副数"
    ),
    "{by} does not direct {event}": "{by}不是“{event}”的裁判",
    "a ruling needs a reason": "裁判判罚须写明理由",
    "{event} has no results to rule on": "“{event}”还没有可以判罚的成绩",
    "table {table} of round {round} does not play board {board}": (
        "第{round}轮第{table}桌不打第{board}副"
    ),
    "board {board} at table {table} of round {round} is not finished yet": (
        "第{round}轮第{table}桌的第{board}副还没有打完"
    ),
    "a procedural penalty is more than 0 and at most 100, not {points}": (
        "程序判罚须大于0且不超过100，不能是{points}"
    ),
    "players are replaced between rounds only (not while a round is played)": (
        "只能在轮与轮之间替换选手（一轮比赛进行中不能替换）"
    ),
    "a substitute is named by a player's name, not {name}": "替补须填写选手的用户名，不能是{name}",
    "{player} does not play in pair {pair} ({name})": "{player}不在第{pair}对（{name}）中",
    "{name} already plays in pair {n}": "{name}已经在第{n}对中参赛",
    "pair {pair} is already a robot pair": "第{pair}对已经是机器人对",
    "{name} already directs {event}": "{name}已经是“{event}”的裁判",
    "the correction period of {event} ended at {at}: its results are final (Law 79C)": (
        "“{event}”的更正期已于{at}结束，成绩已是最终成绩（《桥牌规则》第79条C款）"
    ),
    "the correction period is 0 to {days} days, not {period}": (
        "更正期须为0至{days}天，不能是{period}"
    ),
}
