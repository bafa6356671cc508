"""``qipai serve --grace SECONDS``: the disconnection grace reaches the app; without it the
``QIPAI_GRACE`` environment variable, else the app's default (30 s); bad values are refused
before anything starts."""

from __future__ import annotations

from typing import Any

import pytest

from qipai import cli
from qipai.server import app as app_module


@pytest.fixture
def started(monkeypatch):
    """Run ``qipai serve`` without a server: record what ``create_app`` and uvicorn are given."""
    import uvicorn

    calls: dict[str, Any] = {}

    def fake_create_app(url: str, **kw: Any) -> str:
        calls["url"], calls["kw"] = url, kw
        return "the app"

    def fake_run(app: Any, **kw: Any) -> None:
        calls["ran"] = app

    monkeypatch.setattr(app_module, "create_app", fake_create_app)
    monkeypatch.setattr(uvicorn, "run", fake_run)
    monkeypatch.delenv("QIPAI_GRACE", raising=False)
    return calls


def serve(tmp_path, *extra: str) -> int:
    return cli.main(["serve", "--db", str(tmp_path / "x.db"), "--log-level", "warning", *extra])


def test_grace_option_is_passed_to_the_app(started, tmp_path):
    assert serve(tmp_path, "--grace", "7.5") == 0
    assert started["kw"]["disconnect_grace"] == 7.5
    assert started["ran"] == "the app"


def test_grace_option_beats_the_environment(started, tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAI_GRACE", "99")
    assert serve(tmp_path, "--grace", "0") == 0
    assert started["kw"]["disconnect_grace"] == 0.0


def test_environment_is_used_without_the_option(started, tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAI_GRACE", "12")
    assert serve(tmp_path) == 0
    assert started["kw"]["disconnect_grace"] == 12.0


def test_neither_leaves_the_apps_default(started, tmp_path):
    assert serve(tmp_path) == 0
    assert started["kw"]["disconnect_grace"] is None  # create_app then takes DEFAULT_GRACE
    assert app_module.DEFAULT_GRACE == 30.0


@pytest.mark.parametrize("bad", ["soon", "-1", "nan", "inf", "86401", ""])
def test_bad_grace_is_one_line_and_status_1(started, tmp_path, capsys, bad):
    assert serve(tmp_path, "--grace", bad) == 1
    err = capsys.readouterr().err
    assert err.startswith("qipai serve: --grace must be") and err.count("\n") == 1
    assert "ran" not in started


def test_bad_environment_grace_is_named(started, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("QIPAI_GRACE", "half a minute")
    assert serve(tmp_path) == 1
    assert "qipai serve: QIPAI_GRACE must be a number of seconds" in capsys.readouterr().err
    assert "ran" not in started


def test_help_lists_grace(capsys):
    with pytest.raises(SystemExit):
        cli.main(["serve", "--help"])
    out = capsys.readouterr().out
    assert "--grace SECONDS" in out and "QIPAI_GRACE" in out


def test_grace_reaches_the_table_watcher(tmp_path, h, monkeypatch):
    """The value given to ``create_app`` is the one the tables' presence watcher uses."""
    monkeypatch.setenv("QIPAI_GRACE", "99")
    with h.TestClient(h.make_app(tmp_path / "a.db", disconnect_grace=3.0)) as client:
        assert client.app.state.server.tables.grace == 3.0
    with h.TestClient(h.make_app(tmp_path / "b.db")) as client:
        assert client.app.state.server.tables.grace == 99.0
