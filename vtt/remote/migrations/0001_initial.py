"""Remote play: a game's time control, and how a game without a GM ended off the board."""

from __future__ import annotations

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("encounters", "0003_presence"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Result",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("winner", models.CharField(max_length=40)),
                ("loser", models.CharField(max_length=40)),
                ("how", models.CharField(max_length=20)),
                ("at", models.DateTimeField()),
                (
                    "encounter",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="result",
                        to="encounters.encounter",
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="TimeControl",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("bank_seconds", models.PositiveIntegerField()),
                ("increment_seconds", models.PositiveIntegerField()),
                ("cap_seconds", models.PositiveIntegerField()),
                ("left", models.JSONField(default=dict)),
                ("running", models.JSONField(default=dict)),
                ("history", models.JSONField(default=list)),
                (
                    "encounter",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="time_control",
                        to="encounters.encounter",
                    ),
                ),
                (
                    "set_by",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
        ),
    ]
