"""Admin views of campaigns and memberships."""

from __future__ import annotations

from django.contrib import admin

from vtt.campaigns.models import Campaign, Membership


class MembershipInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Membership
    extra = 0


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "system", "owner", "created")
    inlines = [MembershipInline]
