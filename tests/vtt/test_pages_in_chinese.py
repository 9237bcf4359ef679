"""Issue 33: a Chinese reader meets no English on the sheet forms, campaign, settings and
encounter pages: field labels, choices, sections, sides, terrain, badges, legends and phases are
messages in Simplified Chinese, and a validation error names the field by its label."""

from __future__ import annotations

import html
import importlib
import re
from typing import Any

import pytest
from django.test import Client

from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character

pytestmark = pytest.mark.django_db

form_data = importlib.import_module("test_sheet_forms").form_data

SYSTEMS = ("delta_green", "coc", "ace", "mech", "scs")


def chinese(user: Any) -> Client:
    client = Client(headers={"accept-language": "zh-hans"})
    client.force_login(user)
    return client


def shown(page: str) -> str:
    """The words a reader sees: text, option labels, titles and placeholders (no scripts, no
    templates of blank rows' values, no attribute names)."""
    page = re.sub(r"<(script|style|textarea)\b.*?</\1>", " ", page, flags=re.S)
    seen = re.findall(r'\s(?:title|placeholder|aria-label)="([^"]*)"', page)
    text = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(" ".join([text, *seen]))


def english(text: str) -> list[str]:
    """Runs of latin words of two letters or more, as the reader would spot them."""
    return re.findall(r"[A-Za-z][A-Za-z_]+(?:[ /][A-Za-z][A-Za-z_]+)*", text)


