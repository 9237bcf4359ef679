"""Issue 32: two Ace Evolution encounters in a row with the same reincarnators. In the first the
GM takes Lin down to 15 HP, drains her STR to 3, marks one recovery ration eaten, and kills Su;
the GM ends it and accepts the write-back. The roster shows Lin wounded and Su dead; a night on
the campaign's clock rests Lin's STR back to its maximum (ACE-AMB-05); the builder refuses Su,
and the second encounter starts Lin at 15 HP with two rations left."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser.test_coc_carries_on import ids, send, sheets

CAMPAIGN = """
from django.contrib.auth import get_user_model
from rules.core.registry import get_system
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character
users = get_user_model().objects
gm, player = users.get(username="gm"), users.get(username="player1")
campaign = create_campaign(gm.pk, "Nightmare Space", "ace")
Membership.objects.create(campaign=campaign, user=player, role=Role.PLAYER)
ace = get_system("ace")
demo = {c["id"]: c["sheet"] for c in ace.demo()["combatants"]}
for key, name in (("lin", "Lin Yue"), ("su", "Su Qing")):
    sheet = ace.validate_sheet({**demo[key], "name": name})
    Character.objects.create(campaign=campaign, owner=player, name=name, system="ace", sheet=sheet)
print("CAMPAIGN", campaign.pk)
"""


def build(gm: Any, campaign: int, title: str, *names: str) -> None:
    gm.goto(f"/campaigns/{campaign}/encounters/new/")
    gm.locator("#builder input[name=title]").fill(title)
    for name in names:
        gm.get_by_label(re.compile(rf"^{name} \(player1\)")).check()
    gm.get_by_role("button", name="Start encounter").first.click()


def test_two_ace_encounters_in_a_row_keep_hp_items_and_death(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    out = tabula_server.shell(CAMPAIGN)
    campaign = int(next(ln for ln in out.splitlines() if ln.startswith("CAMPAIGN ")).split()[1])
    gm, player = login("gm"), login("player1")
    build(gm, campaign, "The bone yard", "Lin Yue", "Su Qing")
    gm.locator(".messages li", has_text="Encounter The bone yard created.").wait_for()
    wait_caught_up(gm)
    who = ids(tabula_server, "The bone yard")
    lin, su = who["Lin Yue"], who["Su Qing"]
    player.goto(gm.url)
    wait_caught_up(player)

    full = int(sheets(tabula_server, campaign)["Lin Yue"]["str"])
    send(gm, "hp", {"target": lin, "amount": "-45"}, "gm")
    send(gm, "set_attribute", {"target": lin, "attribute": "str", "value": "3"}, "gm")
    send(gm, "item_used", {"item": f"{lin}:0", "used": "1"}, "gm")
    send(gm, "hp", {"target": su, "amount": "-999"}, "gm")
    player.locator("#event-log", has_text="uses up 1 × Recovery ration").wait_for()

    gm.locator("details.end > summary").click()
    gm.get_by_role("button", name="End encounter and reveal the seed").click()
    gm.wait_for_url(re.compile(r"/write-back/$"))
    player.locator(".turn-banner.ended").wait_for()
    screenshot(gm, "ace-write-back")
    gm.get_by_role("button", name="Accept all and write them to the characters").click()
    gm.locator(".messages li", has_text="Characters updated").wait_for()
    after = sheets(tabula_server, campaign)
    assert after["Lin Yue"]["condition"]["hp"] == 15
    assert after["Lin Yue"]["condition"]["current"] == {"str": 3}
    assert after["Lin Yue"]["items"][0]["count"] == 2
    assert after["Su Qing"]["condition"]["dead"] is True

    # The roster; a night on the clock rests STR back to its maximum (ACE-AMB-05)
    gm.goto(f"/campaigns/{campaign}/")
    gm.locator("li", has_text="Lin Yue").locator(".badge.wounded").first.wait_for()
    gm.locator("li", has_text="Su Qing").locator(".badge.dead").first.wait_for()
    gm.get_by_role("button", name="Move the clock on").click()
    gm.locator("#campaign-day", has_text="Day 1").wait_for()
    rested = sheets(tabula_server, campaign)["Lin Yue"]
    assert "str" not in (rested.get("condition") or {}).get("current", {})
    assert int(rested["str"]) == full
    screenshot(gm, "ace-after-a-night")

    # Su is refused; Lin starts at 15 HP with two rations
    build(gm, campaign, "The bridge", "Lin Yue", "Su Qing")
    gm.get_by_text("Su Qing is dead since the last encounter").wait_for()
    gm.get_by_label(re.compile(r"^Su Qing \(player1\)")).uncheck()
    gm.get_by_role("button", name="Start encounter").first.click()
    gm.locator(".messages li", has_text="Encounter The bridge created.").wait_for()
    second = ids(tabula_server, "The bridge")["Lin Yue"]
    state = tabula_server.shell(
        "import json\nfrom vtt.encounters.models import Encounter\n"
        f"c = Encounter.objects.get(title='The bridge').state['combatants'][{second!r}]\n"
        "print('LIN ' + json.dumps([c['hp'], c['items'][0]['count'], c['current']['str']]))"
    )
    found = json.loads(next(ln for ln in state.splitlines() if ln.startswith("LIN "))[4:])
    assert found == [15, 2, full]
    screenshot(gm, "ace-second-encounter")
