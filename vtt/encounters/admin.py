"""Admin views of encounters; the event log is read-only (append-only by design)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from vtt.encounters.models import Encounter, Seat
from vtt.eventlog.models import Event


class SeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Seat
    extra = 0


@admin.register(Encounter)
class EncounterAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("title", "campaign", "system", "status", "seq", "created")
    exclude = ("seed",)  # secret until the encounter ends
    readonly_fields = ("commitment", "seq", "entries")
    inlines = [SeatInline]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("encounter", "seq", "entry", "kind", "audience", "text")
    list_filter = ("kind",)

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_add_permission(self, request: Any) -> bool:
        return False
