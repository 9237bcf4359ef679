"""The campaign clock (days between fights) and the record of what the GM did between fights."""

from __future__ import annotations

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0004_invite_expiry"),
        ("characters", "0003_sheet_change"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="campaign",
            name="day",
            field=models.PositiveIntegerField(default=0, verbose_name="day"),
        ),
        migrations.CreateModel(
            name="Downtime",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("day", models.PositiveIntegerField()),
                ("days", models.PositiveIntegerField(default=0)),
                ("tool", models.CharField(max_length=40)),
                ("rule", models.CharField(blank=True, default="", max_length=40)),
                ("lines", models.JSONField(default=list)),
                ("dice", models.JSONField(default=list)),
                ("created", models.DateTimeField(auto_now_add=True)),
                (
                    "by",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "campaign",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="downtime",
                        to="campaigns.campaign",
                    ),
                ),
                (
                    "character",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="downtime",
                        to="characters.character",
                    ),
                ),
            ],
            options={
                "ordering": ["-created", "-pk"],
            },
        ),
    ]
