"""The fast path: every measure that makes the table server cheaper than plain Django and
Channels, behind one setting, `VTT_FAST` (docs/deploy.md; why each is here: docs/performance.md,
"Decision records").

With it off the server runs the reference implementation: the ORM's statements, Channels'
`database_sync_to_async` and its hop before every handler, the interpreter's own garbage
collection. With it on:

- `prepared`: a game entry and a chat line written in one server-planned statement each;
- `kept_reads`: a sender's next chat line written straight from the read behind their last;
- `kept_connection`: a socket's calls keep the worker's pooled connection between messages;
- `warmup`: templates compiled and the start-up heap frozen before the first frame, full
  collections when the table is quiet, a short switch interval between the loop and the worker.

Both paths store and send the same things; the tests run the realtime and fault suites on both
(`make test`).
"""

from __future__ import annotations

from django.conf import settings


def enabled() -> bool:
    """Whether the fast path is on (read at each use, so a test can flip it)."""
    return bool(getattr(settings, "VTT_FAST", False))
