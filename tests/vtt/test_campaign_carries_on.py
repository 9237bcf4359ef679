"""Issue 32: what a fight did to a character stays done. The GM confirms the write-back line by
line; the sheets and a record of which encounter changed what are saved in one transaction; the
roster shows the damage; the next encounter starts from it; a dead agent is refused by the
builder unless the GM brings it in anyway; an ended encounter offers nobody a form."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from rules.core.system import Action
from rules.delta_green import SYSTEM as DG
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character, SheetChange
from vtt.encounters import carry
from vtt.encounters.audiences import audience_for
from vtt.encounters.fragments import render_table
from vtt.encounters.models import Encounter
from vtt.encounters.services import end_encounter, play
from vtt.errors import NotAllowed


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def green(gwen: Any, pip: Any) -> Any:
    made = create_campaign(gwen.pk, "Night at the Opera", "delta_green")
    Membership.objects.create(campaign=made, user=pip, role=Role.PLAYER)
    return made


def agent(campaign: Any, owner: Any, name: str) -> Character:
    sheet = DG.validate_sheet({**DG.default_sheet, "name": name, "hp": 12})
    return Character.objects.create(
        campaign=campaign, owner=owner, name=name, system="delta_green", sheet=sheet
    )


def build(gm: Client, campaign: Any, title: str, *characters: Character, **extra: str) -> Any:
    url = f"/campaigns/{campaign.pk}/encounters/new/"
    data = {"mode": "build", "title": title, "characters": [str(c.pk) for c in characters]}
    return gm.post(url, {**data, **extra})


def fought(gwen: Any, green: Any, *characters: Character) -> Encounter:
    """An encounter of the characters in which Ann took 16 to the chest (12 HP: -4, dying) and
    Bob 9 to the left arm (3 HP arm: maimed at 6, capped there) with his pistol fired to 13."""
    assert build(client_of(gwen), green, "The cellar", *characters).status_code == 302
    encounter = Encounter.objects.get(title="The cellar")
    for n, (target, amount, location) in enumerate((("ann", 16, "chest"), ("bob", 9, "left_arm"))):
        if target in encounter.setup["characters"]:
            hit = {"target": target, "amount": amount, "location": location}
            play(encounter.pk, gwen.pk, Action("gm_damage", "gm", hit), f"hit{n}")
    encounter.refresh_from_db()
    if "bob" in encounter.setup["characters"]:
        state = dict(encounter.state)
        state["combatants"]["bob"]["weapons"]["pistol"].update(loaded=13, spare=1)
        Encounter.objects.filter(pk=encounter.pk).update(state=state)
    ended = client_of(gwen).post(f"/encounters/{encounter.pk}/end/")
    assert ended["Location"] == f"/encounters/{encounter.pk}/write-back/"
    encounter.refresh_from_db()
    return encounter


@pytest.mark.django_db(transaction=True)
def test_the_write_back_lists_every_change_in_words_and_saves_it_with_its_record(
    gwen: Any, pip: Any, green: Any
) -> None:
    ann, bob = agent(green, pip, "Ann"), agent(green, pip, "Bob")
    encounter = fought(gwen, green, ann, bob)
    page = client_of(gwen).get(f"/encounters/{encounter.pk}/write-back/").content.decode()
    for words in ("Hit points now", "Chest and abdomen", "Bleeding", "maimed"):
        assert words in page, words
    assert re.search(r"Weapons › 9mm pistol › [^<]*[Ll]oaded", page)  # the pistol by its name
    assert "Condition › Left arm › Lasting injury" in page
    assert not re.search(r">[^<]*\b(left_arm|chest|condition|weapons|max_hp_lost)\b[^<]*<", page)
    assert client_of(gwen).post(f"/encounters/{encounter.pk}/write-back/", {"all": "1"})
    ann.refresh_from_db()
    bob.refresh_from_db()
    assert ann.sheet["condition"]["hp"] == -4
    assert ann.sheet["condition"]["chest"]["bleeding"] == "roll"
    assert bob.sheet["condition"]["left_arm"]["lasting"] == "maimed"
    assert next(w for w in bob.sheet["weapons"] if w["key"] == "pistol")["loaded"] == 13
    records = {r.character_id: r for r in SheetChange.objects.filter(encounter=encounter)}
    assert set(records) == {ann.pk, bob.pk}
    assert records[ann.pk].after == ann.sheet
    assert records[ann.pk].by_id == gwen.pk
    assert any(line["key"] == "condition.hp" for line in records[ann.pk].lines)
    assert records[ann.pk].left_out == []
    roster = client_of(pip).get(f"/campaigns/{green.pk}/").content.decode()
    assert '<span class="badge dying">dying</span>' in roster
    assert '<span class="badge wounded">wounded</span>' in roster
    with pytest.raises(NotAllowed):
        carry.write_back(encounter.pk, gwen.pk)  # once only
    # the next encounter starts each agent from its sheet as it is now
    assert build(client_of(gwen), green, "Upstairs", ann, bob).status_code == 302
    state = Encounter.objects.get(title="Upstairs").state["combatants"]
    assert state["ann"]["hp"] == -4
    assert state["bob"]["maimed"] == ["left_arm"]
    assert state["bob"]["weapons"]["pistol"]["loaded"] == 13


@pytest.mark.django_db(transaction=True)
def test_a_line_left_unticked_is_not_written_and_is_recorded_as_left_out(
    gwen: Any, pip: Any, green: Any
) -> None:
    bob = agent(green, pip, "Bob")
    encounter = fought(gwen, green, bob)
    [proposal] = carry.proposals(encounter)
    keys = [line.key for line in proposal.lines]
    assert "weapons#pistol" in keys
    assert "condition.hp" in keys
    ticked = [f"{bob.pk}:{key}" for key in keys if key != "weapons#pistol"]
    url = f"/encounters/{encounter.pk}/write-back/"
    assert client_of(gwen).post(url, {"line": ticked, "ticked": "1"}).status_code == 302
    bob.refresh_from_db()
    assert bob.sheet["condition"]["left_arm"]["lasting"] == "maimed"
    assert next(w for w in bob.sheet["weapons"] if w["key"] == "pistol")["loaded"] == 15
    record = SheetChange.objects.get(encounter=encounter, character=bob)
    assert [line["key"] for line in record.left_out] == ["weapons#pistol"]


@pytest.mark.django_db(transaction=True)
def test_the_write_back_is_one_transaction_every_sheet_and_record_or_none(
    gwen: Any, pip: Any, green: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record of the second character fails to save (the database refuses it): the first
    character's sheet and record are rolled back with it, and the GM may try again."""
    ann, bob = agent(green, pip, "Ann"), agent(green, pip, "Bob")
    encounter = fought(gwen, green, ann, bob)
    before = {c.pk: dict(c.sheet) for c in (ann, bob)}
    real = SheetChange.objects.create
    made: list[Any] = []

    def second_fails(**fields: Any) -> Any:
        if made:
            fields["lines"] = {"bad": object()}  # not JSON: the insert fails in the database
        made.append(fields["character"])
        return real(**fields)

    monkeypatch.setattr(SheetChange.objects, "create", second_fails)
    with pytest.raises(TypeError):
        carry.write_back(encounter.pk, gwen.pk)
    assert len(made) == 2
    for character in (ann, bob):
        character.refresh_from_db()
        assert character.sheet == before[character.pk]
    assert not SheetChange.objects.exists()
    encounter.refresh_from_db()
    assert not encounter.setup.get("written_back")
    monkeypatch.setattr(SheetChange.objects, "create", real)
    assert len(carry.write_back(encounter.pk, gwen.pk)) == 2
    assert SheetChange.objects.count() == 2


