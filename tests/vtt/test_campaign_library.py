"""Issue 36: a campaign's content library. Items of each kind its system declares are made,
edited, copied and deleted through forms built from the kind's schema (the GM's), read by the
players (not the GM's NPC templates), shipped as a starter library, offered by the sheets' pick
lists and the encounter builder, and exported and imported as JSON (a round trip per kind)."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

import pytest
from django.test import Client

from rules.core.library import kinds_for
from rules.core.registry import system_keys
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.library import content
from vtt.library.models import LibraryItem

pytestmark = pytest.mark.django_db

SYSTEMS = [key for key in system_keys() if kinds_for(key)]


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def group(gwen: Any, pip: Any, system: str, name: str = "Library") -> Any:
    campaign = create_campaign(gwen.pk, name, system)
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    return campaign


def test_every_system_but_chat_keeps_a_library() -> None:
    assert set(SYSTEMS) == {"ace", "coc", "delta_green", "mech", "scs"}


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_starter_library_is_added_once_and_every_page_reads(
    system: str, gwen: Any, pip: Any
) -> None:
    campaign = group(gwen, pip, system)
    gm, player = client_of(gwen), client_of(pip)
    assert gm.post(f"/campaigns/{campaign.pk}/library/starters/").status_code == 302
    count = LibraryItem.objects.filter(campaign=campaign).count()
    assert count >= 10
    gm.post(f"/campaigns/{campaign.pk}/library/starters/")
    assert LibraryItem.objects.filter(campaign=campaign).count() == count  # nothing twice
    listing = gm.get(f"/campaigns/{campaign.pk}/library/").content.decode()
    for item in LibraryItem.objects.filter(campaign=campaign):
        assert f'id="item-{item.pk}"' in listing
        assert gm.get(f"/library/{item.pk}/").status_code == 200
        sheet_kind = content.kind(campaign, item.kind).is_sheet  # type: ignore[union-attr]
        assert player.get(f"/library/{item.pk}/").status_code == (404 if sheet_kind else 200)
        assert player.post(f"/library/{item.pk}/", {}).status_code == 404
        assert player.post(f"/library/{item.pk}/delete/").status_code == 404
    mine = player.get(f"/campaigns/{campaign.pk}/library/").content.decode()
    assert "Add the starter library" not in mine


@pytest.mark.parametrize("system", ["coc", "delta_green"])
def test_the_starter_library_ships_gear_a_sheet_can_pick(system: str) -> None:
    """Before: a Delta Green or Call of Cthulhu GM's starter library held no gear (its Items
    kind empty, the sheet's gear pick list with nothing in it); now a few common items, each
    accepted as a gear row and named in both languages (`<key>.name.library_*`)."""
    from rules.core.library import messages_for

    kind = next(k for k in kinds_for(system) if k.key == "item")
    starters = kind.starters()
    assert len(starters) >= 5
    names = {m.english for m in messages_for(system) if ".name.library_" in m.id}
    for item in starters:
        assert kind.check(item) == item
        assert item["name"] in names


def _fields(page: str) -> dict[str, str]:
    """The form's inputs with their values now, as a browser would send them untouched."""
    data: dict[str, str] = {}
    for tag in re.findall(r"<(?:input|select)[^>]*>", page):
        name = re.search(r'name="([^"]+)"', tag)
        if not name or 'type="file"' in tag:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        if 'type="checkbox"' in tag:
            if "checked" in tag:
                data[name.group(1)] = "on"
            continue
        if tag.startswith("<select"):
            continue
        data[name.group(1)] = html.unescape(value.group(1)) if value else ""
    for name, body in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', body) or re.search(
            r'<option value="([^"]*)"', body
        )
        data[name] = html.unescape(chosen.group(1)) if chosen else ""
    data.pop("csrfmiddlewaretoken", None)
    return data


