"""Issue 38: a player the Keeper asks for a group check gets one notice, as for a prompt: by
email and Web Push, in their language, never for their own action, not again while still asked."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.core import mail

from rules.core.actions import GM_ACTOR
from rules.core.registry import get_system
from rules.core.system import Action
from vtt.accounts.models import Profile, profile_of
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters.notices import newly_asked
from vtt.encounters.services import play, start_encounter

pytestmark = pytest.mark.django_db


def opt_in(user: Any, language: str = "") -> None:
    user.email = f"{user.username}@example.org"
    user.save()
    Profile.objects.filter(pk=profile_of(user).pk).update(turn_email=True, language=language)


@pytest.fixture
def table(gwen: Any, pip: Any, otto: Any) -> Any:
    campaign = create_campaign(gwen.pk, "Arkham", "coc")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=campaign, user=otto, role=Role.PLAYER)
    base = get_system("coc").default_sheet
    setup = {
        "combatants": [
            {"id": "ann", "sheet": dict(base, name="Ann"), "side": "investigators"},
            {"id": "bob", "sheet": dict(base, name="Bob"), "side": "investigators"},
        ]
    }
    return start_encounter(campaign.pk, gwen.pk, "Library", setup, {"ann": pip.pk, "bob": otto.pk})


def ask(table: Any, gwen: Any, **who: bool) -> None:
    params = {f"t_{ident}": "on" for ident, chosen in who.items() if chosen}
    play(
        table.pk,
        gwen.pk,
        Action("ask_check", GM_ACTOR, {**params, "skill": "luck"}),
        "k" + uuid.uuid4().hex,
    )


def test_each_player_asked_gets_one_notice(
    table: Any, gwen: Any, pip: Any, otto: Any, django_capture_on_commit_callbacks: Any
) -> None:
    opt_in(pip, "zh-hans")
    opt_in(otto)
    with django_capture_on_commit_callbacks(execute=True):
        ask(table, gwen, ann=True, bob=True)
    assert sorted(m.to[0] for m in mail.outbox) == ["otto@example.org", "pip@example.org"]
    english = next(m for m in mail.outbox if m.to == ["otto@example.org"])
    assert english.subject == "A check is asked: Library"
    assert "Library (Arkham) asks Bob for a check." in english.body
    chinese = next(m for m in mail.outbox if m.to == ["pip@example.org"])
    assert "检定" in chinese.subject
    assert "Ann" in chinese.body
    with django_capture_on_commit_callbacks(execute=True):
        ask(table, gwen, ann=True)  # Ann is still asked: nothing new for Pip
    assert len(mail.outbox) == 2


def test_only_those_newly_asked() -> None:
    assert newly_asked({"asked": {"ann": "luck"}}, {"asked": {"ann": "luck", "bob": "luck"}}) == {
        "bob"
    }
    assert newly_asked({}, {"combatants": {}}) == set()
