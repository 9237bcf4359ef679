"""Issue 15: a called shot at the head, the defender prompted on their screen, both see it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any


def _current(page: Any) -> str:
    return str(page.locator(".ace-board").get_attribute("data-current") or "")


def test_a_called_shot_prompts_the_defender_and_both_see_the_result(
    login: Callable[..., Any],
    open_encounter: Callable[[Any, str], Any],
    screenshot: Callable[[Any, str], Path],
) -> None:
    gm = open_encounter(login("gm"), "ace")
    player = open_encounter(login("player1"), "ace")
    gm.evaluate("window.__sameDocument = true")

    # The GM rolls initiative; Su Qing, unnoticed, opens the fight (ACE-STEALTH-3).
    gm.locator("form:has(input[name=kind][value=begin]) button[type=submit]").click()
    gm.locator(".ace-board[data-current='su']").wait_for()
    for _ in range(4):
        current = _current(gm)
        if current == "hound":
            break
        gm.locator(
            "form:has(input[name=actor][value=gm]):has(input[name=kind][value=end_turn]) button"
        ).click()
        gm.wait_for_function(
            "old => document.querySelector('.ace-board').dataset.current !== old", arg=current
        )
    assert _current(gm) == "hound"

    # The hound goes for Lin Yue's head: the body diagram shows each location's numbers.
    attack = gm.locator("form.ace-attack")
    attack.locator("select[name=target]").select_option("lin")
    attack.locator("select[name=weapon]").select_option("bite")
    head = attack.locator("label[data-location='head']")
    assert "-9 · +6d · +5" in head.inner_text()
    head.click()
    attack.locator("button[data-preview]").click()
    attack.locator("output.preview", has_text="d10").wait_for()
    shots = screenshot(gm, "ace-gm-attack").parent
    attack.screenshot(path=str(shots / "ace-called-shot-picker.png"))
    attack.locator("button[type=submit]").click()

    # Lin Yue's player is asked, on their own screen, to guard or dodge (ACE-CALLED-2).
    prompt = player.locator("form.ace-respond")
    prompt.wait_for()
    assert "dodge (-1 to the hit)" in prompt.inner_text()
    player.locator(".ace-prompt").wait_for()
    screenshot(player, "ace-player-prompt")
    prompt.locator("select[name=answer]").select_option("dodge")
    prompt.locator("button[type=submit]").click()

    # Both screens show the resolved head shot, without a reload.
    for page in (gm, player):
        page.locator("#event-log > li.event", has_text="head)").last.wait_for()
        page.locator(".ace-prompt").wait_for(state="detached")
    assert gm.evaluate("window.__sameDocument === true"), "the GM's page was reloaded"
    assert (
        player.locator("[data-combatant='lin'] .pip.used[title='swift or reflex action']").count()
        == 1
    )
    screenshot(gm, "ace-gm-after")
    screenshot(player, "ace-player-after")

    # Lin Yue aims at the hound's head and nobody answers: when the 30 seconds are up, the pages
    # ask and the server settles it with no reflex answer (ACE-AMB-19).
    for _ in range(4):
        current = _current(gm)
        if current == "lin":
            break
        gm.locator(
            "form:has(input[name=actor][value=gm]):has(input[name=kind][value=end_turn]) button"
        ).click()
        gm.wait_for_function(
            "old => document.querySelector('.ace-board').dataset.current !== old", arg=current
        )
    assert _current(gm) == "lin"
    shot = player.locator("form.ace-attack")
    shot.locator("select[name=target]").select_option("hound")
    shot.locator("label[data-location='head']").click()
    shot.locator("button[type=submit]").click()
    gm.locator(".ace-prompt[data-expire-after='30']").wait_for()
    for page in (gm, player):
        page.locator("#event-log > li.event", has_text="Time is up").wait_for(timeout=50_000)
        page.locator(".ace-prompt").wait_for(state="detached")
