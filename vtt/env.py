"""Reading settings from the environment: a bad value fails at start and names its variable."""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "on"}
_FALSE = {"0", "false", "off", ""}


def env_bool(name: str, *, default: bool) -> bool:
    """The boolean in `name`; anything but 1/0/true/false/on/off raises ImproperlyConfigured."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be one of 1/0/true/false/on/off, not {raw!r}")


def env_int(name: str, *, default: int) -> int:
    """The whole number in variable `name`; a malformed value raises ImproperlyConfigured."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None


def env_list(name: str, *, default: list[str]) -> list[str]:
    """The comma-separated list in variable `name`, blanks dropped."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [part.strip() for part in raw.split(",") if part.strip()]


def env_url(name: str, schemes: tuple[str, ...]) -> str | None:
    """The URL in `name`, if set; a scheme outside `schemes` raises ImproperlyConfigured."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    scheme = raw.partition("://")[0].lower()
    if "://" not in raw or scheme not in schemes:
        raise ImproperlyConfigured(
            f"{name} must be a URL starting with one of {', '.join(s + '://' for s in schemes)}; "
            f"got {raw.partition('://')[0] or raw!r}"
        )
    return raw
