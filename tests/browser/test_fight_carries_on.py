"""Issue 32: a Delta Green fight leaves its damage on the agent from one session to the next.
The GM builds an encounter from the campaign, maims the agent's arm and leaves it dying, ends the
encounter (asked first); the player's page turns to "ended" by itself with its forms gone; the GM
accepts the write-back; the roster and the sheet show the damage, and a second encounter starts
the agent where the first left it."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

CAMPAIGN = """
from django.contrib.auth import get_user_model
from rules.core.registry import get_system
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character
users = get_user_model().objects
gm, player = users.get(username="gm"), users.get(username="player1")
campaign = create_campaign(gm.pk, "Carry on", "delta_green")
Membership.objects.create(campaign=campaign, user=player, role=Role.PLAYER)
dg = get_system("delta_green")
sheet = dg.validate_sheet({**dg.default_sheet, "name": "Agent Kale", "hp": 12})
Character.objects.create(campaign=campaign, owner=player, name="Agent Kale",
                         system="delta_green", sheet=sheet)
print("CAMPAIGN", campaign.pk)
"""


def build(gm: Any, campaign: int, title: str) -> None:
    gm.goto(f"/campaigns/{campaign}/encounters/new/")
    gm.locator("#builder input[name=title]").fill(title)
    gm.get_by_label(re.compile(r"^Agent Kale \(player1\)")).check()
    gm.get_by_role("button", name="Start encounter").first.click()
    gm.locator(".messages li", has_text=f"Encounter {title} created.").wait_for()


def damage(gm: Any, amount: int, location: str) -> None:
    gm.locator("details.dg-gm-tools > summary").click()
    form = gm.locator("#dg-tool-grid form[data-kind='gm_damage']")
    form.wait_for()
    form.locator("select[name=target]").select_option(label="Agent Kale")
    form.locator("select[name=location]").select_option(location)
    form.locator("input[name=amount]").fill(str(amount))
    form.locator("button[type=submit]").click()
    gm.locator("#event-log", has_text=f"GM applies {amount} damage to Agent Kale").wait_for()
    gm.locator("details.dg-gm-tools > summary").click()


def test_a_maimed_dying_agent_is_still_so_in_the_next_encounter(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    out = tabula_server.shell(CAMPAIGN)
    campaign = int(next(ln for ln in out.splitlines() if ln.startswith("CAMPAIGN ")).split()[1])
    gm, player = login("gm"), login("player1")
    build(gm, campaign, "The cellar")
    wait_caught_up(gm)
    table = gm.url
    player.goto(table)
    wait_caught_up(player)
    assert player.locator("#table form").count() > 0  # the player's actions are offered

    # 12 HP, arms 3: 6 to the left arm maims it (DG-WOUND-6), 12 to the chest: -6, bleeding
    damage(gm, 6, "left_arm")
    damage(gm, 12, "chest")
    player.locator("#event-log", has_text="GM applies 12 damage to Agent Kale").wait_for()

    # Ending asks first; the player's page turns to "ended" live, its forms gone
    gm.locator("details.end > summary").click()
    gm.get_by_text("Ending is final").wait_for()
    screenshot(gm, "end-asks-first")
    gm.get_by_role("button", name="End encounter and reveal the seed").click()
    gm.wait_for_url(re.compile(r"/write-back/$"))
    player.locator(".turn-banner.ended", has_text="This encounter has ended.").wait_for()
    player.locator(".status-ended", has_text="Ended").wait_for(state="visible")
    assert player.locator(".status-active").is_hidden()
    assert player.locator("#table form:visible").count() == 0
    assert player.locator("#actions-slot form").count() == 0
    assert player.url == table  # no reload: the frame did it
    screenshot(player, "ended-live")

    # The write-back lists what the fight did, in words, and the GM accepts it all
    changes = gm.locator("table.changes")
    for words in ("Hit points now", "-6", "Left arm › Lasting injury", "maimed", "Bleeding"):
        changes.get_by_text(words, exact=False).first.wait_for()
    screenshot(gm, "write-back")
    gm.get_by_role("button", name="Accept all and write them to the characters").click()
    gm.locator(".messages li", has_text="Characters updated: Agent Kale.").wait_for()

    # The roster and the sheet show it
    gm.goto(f"/campaigns/{campaign}/")
    gm.locator("li", has_text="Agent Kale").locator(".badge.dying").wait_for()
    gm.locator("li", has_text="Agent Kale").get_by_role("link", name="Edit").click()
    gm.locator(".condition-now .badge.dying").wait_for()
    assert gm.locator("input[name='s:condition.hp']").input_value() == "-6"
    assert gm.locator("select[name='s:condition.left_arm.lasting']").input_value() == "maimed"
    gm.get_by_text("What encounters changed").click()
    gm.locator(".sheet-history a", has_text="The cellar").wait_for()
    screenshot(gm, "sheet")

    # A second encounter starts the agent dying with the maimed arm
    build(gm, campaign, "Upstairs")
    wait_caught_up(gm)
    card = gm.locator(".dg-board", has_text="Agent Kale")
    card.get_by_text("-6", exact=False).first.wait_for()
    gm.locator(".dg-board", has_text="maimed").first.wait_for()
    screenshot(gm, "second-encounter")
