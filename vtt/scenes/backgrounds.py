"""Which campaign a map's background belongs to, and whether a map has shown it yet.

A map names its background by the uploaded image's id (SCENE-MAP-1: `scene_setup`'s `image`,
or `scene.image` in an encounter's setup). The id must be one of the encounter's own campaign's
uploads: another campaign's is refused where the map is set up, in words. The first map that
shows a background marks it `shown` (vtt/scenes/models.py), so that serving it to a member who
is not the GM reads one field instead of scanning the campaign's map events on every fetch.
A campaign file imported from another server (vtt/lobby/transfer.py) names that server's
uploads: `without_foreign` drops them, and the map keeps its squares without a background.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
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
    """After every action (vtt/encounters/services.py calls it beside `played`): an action that
    set the map's background to another one (`scene_setup`) is refused for another campaign's,
    and marks the campaign's own shown."""
    after = image_of(encounter.state)
    if after is not None and after != image_of(before):
        shown_on_a_map(int(encounter.campaign_id), encounter.state)


def _foreign(image: Any, own: Collection[int]) -> bool:
    """Whether a map's `image` (`{"id": ..., "x": ...}`) is not one of `own` uploads."""
    return isinstance(image, Mapping) and image_of({"scene": {"image": image}}) not in own


def _scene_without(scene: Any, own: Collection[int]) -> Any:
    if isinstance(scene, Mapping) and _foreign(scene.get("image"), own):
        return {k: v for k, v in scene.items() if k != "image"}
    return scene


def without_foreign(data: dict[str, Any], own: Collection[int]) -> dict[str, Any]:
    """A setup or a state whose map (`scene`) names a background that is not one of `own`
    uploads, without it (its squares, terrain and tokens kept); anything else as it was."""
    scene = data.get("scene")
    kept = _scene_without(scene, own)
    return data if kept is scene else {**data, "scene": kept}


def event_without_foreign(
    payload: dict[str, Any], action: dict[str, Any] | None, own: Collection[int]
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """A map event's payload and action without a background that is not one of `own`
    uploads: its changes (`set scene.image`, a whole `set scene` naming one), the `scene.set`
    line's `image` and the `scene_setup` form's; the log then refolds to the state
    `without_foreign` leaves."""
    changes = payload.get("changes")
    if isinstance(changes, list):
        kept: list[Any] = []
        for change in changes:
            if not isinstance(change, list) or len(change) != 3 or change[0] != "set":
                kept.append(change)
            elif change[1] == ["scene", "image"] and _foreign(change[2], own):
                continue
            elif change[1] == ["scene"]:
                kept.append([change[0], change[1], _scene_without(change[2], own)])
            elif change[1] == [] and isinstance(change[2], dict):  # a whole state restored
                kept.append([change[0], change[1], without_foreign(change[2], own)])
            else:
                kept.append(change)
        payload = {**payload, "changes": kept}
    ident = payload.get("image")
    if "image" in payload and _foreign({"id": ident}, own):
        payload = {k: v for k, v in payload.items() if k != "image"}
    params = (action or {}).get("params")
    if action is not None and isinstance(params, Mapping):
        sent = params.get("image")
        if sent not in (None, "") and _foreign({"id": sent}, own):
            action = {**action, "params": {**params, "image": ""}}
    return payload, action
