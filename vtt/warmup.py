"""Start-up work that keeps a game action's latency even.

The table's templates are compiled before the first frame (Django's cached loader keeps them),
and then the heap the process starts with is frozen (`gc.freeze`): CPython's full collections
walk every tracked object, and with the templates, catalogues and rules loaded one pass took
about 35 ms, landing now and then in the middle of an action's broadcast (the p99 of
bench/gameplay.py). Frozen objects are never scanned again; new garbage still is.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import sys
from pathlib import Path

from django.conf import settings
from django.template import TemplateDoesNotExist, TemplateSyntaxError
from django.template.loader import get_template
from django.utils import translation

logger = logging.getLogger(__name__)
SWITCH_INTERVAL = 0.0005  # seconds


def template_names() -> list[str]:
    """Every template of the project (templates/)."""
    root = Path(settings.BASE_DIR) / "templates"
    return [str(p.relative_to(root)) for p in sorted(root.rglob("*.html"))]


def warm_up() -> None:
    """Compile every template and load the catalogues, then freeze what the process holds."""
    for name in template_names():
        with contextlib.suppress(TemplateDoesNotExist, TemplateSyntaxError):
            get_template(name)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Game master")  # loads the language's catalogue
    gc.collect()
    gc.freeze()
    # The event loop (sockets) and the worker thread (actions, renders) share one GIL; a thread
    # that wants it waits up to the switch interval while the other computes, 5 ms by default:
    # a frame ready to send waited for the worker to finish tidying up after the action.
    sys.setswitchinterval(SWITCH_INTERVAL)
    logger.info("warmed up: %d objects frozen", gc.get_freeze_count())
