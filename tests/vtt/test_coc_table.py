"""The Call of Cthulhu table: the Keeper sees the hazard panel and the secret poison; a player
sees the farmhouse, the DEX order and the ticking fire, but not the poison."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from rules.coc import SYSTEM

pytestmark = pytest.mark.django_db


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def farmhouse(gwen: Any, pip: Any) -> Any:
    """The demo scene with Pip seated at Mara (the revolver)."""
    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.services import start_encounter

    campaign = create_campaign(gwen.pk, "Dunwich", "coc")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    return start_encounter(
        campaign.pk, gwen.pk, "Farmhouse", SYSTEM.demo(), {"mara": pip.pk}, "coc"
    )


def test_the_keeper_and_a_player_see_their_own_table(farmhouse: Any, gwen: Any, pip: Any) -> None:
    from rules.core.system import Action
    from vtt.encounters.services import play

    play(
        farmhouse.pk,
        gwen.pk,
        Action("poison", "gm", {"target": "mara", "poison": "cyanide", "secret": "on"}),
        "3f1a2b3c-0000-4000-8000-000000000001",
    )
    play(
        farmhouse.pk,
        gwen.pk,
        Action("hazard", "gm", {"hazard": "burning_room", "t_walsh": "on"}),
        "3f1a2b3c-0000-4000-8000-000000000002",
    )
    keeper = _client(gwen).get(f"/encounters/{farmhouse.pk}/").content.decode()
    player = _client(pip).get(f"/encounters/{farmhouse.pk}/").content.decode()
    assert "Start a hazard" in keeper
    assert "Explosion" in keeper
    assert "poison (Cyanide)" in keeper
    assert "poison (Cyanide)" not in player
    assert "Mara Ostrow" in player
    assert "a burning room" in player  # the burning room ticks on Walsh for all to see


def test_the_keepers_field_of_fire_is_on_every_board(farmhouse: Any, gwen: Any, pip: Any) -> None:
    """COC-AUTO-8: what the Keeper describes (a note, cover, a cone) reaches the players."""
    from rules.core.system import Action
    from vtt.encounters.services import play

    play(
        farmhouse.pk,
        gwen.pk,
        Action(
            "field_of_fire",
            "gm",
            {
                "note": "Two cultists in the hall",
                "cover_cultist": "hardwood_1in",
                "cone_cultist": "on",
            },
        ),
        "3f1a2b3c-0000-4000-8000-000000000003",
    )
    player = _client(pip).get(f"/encounters/{farmhouse.pk}/").content.decode()
    assert "Field of fire: Two cultists in the hall" in player
    row = player.split('id="coc-cultist"', 1)[1].split("</tr>", 1)[0]
    assert "1 inch of hardwood" in row
    assert "in a narrow cone" in row


def test_only_the_keepers_board_shows_the_silencers_hidden_count(gwen: Any, pip: Any) -> None:
    """COC-SILENCER-2: the count is removed on the server; the player reads only "silencer"."""
    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.services import start_encounter

    setup = SYSTEM.demo()
    mara = next(c for c in setup["combatants"] if c["id"] == "mara")
    for weapon in mara["sheet"]["weapons"]:
        if weapon["key"] == "revolver":
            weapon["silencer"] = True
    campaign = create_campaign(gwen.pk, "Arkham", "coc")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    scene = start_encounter(campaign.pk, gwen.pk, "Alley", setup, {"mara": pip.pk}, "coc")
    keeper = _client(gwen).get(f"/encounters/{scene.pk}/").content.decode()
    player = _client(pip).get(f"/encounters/{scene.pk}/").content.decode()
    assert "silencer: 0 shots, its life rolled at the first shot" in keeper
    assert '<span class="coc-silencer">silencer</span>' in player
    assert "silencer:" not in player


def test_a_held_attack_asks_its_target_on_the_keepers_page(
    farmhouse: Any, gwen: Any, pip: Any
) -> None:
    """COC-DODGE-4: Mara's shot waits; every board shows the question and its timer, and only
    the Keeper (who plays the cultist) is offered the answer; Pip cannot answer for him."""
    from rules.core.system import Action
    from vtt.encounters.services import NotAllowed, play

    play(
        farmhouse.pk,
        gwen.pk,
        Action("next_round", "gm", {}),
        "3f1a2b3c-0000-4000-8000-00000000d001",
    )
    shot = {"weapon": "revolver", "target": "cultist", "distance": 8, "shots": 1}
    play(farmhouse.pk, pip.pk, Action("fire", "mara", shot), "3f1a2b3c-0000-4000-8000-00000000d002")
    keeper = _client(gwen).get(f"/encounters/{farmhouse.pk}/").content.decode()
    player = _client(pip).get(f"/encounters/{farmhouse.pk}/").content.decode()
    for page in (keeper, player):
        assert "dodge or let it come?" in page
        assert 'data-expire-after="60"' in page
    assert "Dodge this attack?" in keeper
    assert "Dodge this attack?" not in player
    with pytest.raises(NotAllowed):
        play(
            farmhouse.pk,
            pip.pk,
            Action("answer_dodge", "cultist", {"answer": "take"}),
            "3f1a2b3c-0000-4000-8000-00000000d003",
        )
