"""Campaign settings stored before the systems dropped their legacy `Setting` tuples (issue 31)
still load: the stored keys were always the settings schema's own, so a campaign row written
as older versions wrote it (every value, a key since retired) opens and starts encounters."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from rules.core.registry import get_system, system_keys

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("key", system_keys())
def test_a_campaign_stored_with_every_value_and_a_retired_key_loads(gwen: Any, key: str) -> None:
    from vtt.campaigns.models import Campaign
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.services import merged_settings

    system = get_system(key)
    schema = system.settings_schema
    defaults: dict[str, Any] = {} if schema is None else schema.defaults()
    campaign = create_campaign(gwen.pk, "Stored", key)
    Campaign.objects.filter(pk=campaign.pk).update(settings={**defaults, "retired.key": 1})
    campaign.refresh_from_db()

    stored = json.loads(json.dumps(defaults))  # as the JSON column gives it back: lists
    assert json.loads(json.dumps(merged_settings(system, campaign, {}))) == stored
    client = Client()
    client.force_login(gwen)
    assert client.get(f"/campaigns/{campaign.pk}/").status_code == 200


def test_a_stored_choice_reaches_the_encounter(gwen: Any) -> None:
    from vtt.campaigns.models import Campaign
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.services import start_encounter

    system = get_system("mech")
    campaign = create_campaign(gwen.pk, "Stored", "mech")
    Campaign.objects.filter(pk=campaign.pk).update(settings={"mech.wrecks": False})
    encounter = start_encounter(campaign.pk, gwen.pk, "Set", system.demo(), {}, "mech")  # type: ignore[misc]
    assert encounter.state["settings"]["wrecks"] is False
