"""Start-up work that keeps a game action's latency even.

The table's templates are compiled, every rule system, board and message catalogue imported,
before the first frame, and then the heap the process starts with is frozen (`gc.freeze`):
CPython's full collections walk every tracked object, and with the templates, catalogues and
rules loaded one pass took about 35 ms, landing now and then in the middle of an action's
broadcast (the p99 of bench/gameplay.py). Frozen objects are never scanned again; new garbage
still is.

What the process gathers later (the boards' caches, sockets, the last rendering of each view)
still made a full collection 10-35 ms, every dozen actions or so. So full collections are made
rare (the oldest generation's threshold is raised) and done when the table is quiet instead:
`collect_when_idle` is called after each broadcast and collects once no broadcast has come for
`IDLE_SECONDS`. Young garbage is collected as before; only old cycles wait for a quiet moment.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import sys
from pathlib import Path

from channels.layers import get_channel_layer
from django.conf import settings
from django.template import TemplateDoesNotExist, TemplateSyntaxError
from django.template.loader import get_template
from django.urls import get_resolver
from django.utils import translation

from rules.core.registry import get_system, system_keys
from vtt import fast
from vtt.words import catalogue

logger = logging.getLogger(__name__)
SWITCH_INTERVAL = 0.0005  # seconds
# The oldest generation is collected after this many collections of the middle one (CPython's
# default is 10); `collect_when_idle` does it sooner when the table is quiet.
RARE_FULL_COLLECTIONS = 100
IDLE_SECONDS = 1.0


def template_names() -> list[str]:
    """Every template of the project (templates/)."""
    root = Path(settings.BASE_DIR) / "templates"
    return [str(p.relative_to(root)) for p in sorted(root.rglob("*.html"))]


def warm_up() -> None:
    """Compile every template and load the catalogues, then freeze what the process holds
    (the fast path only: plain Django compiles a template at its first use)."""
    if not fast.enabled():
        return
    from vtt.tables.registry import presenter_for  # every board, with its system

    for name in template_names():
        with contextlib.suppress(TemplateDoesNotExist, TemplateSyntaxError):
            get_template(name)
    for key in system_keys():  # imported now, not by the first action or message at a table
        get_system(key)
        presenter_for(key)  # vtt/tables/registry.py imports every board
    # What the first request and the first socket import (the URLconf with every view it
    # names, and what they import; the channel layer's client), imported now so that the
    # freeze below takes it in: 254 modules a full collection walked every time otherwise
    # (docs/performance.md, decision record D23).
    get_resolver().url_patterns  # noqa: B018  (the lazy URLconf, imported)
    get_channel_layer()
    catalogue()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Game master")  # loads the language's catalogue
    gc.collect()
    gc.freeze()
    young, middle, _old = gc.get_threshold()
    gc.set_threshold(young, middle, RARE_FULL_COLLECTIONS)
    # The event loop (sockets) and the worker thread (actions, renders) share one GIL; a thread
    # that wants it waits up to the switch interval while the other computes, 5 ms by default:
    # a frame ready to send waited for the worker to finish tidying up after the action.
    sys.setswitchinterval(SWITCH_INTERVAL)
    logger.info("warmed up: %d objects frozen", gc.get_freeze_count())


_pending: dict[asyncio.AbstractEventLoop, asyncio.TimerHandle] = {}


def collect_when_idle(loop: asyncio.AbstractEventLoop) -> None:
    """After a broadcast, on the server's loop: a full collection once no other broadcast has
    come for `IDLE_SECONDS` (each one puts it off again). Plain path: the interpreter's own."""
    if not fast.enabled():
        return
    waiting = _pending.pop(loop, None)
    if waiting is not None:
        waiting.cancel()
    _pending[loop] = loop.call_later(IDLE_SECONDS, _collect, loop)


def _collect(loop: asyncio.AbstractEventLoop) -> None:
    _pending.pop(loop, None)
    gc.collect()
