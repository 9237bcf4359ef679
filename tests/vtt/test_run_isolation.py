"""A test run keeps to its own Redis keys: concurrent runs sharing one Redis (and a server using
the default prefix "tabula") share neither throttle counts in the cache nor channel-layer frames."""

from __future__ import annotations

import os

import pytest
from django.conf import settings


def test_the_cache_and_the_channel_layer_use_this_runs_own_prefix() -> None:
    if not os.environ.get("REDIS_URL"):
        reason = "the run's Redis prefix is read only with a Redis: set REDIS_URL"
        if os.environ.get("TABULA_CI"):
            pytest.fail(reason + " (TABULA_CI=1: a missing service is a failure)")
        pytest.skip(reason)
    prefix = os.environ["VTT_CHANNEL_PREFIX"]
    assert prefix.startswith("tabula-test-")
    assert settings.CACHES["default"].get("KEY_PREFIX") == prefix
    assert settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] == prefix
