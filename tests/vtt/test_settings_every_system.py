"""Every system's campaign settings page renders and saves as offered (nothing changed)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from rules.core.registry import system_keys

pytestmark = pytest.mark.django_db


def _offered(page: str) -> dict[str, Any]:
    """The settings form's fields as the browser would send them untouched (a ticked box sends
    its value, "on" when it has none; boxes sharing a name send a list)."""
    form = page[page.index('class="stack settings-form"') :]
    form = form[: form.index("</form>")]
    data: dict[str, Any] = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        if not name or name.group(1) == "csrfmiddlewaretoken":
            continue
        kind = re.search(r'type="([^"]+)"', tag)
        if kind and kind.group(1) == "checkbox":
            if "checked" in tag:
                value = re.search(r'value="([^"]*)"', tag)
                data.setdefault(name.group(1), []).append(value.group(1) if value else "on")
            continue
        value = re.search(r'value="([^"]*)"', tag)
        data[name.group(1)] = value.group(1) if value else ""
    for select in re.findall(r"<select[^>]*>.*?</select>", form, re.S):
        name = re.search(r'name="([^"]+)"', select)
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', select)
        assert name is not None
        assert chosen is not None, name.group(1)
        data[name.group(1)] = chosen.group(1)
    for area in re.findall(r"<textarea[^>]*>.*?</textarea>", form, re.S):
        name = re.search(r'name="([^"]+)"', area)
        text = re.search(r">(.*?)</textarea>", area, re.S)
        assert name is not None
        assert text is not None
        import html

        data[name.group(1)] = html.unescape(text.group(1)).strip()
    return data


@pytest.mark.parametrize("key", [k for k in system_keys() if k != "chat"])
def test_the_settings_form_saves_as_offered(gwen: Any, key: str) -> None:
    from vtt.campaigns.services import create_campaign

    campaign = create_campaign(gwen.pk, "Settings", key)
    client = Client()
    client.force_login(gwen)
    page = client.get(f"/campaigns/{campaign.pk}/").content.decode()
    answer = client.post(f"/campaigns/{campaign.pk}/settings/", _offered(page))
    assert answer.status_code == 302, re.findall(
        r'class="error"[^>]*>([^<]*)', answer.content.decode()
    )
    campaign.refresh_from_db()
    assert campaign.settings == {}
