"""Campaigns, their members and invite links."""

from __future__ import annotations
