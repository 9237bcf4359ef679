"""Characters and their system-validated sheets."""

from __future__ import annotations
