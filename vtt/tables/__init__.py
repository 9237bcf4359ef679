"""The system-specific additions to board templates (vtt/tables/<key>.py)."""

from __future__ import annotations
