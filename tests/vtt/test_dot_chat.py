"""Issue 38: the dice-bot commands typed in a Call of Cthulhu table's chat are real actions:
server dice, logged, the loss deducted from the state, undoable by the GM."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from rules.core.errors import IllegalAction
from rules.core.registry import get_system
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters import audiences, services
from vtt.encounters.fragments import render_events
from vtt.encounters.models import Encounter
from vtt.errors import NotAllowed

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(gwen: Any, pip: Any) -> Any:
    """Ann is Pip's investigator at Gwen's Call of Cthulhu table."""
    campaign = create_campaign(gwen.pk, "Arkham", "coc")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    sheet = dict(get_system("coc").default_sheet, name="Ann")
    sheet["skills"] = {"spot_hidden": 45}
    setup = {"combatants": [{"id": "ann", "sheet": sheet, "controller": "pip"}]}
    return services.start_encounter(campaign.pk, gwen.pk, "Library", setup, {"ann": pip.pk})


def test_a_player_checks_spot_hidden_by_its_chinese_name(table: Any, pip: Any) -> None:
    [row] = services.chat(table.pk, pip.pk, "。ｒａ　侦查", "k1").events
    assert row.kind == "check.rolled"
    assert (row.payload["skill"], row.payload["chance"]) == ("spot_hidden", 45)
    assert row.audience == "all"


def test_a_hidden_check_is_addressed_to_the_character(table: Any, pip: Any) -> None:
    [row] = services.chat(table.pk, pip.pk, ".rh 侦查", "k1").events
    assert row.audience == "actor:ann"


def test_a_sanity_check_deducts_the_loss_and_the_gm_undoes_it(
    table: Any, pip: Any, gwen: Any
) -> None:
    san = Encounter.objects.get(pk=table.pk).state["combatants"]["ann"]["san"]
    rows = services.chat(table.pk, pip.pk, ".sc 1/1d6", "k1").events
    loss = rows[0].payload["loss"]
    assert loss >= 1
    assert Encounter.objects.get(pk=table.pk).state["combatants"]["ann"]["san"] == san - loss
    services.undo(table.pk, gwen.pk, "k2")
    assert Encounter.objects.get(pk=table.pk).state["combatants"]["ann"]["san"] == san


def test_set_values_and_dice_rolls(table: Any, pip: Any) -> None:
    services.chat(table.pk, pip.pk, ".st 力量15侦查60", "k1")
    ann = Encounter.objects.get(pk=table.pk).state["combatants"]["ann"]
    assert (ann["sheet"]["str"], ann["sheet"]["skills"]["spot_hidden"]) == (15, 60)
    [roll] = services.chat(table.pk, pip.pk, ".r 1d6", "k2").events
    assert roll.kind == "table.rolled"
    [hidden] = services.chat(table.pk, pip.pk, ".rh", "k3").events
    assert hidden.audience != "all"


def test_the_gm_checks_for_a_character_and_a_bad_line_changes_nothing(
    table: Any, gwen: Any, pip: Any
) -> None:
    [row] = services.chat(table.pk, gwen.pk, ".ra 侦查 @Ann", "k1").events
    assert row.payload["who"] == "ann"
    before = Encounter.objects.get(pk=table.pk).state
    with pytest.raises(IllegalAction):
        services.chat(table.pk, pip.pk, ".sc lots", "k2")
    with pytest.raises(IllegalAction):
        services.chat(table.pk, pip.pk, ".ra 侦查 @Nobody", "k3")
    assert Encounter.objects.get(pk=table.pk).state == before


def test_other_systems_refuse_checks_by_name(encounter: Any, pip: Any) -> None:
    with pytest.raises(NotAllowed):
        services.chat(encounter.pk, pip.pk, ".ra 侦查", "k1")


def test_a_delta_green_agent_checks_by_name_and_the_gm_checks_as_the_agent(
    gwen: Any, pip: Any
) -> None:
    campaign = create_campaign(gwen.pk, "Night at the Opera", "delta_green")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    sheet = dict(get_system("delta_green").default_sheet, name="Ann")
    setup = {"combatants": [{"id": "ann", "sheet": sheet, "controller": "pip"}]}
    table = services.start_encounter(campaign.pk, gwen.pk, "Safe house", setup, {"ann": pip.pk})
    [mine] = services.chat(table.pk, pip.pk, "。ｒａ　急救", "k1").events
    assert (mine.kind, mine.payload["who"], mine.payload["skill"]) == (
        "check.rolled",
        "ann",
        "first_aid",
    )
    [theirs] = services.chat(table.pk, gwen.pk, ".rh dodge @ann", "k2").events
    assert theirs.audience == "actor:ann"


def test_the_check_reads_in_the_readers_language(table: Any, pip: Any, gwen: Any) -> None:
    [row] = services.chat(table.pk, pip.pk, ".ra 侦查", "k1").events
    audience = audiences.audience_for(table.pk, gwen.pk)
    assert audience is not None
    fresh = Encounter.objects.get(pk=table.pk)
    # typed as an alias, read as the skill's own word in each reader's language (the glossary's)
    assert "checks Spot Hidden:" in render_events(fresh, audience, row.seq, row.seq)
    with translation.override("zh-hans"):
        assert "进行 侦察 检定" in render_events(fresh, audience, row.seq, row.seq)


def test_an_opposed_check_typed_at_the_table(gwen: Any, pip: Any) -> None:
    campaign = create_campaign(gwen.pk, "Dunwich", "coc")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    base = get_system("coc").default_sheet
    setup = {
        "combatants": [
            {"id": "ann", "sheet": dict(base, name="Ann"), "controller": "pip"},
            {"id": "bo", "sheet": dict(base, name="Bo")},
        ]
    }
    table = services.start_encounter(campaign.pk, gwen.pk, "Barn", setup, {"ann": pip.pk})
    [row] = services.chat(table.pk, pip.pk, ".rav 力量对体型 @Bo", "k1").events
    assert (row.kind, row.payload["who"], row.payload["against"]) == ("opposed.rolled", "ann", "bo")


def test_a_player_with_two_seats_names_which_checks(gwen: Any, pip: Any) -> None:
    campaign = create_campaign(gwen.pk, "Innsmouth", "coc")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    base = get_system("coc").default_sheet
    setup = {
        "combatants": [
            {"id": "ann", "sheet": dict(base, name="Ann"), "controller": "pip"},
            {"id": "cy", "sheet": dict(base, name="Cy"), "controller": "pip"},
            {"id": "bo", "sheet": dict(base, name="Bo")},
        ]
    }
    table = services.start_encounter(
        campaign.pk, gwen.pk, "Docks", setup, {"ann": pip.pk, "cy": pip.pk}
    )
    [row] = services.chat(table.pk, pip.pk, ".ra 幸运 @Cy", "k1").events
    assert row.payload["who"] == "cy"
    with pytest.raises(IllegalAction):
        services.chat(table.pk, pip.pk, ".ra 幸运 @Bo", "k2")
