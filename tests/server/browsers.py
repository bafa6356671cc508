"""What the browser tests share: Debian's Chromium launched through Playwright (never
``playwright install``), a skip mark for machines without it, a real ``qipai serve`` process
to point it at, and pages that record their script errors.

A test module imports it by name (``from browsers import ...``) once its folder is on
``sys.path``::

    @pytest.fixture
    def browser():
        with chromium() as b:
            yield b
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ("--no-sandbox", "--disable-gpu", "--disable-background-networking")

needs_chromium = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs Debian's chromium")
"""Skip a test (or, in ``pytestmark``, a module) where Debian's Chromium is not installed."""


@contextlib.contextmanager
def chromium(**launch: Any) -> Iterator[Any]:
    """A Chromium browser (``playwright.sync_api.Browser``), closed on the way out."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS), **launch)
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def serving(h: Any, folder: Path) -> Iterator[Any]:
    """``qipai serve`` on a free port over a new database in ``folder`` (its log there too),
    as conftest's ``ServerProcess`` (``h.ServerProcess``): ``.base`` is its URL. The process
    takes this process's environment (``QIPAI_GRACE``...)."""
    with open(folder / "server.log", "wb") as log:
        server = h.ServerProcess(folder / "club.db", log)
        try:
            yield server
        finally:
            server.stop()


class Watched:
    """A page and what went wrong in it: uncaught script errors and console errors (a script
    or style the Content-Security-Policy refused shows there). Answers with an error status
    (Chromium's "Failed to load resource", /favicon.ico's 404 among them) are left to the
    tests, which expect some."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("console", self._console)

    def _console(self, message: Any) -> None:
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            self.errors.append(f"console: {message.text} ({message.location.get('url')})")


def new_page(browser: Any, **context: Any) -> Watched:
    """A page in a new browser context (its own cookies); ``context`` as Playwright's
    ``new_context`` takes it (viewport, locale, timezone_id...)."""
    context.setdefault("viewport", {"width": 1100, "height": 900})
    return Watched(browser.new_context(**context).new_page())


def click_soon(locator: Any, **options: Any) -> bool:
    """Click ``locator``'s first match if it is still there within two seconds: a box or a
    card seen a moment ago may be gone by the click (a robot's turn, the auction's end).
    Returns whether the click happened."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        locator.first.click(timeout=2_000, **options)
    except PlaywrightTimeoutError:
        return False
    return True


def play_board_by_clicks(page, deadline):
    """Click through one board: South's first call is the lowest bid offered, later calls are
    passes; in the play, the first playable card. Returns the number of clicks."""
    clicks = 0
    bid = False
    while time.monotonic() < deadline:
        if page.locator("#done-box:not(.hidden)").count():
            return clicks
        calls = page.locator("#bidding-box:not(.hidden) button.call-btn")
        cards = page.locator("button.playable")
        if calls.count():
            target = 'button[data-call="P"]' if bid else "#bidding-box .bids button:enabled"
            if click_soon(page.locator(target)):
                bid = True
                clicks += 1
        elif cards.count():
            # the corner a fanned card shows
            clicks += click_soon(cards, position={"x": 6, "y": 12})
        page.wait_for_timeout(40)
    raise AssertionError("the board did not finish in time")
