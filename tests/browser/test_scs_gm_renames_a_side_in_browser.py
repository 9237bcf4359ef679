"""SCS-ENG-4 in real Chromium: the GM renames Blue on the running SCS table's page; an empty
name is refused in words, and the new names reach Red's page (in Chinese) and Blue's (in
English) live: the turn track and the rename's log line. The GM's undo takes them back, and a
name too long is refused in Chinese. Screenshots of the GM's form (English on a laptop, Chinese
on a phone) and of Red's and Blue's pages (Chinese and English, a laptop and a phone) are kept."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser.conftest import PHONE

LAPTOP = {"width": 1280, "height": 800}


def test_the_gm_renames_blue_and_red_reads_the_new_name_live(
    login: Callable[..., Any],
    open_encounter: Callable[[Any, str], Any],
    screenshot: Callable[[Any, str], Path],
) -> None:
    gm = open_encounter(login("gm", viewport=LAPTOP), "scs")
    red = open_encounter(login("player2", viewport=LAPTOP, locale="zh-CN"), "scs")
    blue = open_encounter(login("player1", viewport=PHONE), "scs")
    assert red.locator("#scs-rename").count() == 0  # the GM's alone
    assert blue.locator("#scs-rename").count() == 0

    gm.locator("#scs-rename > summary").click()
    form = gm.locator("#scs-rename-blue")
    form.get_by_label("Name", exact=True).fill("  ")
    form.get_by_role("button", name="Rename Blue").click()
    gm.locator("#table-error", has_text="Give Blue a name: the name may not be empty.").wait_for()
    screenshot(gm, "refused-en-laptop")

    form.get_by_label("Name", exact=True).fill("Wehrmacht")
    form.get_by_label("Name in Chinese (optional)").fill("国防军")
    form.get_by_role("button", name="Rename Blue").click()
    said = "The game master renames Blue: Wehrmacht from now on."
    gm.locator("#event-log", has_text=said).wait_for()

    # another viewer's page, live: the track and the log name the side anew, in their language
    red.locator("#scs-track .scs-phases", has_text="国防军").wait_for()
    red.locator("#event-log", has_text="主持人为蓝方改名：此后称为国防军。").wait_for()
    blue.locator("#scs-track .scs-phases", has_text="Wehrmacht").wait_for()
    blue.locator("#event-log", has_text=said).wait_for()
    assert "蓝方" not in red.locator("#scs-track .scs-phases").inner_text()
    # the form now holds the names the side has
    gm.locator("#scs-rename-blue input[name=name][value=Wehrmacht]").wait_for(state="attached")
    screenshot(gm, "renamed-en-laptop")
    screenshot(red, "renamed-zh-laptop")
    screenshot(blue, "renamed-en-phone")
    red.set_viewport_size(PHONE)
    screenshot(red, "renamed-zh-phone")

    # the GM's undo takes the rename back (and leaves the demo table as other tests expect it)
    gm.once("dialog", lambda dialog: dialog.accept())
    gm.get_by_role("button", name="Undo last event").click()
    red.locator("#scs-track .scs-phases", has_text="蓝方").wait_for()
    assert "国防军" not in red.locator("#scs-track .scs-phases").inner_text()

    # the GM's form in Chinese, on a phone: a name too long is refused in Chinese
    chinese = open_encounter(login("gm", viewport=PHONE, locale="zh-CN"), "scs")
    chinese.locator("#scs-rename > summary").click()
    form = chinese.locator("#scs-rename-red")
    form.get_by_label("名称", exact=True).fill("红" * 41)
    form.get_by_role("button", name="为红方改名").click()
    chinese.locator("#table-error", has_text="红方的名称超过 40 个字符：请缩短。").wait_for()
    chinese.locator("#scs-rename").scroll_into_view_if_needed()
    screenshot(chinese, "refused-zh-phone")
