"""Frozen copies of the ways systems changed their state before the one state vocabulary.

`<system key>.py` holds `legacy_apply(state, kind, payload) -> state`, the system's `apply` as it
was, and `OLD_KEYS`, the payload keys it read. Nothing imports them but `upgrade`, the driver of
the data migration that rewrote every stored event's payload to "changes" (issue 31).
"""

from __future__ import annotations
