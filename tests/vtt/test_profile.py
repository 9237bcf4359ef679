"""A person's profile: the name others read, the language remembered across sessions."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from vtt.accounts.models import display_name, profile_of

pytestmark = pytest.mark.django_db


def test_the_language_switch_is_remembered_on_the_profile(client: Client, pip: Any) -> None:
    client.force_login(pip)
    client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    assert profile_of(pip).language == "zh-hans"

    fresh = Client()  # another browser, no language cookie: the profile decides
    fresh.force_login(pip)
    page = fresh.get("/campaigns/")
    assert '<html lang="zh-hans">' in page.content.decode()
    assert page.cookies["django_language"].value == "zh-hans"


def test_the_display_name_is_what_people_read(client: Client, pip: Any) -> None:
    client.force_login(pip)
    answer = client.post(
        "/accounts/profile/",
        {"display_name": "Pip the Bold", "language": "", "turn_alert": "on"},
        follow=True,
    )
    body = answer.content.decode()
    assert "Profile saved." in body
    assert "Pip the Bold" in body
    pip.refresh_from_db()
    assert display_name(pip) == "Pip the Bold"
    assert profile_of(pip).turn_alert
    assert not profile_of(pip).physical_dice


def test_without_a_display_name_the_username_is_shown(gwen: Any) -> None:
    assert display_name(gwen) == "gwen"
