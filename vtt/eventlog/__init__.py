"""The append-only event log of every encounter."""

from __future__ import annotations
