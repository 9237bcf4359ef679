"""A campaign file with a whole number too large for the database (the campaign's day, a count of
days passed between fights) is refused in words with nothing stored: it was a 500 from
PostgreSQL's "integer out of range" (issue 30: bad input)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from vtt.campaigns.models import Campaign
from vtt.campaigns.services import create_campaign
from vtt.lobby.transfer import export_text


def _day(data: Any) -> None:
    data["campaign"]["day"] = 10**12


def _days_passed(data: Any) -> None:
    data["downtime"] = [
        {"day": 1, "days": 10**12, "tool": "rest", "lines": [], "dice": [], "created": None}
    ]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("change", [_day, _days_passed], ids=["day", "days passed"])
def test_a_number_too_large_is_refused_and_nothing_is_stored(
    gwen: Any, otto: Any, change: Any
) -> None:
    green = create_campaign(gwen.pk, "Green", "coc")
    data = json.loads(export_text(green.pk, gwen.pk))
    change(data)
    client = Client(raise_request_exception=False)
    client.force_login(otto)
    upload = SimpleUploadedFile("green.tabula.json", json.dumps(data).encode())
    answer = client.post("/campaigns/import/", {"file": upload})
    assert answer.status_code == 400
    assert "nothing was stored" in answer.content.decode()
    assert Campaign.objects.count() == 1


def _long_kind(data: Any) -> None:
    data["encounters"][0]["events"][0]["kind"] = "x" * 100


def _long_seed(data: Any) -> None:
    from rules.core.dice import commitment

    data["encounters"][0]["seed"] = "s" * 200
    data["encounters"][0]["commitment"] = commitment("s" * 200)


def _long_side(data: Any) -> None:
    data["encounters"][0]["seats"][0]["side"] = "z" * 100


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "change", [_long_kind, _long_seed, _long_side], ids=["event kind", "seed", "seat side"]
)
def test_a_text_too_long_for_its_column_is_refused_and_nothing_is_stored(
    gwen: Any, pip: Any, otto: Any, change: Any
) -> None:
    from rules.coc import SYSTEM as COC
    from vtt.campaigns.models import Membership, Role
    from vtt.encounters.services import start_encounter

    green = create_campaign(gwen.pk, "Green", "coc")
    Membership.objects.create(campaign=green, user=pip, role=Role.PLAYER)
    start_encounter(green.pk, gwen.pk, "Farmhouse", COC.demo(), {"mara": pip.pk}, "coc")
    data = json.loads(export_text(green.pk, gwen.pk))
    assert data["encounters"][0]["events"]
    change(data)
    client = Client(raise_request_exception=False)
    client.force_login(otto)
    upload = SimpleUploadedFile("green.tabula.json", json.dumps(data).encode())
    answer = client.post("/campaigns/import/", {"file": upload})
    assert answer.status_code == 400
    assert "nothing was stored" in answer.content.decode()
    assert Campaign.objects.count() == 1
