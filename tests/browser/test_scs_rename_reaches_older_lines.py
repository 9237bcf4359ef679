"""SCS-ENG-4 in real Chromium: a side renamed in play reads its new name in the log lines already
open on another viewer's page, without a reload, each drawn for that viewer (never the GM's line
to a player). Red sets up a unit: Red's page reads where, Blue's (in Chinese) only that Red
adjusted its set-up. The GM renames Red: Blue's older line names Red anew in Chinese and still
hides the unit, Red's names it anew in English; the GM's undo gives the old name back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.livestack import LiveStack
from tests.browser.conftest import PHONE
from tests.browser.test_live_equals_reload import fresh_encounter, opened

LAPTOP = {"width": 1280, "height": 800}


def _line(page: Any, seq: str, words: str) -> None:
    """Waits until the log line `seq` (the one shown before the rename) reads `words`."""
    page.locator(f"#event-log li#event-{seq}", has_text=words).wait_for()


def test_a_rename_reaches_the_log_lines_already_open_on_other_pages(
    tabula_server: LiveStack,
    login: Callable[..., Any],
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    # a fresh game of the demo's scenario, in its set-up: the demo's own table is other tests'
    pk = fresh_encounter(tabula_server, "scs")
    gm = opened(login("gm", viewport=LAPTOP), pk, wait_caught_up)
    red = opened(login("player2", viewport=LAPTOP), pk, wait_caught_up)
    blue = opened(login("player1", viewport=PHONE, locale="zh-CN"), pk, wait_caught_up)

    setup = red.locator("form.scs-generic", has=red.get_by_role("button", name="Set up a unit"))
    setup.get_by_label("Unit").select_option("R7")
    red.locator("#scs-board .hex[data-hex='10.05']").click(force=True)
    setup.get_by_role("button", name="Set up a unit").click()
    mine = red.locator("#event-log li.event", has_text="Red sets up R7 in 10.05").last
    mine.wait_for()
    seq = str(mine.get_attribute("data-seq"))
    _line(blue, seq, "红方 调整了布置")
    _line(gm, seq, "Red sets up R7 in 10.05")

    gm.locator("#scs-rename > summary").click()
    form = gm.locator("#scs-rename-red")
    form.get_by_label("Name", exact=True).fill("Red Army")
    form.get_by_label("Name in Chinese (optional)").fill("红军")
    form.get_by_role("button", name="Rename Red").click()
    blue.locator("#event-log", has_text="主持人为红方改名：此后称为红军。").wait_for()
    red.locator(
        "#event-log", has_text="The game master renames Red: Red Army from now on."
    ).wait_for()

    # the lines shown before the rename, on the other pages, read the new name (no reload)
    _line(blue, seq, "红军 调整了布置")
    _line(red, seq, "Red Army sets up R7 in 10.05")
    _line(gm, seq, "Red Army sets up R7 in 10.05")
    # each drawn for its reader: Blue's still hides where Red set up, and reads no GM badge
    assert "Flak" not in blue.locator("#event-log").inner_text()
    assert "R7" not in blue.locator(f"#event-{seq}").inner_text()
    assert blue.locator(f"#event-{seq}.redacted").count() == 1
    assert blue.locator(f"#event-log li#event-{seq}").count() == 1  # swapped, not added
    screenshot(blue, "renamed-zh-phone")
    screenshot(red, "renamed-en-laptop")

    # the GM's undo takes the rename back: the older lines read the old name again
    gm.once("dialog", lambda dialog: dialog.accept())
    gm.get_by_role("button", name="Undo last event").click()
    _line(blue, seq, "红方 调整了布置")
    _line(red, seq, "Red sets up R7 in 10.05")
