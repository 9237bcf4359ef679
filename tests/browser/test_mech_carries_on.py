"""Issue 32: two mech encounters in a row with the same mechs. In the first the GM deals Latch 4
kinetic damage and marks her pilot wounded, and Rook's pilot dead (MECH-PILOT-STATE); the GM
ends it and accepts the write-back. The roster shows Latch damaged and her pilot wounded, Rook's
pilot dead; a repair between matches restores Latch's HP for 1 repair cap (MECH-REPAIR-HP); the
builder refuses Rook, and the second encounter starts Latch repaired, her pilot still wounded."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.test_ace_carries_on import build
from tests.browser.test_coc_carries_on import sheets

CAMPAIGN = """
from django.contrib.auth import get_user_model
from rules.core.registry import get_system
from rules.mech.data import MARA
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character
users = get_user_model().objects
gm, player = users.get(username="gm"), users.get(username="player1")
campaign = create_campaign(gm.pk, "Proving grounds", "mech")
Membership.objects.create(campaign=campaign, user=player, role=Role.PLAYER)
mech = get_system("mech")
for name in ("Latch", "Rook"):
    sheet = mech.validate_sheet({**MARA, "name": name})
    Character.objects.create(campaign=campaign, owner=player, name=name, system="mech", sheet=sheet)
print("CAMPAIGN", campaign.pk)
"""


# every fold around the form and inside it opened (the GM tools' panel, the form's own)
OPEN = """f => {
    for (let d = f.closest('details'); d; d = d.parentElement.closest('details')) d.open = true;
    f.querySelectorAll('details').forEach(d => { d.open = true; });
}"""


def send(page: Any, kind: str, fields: dict[str, str], line: str) -> None:
    """A GM tool sent from its form (the tools' panel and the form's fold opened first)."""
    tools = page.locator("details.mech-gm-tools").first
    if tools.get_attribute("open") is None:
        tools.locator(":scope > summary").click()
    form = page.locator(f"form.mech-form[data-kind='{kind}'][data-actor='gm']")
    for _attempt in range(10):  # the tools are drawn again after every event: retry on a redraw
        try:
            form.evaluate(OPEN)
            for name, value in fields.items():
                field = form.locator(f"[name={name}]")
                if field.evaluate("el => el.tagName") == "SELECT":
                    field.select_option(value, timeout=1500)
                else:
                    field.fill(value, timeout=1500)
            form.locator("button[type=submit]").click(timeout=1500)
            break
        except PlaywrightTimeout:
            continue
    page.locator("#event-log", has_text=line).wait_for()


def units(server: Any, title: str) -> dict[str, Any]:
    out = server.shell(
        "import json\nfrom vtt.encounters.models import Encounter\n"
        f"e = Encounter.objects.get(title={title!r})\n"
        "print('UNITS ' + json.dumps({u['name']: u for u in e.state['units'].values()}))"
    )
    found: dict[str, Any] = json.loads(
        next(ln for ln in out.splitlines() if ln.startswith("UNITS ")).removeprefix("UNITS ")
    )
    return found


def test_two_mech_encounters_in_a_row_keep_damage_and_the_pilots_condition(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    out = tabula_server.shell(CAMPAIGN)
    campaign = int(next(ln for ln in out.splitlines() if ln.startswith("CAMPAIGN ")).split()[1])
    gm, player = login("gm"), login("player1")
    build(gm, campaign, "Range one", "Latch", "Rook")
    gm.locator(".messages li", has_text="Encounter Range one created.").wait_for()
    wait_caught_up(gm)
    first = units(tabula_server, "Range one")
    latch, rook = first["Latch"]["id"], first["Rook"]["id"]
    full = int(first["Latch"]["hp"])
    player.goto(gm.url)
    wait_caught_up(player)

    send(gm, "gm_damage", {"target": latch, "amount": "4", "type": "kinetic"}, "kinetic")
    send(gm, "gm_pilot", {"target": latch, "pilot": "wounded"}, "Latch's pilot is wounded")
    send(gm, "gm_pilot", {"target": rook, "pilot": "dead"}, "Rook's pilot is dead")
    player.locator("#event-log", has_text="Rook's pilot is dead").wait_for()
    hp = int(units(tabula_server, "Range one")["Latch"]["hp"])
    assert hp < full

    gm.locator("details.end > summary").click()
    gm.get_by_role("button", name="End encounter and reveal the seed").click()
    gm.wait_for_url(re.compile(r"/write-back/$"))
    player.locator(".turn-banner.ended").wait_for()
    screenshot(gm, "mech-write-back")
    gm.get_by_role("button", name="Accept all and write them to the characters").click()
    gm.locator(".messages li", has_text="Characters updated").wait_for()
    after = sheets(tabula_server, campaign)
    assert after["Latch"]["condition"]["hp"] == hp
    assert after["Latch"]["condition"]["pilot"] == "wounded"
    assert after["Rook"]["condition"]["pilot"] == "dead"

    # The roster; a repair restores Latch's HP for 1 repair cap (MECH-REPAIR-HP)
    gm.goto(f"/campaigns/{campaign}/")
    row = gm.locator("li", has_text="Latch")
    row.locator(".badge.damaged").first.wait_for()
    row.locator(".badge.wounded").first.wait_for()
    gm.locator("li", has_text="Rook").locator(".badge.dead").first.wait_for()
    repair = gm.locator("form.between-tool", has_text="Latch").first
    repair.locator("select[name=option]").select_option("hp")
    repair.locator("button[type=submit]").click()
    gm.locator(".downtime-log li").first.wait_for()
    repaired = sheets(tabula_server, campaign)["Latch"]["condition"]
    assert repaired["hp"] == full
    assert repaired["pilot"] == "wounded"
    screenshot(gm, "mech-repaired")

    # Rook is refused; Latch starts repaired, her pilot still wounded, a repair cap spent
    build(gm, campaign, "Range two", "Latch", "Rook")
    gm.get_by_text("Rook is dead since the last encounter").wait_for()
    gm.get_by_label(re.compile(r"^Rook \(player1\)")).uncheck()
    gm.get_by_role("button", name="Start encounter").first.click()
    gm.locator(".messages li", has_text="Encounter Range two created.").wait_for()
    second = units(tabula_server, "Range two")["Latch"]
    assert (second["hp"], second["pilot_state"]) == (full, "wounded")
    assert second["repair"] == int(first["Latch"]["repair"]) - 1
    screenshot(gm, "mech-second-encounter")
