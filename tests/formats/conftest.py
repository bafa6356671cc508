"""Shared fixtures: the real files in ../shared/data (tests skip cleanly where it is missing)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from qipai.formats import Record, read_file

DATA = Path(__file__).parents[2].parent / "shared" / "data" / "bridge"

_CACHE: dict[str, list[Record]] = {}


def data_file(name: str) -> Path:
    """A file under shared/data/bridge (``pbn/endplay_example2.pbn``), or skip the test."""
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"{path} is not here")
    return path


def records_of(name: str) -> list[Record]:
    """The records of a real file, read once per test session."""
    if name not in _CACHE:
        _CACHE[name] = read_file(data_file(name))
    return _CACHE[name]


@pytest.fixture
def real_file() -> Callable[[str], Path]:
    return data_file


@pytest.fixture
def real_records() -> Callable[[str], list[Record]]:
    return records_of


@pytest.fixture
def example2() -> list[Record]:
    return records_of("pbn/endplay_example2.pbn")


@pytest.fixture
def example3() -> list[Record]:
    return records_of("pbn/endplay_example3.pbn")
