"""Content-Security-Policy: every page carries it, and no template needs an inline exception."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
# An inline script, a <style> element, a style attribute or an on* handler would each need
# 'unsafe-inline' (or a hash) in the policy. A JSON data block is never run, so it needs none.
INLINE = re.compile(
    r"<script(?![^>]*\b(?:src=|type=\"application/json\"))[^>]*>"
    r"|<style\b|<[a-z][^>]*\s(style|on[a-z]+)\s*=",
    re.I,
)
# Documents a reader downloads and keeps, never pages shown under the policy: the response is an
# attachment (tests/vtt/transcripts/test_transcript_files.py checks it), and the saved file is
# opened from disk, where no policy and no stylesheet of ours can reach, so it carries its own.
KEPT_FILES = {"transcripts/transcript.html"}


def test_every_page_carries_the_policy(encounter: Any, pip: Any) -> None:
    client = Client()
    anonymous = client.get("/accounts/login/")
    client.force_login(pip)
    pages = [anonymous, client.get(f"/encounters/{encounter.pk}/"), client.get("/no/such/page/")]
    for response in pages:
        policy = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy
        assert "style-src 'self'" in policy
        assert "unsafe-inline" not in policy
        assert "unsafe-eval" not in policy


def test_no_template_holds_an_inline_script_style_or_handler() -> None:
    found = [
        f"{path.relative_to(TEMPLATES)}:{n}: {line.strip()[:80]}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        if str(path.relative_to(TEMPLATES)) not in KEPT_FILES
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if INLINE.search(line)
    ]
    assert found == []
