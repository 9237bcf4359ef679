"""The campaign settings page is built from the system's settings schema and checks with it."""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from rules.core.errors import SheetError
from vtt.campaigns import services as campaigns
from vtt.campaigns.forms import SettingsForm

pytestmark = pytest.mark.django_db


def test_a_value_out_of_bounds_is_refused_naming_the_field_and_nothing_is_stored(
    campaign: Any, gwen: Any
) -> None:
    with pytest.raises(SheetError, match=r"^step: must be at least 0"):
        campaigns.save_settings(campaign.pk, gwen.pk, {"step": -2})
    campaign.refresh_from_db()
    assert campaign.settings == {}


def test_only_values_that_differ_from_the_rule_book_are_kept(campaign: Any, gwen: Any) -> None:
    campaigns.save_settings(campaign.pk, gwen.pk, {"step": 3})
    campaigns.save_settings(campaign.pk, gwen.pk, {"step": 0})
    campaign.refresh_from_db()
    assert campaign.settings == {}


def test_the_page_groups_settings_and_opens_the_changed_section(
    client: Client, campaign: Any, gwen: Any
) -> None:
    client.force_login(gwen)
    page = client.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "<summary>Bumping" in page
    assert "Every setting is as the rule book has it." in page
    assert 'type="number"' in page
    client.post(f"/campaigns/{campaign.pk}/settings/", {"step": "4"})
    page = client.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "<details open>" in page
    assert "1 setting differs from the rule book" in page
    assert "Settings saved." in page


def test_a_bad_post_shows_the_form_again_with_the_field_marked(
    client: Client, campaign: Any, gwen: Any
) -> None:
    client.force_login(gwen)
    answer = client.post(f"/campaigns/{campaign.pk}/settings/", {"step": "-2"})
    assert answer.status_code == 400
    assert 'class="field invalid' in answer.content.decode()
    campaign.refresh_from_db()
    assert campaign.settings == {}


@pytest.mark.django_db(transaction=True)
def test_the_gm_saves_the_forms_own_values_on_postgresql(
    client: Client, campaign: Any, gwen: Any
) -> None:
    """Issue 30, finding 6: the campaign row is locked while the settings are checked and stored,
    and PostgreSQL refuses a row lock outside a transaction (SQLite ignores `FOR UPDATE`, and a
    test inside a transaction cannot see it: hence transaction=True, on PostgreSQL)."""
    if connection.vendor != "postgresql":
        if os.environ.get("TABULA_CI"):
            pytest.fail("PostgreSQL is needed (TABULA_CI=1: a missing service is a failure)")
        pytest.skip("SQLite ignores FOR UPDATE: only PostgreSQL refuses it outside a transaction")
    client.force_login(gwen)
    form = SettingsForm(campaign.system, campaign.settings)
    values = {name: form[name].value() for name in form.fields}
    answer = client.post(f"/campaigns/{campaign.pk}/settings/", {**values, "step": "4"})
    assert answer.status_code == 302
    campaign.refresh_from_db()
    assert campaign.settings == {"step": 4}
