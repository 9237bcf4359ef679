"""Encounters: seats, services, the live table."""

from __future__ import annotations
