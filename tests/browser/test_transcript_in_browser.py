"""Issue 38: the Keeper marks a session with the record's buttons and `.log`, players check by
name and one rolls hidden; the Keeper and a player each export the session as HTML and .docx.
The Keeper's copy holds the hidden roll; the other player's has only the line he read."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

from docx import Document

from bench.livestack import LiveStack
from tests.browser.test_chat_whispers import chat
from tests.browser.test_live_equals_reload import fresh_encounter, opened

LINE = "#event-log > li.event"
SESSION = "第一夜 Night one"


def exported(page: Any, button: str) -> bytes:
    """The session's file as the page's button downloads it."""
    row = page.locator("li.session", has_text=SESSION)
    with page.expect_download() as download:
        row.get_by_role("button", name=button).click()
    return Path(download.value.path()).read_bytes()


def words_of(docx: bytes) -> str:
    return "\n".join(p.text for p in Document(io.BytesIO(docx)).paragraphs)


def test_a_marked_session_exported_by_the_keeper_and_by_a_player(
    tabula_server: LiveStack,
    login: Callable[..., Any],
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    pk = fresh_encounter(tabula_server, "coc")
    keeper = opened(login("gm"), pk, wait_caught_up)
    walsh = opened(login("player1"), pk, wait_caught_up)
    mara = opened(login("player2"), pk, wait_caught_up)

    keeper.locator("#gm-record > summary").click()
    keeper.locator("#record-name").fill(SESSION)
    keeper.locator("#record-new button[type=submit]").click()
    began = f"The GM began recording the session {SESSION}."
    for page in (keeper, walsh, mara):
        page.locator(LINE, has_text=began).wait_for()
    screenshot(keeper, "record-begun")

    chat(walsh, "We go in. 我们进去。")
    chat(mara, ".ra 侦察")
    keeper.locator(LINE, has_text="Mara Ostrow checks Spot Hidden:").first.wait_for()
    chat(mara, ".rh 侦察")
    hidden = keeper.locator(f"{LINE}.secret", has_text="Mara Ostrow checks Spot Hidden:")
    hidden.wait_for()
    walsh.locator(LINE, has_text="Mara Ostrow made a hidden check.").wait_for()
    secret_line = hidden.locator(".text").inner_text().strip()
    chat(keeper, ".log end")
    walsh.locator(LINE, has_text=f"The GM ended the session {SESSION}.").wait_for()

    keeper.locator("#gm-record a[href*='/sessions/']").click()
    keeper.locator("li.session", has_text=SESSION).wait_for()
    walsh.goto(keeper.url)
    screenshot(walsh, "sessions-page")

    mine, his = exported(keeper, "HTML").decode(), exported(walsh, "HTML").decode()
    assert secret_line in mine
    assert secret_line not in his
    assert "Mara Ostrow made a hidden check." in his
    assert mine.count("checks Spot Hidden:") == 2
    assert his.count("checks Spot Hidden:") == 1
    assert "We go in. 我们进去。" in his
    assert "began recording" not in mine  # the marks are no lines of the record

    keeper_doc, walsh_doc = (
        words_of(exported(keeper, "Word (.docx)")),
        words_of(exported(walsh, "Word (.docx)")),
    )
    assert secret_line in keeper_doc
    assert secret_line not in walsh_doc
    assert "Mara Ostrow made a hidden check." in walsh_doc
    assert walsh_doc.count("checks Spot Hidden:") == 1
