"""Table-server fixtures: a counter-system campaign with Gwen as GM and Pip seated at Ann."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import channel_layers, get_channel_layer

from rules.core import registry


def _load_counter_module() -> None:
    """Make `vtt_counter_system` importable whatever pytest's import mode."""
    if "vtt_counter_system" in sys.modules:
        return
    path = Path(__file__).with_name("vtt_counter_system.py")
    spec = importlib.util.spec_from_file_location("vtt_counter_system", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["vtt_counter_system"] = module
    spec.loader.exec_module(module)


@pytest.fixture(autouse=True)
def counter_system(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the test-only `counter` system for every table-server test."""
    _load_counter_module()
    monkeypatch.setitem(registry.KNOWN, "counter", "vtt_counter_system")


@pytest.fixture(autouse=True)
def worker_connection_given_back() -> Iterator[None]:
    """A socket's calls keep the worker thread's connection between messages
    (vtt/fast/kept_connection.py); a test's loop is gone before the idle timer that hands it back
    fires, so it is handed back here: nothing stays checked out of the pool, and the test
    database can be dropped at the end."""
    yield
    from vtt.fast.kept_connection import give_back_now

    give_back_now()


@pytest.fixture(autouse=True)
def fresh_channel_layer() -> Iterator[None]:
    """Each test gets a new channel layer object (its locks belong to one event loop) and an
    empty store (in memory, or this run's Redis prefix)."""
    channel_layers.backends.clear()
    layer = get_channel_layer()
    flush = getattr(layer, "flush", None)
    if flush is not None:
        async_to_sync(flush)()
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


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


@pytest.fixture(autouse=True)
def english_unless_asked() -> Iterator[None]:
    """Each test starts in the default language: a page requested in Chinese leaves its language
    active in the thread (Django's LocaleMiddleware does not give it back), which would make the
    next test's services speak Chinese."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture
def mech_encounter(gwen: Any, pip: Any) -> Any:
    """The mech demo battle with Pip seated at Latch."""
    from rules.mech import SYSTEM
    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.services import start_encounter

    campaign = create_campaign(gwen.pk, "Proving ground", "mech")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    return start_encounter(
        campaign.pk, gwen.pk, "Skirmish", SYSTEM.demo(), {"latch": pip.pk}, "mech"
    )
