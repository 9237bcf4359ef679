"""Shared fixtures: the personas Gwen (the GM), Pip (a player) and Otto (not at the table)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import settings

# CI replays the same property examples on every run (a red CI then means a change, not a new
# random draw); local runs keep drawing fresh examples. A failure prints its reproduction blob.
# No deadline: speed is measured in bench/, and a busy 2-core machine makes a timed example flaky.
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.register_profile("dev", print_blob=True, deadline=None)
settings.load_profile("ci" if os.environ.get("TABULA_CI") else "dev")

# The run's Redis key prefix is set before Django reads its settings, in tests/run_environment.py.
# Turn notices (vtt/encounters/notices.py) go out at once after the commit, not from a thread that
# could outlive its test's database: in live servers the tests start (their environment) and, by
# the `notices_at_once` fixture, in this process (whose settings are read before this file).
os.environ.setdefault("VTT_NOTICES_IN_THREAD", "0")


@pytest.fixture(autouse=True)
def notices_at_once() -> None:
    """Turn notices in this process are sent before the action returns (see above)."""
    from django.conf import settings as django_settings

    django_settings.VTT_NOTICES_IN_THREAD = False


@pytest.fixture
def gwen(django_user_model: Any) -> Any:
    """Gwen, the game master."""
    return django_user_model.objects.create_user("gwen", password="gwen-secret-1")


@pytest.fixture
def pip(django_user_model: Any) -> Any:
    """Pip, a player."""
    return django_user_model.objects.create_user("pip", password="pip-secret-1")


@pytest.fixture
def otto(django_user_model: Any) -> Any:
    """Otto, who is not at the table."""
    return django_user_model.objects.create_user("otto", password="otto-secret-1")


@pytest.fixture
def mentions() -> Callable[[str, str], bool]:
    """Whether a text names a secret as a whole token, for fog-of-war checks.

    A plain substring test is flaky: a random CSRF token can contain "B5".
    """

    def check(text: str, secret: str) -> bool:
        pattern = rf"(?<![A-Za-z0-9]){re.escape(secret)}(?![A-Za-z0-9])"
        return re.search(pattern, text) is not None

    return check
