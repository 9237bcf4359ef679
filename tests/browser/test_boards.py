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
    blue.set_default_timeout(30_000)  # a shared machine can be slow to answer
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
    blue.set_default_timeout(30_000)  # a shared machine can be slow to answer
    blue.goto(f"/encounters/{pk}/")
    wait_caught_up(blue)
    # Two moves and the end of the phase: entries 2, 3 and 4 (entry 1 started the game).
    for origin, to in (("01.04", "03.04"), ("02.05", "03.05")):
        blue.locator(f"#scs-board .stack[data-hex='{origin}']").click()
        blue.locator(f"#scs-board .reach-set.show [data-to='{to}']").click()
        blue.locator(f"#scs-board .stack[data-hex='{to}']").wait_for()
    blue.on("dialog", lambda dialog: dialog.accept())  # issue 34: ending a phase asks first
    blue.get_by_role("button", name="End the Movement Phase").click()
    blue.locator(".scs-phase", has_text="Combat Phase").wait_for()

    replay = login("player1")
    replay.goto(f"/encounters/{pk}/replay/?entry=1")
    expected = {
        1: ({"01.04", "02.05"}, {"03.04", "03.05"}, "Movement Phase"),
        2: ({"03.04", "02.05"}, {"01.04", "03.05"}, "Movement Phase"),
        3: ({"03.04", "03.05"}, {"01.04", "02.05"}, "Movement Phase"),
        4: ({"03.04", "03.05"}, {"01.04", "02.05"}, "Combat Phase"),
    }  # each phase by its name in words, as the table's phase track shows it
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


def test_wheel_zoom_keeps_the_hex_under_the_pointer_and_survives_live_frames(
    login: Callable[..., Any], tabula_server: Any, wait_caught_up: Callable[[Any], None]
) -> None:
    pk = fresh_scs(tabula_server)
    blue = login("player1")
    blue.set_default_timeout(30_000)  # a shared machine can be slow to answer
    blue.goto(f"/encounters/{pk}/")
    wait_caught_up(blue)
    hexes = blue.locator("#scs-board svg.scs-map")
    before = hexes.get_attribute("viewBox")
    blue.locator("#scs-board .hex[data-hex='05.05']").scroll_into_view_if_needed()
    box = blue.locator("#scs-board .hex[data-hex='05.05']").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.8
    under = "([x, y]) => document.elementFromPoint(x, y).closest('[data-hex]').dataset.hex"
    assert blue.evaluate(under, [x, y]) == "05.05"
    blue.mouse.move(x, y)
    for _ in range(3):
        blue.mouse.wheel(0, -240)
    settled = before
    for _ in range(30):  # each wheel step has landed once the view stops changing (a busy machine)
        blue.wait_for_timeout(200)
        now = hexes.get_attribute("viewBox")
        if now == settled and now != before:
            break
        settled = now
    assert hexes.get_attribute("viewBox") != before
    zoomed = blue.locator("#scs-board .hex[data-hex='05.05']").bounding_box()
    assert zoomed["width"] > box["width"] * 1.5
    assert blue.evaluate(under, [x, y]) == "05.05"
    assert blue.locator(".scs-mapview.zoomed .minimap").is_visible()
    # A move made in another window re-renders the board live; the zoom stays as it was left.
    blue.get_by_role("button", name="Zoom out").click()
    view = hexes.get_attribute("viewBox")
    other = login("player1")
    other.set_default_timeout(30_000)  # a shared machine can be slow to answer
    other.goto(f"/encounters/{pk}/")
    wait_caught_up(other)
    other.locator("#scs-board .stack[data-hex='02.06']").click()
    other.locator("#scs-board .reach-set.show [data-to='03.06']").click()
    blue.locator("#scs-board .stack[data-hex='03.06']").wait_for(state="attached")
    assert blue.locator("#scs-board svg.scs-map").get_attribute("viewBox") == view
    blue.get_by_role("button", name="Fit").click()
    assert blue.locator("#scs-board svg.scs-map").get_attribute("viewBox") != view