@pytest.mark.django_db
def test_the_builder_refuses_a_dead_agent_and_says_why_unless_the_gm_insists(
    gwen: Any, pip: Any, green: Any
) -> None:
    ann = agent(green, pip, "Ann")
    ann.sheet = DG.validate_sheet({**ann.sheet, "condition": {"hp": -11, "dead": True}})
    ann.save()
    gm = client_of(gwen)
    page = gm.get(f"/campaigns/{green.pk}/encounters/new/").content.decode()
    assert "Ann (pip) — dead" in page
    refused = build(gm, green, "Wake", ann)
    assert refused.status_code == 400
    text = refused.content.decode()
    assert "Ann is dead since the last encounter, so it is left out" in text
    assert "Bring in dead or destroyed characters anyway" in text
    assert not Encounter.objects.filter(title="Wake").exists()
    assert build(gm, green, "Wake", ann, bring_anyway="on").status_code == 302
    assert Encounter.objects.get(title="Wake").state["combatants"]["ann"]["dead"] is True


@pytest.mark.django_db
def test_an_ended_encounter_shows_every_audience_ended_and_no_form(
    gwen: Any, pip: Any, green: Any
) -> None:
    ann = agent(green, pip, "Ann")
    assert build(client_of(gwen), green, "The cellar", ann).status_code == 302
    encounter = Encounter.objects.get(title="The cellar")
    for user in (gwen, pip):
        audience = audience_for(encounter.pk, user.pk)
        assert audience is not None
        assert "<form" in render_table(encounter, audience, oob=False)
    end_encounter(encounter.pk, gwen.pk)
    encounter.refresh_from_db()
    for user in (gwen, pip):
        audience = audience_for(encounter.pk, user.pk)
        assert audience is not None
        html = render_table(encounter, audience, oob=False)
        assert "This encounter has ended." in html
        assert "<form" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("system", "condition"),
    [
        (
            "delta_green",
            {
                "hp": -4,
                "chest": {"damage": 16, "bleeding": "roll"},
                "left_arm": {"damage": 6, "lasting": "maimed", "untreated": True},
                "poisons": [{"poison": "arsenic"}],
            },
        ),
        ("coc", {"hp": 3, "wounds": [{"damage": 5, "aided": True}, {"damage": 4}]}),
        ("ace", {"hp": 15, "asleep": True, "current": {"str": 3}}),
    ],
)
def test_the_sheet_page_shows_the_condition_and_saving_the_form_keeps_it(
    gwen: Any, pip: Any, system: str, condition: dict[str, Any]
) -> None:
    """A player who saves their sheet after a fight keeps every wound: a location's damage is a
    field of the form, a list of wounds or poisons (no inputs) stays as it was."""
    from test_sheet_forms import form_data

    from rules.core.registry import get_system

    campaign = create_campaign(gwen.pk, f"Carry {system}", system)
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    rules = get_system(system)
    sheet = rules.validate_sheet({**rules.default_sheet, "condition": condition})
    character = Character.objects.create(
        campaign=campaign, owner=pip, name="Hurt", system=system, sheet=sheet
    )
    player = client_of(pip)
    page = player.get(f"/characters/{character.pk}/edit/").content.decode()
    assert "Condition now:" in page
    assert '<span class="badge wounded">wounded</span>' in page or "badge dying" in page
    data = form_data(page)
    assert player.post(f"/characters/{character.pk}/edit/", data).status_code == 302
    character.refresh_from_db()
    assert character.sheet["condition"] == sheet["condition"]


