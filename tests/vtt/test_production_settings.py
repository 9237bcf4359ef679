"""Issue 30, finding 12: production does not start on the published secret key (the embedded demo
of `make run` still does), and the language cookie is Secure and HttpOnly like the session's."""

from __future__ import annotations

import os
import runpy
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import Client

from vtt.accounts.models import profile_of

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ROOT / "vtt" / "settings.py"
KEY = "k" * 20 + "-production-secret-" + "x7Q" * 10


def clean_env() -> dict[str, str]:
    """This process's environment without any of Tabula's settings."""
    return {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("VTT_", "DATABASE_URL", "REDIS_URL"))
    }


def settings_with(monkeypatch: pytest.MonkeyPatch, **env: str) -> dict[str, Any]:
    """vtt/settings.py read afresh under exactly `env` (the running settings stay as they are)."""
    for name in set(os.environ) - set(clean_env()):
        monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS))


def test_the_embedded_demo_starts_on_the_local_key(monkeypatch: pytest.MonkeyPatch) -> None:
    read = settings_with(monkeypatch)  # `make run`: no environment at all
    assert read["SECRET_KEY"] == read["LOCAL_ONLY_SECRET_KEY"]


@pytest.mark.parametrize(
    "env",
    [
        {"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/tabula"},  # a developer's PostgreSQL
        {"VTT_DEBUG": "1", "VTT_ALLOWED_HOSTS": "table.example.org", "VTT_HTTPS": "1"},
        {"VTT_SECRET_KEY": KEY, "VTT_ALLOWED_HOSTS": "table.example.org", "VTT_HTTPS": "1"},
    ],
)
def test_a_local_or_debug_server_or_one_with_its_own_key_starts(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str]
) -> None:
    settings_with(monkeypatch, **env)


@pytest.mark.parametrize(
    "env",
    [
        {"VTT_ALLOWED_HOSTS": "table.example.org"},
        {"VTT_ALLOWED_HOSTS": "localhost,192.168.1.20"},
        {"VTT_HTTPS": "1"},
        {"VTT_SECRET_KEY": "   ", "VTT_ALLOWED_HOSTS": "table.example.org"},
        {"VTT_NETWORK": "1"},  # the image: every interface, whatever Host a client sends
    ],
)
def test_a_server_others_can_reach_refuses_the_local_key(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str]
) -> None:
    with pytest.raises(ImproperlyConfigured, match="VTT_SECRET_KEY"):
        settings_with(monkeypatch, **env)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _daphne(env: dict[str, str], port: int) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
    return subprocess.Popen(
        [*command, "vtt.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def test_daphne_refuses_to_start_on_the_local_key_for_a_public_host() -> None:
    server = _daphne({**clean_env(), "VTT_ALLOWED_HOSTS": "table.example.org"}, _free_port())
    try:
        output, _ = server.communicate(timeout=120)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=10)
    assert server.returncode != 0
    assert "VTT_SECRET_KEY" in output


def test_daphne_serves_the_embedded_demo_with_no_environment() -> None:
    port = _free_port()
    server = _daphne(clean_env(), port)
    try:
        deadline = time.monotonic() + 120
        while True:
            assert server.poll() is None, server.communicate()[0]
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "daphne did not start listening"
                time.sleep(0.2)
    finally:
        server.terminate()
        try:
            server.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.communicate(timeout=10)


@pytest.mark.parametrize(("https", "secure"), [("1", True), ("0", False)])
def test_the_language_cookie_is_secure_under_vtt_https(
    monkeypatch: pytest.MonkeyPatch, https: str, secure: bool
) -> None:
    read = settings_with(monkeypatch, VTT_HTTPS=https, VTT_SECRET_KEY=KEY)
    assert read["LANGUAGE_COOKIE_SECURE"] is secure
    assert read["LANGUAGE_COOKIE_HTTPONLY"] is True


@pytest.mark.django_db
def test_the_language_cookie_a_profile_sets_is_secure_and_httponly(settings: Any, pip: Any) -> None:
    settings.LANGUAGE_COOKIE_SECURE = True  # as VTT_HTTPS=1 sets it
    profile = profile_of(pip)
    profile.language = "zh-hans"
    profile.save(update_fields=["language"])
    browser = Client()
    browser.force_login(pip)
    cookie = browser.get("/campaigns/").cookies["django_language"]
    assert cookie.value == "zh-hans"
    assert cookie["secure"] is True
    assert cookie["httponly"] is True
    assert cookie["samesite"] == "Lax"


@pytest.mark.django_db
def test_the_language_switch_sets_it_the_same_way(settings: Any, pip: Any) -> None:
    settings.LANGUAGE_COOKIE_SECURE = True
    browser = Client()
    browser.force_login(pip)
    answer = browser.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    cookie = answer.cookies["django_language"]
    assert (cookie.value, cookie["secure"], cookie["httponly"]) == ("zh-hans", True, True)


def test_the_image_says_it_answers_the_network() -> None:
    # Daphne binds 0.0.0.0 there and the default hosts accept `Host: localhost` from anyone:
    # the image must not pass as the embedded demo (found live in the issue 30 audit).
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert "ENV VTT_NETWORK=1" in dockerfile
    assert dockerfile.index("ENV VTT_NETWORK=1") < dockerfile.index("CMD ")