def test_keyboard_alone_selects_a_stack_and_moves_it(
    login: Callable[..., Any], tabula_server: Any, wait_caught_up: Callable[[Any], None]
) -> None:
    pk = fresh_scs(tabula_server)
    blue = login("player1")
    blue.set_default_timeout(30_000)  # a shared machine can be slow to answer
    blue.goto(f"/encounters/{pk}/")
    wait_caught_up(blue)
    focused = (
        "() => { const e = document.activeElement; return e.dataset.hex || e.dataset.to || ''; }"
    )
    klass = "() => document.activeElement.getAttribute('class') || ''"
    for _ in range(80):  # Tab through the page to the first stack of the map
        blue.keyboard.press("Tab")
        if "stack" in blue.evaluate(klass):
            break
    assert blue.evaluate(focused) == "01.04"
    blue.keyboard.press("Enter")
    assert blue.locator("#scs-board .stack.selected[data-hex='01.04']").count() == 1
    # the stack's reachable hexes come from the server when it is selected (reach/)
    blue.locator("#scs-board .reach-cell").first.wait_for(state="attached")
    blue.keyboard.press("i")  # the card of the focused stack
    card = blue.locator("[data-card='01.04']")
    assert card.is_visible()
    assert "4-5-7" in card.text_content()
    blue.keyboard.press("Escape")
    assert card.is_hidden()
    for _ in range(12):  # arrows travel across the map to the highlighted hex 03.04
        column, row = blue.evaluate(focused).split(".")
        if (column, row) == ("03", "04") and "reach-cell" in blue.evaluate(klass):
            break
        if column < "03":
            blue.keyboard.press("ArrowRight")
        else:  # rows count up the map: a higher row is further up
            blue.keyboard.press("ArrowUp" if row < "04" else "ArrowDown")
    assert "reach-cell" in blue.evaluate(klass)
    assert blue.evaluate(focused) == "03.04"
    blue.keyboard.press("Enter")
    blue.locator("#scs-board .stack[data-hex='03.04'].side-blue").wait_for()
    assert blue.locator("#scs-board .stack[data-hex='01.04']").count() == 0
    # issue 34: the moved stack keeps the focus (not the page's body)
    blue.wait_for_function(
        "() => document.activeElement?.matches(\"#scs-board .stack[data-hex='03.04']\")"
    )


def test_drag_and_drop_moves_and_escape_cancels(
    login: Callable[..., Any], tabula_server: Any, wait_caught_up: Callable[[Any], None]
) -> None:
    pk = fresh_scs(tabula_server)
    blue = login("player1")
    blue.set_default_timeout(30_000)  # a shared machine can be slow to answer
    blue.goto(f"/encounters/{pk}/")
    wait_caught_up(blue)
    blue.locator("#scs-board .stack[data-hex='02.05']").click()
    blue.locator("#scs-board .reach-set.show").first.wait_for()  # fetched when selected
    assert blue.locator("#scs-board .reach-set.show").count() == 1
    blue.keyboard.press("Escape")
    assert blue.locator("#scs-board .reach-set.show").count() == 0
    assert blue.locator("#scs-board .stack.selected").count() == 0
    start = blue.locator("#scs-board .stack[data-hex='02.05']").bounding_box()
    end = blue.locator("#scs-board .hex[data-hex='04.05']").bounding_box()
    blue.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    blue.mouse.down()
    for i in range(1, 11):
        blue.mouse.move(
            start["x"] + (end["x"] + end["width"] / 2 - start["x"]) * i / 10,
            start["y"] + (end["y"] + end["height"] / 2 - start["y"]) * i / 10,
        )
    blue.mouse.up()
    blue.locator("#scs-board .stack[data-hex='04.05'].side-blue").wait_for()
    # Right-click shows the card of the moved unit: strengths, steps, supply.
    blue.locator("#scs-board .stack[data-hex='04.05']").click(button="right")
    card = blue.locator("[data-card='04.05']")
    assert card.is_visible()
    for fact in ("7 Recon Bn", "2-1-8", "Steps", "in supply"):
        assert fact in card.text_content()


