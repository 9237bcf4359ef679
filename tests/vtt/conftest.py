"""Table-server fixtures: a counter-system campaign with Gwen as GM and Pip seated at Ann."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from rules.core import registry


@pytest.fixture(autouse=True)
def counter_system(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the test-only `counter` system for every table-server test."""
    monkeypatch.setitem(registry.KNOWN, "counter", "vtt_counter_system")


@pytest.fixture(autouse=True)
def fresh_channel_layer() -> Iterator[None]:
    """Each test starts with an empty channel layer (in memory, or this run's Redis prefix)."""
    layer = get_channel_layer()
    flush = getattr(layer, "flush", None)
    if flush is not None:
        async_to_sync(flush)()
    yield


@pytest.fixture
def campaign(gwen: Any, pip: Any) -> Any:
    """A counter campaign: Gwen is the GM, Pip a player."""
    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign

    made = create_campaign(gwen.pk, "The Vault", "counter")
    Membership.objects.create(campaign=made, user=pip, role=Role.PLAYER)
    return made


@pytest.fixture
def encounter(campaign: Any, gwen: Any, pip: Any) -> Any:
    """An encounter with Ann (Pip's, side blue) and Bob (the GM's)."""
    from vtt.encounters.services import start_encounter

    setup = {"combatants": [{"id": "ann", "side": "blue"}, {"id": "bob", "side": "red"}]}
    return start_encounter(campaign.pk, gwen.pk, "Heist", setup, {"ann": pip.pk})


@pytest.fixture
def observer(django_user_model: Any, campaign: Any) -> Any:
    """Olive, who watches."""
    from vtt.campaigns.models import Membership, Role

    user = django_user_model.objects.create_user("olive", password="olive-secret-1")
    Membership.objects.create(campaign=campaign, user=user, role=Role.OBSERVER)
    return user


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    """Tests need logins, not strong hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
