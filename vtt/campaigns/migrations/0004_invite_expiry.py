"""Invite links expire, and a membership keeps the link it came in with."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import migrations, models
from django.utils import timezone


def links_expire(apps: Any, schema_editor: Any) -> None:
    """A link made before links expired works for the usual days from now, not for ever."""
    campaign = apps.get_model("campaigns", "Campaign")
    expires = timezone.now() + timedelta(days=settings.VTT_INVITE_DAYS)
    campaign.objects.exclude(invite_token=None).update(invite_expires=expires)


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0003_physical_dice"),
    ]

    operations = [
        migrations.AddField(
            model_name="campaign",
            name="invite_expires",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="membership",
            name="invite_token",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.RunPython(links_expire, migrations.RunPython.noop),
    ]