HURT = {
    "coc": ("override", {"target": "hurt", "field": "hp", "value": 3, "reason": "test"}),
    "ace": ("hp", {"target": "hurt", "amount": -20}),
    "mech": ("gm_damage", {"target": "hurt", "amount": 4, "type": "energy"}),
}
WORDS = {  # a label of the write-back page in English and in Chinese
    "coc": ("Condition › Hit points now", "状况 › 当前耐久"),
    "ace": ("Condition › HP now", "状况 › 当前 HP"),  # the Ace book prints HP
    "mech": ("Condition after the last encounter", "上一场遭遇后的状况"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("system", ["coc", "ace", "mech"])
def test_every_system_lands_the_gm_on_the_write_back_in_their_language(
    gwen: Any, pip: Any, system: str
) -> None:
    """Ending an encounter of any system (Ace too) takes the GM to the write-back, which reads
    in English and in Chinese, never in keys; accepting it leaves the character wounded."""
    from rules.core.registry import get_system

    campaign = create_campaign(gwen.pk, f"Carry {system}", system)
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    rules = get_system(system)
    character = Character.objects.create(
        campaign=campaign,
        owner=pip,
        name="Hurt",
        system=system,
        sheet=rules.validate_sheet(rules.default_sheet),
    )
    gm = client_of(gwen)
    assert build(gm, campaign, "The fight", character).status_code == 302
    encounter = Encounter.objects.get(title="The fight")
    kind, params = HURT[system]
    play(encounter.pk, gwen.pk, Action(kind, "gm", params), "hurt")
    ended = gm.post(f"/encounters/{encounter.pk}/end/")
    assert ended["Location"] == f"/encounters/{encounter.pk}/write-back/"
    english, chinese = WORDS[system]
    assert english in gm.get(ended["Location"]).content.decode()
    page = gm.get(ended["Location"], HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert chinese in page
    assert english not in page
    assert "全部接受并写入角色卡" in page
    assert gm.post(ended["Location"], {"all": "1"}).status_code == 302
    character.refresh_from_db()
    assert character.sheet["condition"]
    roster = gm.get(f"/campaigns/{campaign.pk}/").content.decode()
    badge = "damaged" if system == "mech" else "wounded"
    assert f'<span class="badge {badge}">{badge}</span>' in roster


@pytest.mark.django_db
def test_a_wrecked_mech_is_refused_and_comes_in_repaired_when_the_gm_insists(
    gwen: Any, pip: Any
) -> None:
    """MECH-AMB-40: a wreck stays a wreck until repaired; the rules cannot field one, so the GM's
    "bring in anyway" fields it repaired, and the sheet keeps the wreck."""
    from rules.core.registry import get_system

    campaign = create_campaign(gwen.pk, "Proving Grounds", "mech")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    mech = get_system("mech")
    sheet = mech.validate_sheet(mech.default_sheet)
    sheet = mech.validate_sheet(
        {**sheet, "condition": {"wrecked": True, "hp": 0, "structure": 0, "items": []}}
    )
    latch = Character.objects.create(
        campaign=campaign, owner=pip, name="Latch", system="mech", sheet=sheet
    )
    gm = client_of(gwen)
    assert (
        '<span class="badge destroyed">destroyed</span>'
        in gm.get(f"/campaigns/{campaign.pk}/").content.decode()
    )
    refused = build(gm, campaign, "Yard", latch)
    assert refused.status_code == 400
    assert "Latch is destroyed since the last encounter" in refused.content.decode()
    assert build(gm, campaign, "Yard", latch, bring_anyway="on").status_code == 302
    unit = Encounter.objects.get(title="Yard").state["units"]["latch"]
    assert unit["hp"] > 0
    assert not unit["destroyed"]
    latch.refresh_from_db()
    assert latch.sheet["condition"]["wrecked"] is True


def test_an_agent_with_no_round_left_reads_out_of_ammunition() -> None:
    from vtt.characters.condition import badges

    sheet = DG.validate_sheet(DG.default_sheet)
    assert badges("delta_green", sheet) == []
    sheet["weapons"][0].update(loaded=0, spare=0)
    assert [b.key for b in badges("delta_green", sheet)] == ["out_of_ammo"]
    sheet["condition"] = {"hp": -10}
    assert [b.key for b in badges("delta_green", sheet)] == ["dead", "out_of_ammo"]


def test_gear_lost_or_spent_reads_by_name_not_by_key() -> None:
    """A mech's destroyed carbine and spent pod, an Ace weapon left lying: named, never keyed."""
    from rules.core.registry import get_system
    from rules.mech.data import MARA

    mech = get_system("mech")
    state = mech.start(mech.demo())
    latch = state["units"]["latch"]
    latch["weapons"][0]["destroyed"] = True
    latch["weapons"][2]["uses"] = 1
    character = Character(name="Latch", system="mech", sheet=mech.validate_sheet(MARA))
    proposal = carry._outcome(mech, state, "latch", character)
    assert isinstance(proposal, carry.Proposal)
    said = {(c.label, c.before, c.after) for c in proposal.changes}
    gear = "Condition after the last encounter › Damaged or spent gear"
    assert (f"{gear} › K12 carbine › Destroyed", "—", "yes") in said
    assert (f"{gear} › Cinder pod › Uses left", "—", "1") in said
    assert not [c for c in proposal.changes if "_" in c.label or "[" in c.label]
    ace = get_system("ace")
    table = ace.start(ace.demo())
    table["combatants"]["su"]["dropped"] = ["dagger"]
    su = Character(name="Su", system="ace", sheet=table["combatants"]["su"]["sheet"])
    proposal = carry._outcome(ace, table, "su", su)
    assert isinstance(proposal, carry.Proposal)
    assert [(c.label, c.before, c.after) for c in proposal.changes] == [
        ("Weapons › Dagger", "Dagger", "gone")
    ]
