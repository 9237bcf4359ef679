"""Issue 32: between fights, the campaign's clock and the seeds' recovery rules as GM tools.

Moving the clock past a week's end heals Delta Green agents by the week (DG-HEAL-3); First Aid
after the fight heals and stops a bleeding (DG-HEAL-4); a mech gets two repair actions until its
next fight (MECH-REPAIR-1). Each is saved with the sheet in one transaction: a SheetChange in the
character's history, a Downtime record in the campaign's log with its lines and dice, shown on
the GM's campaign page in English and Chinese."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from rules.core.dice import LoadedDice
from rules.delta_green import SYSTEM as DG
from rules.mech import SYSTEM as MECH
from vtt.campaigns.models import Campaign, Downtime, Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character, SheetChange
from vtt.errors import NotAllowed
from vtt.lobby.downtime import actor_of, pass_days, use_tool


def test_the_tools_of_a_system_come_from_its_own_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """No list of systems with tools: a system registered with a recovery module has them."""
    from rules.coc import recovery
    from rules.core import registry
    from vtt.lobby.downtime import tools_of

    assert tools_of("chat") == ()
    monkeypatch.setitem(registry.KNOWN, "healer", "rules.coc")
    assert tools_of("healer") == tuple(recovery.TOOLS)


def client_of(user: Any, language: str = "en") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


@pytest.fixture
def green(gwen: Any, pip: Any) -> Campaign:
    made = create_campaign(gwen.pk, "Night at the Opera", "delta_green")
    Membership.objects.create(campaign=made, user=pip, role=Role.PLAYER)
    return made


def agent(campaign: Campaign, owner: Any, name: str, **condition: Any) -> Character:
    sheet = {**DG.default_sheet, "name": name, "hp": 12, "condition": condition or None}
    return Character.objects.create(
        campaign=campaign,
        owner=owner,
        name=name,
        system="delta_green",
        sheet=DG.validate_sheet(sheet),
    )


@pytest.mark.django_db
def test_days_passing_a_weeks_end_heal_each_agent_once_and_are_logged(
    gwen: Any, pip: Any, green: Campaign
) -> None:
    ann = agent(green, pip, "Ann", hp=7, chest={"damage": 5})
    pass_days(green.pk, gwen.pk, 6, LoadedDice([]))  # day 6: no week's end yet
    ann.refresh_from_db()
    assert ann.sheet["condition"]["hp"] == 7
    pass_days(green.pk, gwen.pk, 2, LoadedDice([3]))  # day 8: the first week ends
    ann.refresh_from_db()
    green.refresh_from_db()
    assert green.day == 8
    assert ann.sheet["condition"]["hp"] == 10
    assert ann.sheet["condition"]["chest"]["damage"] == 2
    [change] = SheetChange.objects.filter(character=ann)
    assert change.encounter is None
    assert change.before["condition"]["hp"] == 7
    assert change.after == ann.sheet
    assert any(line["key"] == "condition.hp" for line in change.lines)
    healed = Downtime.objects.get(character=ann)
    assert (healed.tool, healed.rule, healed.day) == ("week", "DG-HEAL-3", 8)
    assert [d["value"] for d in healed.dice] == [3]
    page = client_of(gwen).get(f"/campaigns/{green.pk}/").content.decode()
    assert "Day 8 of the campaign." in page
    assert "Ann: weekly healing 1d3 = 3" in page
    assert "The clock moves on 2 days, to day 8." in page
    chinese = client_of(gwen, "zh-hans").get(f"/campaigns/{green.pk}/").content.decode()
    assert "战役第 8 天" in chinese
    assert "两次战斗之间" in chinese
    assert "Between fights" not in chinese


@pytest.mark.django_db
def test_first_aid_after_the_fight_from_the_campaign_page(
    gwen: Any, pip: Any, green: Campaign
) -> None:
    ann = agent(green, pip, "Ann", hp=5, chest={"damage": 7, "bleeding": "roll"})
    bob = agent(green, gwen, "Bob")
    request = {
        "healer": actor_of(bob),
        "target": actor_of(ann),
        "location": "chest",
        "skill": "first_aid",
    }
    [record] = use_tool(green.pk, gwen.pk, "treat", request, LoadedDice([10, 2]))
    ann.refresh_from_db()
    assert ann.sheet["condition"]["hp"] == 7
    assert ann.sheet["condition"]["chest"]["bleeding"] == ""
    assert record.character == ann
    assert record.rule == "DG-HEAL-4"
    assert not SheetChange.objects.filter(character=bob).exists()  # the healer is unchanged
    # the page's own form, with the server's dice: logged whatever the roll
    response = client_of(gwen).post(f"/campaigns/{green.pk}/between/treat/", request)
    assert response.status_code == 302
    assert Downtime.objects.filter(tool="treat").count() == 2
    # a player has no such tool
    assert client_of(pip).post(f"/campaigns/{green.pk}/between/treat/", request).status_code == 302
    assert Downtime.objects.filter(tool="treat").count() == 2
    with pytest.raises(NotAllowed):
        use_tool(green.pk, pip.pk, "treat", request, LoadedDice([10, 2]))


@pytest.mark.django_db
def test_a_mech_has_two_repair_actions_until_its_next_fight(gwen: Any) -> None:
    """MECH-REPAIR-1 (MECH-AMB-40: 2 per mech per interval) and MECH-REPAIR-TABLE."""
    yard = create_campaign(gwen.pk, "The Yard", "mech")
    base = MECH.validate_sheet(dict(MECH.default_sheet))
    condition = {
        "hp": 3,
        "repair": 4,
        "items": [{"kind": "weapon", "index": 0, "key": "k12_carbine", "destroyed": True}],
    }
    latch = Character.objects.create(
        campaign=yard,
        owner=gwen,
        name="Latch",
        system="mech",
        sheet=MECH.validate_sheet({**base, "condition": condition}),
    )
    me = actor_of(latch)
    use_tool(yard.pk, gwen.pk, "repair", {"character": me, "option": "hp"}, LoadedDice([]))
    use_tool(
        yard.pk,
        gwen.pk,
        "repair",
        {"character": me, "option": "fix", "item": "weapon:0"},
        LoadedDice([]),
    )
    latch.refresh_from_db()
    assert latch.sheet["condition"]["repair"] == 2
    assert latch.sheet["condition"]["hp"] > 3
    assert not any(i.get("destroyed") for i in latch.sheet["condition"].get("items", []))
    before = dict(latch.sheet)
    with pytest.raises(NotAllowed, match="MECH-REPAIR-1"):
        use_tool(yard.pk, gwen.pk, "repair", {"character": me, "option": "uses"}, LoadedDice([]))
    latch.refresh_from_db()
    assert latch.sheet == before
    assert Downtime.objects.filter(tool="repair").count() == 2
    page = client_of(gwen, "zh-hans").get(f"/campaigns/{yard.pk}/").content.decode()
    assert "维修 Latch：HP 全部恢复" in page  # the repairs in the log, in Chinese


@pytest.mark.django_db
def test_a_night_passing_rests_an_ace_reincarnator(gwen: Any) -> None:
    """ACE-AMB-05: the clock moving on is a full night's rest, once however many nights."""
    from rules.ace import SYSTEM as ACE

    space = create_campaign(gwen.pk, "Nightmare Space", "ace")
    sheet = {**ACE.default_sheet, "name": "Kai", "condition": {"current": {"spi": 2}}}
    kai = Character.objects.create(
        campaign=space, owner=gwen, name="Kai", system="ace", sheet=ACE.validate_sheet(sheet)
    )
    response = client_of(gwen).post(f"/campaigns/{space.pk}/days/", {"days": "3"})
    assert response.status_code == 302
    kai.refresh_from_db()
    assert not (kai.sheet.get("condition") or {}).get("current")
    assert Downtime.objects.filter(character=kai, tool="rest", rule="ACE-AMB-05").count() == 1
    page = client_of(gwen, "zh-hans").get(f"/campaigns/{space.pk}/").content.decode()
    assert "推进时钟即所有人睡了一整夜（ACE-AMB-05）" in page


@pytest.mark.django_db
def test_the_gm_page_of_a_campaign_with_two_mechs_opens(gwen: Any) -> None:
    """The GM tools start a state from every sheet in the campaign: each mech gets a square of
    its own there, so two mechs never meet MECH-AMB-19 (the page answered 500, without its invite
    link, for the demo's mech campaign)."""
    yard = create_campaign(gwen.pk, "The Yard", "mech")
    base = MECH.validate_sheet(dict(MECH.default_sheet))
    for name in ("Brick", "Latch"):
        Character.objects.create(
            campaign=yard, owner=gwen, name=name, system="mech", sheet={**base, "name": name}
        )
    page = client_of(gwen).get(f"/campaigns/{yard.pk}/")
    assert page.status_code == 200
    assert 'id="invite-url"' in page.content.decode()
