"""Management commands of the table server."""

from __future__ import annotations
