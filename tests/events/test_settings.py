"""Event settings: a frozen, validated value with clear messages."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta

import pytest
from event_helpers import NOW, START, settings

from qipai.bridge.errors import QipaiError
from qipai.events import ByeScore, Scoring, check_settings
from qipai.events.errors import SettingsError, StartInPast
from qipai.events.settings import rematch_free_rounds


def test_defaults() -> None:
    s = settings()
    assert s.scoring is Scoring.XIMP
    assert s.completion_percent == 70
    assert s.robot_fill and s.robot_level == 0
    assert s.bye_score is ByeScore.AVERAGE
    assert s.total_boards == 6
    assert check_settings(s, NOW) == ()


def test_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings().rounds = 5  # type: ignore[misc]


def test_text_values_are_read() -> None:
    s = settings(scoring="mp", bye_score="average-plus")
    assert s.scoring is Scoring.MP and s.bye_score is ByeScore.AVERAGE_PLUS


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"boards_per_round": 0}, "boards per round must be a whole number of at least 1, not 0"),
        ({"rounds": 0}, "the number of rounds must be a whole number of at least 1, not 0"),
        ({"rounds": True}, "the number of rounds"),
        ({"completion_percent": 59}, "the completion threshold is 60% to 80% of the boards"),
        ({"completion_percent": 81}, "not 81%"),
        ({"completion_percent": 0.7}, "not 0.7%"),
        ({"round_length": timedelta(0)}, "a round must last some time"),
        ({"break_length": timedelta(minutes=-1)}, "the break between rounds"),
        ({"scoring": "vp"}, "scoring is one of ximp, imp, mp, not 'vp'"),
        ({"bye_score": "top"}, "the bye score is one of"),
        ({"robot_level": 5}, "robot levels are 0, 1, 2, not 5"),
        ({"name": "  "}, "the event needs a name"),
        ({"start": datetime(2025, 3, 1, 19, 0)}, "timezone-aware"),
    ],
)
def test_invalid_settings(kw: dict[str, object], message: str) -> None:
    with pytest.raises(SettingsError, match=message.replace("(", r"\(")) as e:
        settings(**kw)
    assert isinstance(e.value, QipaiError) and isinstance(e.value, ValueError)


@pytest.mark.parametrize("percent", [60, 70, 80])
def test_threshold_bounds_are_allowed(percent: int) -> None:
    assert settings(completion_percent=percent).completion_percent == percent


def test_start_must_be_after_now() -> None:
    with pytest.raises(StartInPast, match="is not after now"):
        check_settings(settings(), START)
    with pytest.raises(StartInPast):
        check_settings(settings(), START + timedelta(days=1))


def test_more_rounds_than_the_field_allows_is_a_warning() -> None:
    s = settings(rounds=6)
    assert check_settings(s, NOW, pairs=6) == (
        "6 rounds with 6 pairs: only 5 rounds can be played without two pairs meeting twice",
    )
    assert check_settings(s, NOW, pairs=7) == ()  # 7 pairs and the robot pair: 7 rounds
    assert check_settings(s, NOW, pairs=8) == ()


def test_rematch_free_rounds() -> None:
    assert [rematch_free_rounds(n) for n in range(2, 9)] == [1, 3, 3, 5, 5, 7, 7]


def test_required_boards_rounds_up() -> None:
    assert settings(rounds=4, boards_per_round=3).required_boards() == 9  # 8.4
    assert settings(rounds=5, boards_per_round=2, completion_percent=80).required_boards() == 8
