"""Whether an action's commit looks further for turn notices: one written-out statement, which
answers as the rule says (vtt/encounters/notices.py `anyone_to_tell`)."""

from __future__ import annotations

from typing import Any

import pytest

from vtt.accounts.models import profile_of
from vtt.encounters.notices import anyone_to_tell
from vtt.push.models import Subscription

pytestmark = pytest.mark.django_db


def wants_email(user: Any, email: str) -> None:
    user.email = email
    user.save(update_fields=["email"])
    profile = profile_of(user)
    profile.turn_email = True
    profile.save(update_fields=["turn_email"])


def test_nobody_asked_for_notices(encounter: Any, gwen: Any) -> None:
    assert not anyone_to_tell(encounter.pk, gwen.pk)
    assert not anyone_to_tell(encounter.pk, None)


def test_a_seated_player_who_wants_emails_and_has_an_address(
    encounter: Any, gwen: Any, pip: Any
) -> None:
    wants_email(pip, "")
    assert not anyone_to_tell(encounter.pk, gwen.pk)  # no address: nothing to send
    wants_email(pip, "pip@example.org")
    assert anyone_to_tell(encounter.pk, gwen.pk)
    assert anyone_to_tell(encounter.pk, None)
    assert not anyone_to_tell(encounter.pk, pip.pk)  # never for your own action
    assert not anyone_to_tell(encounter.pk + 1000, gwen.pk)  # another table's seats


def test_a_push_subscription_counts_unless_push_is_off(encounter: Any, gwen: Any, pip: Any) -> None:
    Subscription.objects.create(user=pip, endpoint="https://push.example/1", p256dh="k", auth="a")
    assert anyone_to_tell(encounter.pk, gwen.pk)
    profile = profile_of(pip)
    profile.turn_push = False
    profile.save(update_fields=["turn_push"])
    assert not anyone_to_tell(encounter.pk, gwen.pk)


def test_someone_not_seated_here_is_not_asked(encounter: Any, gwen: Any, observer: Any) -> None:
    wants_email(observer, "olive@example.org")
    Subscription.objects.create(
        user=observer, endpoint="https://push.example/2", p256dh="k", auth="a"
    )
    assert not anyone_to_tell(encounter.pk, gwen.pk)
