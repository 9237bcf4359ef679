"""Admin view of characters."""

from __future__ import annotations

from django.contrib import admin

from vtt.characters.models import Character


@admin.register(Character)
class CharacterAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "campaign", "owner", "system", "is_npc")