def test_a_gm_makes_edits_copies_and_deletes_a_weapon_through_its_form(gwen: Any, pip: Any) -> None:
    """Delta Green: a refusal lands beside its field, nothing saved; then it saves, its copy is
    its own, and the player's sheet offers it in the weapons' pick list, complete."""
    campaign = group(gwen, pip, "delta_green")
    gm = client_of(gwen)
    url = f"/campaigns/{campaign.pk}/library/new/weapon/"
    data = _fields(gm.get(url).content.decode())
    data.update({"s:name": "Sawn-off shotgun", "s:key": "sawnoff", "s:damage": "2d6x"})
    refused = gm.post(url, data)
    assert refused.status_code == 400
    page = refused.content.decode()
    assert re.search(r'name="s:damage"[^>]*aria-invalid="true"', page)
    assert re.search(r'name="s:capacity"[^>]*aria-invalid="true"', page)  # all at once
    assert not LibraryItem.objects.filter(campaign=campaign).exists()
    data.update({"s:damage": "4d6", "s:capacity": "2"})
    assert gm.post(url, data).status_code == 302
    item = LibraryItem.objects.get(campaign=campaign)
    assert item.name == "Sawn-off shotgun"
    assert item.data["damage"] == "4d6"
    edit = _fields(gm.get(f"/library/{item.pk}/").content.decode())
    edit["s:damage"] = "2d6"
    assert gm.post(f"/library/{item.pk}/", edit).status_code == 302
    item.refresh_from_db()
    assert item.data["damage"] == "2d6"
    gm.post(f"/library/{item.pk}/copy/")
    copy = LibraryItem.objects.exclude(pk=item.pk).get(campaign=campaign)
    assert copy.name == "Sawn-off shotgun (copy)"
    gm.post(f"/library/{copy.pk}/delete/")
    assert list(LibraryItem.objects.filter(campaign=campaign)) == [item]
    sheet = client_of(pip).get(f"/campaigns/{campaign.pk}/characters/new/").content.decode()
    picked = re.search(r'<option value="([^"]*)">Sawn-off shotgun</option>', sheet)
    assert picked, "the library weapon is not in the sheet's pick list"
    record = json.loads(html.unescape(picked.group(1)))
    assert record["kind"] == "firearm"
    assert record["damage"] == "2d6"
    assert record["loaded"] == record["capacity"]


@pytest.mark.parametrize(
    ("system", "kind"),
    [(system, kind.key) for system in SYSTEMS for kind in kinds_for(system)],
)
def test_a_library_kind_goes_out_and_comes_back_as_json(
    system: str, kind: str, gwen: Any, pip: Any
) -> None:
    """Round trip: the starter items of a kind exported from one campaign and imported into
    another are the same items."""
    source = group(gwen, pip, system, "Source")
    content.add_starters(source)
    made = [(i.kind, i.name, i.data) for i in LibraryItem.objects.filter(campaign=source)]
    mine = [row for row in made if row[0] == kind]
    if not mine:  # a kind without starters: one the rules accept with its defaults
        found = next(k for k in kinds_for(system) if k.key == kind)
        found.check({"name": "Our own"})
        LibraryItem.objects.create(
            campaign=source, kind=kind, name="Our own", data={"name": "Our own"}
        )
        mine = [(kind, "Our own", {"name": "Our own"})]
    gm = client_of(gwen)
    exported = gm.get(f"/campaigns/{source.pk}/library/export/?kind={kind}")
    assert exported.status_code == 200
    payload = json.loads(exported.content)
    assert {row["kind"] for row in payload["items"]} == {kind}
    target = group(gwen, pip, system, "Target")
    upload = io.BytesIO(exported.content)
    upload.name = "library.json"
    answer = gm.post(f"/campaigns/{target.pk}/library/import/", {"file": upload}, follow=True)
    assert re.search(r"\d+ items? imported", answer.content.decode())
    back = [(i.kind, i.name, i.data) for i in LibraryItem.objects.filter(campaign=target)]
    assert sorted(back, key=repr) == sorted(mine, key=repr)


def test_an_import_refused_stores_nothing_and_says_why(gwen: Any, pip: Any) -> None:
    campaign = group(gwen, pip, "mech")
    gm = client_of(gwen)
    good = {"kind": "weapon", "name": "Ok gun", "data": {"name": "Ok gun", "damage": "1d6"}}
    bad = {"kind": "weapon", "name": "Bad gun", "data": {"name": "Bad gun", "damage": "lots"}}
    for payload, words in (
        ({"library_version": 1, "system": "mech", "items": [good, bad]}, "item 2 (Bad gun)"),
        ({"library_version": 1, "system": "scs", "items": [good]}, "another rule system"),
        ({"library_version": 1, "system": "mech", "items": [{**good, "kind": "tank"}]}, "no such"),
        ([1, 2], "not a Tabula library file"),
    ):
        upload = io.BytesIO(json.dumps(payload).encode())
        upload.name = "library.json"
        answer = gm.post(f"/campaigns/{campaign.pk}/library/import/", {"file": upload}, follow=True)
        assert words in html.unescape(answer.content.decode())
        assert not LibraryItem.objects.filter(campaign=campaign).exists()


def test_every_word_of_every_library_reads_in_chinese() -> None:
    """The kinds' names, their forms' labels and the starters' names (`<key>.name.*`)."""
    import polib

    from rules.core.library import messages_for
    from vtt.words import catalogue

    po = "locale/zh_Hans/LC_MESSAGES/engine.po"
    entries = {e.msgctxt: e for e in polib.pofile(po) if not e.obsolete}
    wanted = {m.id for key in SYSTEMS for m in messages_for(key)}
    assert {m.id for m in catalogue()} >= wanted  # the table's words know them
    assert sorted(i for i in wanted if not (i in entries and entries[i].translated())) == []


