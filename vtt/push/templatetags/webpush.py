"""`{% push_key %}`: the public VAPID key a page subscribes its browser with."""

from __future__ import annotations

from django import template

from vtt.push.keys import vapid_keys

register = template.Library()


@register.simple_tag
def push_key() -> str:
    return vapid_keys().public
