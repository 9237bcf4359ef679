"""Shared fixtures: the personas Gwen (the GM), Pip (a player) and Otto (not at the table)."""

from __future__ import annotations

import os
import uuid
from typing import Any

import pytest

# A fresh channel-layer prefix per run, so a shared Redis never mixes runs (no Django import here:
# rules tests run without Django).
os.environ.setdefault("VTT_CHANNEL_PREFIX", f"tabula-test-{uuid.uuid4().hex[:8]}")


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
