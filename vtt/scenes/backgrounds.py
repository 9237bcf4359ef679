"""Which campaign a map's background belongs to, and whether a map has shown it yet.

A map names its background by the uploaded image's id (SCENE-MAP-1: `scene_setup`'s `image`,
or `scene.image` in an encounter's setup). The id must be one of the encounter's own campaign's
uploads: another campaign's is refused where the map is set up, in words. The first map that
shows a background marks it `shown` (vtt/scenes/models.py), so that serving it to a member who
is not the GM reads one field instead of scanning the campaign's map events on every fetch.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from vtt.errors import NotAllowed
from vtt.scenes.models import SceneImage


def image_of(data: Any) -> int | None:
    """The background id a state's or a setup's map names (`scene.image.id`), or None."""
    scene = data.get("scene") if isinstance(data, Mapping) else None
    image = scene.get("image") if isinstance(scene, Mapping) else None
    ident = image.get("id") if isinstance(image, Mapping) else None
    try:
        return int(ident) if ident not in (None, "", 0, "0") else None
    except (TypeError, ValueError):
        return None


def shown_on_a_map(campaign_id: int, data: Any) -> None:
    """A map of the campaign shows the background `data` names: refused unless it is one of
    the campaign's own uploads, else marked shown (once: later maps change nothing)."""
    ident = image_of(data)
    if ident is None:
        return
    found = SceneImage.objects.filter(pk=ident, campaign_id=campaign_id)
    if not found.filter(shown=True).exists() and not found.update(shown=True):
        raise NotAllowed(
            _(
                "That background is not one of this campaign's uploads: choose one from the "
                "map's list of backgrounds, upload it here, or leave the background empty."
            )
        )


def on_played(sender: Any, encounter: Any, before: Any, **kwargs: Any) -> None:
    """`played` (vtt/encounters/moves.py): an action that set the map's background to another
    one (`scene_setup`) is refused for another campaign's, and marks the campaign's shown."""
    after = image_of(encounter.state)
    if after is not None and after != image_of(before):
        shown_on_a_map(int(encounter.campaign_id), encounter.state)
