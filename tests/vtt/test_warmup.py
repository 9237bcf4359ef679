"""Start-up warm-up (vtt/fast/warmup.py): the templates are compiled, the start-up heap frozen."""

from __future__ import annotations

import asyncio
import gc
import sys
from typing import Any

import pytest

from vtt.fast import warmup


@pytest.fixture(autouse=True)
def on_the_fast_path(settings: Any) -> None:
    """What is tested here is a measure of the fast path (vtt/fast)."""
    settings.VTT_FAST = True


def test_warm_up_compiles_every_template_imports_every_system_and_freezes_the_heap() -> None:
    names = warmup.template_names()
    assert "encounters/_table.html" in names
    assert "systems/delta_green/parts/gm-tools.html" in names
    threshold = gc.get_threshold()
    try:
        warmup.warm_up()
        assert gc.get_freeze_count() > 1000
        assert "rules.scs" in sys.modules
        assert "vtt.tables.mech" in sys.modules
        assert gc.get_threshold()[2] == warmup.RARE_FULL_COLLECTIONS
    finally:
        gc.unfreeze()  # the test process goes on collecting as before
        gc.set_threshold(*threshold)


def test_warm_up_imports_what_the_first_request_and_socket_import_before_it_freezes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The URLconf (every view and what it imports) and the channel layer's client are loaded
    before the freeze, not by the first request and socket: else a full collection walks their
    objects for the process's life (docs/performance.md D23)."""
    done: list[str] = []

    class Resolver:
        @property
        def url_patterns(self) -> list[Any]:
            done.append("urls")
            return []

    monkeypatch.setattr(warmup, "get_resolver", Resolver)
    monkeypatch.setattr(warmup, "get_channel_layer", lambda: done.append("layer"))
    monkeypatch.setattr(warmup.gc, "freeze", lambda: done.append("freeze"))
    threshold = gc.get_threshold()
    try:
        warmup.warm_up()
    finally:
        gc.set_threshold(*threshold)
    assert done == ["urls", "layer", "freeze"]


def test_a_full_collection_waits_until_no_broadcast_came_for_a_while(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(warmup, "IDLE_SECONDS", 0.05)
    full: list[int] = []

    def record(phase: str, info: dict[str, Any]) -> None:
        if phase == "start" and info["generation"] == 2:
            full.append(1)

    async def table() -> None:
        loop = asyncio.get_running_loop()
        for _ in range(5):  # a broadcast every 20 ms: always busy, nothing collected
            warmup.collect_when_idle(loop)
            await asyncio.sleep(0.02)
        assert full == []
        await asyncio.sleep(0.1)  # quiet: one full collection
        assert full == [1]

    threshold = gc.get_threshold()
    gc.set_threshold(threshold[0], threshold[1], 10**6)  # no full collection of CPython's own
    gc.callbacks.append(record)
    try:
        asyncio.run(table())
    finally:
        gc.callbacks.remove(record)
        gc.set_threshold(*threshold)
