"""Issue 13: the hex and mech boards as wargamers use them: select, replay, zoom, charts, keys."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

# A Halden Crossing game past its set-up (B7 in 01.04, B1 in 02.04, B4 in 02.05), with both seats.
FRESH_SCS = """
from django.contrib.auth import get_user_model
from vtt.encounters.models import Encounter
from vtt.encounters.services import start_encounter
users = {u.username: u for u in get_user_model().objects.all()}
demo = Encounter.objects.filter(system="scs").order_by("pk").first()
setup = {"scenario": "halden_crossing", "skip_setup": True,
         "seats": {"blue": "player1", "red": "player2"}, "sides": {"blue": "Blue", "red": "Red"}%s}
made = start_encounter(demo.campaign_id, users["gm"].pk, "Board test", setup,
                       {"blue": users["player1"].pk, "red": users["player2"].pk})
print("ENCOUNTER", made.pk)
"""


def fresh_scs(tabula_server: Any, settings: str = "") -> int:
    """A new SCS encounter on the live server (its own board: earlier tests cannot disturb it)."""
    out = tabula_server.shell(FRESH_SCS % settings)
    return int(next(line for line in out.splitlines() if line.startswith("ENCOUNTER")).split()[1])


def stack_hexes(page: Any, side: str) -> set[str]:
    return set(
        page.locator(f"#scs-board .stacks .stack.side-{side}").evaluate_all(
            "els => els.map(e => e.dataset.hex)"
        )
    )


def test_clicking_another_friendly_stack_selects_it_and_never_moves(
    login: Callable[..., Any], tabula_server: Any, wait_caught_up: Callable[[Any], None]
) -> None:
    pk = fresh_scs(tabula_server)
    blue = login("player1")
    blue.goto(f"/encounters/{pk}/")
    wait_caught_up(blue)
    before = stack_hexes(blue, "blue")

    blue.locator("#scs-board .stack[data-hex='01.04']").click()
    blue.locator("#scs-board .reach-set.show [data-to='02.04']").wait_for(state="attached")
    blue.locator("#scs-board .stack[data-hex='02.04']").click()  # B1's hex is reachable for B7

    assert blue.locator("#scs-board .stack.selected").evaluate("e => e.dataset.hex") == "02.04"
    assert blue.locator("[data-orders-for='02.04'].show").count() == 1
    blue.wait_for_timeout(500)  # a wrongly sent move would be back by now
    assert stack_hexes(blue, "blue") == before
    assert blue.locator("#event-log > li.event", has_text="moves").count() == 0


def test_replay_steps_through_the_log_and_live_frames_leave_it_alone(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    pk = fresh_scs(tabula_server)
    blue = login("player1")
    blue.goto(f"/encounters/{pk}/")
    wait_caught_up(blue)
    # Two moves and the end of the phase: entries 2, 3 and 4 (entry 1 started the game).
    for origin, to in (("01.04", "03.04"), ("02.05", "03.05")):
        blue.locator(f"#scs-board .stack[data-hex='{origin}']").click()
        blue.locator(f"#scs-board .reach-set.show [data-to='{to}']").click()
        blue.locator(f"#scs-board .stack[data-hex='{to}']").wait_for()
    blue.get_by_role("button", name="End the Movement Phase").click()
    blue.locator(".scs-phase", has_text="Combat Phase").wait_for()

    replay = login("player1")
    replay.goto(f"/encounters/{pk}/replay/?entry=1")
    expected = {
        1: ({"01.04", "02.05"}, {"03.04", "03.05"}, "movement"),
        2: ({"03.04", "02.05"}, {"01.04", "03.05"}, "movement"),
        3: ({"03.04", "03.05"}, {"01.04", "02.05"}, "movement"),
        4: ({"03.04", "03.05"}, {"01.04", "02.05"}, "combat"),
    }
    for step, (present, absent, phase) in expected.items():
        where = replay.locator(".replay-where")
        assert where.text_content().startswith(f"Step {step} of 4"), where.text_content()
        assert phase in where.text_content()
        hexes = stack_hexes(replay, "blue")
        assert present <= hexes, (step, hexes)
        assert not absent & hexes, (step, hexes)
        assert replay.locator("#event-log > li.event").count() >= step
        assert replay.locator("form[data-ws-send]:visible").count() == 0
        if step == 2:
            screenshot(replay, "replay-step-2")
        if step < 4:
            replay.keyboard.press("ArrowRight")
            replay.wait_for_load_state()
    # Phase by phase: back to the start of the Movement Phase.
    replay.keyboard.press("PageUp")
    replay.locator(".replay-where", has_text="Step 1 of 4").wait_for()

    # The live table moves on; the replay stays where its reader is.
    blue.get_by_role("button", name="End the Combat Phase").click()
    blue.locator(".scs-phase", has_text="Exploitation Phase").wait_for()
    replay.wait_for_timeout(500)
    assert replay.locator(".replay-where").text_content().startswith("Step 1 of 4")
    replay.keyboard.press("End")
    replay.locator(".replay-where", has_text="Step 5 of 5").wait_for()

    # The viewer's own log, to keep: JSON and text.
    with replay.expect_download() as download:
        replay.get_by_role("link", name="My log as text").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert "03.04" in text
    assert "03.05" in text
    assert text.count("\n#") >= 5
