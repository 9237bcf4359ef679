"""Sign up, log in and log out."""

from __future__ import annotations
