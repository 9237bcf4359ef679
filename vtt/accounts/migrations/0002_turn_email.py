"""Turn notices by email (vtt/encounters/notices.py): the profile's opt-in."""

from __future__ import annotations

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_profile")]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="turn_email",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "One message each time a table starts waiting for you, never for your own "
                    "moves, with a link to the table. It goes to the email address below."
                ),
                verbose_name="Email me when a table waits for my move",
            ),
        ),
    ]
