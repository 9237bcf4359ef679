"""Browser fixtures: Playwright driving Debian's Chromium against a live Daphne (see README.md)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.livestack import DEMO_PASSWORD, ROOT, LiveStack

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = ROOT / "artifacts" / "browser"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
# Keeps every WebSocket a page opens in window.__tabulaSockets, so a test can drop them.
TRACK_SOCKETS = """
(() => {
  const Native = window.WebSocket;
  const sockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) { super(...args); sockets.push(this); }
  };
  window.__tabulaSockets = sockets;
})();
"""


def skip_or_fail(reason: str) -> None:
    """Locally a missing browser or service skips with its reason; in CI (TABULA_CI=1) it fails."""
    if os.environ.get("TABULA_CI"):
        pytest.fail(f"{reason} (TABULA_CI=1: a missing browser or service is a failure)")
    pytest.skip(reason)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def tabula_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveStack]:
    """One Daphne process with the demo loaded, for the whole session (in-memory channel layer).

    It uses a new PostgreSQL database next to DATABASE_URL when that is set (as in CI), else an
    SQLite file; either way the database is thrown away at the end. Tests share it: what one
    test rolls, the next one's log shows too, so look for your own lines, not for an empty log.
    """
    database_url = os.environ.get("DATABASE_URL") or None
    stack = LiveStack(workdir=tmp_path_factory.mktemp("live"), database_url=database_url)
    with stack:
        yield stack


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright (no browser download).

    Module scope: Playwright's sync API keeps an event loop marked running in this thread while
    it is started, which would break later Django and async tests in the same session.
    """
    if not CHROMIUM.exists():
        skip_or_fail(
            f"browser tests need Debian's Chromium at {CHROMIUM}: apt-get install chromium"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield chromium
        chromium.close()


@pytest.fixture
def new_context(browser: Any, tabula_server: LiveStack) -> Iterator[Callable[..., Any]]:
    """A factory of fresh browser contexts (separate cookies: one per person) on the live server.

    Any uncaught JavaScript error in a page of these contexts fails the test at teardown.
    """
    contexts: list[Any] = []
    errors: list[str] = []

    def make(*, viewport: dict[str, int] | None = None, locale: str = "en-US") -> Any:
        context = browser.new_context(
            base_url=tabula_server.url, viewport=viewport or DESKTOP, locale=locale
        )
        context.set_default_timeout(10_000)
        context.add_init_script(TRACK_SOCKETS)
        context.on("page", lambda page: page.on("pageerror", lambda exc: errors.append(str(exc))))
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors in the page: {errors}"


@pytest.fixture
def login(new_context: Callable[..., Any]) -> Callable[..., Any]:
    """`login("gm")` -> a page of a new context, logged in through the login form."""

    def log_in(username: str, *, password: str = DEMO_PASSWORD, **context_options: Any) -> Any:
        page = new_context(**context_options).new_page()
        page.goto("/accounts/login/")
        page.locator("input[name=username]").fill(username)
        page.locator("input[name=password]").fill(password)
        page.locator("form").filter(has=page.locator("input[name=password]")).locator(
            "[type=submit]"
        ).click()
        page.wait_for_url(re.compile(r"/campaigns/"))
        return page

    return log_in


@pytest.fixture
def gm_page(login: Callable[..., Any]) -> Any:
    """The demo GM, logged in, on "my campaigns"."""
    return login("gm")


@pytest.fixture
def player1_page(login: Callable[..., Any]) -> Any:
    """The demo player1, logged in, on "my campaigns"."""
    return login("player1")


@pytest.fixture
def player2_page(login: Callable[..., Any]) -> Any:
    """The demo player2, logged in, on "my campaigns"."""
    return login("player2")


@pytest.fixture(scope="session")
def encounters(tabula_server: LiveStack) -> dict[str, int]:
    """Every encounter of the live server: title -> id, and system key -> id of its demo."""
    out = tabula_server.shell(
        "import json\n"
        "from vtt.encounters.models import Encounter\n"
        "rows = list(Encounter.objects.order_by('pk').values_list('title', 'system', 'pk'))\n"
        "print('ENCOUNTERS ' + json.dumps(rows))"
    )
    line = next(ln for ln in out.splitlines() if ln.startswith("ENCOUNTERS "))
    found: dict[str, int] = {}
    for title, system, pk in json.loads(line.removeprefix("ENCOUNTERS ")):
        found.setdefault(title, pk)
        found.setdefault(system, pk)
    return found


@pytest.fixture
def open_encounter(encounters: dict[str, int]) -> Callable[[Any, str], Any]:
    """`open_encounter(page, "Dice at the table")` (a demo title or a system key) opens that table.

    It waits until the page's websocket is connected and caught up.
    """

    def go(page: Any, title: str) -> Any:
        if title not in encounters:
            raise KeyError(f"no encounter {title!r}; the live server has {sorted(encounters)}")
        page.goto(f"/encounters/{encounters[title]}/")
        caught_up(page)
        return page

    return go


def caught_up(page: Any, timeout: float = 15_000) -> None:
    """Waits until the page's connection indicator says connected and caught up."""
    page.locator("#conn-state[data-state='caught-up']").wait_for(timeout=timeout)


@pytest.fixture
def wait_caught_up() -> Callable[[Any], None]:
    """`wait_caught_up(page)`: waits until the page's socket is connected and caught up."""
    return caught_up


def drop_connection(page: Any) -> None:
    """Takes the page's context offline and closes its open websockets (the network went away)."""
    page.context.set_offline(True)
    page.evaluate("window.__tabulaSockets.forEach(s => s.readyState < 2 && s.close())")


def restore_connection(page: Any) -> None:
    """Brings the page's context back online; the page reconnects by itself."""
    page.context.set_offline(False)


@pytest.fixture
def network() -> Any:
    """`network.drop(page)` / `network.restore(page)`: cut and restore one person's connection."""

    class Network:
        drop = staticmethod(drop_connection)
        restore = staticmethod(restore_connection)

    return Network


@pytest.fixture
def screenshot(request: pytest.FixtureRequest) -> Callable[[Any, str], Path]:
    """`screenshot(page, "after-roll")` saves artifacts/browser/<test>-<label>.png (git-ignored)."""

    def shoot(page: Any, label: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.name)
        path = ARTIFACTS / f"{name}-{label}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return shoot