def test_call_of_cthulhus_armour_from_the_library_is_a_pick_beside_the_armour(
    gwen: Any, pip: Any
) -> None:
    """COC-ARMOUR-3: the sheet keeps armour as a number; the library's armour sets it."""
    campaign = group(gwen, pip, "coc")
    content.add_starters(campaign)
    page = client_of(pip).get(f"/campaigns/{campaign.pk}/characters/new/").content.decode()
    field = re.search(r'<div class="field[^"]*" data-record>(.*?)</div>', page, re.S)
    assert field
    assert 'name="s:armour"' in field.group(1)
    assert "heavy leather jacket" in field.group(1)


def test_a_gm_makes_a_mech_frame_with_its_mounts_through_the_form(gwen: Any, pip: Any) -> None:
    """The frame's mounts are rows of the form; the builder then offers the frame."""
    campaign = group(gwen, pip, "mech")
    gm = client_of(gwen)
    url = f"/campaigns/{campaign.pk}/library/new/frame/"
    data = _fields(gm.get(url).content.decode())
    data.update({"s:name": "Skiff", "s:size": "1", "s:armour": "5"})
    refused = gm.post(url, data)
    assert refused.status_code == 400
    page = refused.content.decode()
    assert re.search(r'name="s:armour"[^>]*aria-invalid="true"', page)  # at most 4
    assert "A frame needs at least one mount" in html.unescape(page)
    data.update({"s:armour": "1", "s:mounts[0].type": "main", "s:mounts[1].type": "aux_aux"})
    assert gm.post(url, data).status_code == 302
    skiff = LibraryItem.objects.get(campaign=campaign, kind="frame")
    builder = gm.get(f"/campaigns/{campaign.pk}/mech/build/?frame=l:{skiff.pk}").content.decode()
    assert "Mount 2: Aux/Aux" in html.unescape(builder)


def test_the_encounter_builder_offers_each_template_once(gwen: Any, pip: Any) -> None:
    """The starter templates are the built-in ones: offered once; a changed one replaces it."""
    campaign = group(gwen, pip, "coc")
    content.add_starters(campaign)
    knife = LibraryItem.objects.get(campaign=campaign, kind="npc", name="Cultist with a knife")
    knife.data = {**knife.data, "pow": knife.data["pow"] + 1}
    knife.save()
    page = client_of(gwen).get(f"/campaigns/{campaign.pk}/encounters/new/").content.decode()
    select = re.search(r'<select name="opponent_0".*?</select>', page, re.S)
    assert select
    labels = re.findall(r'<option value="[^"]*">([^<]*)</option>', select.group(0))
    assert labels.count("Agnes Walsh") == 1
    assert labels.count("Cultist with a knife") == 1
    assert f'value="l{knife.pk}"' in select.group(0)


def test_a_gm_edits_a_monster_template_as_a_sheet(gwen: Any, pip: Any) -> None:
    """An NPC or monster template is a whole sheet: its form is the sheet form, every refusal
    beside its field, and the sheet stored is the one the rules checked."""
    campaign = group(gwen, pip, "coc")
    content.add_starters(campaign)
    knife = LibraryItem.objects.get(campaign=campaign, kind="npc", name="Cultist with a knife")
    gm = client_of(gwen)
    data = _fields(gm.get(f"/library/{knife.pk}/").content.decode())
    assert data["name"] == "Cultist with a knife"
    data.update({"name": "Cult leader", "s:pow": "17"})
    answer = gm.post(f"/library/{knife.pk}/", data)
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:2000]
    knife.refresh_from_db()
    assert (knife.name, knife.data["name"], knife.data["pow"]) == ("Cult leader",) * 2 + (17,)
    data.update({"name": ""})
    refused = gm.post(f"/library/{knife.pk}/", data)
    assert refused.status_code == 400
    assert "Give the template a name." in html.unescape(refused.content.decode())


def test_the_campaign_file_carries_the_library(gwen: Any, pip: Any) -> None:
    """Export and import of the whole campaign bring its library along; an item the rules
    refuse refuses the file, nothing stored."""
    from rules.core.errors import RulesError
    from vtt.campaigns.models import Campaign
    from vtt.lobby import transfer

    campaign = group(gwen, pip, "mech", "Carried")
    content.add_starters(campaign)
    made = sorted(
        (i.kind, i.name, repr(i.data)) for i in LibraryItem.objects.filter(campaign=campaign)
    )
    text = transfer.export_text(campaign.pk, gwen.pk)
    copy, _notes = transfer.import_text(gwen.pk, text)
    back = sorted((i.kind, i.name, repr(i.data)) for i in LibraryItem.objects.filter(campaign=copy))
    assert back == made
    data = json.loads(text)
    data["library"].append(
        {"kind": "weapon", "name": "Odd", "data": {"name": "Odd", "damage": "x"}}
    )
    before = Campaign.objects.count()
    with pytest.raises(RulesError) as refused:
        transfer.import_text(gwen.pk, json.dumps(data))
    assert "(Odd)" in repr(refused.value)
    assert Campaign.objects.count() == before
