"""Turn notices by Web Push (vtt/push/): on by default, per the profile."""

from __future__ import annotations

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_turn_email")]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="turn_push",
            field=models.BooleanField(
                default=True,
                help_text=(
                    "A notice on each browser where you allowed them (Web Push), even with the "
                    "table's tab closed; none while you are looking at the table."
                ),
                verbose_name="Notify my browsers when a table waits for my move",
            ),
        ),
    ]
