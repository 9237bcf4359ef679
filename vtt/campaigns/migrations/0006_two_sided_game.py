"""Games without a game master: two sides, the rules as referee (vtt/campaigns/sides.py)."""

from __future__ import annotations

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0005_campaign_clock_and_downtime")]

    operations = [
        migrations.AddField(
            model_name="campaign",
            name="two_sided",
            field=models.BooleanField(default=False, verbose_name="two sides, no game master"),
        ),
    ]
