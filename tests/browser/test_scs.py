"""Issue 6: Blue moves a stack and attacks; Red sees it live, in two browsers, under fog of war."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

# B5 (12 Tank Bn, 6-4-8) sets up under B3 in 01.05, moves with it, never attacks: hidden from Red.
HIDDEN = ("B5", "12 Tank Bn", "6-4-8")


def end_phase(page: Any, label: str) -> None:
    # issue 34: ending a phase is asked about first
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name=label).click()


def test_blue_moves_and_attacks_red_sees_only_the_top_unit_live(
    login: Callable[..., Any],
    open_encounter: Callable[[Any, str], Any],
    screenshot: Callable[[Any, str], Path],
    mentions: Callable[[str, str], bool],
) -> None:
    red = login("player2")
    frames: list[str] = []
    red.on(
        "websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload)))
    )
    open_encounter(red, "scs")
    blue = open_encounter(login("player1"), "scs")

    # Set-up: Red (the second player) first, then Blue (SCS-SETUP-5). Red hides R7 under R6 (T-26).
    setup = red.locator("form.scs-generic", has=red.get_by_role("button", name="Set up a unit"))
    setup.get_by_label("Unit").select_option("R7")
    assert red.locator("#scs-board .setup-area.show polygon").count() == 7  # w/i 1 of 10.05
    screenshot(red, "setup")
    red.locator("#scs-board .hex[data-hex='10.05']").click(force=True)
    assert setup.get_by_label("Hex").input_value() == "10.05"
    setup.get_by_role("button", name="Set up a unit").click()
    red.locator("#scs-board .stack[data-hex='10.05'] .count", has_text="2").wait_for()
    kessel = blue.locator("#scs-board .stack[data-hex='10.05']")
    kessel.locator(".count", has_text="2").wait_for()
    assert kessel.locator(".counter").count() == 1
    assert "Flak Bn" not in blue.locator("#scs-board").inner_html()
    end_phase(red, "End the Set-up")
    blue.get_by_role("button", name="End the Set-up").wait_for()
    end_phase(blue, "End the Set-up")
    blue.locator(".scs-phase", has_text="Movement Phase").wait_for()

    # Blue selects its stack in 01.05 and clicks 04.05 among the highlighted reachable hexes.
    blue.locator("#scs-board .stack[data-hex='01.05']").click()
    cell = blue.locator("#scs-board .reach-set.show [data-to='04.05']")
    cell.wait_for()
    assert cell.locator("text").text_content() == "3½ MP"
    screenshot(blue, "reachable")
    cell.click()
    blue.locator("#scs-board .stack[data-hex='04.05']").wait_for()

    # Red sees the stack arrive: its top counter and a count of 2, nothing more.
    red_stack = red.locator("#scs-board .stack[data-hex='04.05']")
    red_stack.wait_for()
    assert red_stack.locator(".counter").count() == 1
    assert red_stack.locator(".count").text_content() == "2"

    end_phase(blue, "End the Movement Phase")
    blue.locator(".scs-phase", has_text="Combat Phase").wait_for()
    blue.locator("#scs-board .stack[data-hex='05.05']").click()
    attack = blue.locator("form.scs-attack.show")
    attack.wait_for()
    attack.get_by_label("B5").uncheck()
    attack.get_by_role("button", name="Odds").click()
    attack.locator("output.preview", has_text="1:1").wait_for()
    attack.get_by_role("button", name="Declare the attack").click()
    blue.locator(".scs-combat .scs-outcomes").wait_for()
    screenshot(blue, "declared")

    # Everything Red got so far — the move, the declaration with its revealed defender — names B5
    # nowhere. (Checked before the roll: an AL2 eliminates B3 and then B5 is the stack's top unit,
    # which Red may see, PD-06.)
    red.locator("#event-log > li.event", has_text="Blue attacks 05.05").last.wait_for()
    html = red.content()
    for secret in HIDDEN:
        assert not mentions(html, secret), f"{secret} reached Red's page"
        for frame in frames:
            assert not mentions(frame, secret), f"{secret} reached Red's websocket"
    assert frames, "Red received no websocket frames"

    # The result reaches Red live, in the log and on the board.
    blue.get_by_role("button", name="Roll 2d6").click()
    red.locator("#event-log > li.event", has_text="Combat at 05.05").last.wait_for()
    screenshot(red, "red-after-combat")
    screenshot(blue, "blue-after-combat")
    red.set_viewport_size({"width": 390, "height": 844})
    screenshot(red, "red-phone")


RIGGED = """
import json
from django.contrib.auth import get_user_model
from vtt.encounters.models import Encounter
from vtt.encounters.services import start_encounter
users = {u.username: u for u in get_user_model().objects.all()}
demo = Encounter.objects.filter(system="scs").order_by("pk").first()
setup = {
    "scenario": "halden_crossing", "skip_setup": True,
    "seats": {"blue": "player1", "red": "player2"}, "sides": {"blue": "Blue", "red": "Red"},
    "settings": {"crt.rows": {str(r): ["Do1"] * 10 for r in range(2, 13)}},
}
made = start_encounter(demo.campaign_id, users["gm"].pk, "Rigged overrun", setup,
                       {"blue": users["player1"].pk, "red": users["player2"].pk})
