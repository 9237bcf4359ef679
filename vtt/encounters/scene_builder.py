"""The encounter builder's optional scene map (Delta Green, Call of Cthulhu, Ace Evolution): its
size, its square, a background the GM uploaded, and each combatant's square, clicked on the
builder's map picker (static/js/builder_map.js). It writes the setup's `scene` in the shape of
`state["scene"]` (rules/scene/grid.py), which the rules check and keep (SCENE-MAP-5).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from vtt.campaigns.models import Campaign
from vtt.scenes.models import SceneImage

SYSTEMS = ("delta_green", "coc", "ace")  # the systems played on a scene map
UNITS = {
    "delta_green": gettext_lazy("metres"),
    "coc": gettext_lazy("yards"),
    "ace": gettext_lazy("metres"),
}
FIELDS = ("scene_map", "scene_map_cols", "scene_map_rows", "scene_map_cell", "scene_map_image")
SIZE = (4, 80)


def add_fields(builder: forms.Form, campaign: Campaign, system_key: str) -> bool:
    """The scene map's fields on the builder, for a system played on maps; whether added."""
    if system_key not in SYSTEMS:
        return False
    unit = UNITS[system_key]
    builder.fields["scene_map"] = forms.BooleanField(
        label=_("Play on a scene map"),
        required=False,
        help_text=_("Distances come from the tokens; without a map, forms ask for them."),
    )
    builder.fields["scene_map_cols"] = forms.IntegerField(
        label=_("Squares across"), min_value=SIZE[0], max_value=SIZE[1], initial=20, required=False
    )
    builder.fields["scene_map_rows"] = forms.IntegerField(
        label=_("Squares down"), min_value=SIZE[0], max_value=SIZE[1], initial=14, required=False
    )
    builder.fields["scene_map_cell"] = forms.DecimalField(
        label=_("Size of a square (%(unit)s)") % {"unit": unit},
        min_value=Decimal("0.1"),
        max_value=Decimal(1000),
        decimal_places=2,
        initial=Decimal(1),
        required=False,
    )
    images = [("", _("None"))] + [
        (str(image.pk), image.name or _("Background %(n)s") % {"n": image.pk})
        for image in SceneImage.objects.filter(campaign=campaign)
    ]
    builder.fields["scene_map_image"] = forms.ChoiceField(
        label=_("Background image"),
        choices=images,
        required=False,
        help_text=_("Upload backgrounds on a table's map set-up; they are listed here after."),
    )
    return True


def unit_keys(data: dict[str, Any], rows: int) -> list[str]:
    """The map picker's key of each combatant the builder adds, in the order it adds them:
    the characters ("ch<pk>"), then each opponent row's copies ("op<row>_<copy>")."""
    keys = [f"ch{pk}" for pk in data.get("characters") or ()]
    for n in range(rows):
        if data.get(f"opponent_{n}"):
            keys += [f"op{n}_{c}" for c in range(data.get(f"count_{n}") or 1)]
    return keys


def scene_setup(
    data: dict[str, Any], raw: Any, combatants: list[dict[str, Any]], rows: int
) -> dict[str, Any] | None:
    """The setup's `scene`, or None when the GM wants no map. A combatant clicked onto a square
    off this map's size, or onto a square another took first, is left off the map (the GM
    places it on the table)."""
    if not data.get("scene_map"):
        return None
    cols = int(data.get("scene_map_cols") or 20)
    down = int(data.get("scene_map_rows") or 14)
    cell = data.get("scene_map_cell") or Decimal(1)
    tokens: dict[str, Any] = {}
    taken: set[tuple[int, int]] = set()
    for key, entry in zip(unit_keys(data, rows), combatants, strict=False):
        x, comma, y = str(raw.get(f"at_{key}") or "").partition(",")
        if not (comma and x.strip().isdecimal() and y.strip().isdecimal()):
            continue
        square = (int(x), int(y))
        if square[0] >= cols or square[1] >= down or square in taken:
            continue
        taken.add(square)
        tokens[str(entry["id"])] = {"at": list(square), "gm_only": False}
    scene: dict[str, Any] = {
        "cols": cols,
        "rows": down,
        "cell": format(Decimal(cell).normalize(), "f"),
        "cells": {},
        "tokens": tokens,
    }
    if data.get("scene_map_image"):
        scene["image"] = {"id": int(data["scene_map_image"]), "x": 0, "y": 0}
    return scene


def bound_fields(builder: forms.Form) -> list[forms.BoundField]:
    """The scene map's size and background fields, as the builder's template lists them."""
    return [builder[name] for name in FIELDS if name in builder.fields]
