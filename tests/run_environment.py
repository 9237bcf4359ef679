"""Loaded by pytest before any plugin reads Django settings (`-p tests.run_environment` in
pyproject.toml): the environment each test run needs before vtt/settings.py is imported.

tests/conftest.py is too late for this: pytest-django imports the settings while it loads the
initial conftests, so a value set there reaches only the live servers the tests start."""

from __future__ import annotations

import os
import uuid

# A fresh Redis key prefix per run, for the channel layer and the cache alike (vtt/settings.py
# reads both from VTT_CHANNEL_PREFIX), so runs sharing one Redis never mix frames or throttle
# counts, and never touch a server's keys under the default prefix "tabula".
os.environ["VTT_CHANNEL_PREFIX"] = f"tabula-test-{uuid.uuid4().hex[:8]}"

# Every event a system's rules emit is checked against its kind's payload schema
# (rules/core/payloads.py): a field its schema does not name fails the test at once.
# `report=<file>` instead records each event's fields there as JSON lines, failing nothing.
os.environ.setdefault("TABULA_PAYLOAD_CHECK", "raise")

# The tests' own push services (tests/vtt/test_web_push.py, tests/browser/test_push_worker.py)
# beside the real ones a server sends to by default (vtt/settings.py VTT_PUSH_SERVICES).
os.environ.setdefault(
    "VTT_PUSH_SERVICES",
    "fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com,"
    "push.example.net",
)