LOSS_GAME = """
import uuid
from django.contrib.auth import get_user_model
from rules.core.system import Action
from vtt.encounters.services import play
users = {u.username: u for u in get_user_model().objects.all()}
def act(kind, actor, **params):
    play(%(pk)s, users["player1"].pk, Action(kind, actor, params), uuid.uuid4().hex)
act("unit.move", "blue", units="B1", to="04.04")
act("unit.move", "blue", units="B2", to="04.05")
act("phase.end", "blue")
act("attack.declare", "blue", units="B1,B2", target="05.05")
print("READY")
"""


def test_a_step_loss_is_chosen_by_clicking_a_counter(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    rows = ', "settings": {"crt.rows": {str(r): ["AL1"] * 10 for r in range(2, 13)}}'
    pk = fresh_scs(tabula_server, rows)
    assert "READY" in tabula_server.shell(LOSS_GAME % {"pk": pk})
    blue = login("player1")
    blue.set_default_timeout(30_000)  # a shared machine can be slow to answer
    blue.goto(f"/encounters/{pk}/")
    wait_caught_up(blue)
    blue.get_by_role("button", name="Roll 2d6").click()
    picker = blue.locator(".scs-losses .loss-picker")
    picker.wait_for()
    submit = blue.get_by_role("button", name="Take the losses")
    picker.get_by_role("button", name="Clear the choice").click()
    assert submit.is_disabled()
    assert blue.locator("#scs-board .counter.loss-eligible").count() == 2
    blue.locator("#scs-board .counter.loss-eligible[data-unit='B2']").click()  # on the map
    assert picker.locator("[data-loss-list]").text_content() == "B2"
    picker.locator("[data-loss-unit='B1']").click()  # owed only one: refused, says why
    assert picker.locator("[data-loss-list]").text_content() == "B2"
    # The CRT is one click away, its column of this combat marked.
    blue.get_by_text("Charts: combat results, terrain effects, result codes").click()
    column = blue.locator(".scs-combat .scs-column").text_content()
    assert blue.locator(".scs-charts .crt thead th.current").text_content() == column
    assert blue.locator(".scs-charts dt", has_text="DL1o1").is_visible()
    screenshot(blue, "loss-chosen")
    submit.click()
    blue.locator("#event-log > li.event", has_text="B2").last.wait_for()
    blue.locator("#scs-board .stack[data-hex='04.05'] .counter.reduced[data-unit='B2']").wait_for()
    # The combat panel shows the loss next to the figures the dice were rolled with.
    panel = blue.locator(".scs-combat")
    if panel.count():
        assert "now" in panel.locator("li.changed").first.text_content()


FRESH_MECH = """
import uuid
from django.contrib.auth import get_user_model
from rules.core.system import Action
from rules.mech import SYSTEM
from vtt.encounters.models import Encounter
from vtt.encounters.services import play, start_encounter
users = {u.username: u for u in get_user_model().objects.all()}
demo = Encounter.objects.filter(system="mech").order_by("pk").first()
made = start_encounter(demo.campaign_id, users["gm"].pk, "Mech board test", SYSTEM.demo(),
                       {"latch": users["player1"].pk, "brick": users["player2"].pk}, "mech")
print("ENCOUNTER", made.pk)
"""

MECH_ACT = """
import uuid
from django.contrib.auth import get_user_model
from rules.core.system import Action
from vtt.encounters.services import play
users = {u.username: u for u in get_user_model().objects.all()}
for who, kind, actor in %(steps)r:
    play(%(pk)s, users[who].pk, Action(kind, actor, {}), uuid.uuid4().hex)
print("DONE")
"""


def test_mech_tokens_differ_the_gms_acting_mech_shows_its_squares_cards_and_drag(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    out = tabula_server.shell(FRESH_MECH)
    pk = int(next(line for line in out.splitlines() if line.startswith("ENCOUNTER")).split()[1])
    gm = login("gm")
    gm.set_default_timeout(30_000)  # a shared machine can be slow to answer
    gm.goto(f"/encounters/{pk}/")
    wait_caught_up(gm)
    tags = gm.locator("#mech-board .token .initials").all_text_contents()
    assert len(tags) == len(set(tags)), tags
    assert {"SMA", "SMB"} <= set(tags)

    # Latch's turn, then the GM's Mule A: its squares show on the GM's board without a click.
    steps = [("player1", "begin_turn", "latch"), ("player1", "end_turn", "latch")]
    steps.append(("gm", "begin_turn", "spar_a"))
    assert "DONE" in tabula_server.shell(MECH_ACT % {"pk": pk, "steps": steps})
    gm.locator("#mech-board[data-active='spar_a']").wait_for()
    gm.locator(".reach-set.show[data-reach-from='spar_a']").wait_for()
    # Before the move is spent, the squares a boost would add are on the map too.
    assert gm.locator(".reach-set.show .reach-cell.far").count() > 0
    screenshot(gm, "gm-acting")

    # Right-click shows the full card; Escape closes it.
    gm.locator(".token[data-unit='spar_b']").click(button="right")
    card = gm.locator("[data-card='spar_b']")
    assert card.is_visible()
    for fact in ("HP", "Heat", "Structure", "Stress", "K-12 Service Carbine", "Mule"):
        assert fact in card.text_content(), fact
    gm.keyboard.press("Escape")
    assert card.is_hidden()

    # Drag Mule A onto a highlighted square: it moves there.
    cell = gm.locator(".reach-set.show .reach-cell.move").last
    to = cell.get_attribute("data-to")
    start = gm.locator(".token[data-unit='spar_a']").bounding_box()
    end = cell.bounding_box()
    gm.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    gm.mouse.down()
    for i in range(1, 9):
        gm.mouse.move(
            start["x"]
            + (end["x"] + end["width"] / 2 - start["x"] - start["width"] / 2) * i / 8
            + start["width"] / 2,
            start["y"]
            + (end["y"] + end["height"] / 2 - start["y"] - start["height"] / 2) * i / 8
            + start["height"] / 2,
        )
    gm.mouse.up()
    gm.locator("#event-log > li.event", has_text="Sparring Mule A").last.wait_for()
    x, y = (int(v) for v in to.split(","))
    body = "document.querySelector(\".token[data-unit='spar_a'] .body\")"
    gm.wait_for_function(f"() => {body}.getAttribute('x') == {x * 34 + 2}")
    assert gm.locator(".token[data-unit='spar_a'] .body").get_attribute("y") == str(y * 34 + 2)


def test_phone_shows_both_whole_boards_without_sideways_scrolling(
    login: Callable[..., Any],
    open_encounter: Callable[[Any, str], Any],
    screenshot: Callable[[Any, str], Path],
) -> None:
    phone = login("player1", viewport={"width": 390, "height": 844})
    for key, enemy in (("scs", ".stack.side-red"), ("mech", ".token.side-red")):
        open_encounter(phone, key)
        svg = phone.locator(f"svg.{key}-map")
        box = svg.bounding_box()
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= 390
        assert phone.evaluate("document.scrollingElement.scrollWidth") <= 390
        # The enemy is on screen at load: inside the map's frame.
        for piece in phone.locator(enemy).all():
            where = piece.bounding_box()
            assert box["x"] <= where["x"] + where["width"] / 2 <= box["x"] + box["width"]
        screenshot(phone, f"{key}-phone")
        # Zoomed in with the buttons, the minimap shows where the view is.
        phone.locator(f".{key}-mapview").get_by_role("button", name="Zoom in").click()
        phone.locator(f".{key}-mapview").get_by_role("button", name="Zoom in").click()
        assert phone.locator(f".{key}-mapview .minimap").is_visible()
        svg.screenshot(
            path=str(screenshot(phone, f"{key}-phone-zoomed").parent / f"{key}-map-zoomed.png")
        )