print("ENCOUNTER", made.pk)
"""


def test_overrun_red_picks_the_loss_free_retreat_blue_must_enter_then_replay(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    out = tabula_server.shell(RIGGED)
    pk = int(next(line for line in out.splitlines() if line.startswith("ENCOUNTER")).split()[1])
    blue, red = login("player1"), login("player2")
    for page in (blue, red):
        page.goto(f"/encounters/{pk}/")
        wait_caught_up(page)

    # T-20: B5 runs up the road to 04.05 (7/2 MP) and overruns R4 (6:3 = 2:1; the table says Do1).
    blue.locator("#scs-board .stack[data-hex='01.05']").click()
    orders = blue.locator("[data-orders-for='01.05']")
    orders.get_by_label("B3").uncheck()
    alone = blue.locator("#scs-board .reach-set.show")
    assert alone.get_attribute("data-reach-units") == "B5"  # the tank alone reaches farther
    together = blue.locator("[data-reach-from='01.05'][data-reach-units=''] [data-to]").count()
    assert alone.locator("[data-to]").count() > together
    blue.locator("#scs-board .reach-set.show [data-to='04.05']").click()
    blue.locator("#scs-board .stack[data-hex='04.05']").wait_for()
    overrun = blue.locator("form.scs-overrun[data-move-from='04.05']")
    overrun.wait_for()  # the selection followed B5: its orders are open
    overrun.get_by_role("button", name="Odds").click()
    overrun.locator("output.preview", has_text="2:1").wait_for()
    overrun.get_by_role("button", name="Overrun").click()
    blue.get_by_role("button", name="Roll 2d6").click()

    # Red chooses among the legal retreat hexes; the loss-free ones say so.
    choice = red.get_by_role("button", name="R4 → 06.05 · no loss")
    choice.wait_for()
    assert red.get_by_role("button", name="R4 → 05.06 · EZOC: −1 step").count() == 1
    screenshot(red, "retreat-choice")
    asked: list[str] = []  # issue 34: a retreat is asked about first
    red.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    choice.click()

    # SCS-OVR-3: B5 must enter the emptied hex; Blue's board shows it there, Red's too.
    blue.locator("#scs-board .stack[data-hex='05.05'].side-blue").wait_for()
    red.locator("#scs-board .stack[data-hex='05.05'].side-blue").wait_for()
    assert asked == ["Retreat R4 to 06.05?"]
    blue.locator(".scs-show-supply").check()
    assert blue.locator("#scs-board.show-supply .supply-lines polyline").count() >= 1

    # Replay: the first phase shows the start position.
    blue.get_by_role("link", name="Replay, phase by phase").click()
    blue.get_by_role("link", name="start").click()
    blue.locator(".replay-where", has_text="Step 1 of").wait_for()
    assert blue.locator("#scs-board .stack[data-hex='01.05']").count() == 1
    screenshot(blue, "replay")
