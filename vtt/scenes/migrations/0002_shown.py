"""A background's `shown` flag (vtt/scenes/backgrounds.py), set for the backgrounds a map of
their campaign's tables has already shown: set up with it, or set to it in play (`scene.set`),
as vtt/scenes/views.py used to find on every fetch."""

from __future__ import annotations

from typing import Any

from django.db import migrations, models


def shown_already(apps: Any, schema_editor: Any) -> None:
    scene_image = apps.get_model("scenes", "SceneImage")
    encounter = apps.get_model("encounters", "Encounter")
    event = apps.get_model("eventlog", "Event")
    for image in scene_image.objects.filter(shown=False).only("pk", "campaign_id").iterator():
        tables = encounter.objects.filter(campaign_id=image.campaign_id)
        shown = (
            tables.filter(setup__scene__image__id=image.pk).exists()
            or event.objects.filter(
                encounter__campaign_id=image.campaign_id, kind="scene.set", payload__image=image.pk
            ).exists()
        )
        if shown:
            scene_image.objects.filter(pk=image.pk).update(shown=True)


class Migration(migrations.Migration):
    dependencies = [
        ("scenes", "0001_initial"),
        ("encounters", "0004_campaign_scenario"),
        ("eventlog", "0006_hidden_mech_moves"),
    ]

    operations = [
        migrations.AddField(
            model_name="sceneimage",
            name="shown",
            field=models.BooleanField(default=False, verbose_name="shown on a map"),
        ),
        migrations.RunPython(shown_already, migrations.RunPython.noop),
    ]
