"""Tabula's table server: the Django project and its apps."""

from __future__ import annotations
