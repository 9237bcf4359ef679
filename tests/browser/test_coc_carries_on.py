"""Issue 32: two Call of Cthulhu encounters in a row with the same investigators. In the first,
Bob fires his revolver (a round fewer), the Keeper rules him down to 5 HP and Carl dead; the
Keeper ends it and accepts the write-back. The roster shows Bob wounded and Carl dead; a week on
the campaign's clock heals Bob 1D3 (COC-HEAL-1); the builder refuses Carl, and the second
encounter starts Bob with the HP the week left and the rounds he did not fire."""

from __future__ import annotations

import json
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
campaign = create_campaign(gm.pk, "Arkham nights", "coc")
Membership.objects.create(campaign=campaign, user=player, role=Role.PLAYER)
coc = get_system("coc")
mara = next(c for c in coc.demo()["combatants"] if c["id"] == "mara")["sheet"]
for name, dex in (("Bob Vance", 18), ("Carl Stone", 17)):  # the 3-18 scale (COC-GEN-2)
    sheet = coc.validate_sheet({**mara, "name": name, "dex": dex})
    Character.objects.create(campaign=campaign, owner=player, name=name, system="coc", sheet=sheet)
print("CAMPAIGN", campaign.pk)
"""

SHEETS = """
import json
from vtt.characters.models import Character
print("SHEETS " + json.dumps({c.name: c.sheet for c in Character.objects.filter(campaign=%d)}))
"""


def sheets(server: Any, campaign: int) -> dict[str, Any]:
    out = server.shell(SHEETS % campaign)
    found: dict[str, Any] = json.loads(
        next(ln for ln in out.splitlines() if ln.startswith("SHEETS ")).removeprefix("SHEETS ")
    )
    return found


def loaded(sheet: dict[str, Any]) -> int:
    return int(next(w for w in sheet["weapons"] if w["key"] == "revolver")["loaded"])


def build(gm: Any, campaign: int, title: str, *names: str) -> None:
    gm.goto(f"/campaigns/{campaign}/encounters/new/")
    gm.locator("#builder input[name=title]").fill(title)
    for name in names:
        gm.get_by_label(re.compile(rf"^{name} \(player1\)")).check()
    pick = gm.locator("#builder select[name=opponent_0]")
    cultist = next(
        o.get_attribute("value")
        for o in pick.locator("option").all()
        if "ultist" in (o.text_content() or "")
    )
    pick.select_option(cultist)
    gm.get_by_role("button", name="Start encounter").first.click()


def send(page: Any, kind: str, fields: dict[str, str], actor: str | None = None) -> None:
    before = page.locator("#event-log > li.event").count()
    has_actor = f":has(input[name=actor][value={actor}])" if actor else ""
    form = page.locator(f"form{has_actor}:has(input[name=kind][value={kind}])").first
    folded = form.locator("xpath=ancestor::details[not(@open)]")
    for fold in folded.all()[::-1]:
        fold.locator(":scope > summary").click()
    for name, value in fields.items():
        field = form.locator(f"[name={name}]")
        if field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    form.locator("button[type=submit]").click()
    page.wait_for_function(
        "n => document.querySelectorAll('#event-log > li.event').length > n", arg=before
    )


def ids(server: Any, title: str) -> dict[str, str]:
    out = server.shell(
        "import json\nfrom vtt.encounters.models import Encounter\n"
        f"e = Encounter.objects.get(title={title!r})\n"
        "print('IDS ' + json.dumps({c['name']: k for k, c in e.state['combatants'].items()}))"
    )
    found: dict[str, str] = json.loads(
        next(ln for ln in out.splitlines() if ln.startswith("IDS ")).removeprefix("IDS ")
    )
    return found


def test_two_coc_encounters_in_a_row_keep_hp_ammunition_and_death(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    out = tabula_server.shell(CAMPAIGN)
    campaign = int(next(ln for ln in out.splitlines() if ln.startswith("CAMPAIGN ")).split()[1])
    full = loaded(sheets(tabula_server, campaign)["Bob Vance"])
    gm, player = login("gm"), login("player1")
    build(gm, campaign, "The warehouse", "Bob Vance", "Carl Stone")
    gm.locator(".messages li", has_text="Encounter The warehouse created.").wait_for()
    wait_caught_up(gm)
    table = gm.url
    who = ids(tabula_server, "The warehouse")
    player.goto(table)
    wait_caught_up(player)

    # Round 1: Bob (DEX 18) acts first and fires once at the cultist
    send(gm, "next_round", {}, "gm")
    cultist = next(v for k, v in who.items() if "ultist" in k)
    send(
        player, "fire", {"weapon": "revolver", "target": cultist, "distance": "5"}, who["Bob Vance"]
    )
    if gm.locator("#coc-asking").count():
        send(gm, "answer_dodge", {"answer": "take"}, cultist)
    # The Keeper's word: Bob down to 5 HP, Carl dead
    send(
        gm,
        "override",
        {"target": who["Bob Vance"], "field": "hp", "value": "5", "reason": "a car"},
        "gm",
    )
    send(
        gm,
        "override",
        {"target": who["Carl Stone"], "field": "dead", "value": "1", "reason": "the fall"},
        "gm",
    )

    gm.locator("details.end > summary").click()
    gm.get_by_role("button", name="End encounter and reveal the seed").click()
    gm.wait_for_url(re.compile(r"/write-back/$"))
    player.locator(".turn-banner.ended").wait_for()
    screenshot(gm, "coc-write-back")
    gm.get_by_role("button", name="Accept all and write them to the characters").click()
    gm.locator(".messages li", has_text="Characters updated").wait_for()
    after = sheets(tabula_server, campaign)
    assert after["Bob Vance"]["condition"]["hp"] == 5
    assert loaded(after["Bob Vance"]) == full - 1
    assert after["Carl Stone"]["condition"]["dead"] is True

    # The roster: Bob wounded, Carl dead; a week on the clock heals Bob 1D3 (COC-HEAL-1)
    gm.goto(f"/campaigns/{campaign}/")
    gm.locator("li", has_text="Bob Vance").locator(".badge.wounded").first.wait_for()
    gm.locator("li", has_text="Carl Stone").locator(".badge.dead").first.wait_for()
    gm.locator("#days").fill("7")
    gm.get_by_role("button", name="Move the clock on").click()
    gm.locator("#campaign-day", has_text="Day 7").wait_for()
    healed = int(sheets(tabula_server, campaign)["Bob Vance"]["condition"]["hp"])
    assert 6 <= healed <= 8
    screenshot(gm, "coc-a-week-later")

    # Carl is refused; Bob alone starts where the week left him, his revolver a round short
    build(gm, campaign, "The docks", "Bob Vance", "Carl Stone")
    gm.get_by_text("Carl Stone is dead since the last encounter").wait_for()
    gm.get_by_label(re.compile(r"^Carl Stone \(player1\)")).uncheck()
    gm.get_by_role("button", name="Start encounter").first.click()
    gm.locator(".messages li", has_text="Encounter The docks created.").wait_for()
    second = ids(tabula_server, "The docks")
    state = tabula_server.shell(
        "import json\nfrom vtt.encounters.models import Encounter\n"
        "c = Encounter.objects.get(title='The docks').state['combatants']"
        f"[{second['Bob Vance']!r}]\n"
        "print('BOB ' + json.dumps([c['hp'], c['weapons']['revolver']['loaded']]))"
    )
    bob = json.loads(next(ln for ln in state.splitlines() if ln.startswith("BOB "))[4:])
    assert bob == [healed, full - 1]
    wait_caught_up(gm)
    gm.locator(f"#coc-{second['Bob Vance']}", has_text=f"{healed} /").first.wait_for()
    screenshot(gm, "coc-second-encounter")
