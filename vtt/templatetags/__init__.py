"""Template tags and filters of the table server."""

from __future__ import annotations
