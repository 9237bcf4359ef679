"""The skeleton system of docs/architecture.md ("Adding a rule system"), built and played.

The page's code blocks are written into a temporary package `rules.duel` (each block's first line
names its file), registered by the page's one registry line and nothing else, then played
through the table server: a campaign and an encounter made as the GM makes them, the player's page
with its strike form, the strike sent over the websocket as the page sends it, the log line in
the frame, the stored event and state, and the replay. The registry-driven checks every system
passes (demo, bench log, messages, shared state) are run for it, and the lists the table derives
from the registry (the systems a campaign may pick, titles, the words' catalogue, the payloads'
docs) name it: a new system needs no list edited outside its folder.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from citations import ROOT
from django.conf import settings
from django.test import Client

import rules
from rules.core import registry

DOC = ROOT / "docs" / "architecture.md"
SECTION = "## Adding a rule system"
BLOCK = re.compile(r"```python\n# (?P<path>[\w/.]+\.py)[^\n]*\n(?P<body>.*?)```", re.S)


def section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    return text[start : end if end != -1 else len(text)]


def blocks() -> dict[str, str]:
    """The section's code blocks by the file their first line names."""
    return {m["path"]: m["body"] for m in BLOCK.finditer(section())}


def registry_lines() -> dict[str, str]:
    """The page's registry line(s): the entries it says to add to KNOWN."""
    found: dict[str, str] = ast.literal_eval("{" + blocks()["rules/core/registry.py"] + "}")
    return found


def test_the_section_holds_a_system_package_and_its_registry_line() -> None:
    files = blocks()
    assert "rules/duel/__init__.py" in files
    assert "rules/duel/payloads.py" in files
    assert registry_lines() == {"duel": "rules.duel"}
    # the skeleton changes its state the one way: changes, through an Emitter, no apply of its own
    assert "apply=changes.apply" in files["rules/duel/__init__.py"]
    assert "Emitter(" in files["rules/duel/__init__.py"]


def _clear_caches() -> None:
    """The table's per-process caches of what the registry held when first asked."""
    from vtt import words

    for name in dir(words):
        clear = getattr(getattr(words, name), "cache_clear", None)
        if clear is not None:
            clear()


@pytest.fixture
def duel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The skeleton built from the page into a temporary `rules/duel/`, registered by its line."""
    for path, body in blocks().items():
        if path.startswith("rules/duel/"):
            target = tmp_path / path.removeprefix("rules/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(body, encoding="utf-8")
    monkeypatch.setattr(rules, "__path__", [*rules.__path__, str(tmp_path)])
    for key, module in registry_lines().items():
        monkeypatch.setitem(registry.KNOWN, key, module)
    _clear_caches()
    try:
        yield importlib.import_module("rules.duel")
    finally:
        for name in [n for n in sys.modules if n == "rules.duel" or n.startswith("rules.duel.")]:
            del sys.modules[name]
        monkeypatch.undo()
        _clear_caches()


def _test_module(relative: str) -> ModuleType:
    """One of the suite's registry-driven test modules, loaded now (the duel registered)."""
    path = ROOT / "tests" / relative
    spec = importlib.util.spec_from_file_location(f"skeleton_{path.stem}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_skeleton_passes_what_every_registered_system_passes(duel: ModuleType) -> None:
    from rules.core.payloads import check
    from rules.core.payloads import registry as payloads

    assert "duel" in registry.system_keys()
    assert set(payloads("duel")) == {"strike.landed"}
    every = _test_module("rules/core/test_system_registry.py")
    every.test_every_registered_system_starts_its_demo_and_round_trips("duel")
    contract = _test_module("rules/core/test_systems_contract.py")
    contract.test_a_bench_log_replays_verifies_and_catches_a_changed_die("duel", 0)
    words = _test_module("rules/test_every_word_is_a_message.py")
    words.test_every_event_says_its_line_as_a_message("duel")
    words.test_every_offered_form_is_typed_and_labelled_with_messages("duel")
    words.test_a_refusal_is_a_message("duel")
    events = list(words.played(duel.SYSTEM))
    assert [problem for event in events for problem in check("duel", event)] == []


def test_the_lists_the_table_keeps_come_from_the_registry(duel: ModuleType) -> None:
    from rules.core.payloads import document
    from vtt.campaigns.forms import system_choices
    from vtt.system_titles import system_title
    from vtt.tables.registry import presenter_for
    from vtt.words import catalogue

    assert ("duel", "Duel") in system_choices()
    assert system_title("duel") == "Duel"
    assert "duel.log.struck" in {message.id for message in catalogue()}
    assert "### `strike.landed`" in document()
    assert presenter_for("duel") is None  # the generic board and forms


@database_sync_to_async
def _session_cookie(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


@pytest.mark.django_db(transaction=True)
async def test_the_skeleton_plays_at_the_table(duel: ModuleType, gwen: Any, pip: Any) -> None:
    from vtt.asgi import application
    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.models import Encounter
    from vtt.encounters.services import replay, start_encounter
    from vtt.eventlog.models import Event

    @database_sync_to_async
    def opened() -> Any:
        campaign = create_campaign(gwen.pk, "At dawn", "duel")
        Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
        setup = duel.SYSTEM.demo()
        return start_encounter(campaign.pk, gwen.pk, "At dawn", setup, {"ann": pip.pk})

    encounter = await opened()

    @database_sync_to_async
    def page() -> str:
        client = Client()
        client.force_login(pip)
        answer = client.get(f"/encounters/{encounter.pk}/")
        assert answer.status_code == 200
        return answer.content.decode()

    html = await page()
    assert 'value="strike"' in html  # the generic forms offer the skeleton's action to Ann
    assert "Bob" in html

    cookie = await _session_cookie(pip)
    headers = [
        (b"origin", b"http://localhost"),
        (b"host", b"localhost"),
        (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
    ]
    socket = WebsocketCommunicator(application, f"/ws/encounters/{encounter.pk}/", headers=headers)
    connected, _code = await socket.connect(timeout=5)
    assert connected
    await socket.receive_from(timeout=5)  # hello
    message = {"command": "act", "kind": "strike", "actor": "ann", "key": "k1", "target": "bob"}
    await socket.send_to(text_data=json.dumps(message))
    frames = [await socket.receive_from(timeout=5)]
    while 'data-frame="done" data-key="k1"' not in frames[-1]:
        frames.append(await socket.receive_from(timeout=5))
    await socket.disconnect()

    @database_sync_to_async
    def stored() -> tuple[Any, Any, Any]:
        event = Event.objects.get(encounter=encounter, kind="strike.landed")
        after = Encounter.objects.get(pk=encounter.pk)
        return event, after, replay(after)

    event, after, report = await stored()
    damage = event.payload["damage"]
    hp = max(0, 5 - damage)
    assert event.payload["changes"] == [["set", ["combatants", "bob", "hp"], hp]]
    assert after.state["combatants"]["bob"]["hp"] == hp
    assert after.state["combatants"]["ann"]["hp"] == 6
    line = f"Ann strikes Bob for {damage}: {hp} HP left."
    assert event.text == line
    assert any(line in frame for frame in frames)
    assert report.matches, report.differences