def english_left(page: str, words: list[str]) -> list[str]:
    """The words of the list a reader still sees on the page, as whole words."""
    text = shown(page)
    return [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


# What the Chinese-reading group found in English on the sheet forms (issue 33), per system.
SHEET_WORDS = {
    "delta_green": [
        "Name",
        "Key",
        "Kind",
        "Skill",
        "Damage",
        "Rof",
        "Capacity",
        "Reload",
        "Mal",
        "Action",
        "Auto",
        "Spare",
        "Ready",
        "Handgun",
        "Scope",
        "Laser",
        "Silencer",
        "Shotgun",
        "Sword",
        "Touch",
        "Loaded",
        "Skills",
        "Weapons",
        "Db",
        "Max burst",
        "Sustained fire",
        "Can impale",
        "Can sever",
        "Two handed",
        "Base range m",
        "High power",
        "Can parry",
        "Edge points",
        "dodge",
        "firearms",
        "first_aid",
        "firearm",
        "melee",
    ],
    "coc": [
        *["melee", "unarmed", "firearm", "thrown", "none", "bolt", "double_barrel", "single"],
        *["full_auto", "lever", "pump", "semi_auto", "loose", "magazine", "belt", "键"],
        # (".38 revolver" stays: it is the name a template gave its weapon)
    ],
    "ace": ["athletics", "hide", "insight", "investigation", "survival"],
    "mech": ["Name", "Key", "Kind", "Skills", "Weapons"],
    "scs": ["Name", "Key", "Kind", "Skills", "Weapons"],
}


def campaign_of(system: str, gwen: Any, pip: Any) -> Any:
    made = create_campaign(gwen.pk, "夜行", system)
    Membership.objects.create(campaign=made, user=pip, role=Role.PLAYER)
    return made


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_sheet_form_reads_in_chinese_new_and_edit(system: str, gwen: Any, pip: Any) -> None:
    made = campaign_of(system, gwen, pip)
    client = chinese(pip)
    url = f"/campaigns/{made.pk}/characters/new/"
    page = client.get(url).content.decode()
    assert english_left(page, SHEET_WORDS[system]) == []
    data = form_data(page)
    data["name"] = "林"
    if 'name="s:' not in page:  # a system whose sheet is its JSON
        found = re.search(r'<textarea name="sheet"[^>]*>(.*?)</textarea>', page, re.S)
        assert found
        data["sheet"] = html.unescape(found.group(1))
    answer = client.post(url, data)
    assert answer.status_code == 302, shown(answer.content.decode())[-2000:]
    edit = client.get(f"/characters/{Character.objects.get(campaign=made).pk}/edit/")
    assert english_left(edit.content.decode(), SHEET_WORDS[system]) == []


def test_skills_are_picked_by_name_not_typed_as_keys(gwen: Any, pip: Any) -> None:
    made = campaign_of("delta_green", gwen, pip)
    page = chinese(pip).get(f"/campaigns/{made.pk}/characters/new/").content.decode()
    assert '<select name="s:skills[0].name"' in page
    assert '<option value="first_aid">急救</option>' in page
    assert '<option value="firearm" selected>火器</option>' in page  # a weapon's kind
    ace = campaign_of("ace", gwen, pip)
    page = chinese(pip).get(f"/campaigns/{ace.pk}/characters/new/").content.decode()
    assert '<option value="athletics" selected>运动</option>' in page


def test_a_refusal_names_the_field_by_its_chinese_label(gwen: Any, pip: Any) -> None:
    made = campaign_of("delta_green", gwen, pip)
    client = chinese(pip)
    url = f"/campaigns/{made.pk}/characters/new/"
    data = form_data(client.get(url).content.decode())
    data.update({"name": "林", "s:weapons[0].damage": "lots"})
    answer = client.post(url, data)
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "武器 › 1 › 伤害：" in page
    assert english_left(page, SHEET_WORDS["delta_green"]) == []
    data = form_data(client.get(url).content.decode())
    data.update({"name": "林", "s:skills[0].value": "900"})
    page = client.post(url, data).content.decode()
    assert re.search(r"技能 › [\u4e00-\u9fff]+：", shown(page)), shown(page)[:3000]


def test_the_campaign_pages_name_systems_and_roles_in_chinese(gwen: Any, pip: Any) -> None:
    made = campaign_of("delta_green", gwen, pip)
    listing = shown(chinese(gwen).get("/campaigns/").content.decode())
    assert "王牌进化" in listing
    assert "规则系统：" in listing  # a form label ends with the Chinese colon
    assert english_left(listing, ["(ace)", "(delta_green)", "(mech)", "(scs)", "(coc)"]) == []
    page = shown(chinese(gwen).get(f"/campaigns/{made.pk}/").content.decode())
    assert "你的身份： 主持人" in page
    assert english_left(page, ["gm", "cap_hits", "rounds_fired", "per_hit", "CoC"]) == []
    assert "你的身份： 玩家" in shown(chinese(pip).get(f"/campaigns/{made.pk}/").content.decode())


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_encounter_builder_names_what_it_keeps(system: str, gwen: Any, pip: Any) -> None:
    made = campaign_of(system, gwen, pip)
    page = shown(chinese(gwen).get(f"/campaigns/{made.pk}/encounters/new/").content.decode())
    titles = ["Delta Green", "Call of Cthulhu", "Ace Evolution", "Mech skirmish"]
    assert english_left(page, [*titles, "Standard Combat Series", "sides", "map"]) == []


# Sides, terrain, badges, legends and phases the group met in English on the encounter pages.
TABLE_WORDS = {
    "delta_green": ["agents", "cult", "players"],
    "coc": ["cult", "investigators"],
    "ace": ["reincarnators", "monsters", "Reincarnators", "Monsters"],
    "mech": ["blue", "red", "Blue", "Red", "combat"],
    "scs": ["Blue", "Red", "clear", "woods", "rough", "marsh", "town", "movement", "blue", "red"],
}


def encounter_of(system: str, gwen: Any, pip: Any) -> Any:
    from rules.core.registry import get_system
    from vtt.encounters.services import start_encounter

    made = campaign_of(system, gwen, pip)
    demo = get_system(system).demo
    assert demo is not None
    return start_encounter(made.pk, gwen.pk, "演示", demo())


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_encounter_page_and_its_replay_read_in_chinese(
    system: str, gwen: Any, pip: Any
) -> None:
    encounter = encounter_of(system, gwen, pip)
    client = chinese(gwen)
    for url in (f"/encounters/{encounter.pk}/", f"/encounters/{encounter.pk}/replay/"):
        page = client.get(url).content.decode()
        assert english_left(page, TABLE_WORDS[system]) == [], url


def test_the_wargame_board_reads_sides_steps_and_terrain_in_chinese(gwen: Any, pip: Any) -> None:
    encounter = encounter_of("scs", gwen, pip)
    page = chinese(gwen).get(f"/encounters/{encounter.pk}/").content.decode()
    assert re.search(r"<title>\d\d\.\d\d 森林", page)  # a hex's tooltip: its terrain
    assert "守方承受 1 个阶段损失" in page  # the CRT legend says what the log says
    assert "损失 1 步" not in page
    assert "移动点数（徒步）" in page
    text = shown(page)
    assert "蓝方" in text
    assert english_left(text, ["MP"]) == []


def _settings_form(page: str) -> str:
    form = page[page.index('class="stack settings-form"') :]
    return form[: form.index("</form>")]


def test_the_gm_settings_are_form_fields_not_json_boxes(gwen: Any, pip: Any) -> None:
    made = campaign_of("delta_green", gwen, pip)
    client = chinese(gwen)
    form = _settings_form(client.get(f"/campaigns/{made.pk}/").content.decode())
    assert "<textarea" not in form
    text = shown(form)
    assert "动作消耗 › 近战攻击" in text
    assert "右腿" in text
    assert "可斩断肢体" in text
    assert english_left(text, ["melee", "right_leg", "can_sever", "cap_hits", "per_hit"]) == []
    data = importlib.import_module("test_settings_every_system")._offered(
        client.get(f"/campaigns/{made.pk}/").content.decode()
    )
    data["dg.action_costs.melee"] = "2"
    data["dg.hit_location_table.1"] = "head"
    data["dg.decapitation_tags"] = ["can_sever", "sword"]
    answer = client.post(f"/campaigns/{made.pk}/settings/", data)
    assert answer.status_code == 302, shown(answer.content.decode())[-1500:]
    made.refresh_from_db()
    assert made.settings["dg.action_costs"]["melee"] == 2
    assert made.settings["dg.action_costs"]["draw"] == 1
    assert made.settings["dg.hit_location_table"]["1"] == "head"
    assert sorted(made.settings["dg.decapitation_tags"]) == ["can_sever", "sword"]
    data["dg.action_costs.melee"] = "99"  # beyond the rules' bound: refused on its field
    page = client.post(f"/campaigns/{made.pk}/settings/", data).content.decode()
    assert 'aria-invalid="true"' in page[page.index('name="dg.action_costs.melee"') - 300 :][:600]


def test_an_added_weapon_row_is_refused_on_its_own_field(gwen: Any, pip: Any) -> None:
    made = campaign_of("delta_green", gwen, pip)
    client = chinese(pip)
    url = f"/campaigns/{made.pk}/characters/new/"
    page = client.get(url).content.decode()
    rows = page[page.index('data-rows="s:weapons"') :]
    blank = rows[rows.index("<template>") + 10 : rows.index("</template>")]
    data = form_data(page)
    data.update(form_data('id="sheet-form"' + blank.replace("__i__", "1")))
    data.update({"name": "林", "s:weapons[1].key": "rifle", "s:weapons[1].kind": "firearm"})
    answer = client.post(url, data)
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "武器 › 2 › 弹容量：" in shown(page)
    capacity = page[page.index('name="s:weapons[1].capacity"') :]
    assert 'aria-invalid="true"' in capacity[: capacity.index(">")]
    data["s:weapons[1].capacity"] = "5"
    assert client.post(url, data).status_code == 302
    assert Character.objects.get(campaign=made).sheet["weapons"][1]["capacity"] == 5


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_number_offered_is_within_its_bounds(system: str, gwen: Any, pip: Any) -> None:
    """A browser refuses to send a form whose number lies outside its min and max, silently:
    what the form offers (the default sheet's unarmed attack, capacity 0) must fit them."""
    made = campaign_of(system, gwen, pip)
    page = chinese(pip).get(f"/campaigns/{made.pk}/characters/new/").content.decode()
    page = re.sub(r"<template>.*?</template>", "", page, flags=re.S)
    outside = []
    for tag in re.findall(r'<input type="number"[^>]*>', page):
        value = re.search(r'value="([^"]+)"', tag)
        low = re.search(r'min="([^"]+)"', tag)
        high = re.search(r'max="([^"]+)"', tag)
        if value is None:
            continue
        number = float(value.group(1))
        if (low and number < float(low.group(1))) or (high and number > float(high.group(1))):
            outside.append(tag)
    assert outside == []
