"""ACE-STEALTH-1 at the table: what the GM's unnoticed hound does with Ace's own actions (its
move of so many metres, a command, going prone, a check) reaches no reincarnator's player and
no observer through any door: the page, the events frame, the replay, the away summary, their
own log (mine.json, mine.txt). The GM reads it all."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from rules.ace import SYSTEM as ACE
from rules.core.system import Action
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters.models import Encounter
from vtt.encounters.services import play, start_encounter

pytestmark = pytest.mark.django_db
HOUND = "Ghoul Hound"


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _doors(client: Client, pk: int) -> dict[str, str]:
    return {
        "page": client.get(f"/encounters/{pk}/").content.decode(),
        "frame": client.get(f"/encounters/{pk}/events/?after=0").content.decode(),
        "replay": client.get(f"/encounters/{pk}/replay/").content.decode(),
        "away": client.get(f"/encounters/{pk}/away/?after=0").content.decode(),
        "mine.json": client.get(f"/encounters/{pk}/log/mine.json").content.decode(),
        "mine.txt": client.get(f"/encounters/{pk}/log/mine.txt").content.decode(),
    }


@pytest.mark.parametrize("role", ["player", "observer"])
def test_no_door_tells_of_what_the_unnoticed_hound_did(
    gwen: Any, pip: Any, django_user_model: Any, role: str
) -> None:
    olive = django_user_model.objects.create_user("olive", password="olive-secret-1")
    campaign = create_campaign(gwen.pk, "Bone-jaw", "ace")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=campaign, user=olive, role=Role.OBSERVER)
    setup = ACE.demo()  # type: ignore[misc]
    for entry in setup["combatants"]:
        entry["hidden"] = entry["id"] == "hound"
    table = start_encounter(campaign.pk, gwen.pk, "Alley", setup, {"lin": pip.pk}, "ace")
    play(table.pk, gwen.pk, Action("begin", "gm", {}), "d0")
    steps = [
        ("move", {"metres": 3}),
        ("prone", {}),
        ("check", {"skill": "survival", "cost": "passive"}),
        ("end_turn", {}),
    ]
    for n, (kind, params) in enumerate(steps, start=1):
        if Encounter.objects.get(pk=table.pk).state["current"] != "hound":
            play(table.pk, gwen.pk, Action("end_turn", "gm", {}), f"e{n}")
        play(table.pk, gwen.pk, Action(kind, "hound", params), f"d{n}")
    keeper = _doors(_client(gwen), table.pk)
    assert "Bone-jaw Ghoul Hound moves 3 m" in keeper["mine.txt"]
    reader = pip if role == "player" else olive
    for door, text in _doors(_client(reader), table.pk).items():
        assert HOUND not in text, f"the {role}'s {door}"
