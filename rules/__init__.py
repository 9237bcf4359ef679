"""Tabula's rules engine: pure Python, no Django, deterministic given its dice."""

from __future__ import annotations
