"""An imported campaign file names its maps' backgrounds by the uploads of the server it came
from (SCENE-MAP-1): on import every background id that is not an upload of the new campaign is
dropped, from the encounter's setup, its snapshot and its log alike, and the map keeps its
squares and tokens without a background; the log still refolds to the snapshot."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from PIL import Image

from rules.core.system import Action
from rules.delta_green import SYSTEM as DG
from rules.scene.demo import with_demo_map
from vtt.campaigns.services import create_campaign
from vtt.encounters.models import Encounter
from vtt.encounters.services import play, replay, start_encounter
from vtt.lobby.transfer import export_text, import_text
from vtt.scenes.models import SceneImage

pytestmark = pytest.mark.django_db(transaction=True)  # play locks the row: no wrapping transaction


@pytest.fixture(autouse=True)
def media(tmp_path: Path, settings: Any) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.VTT_MEDIA_ACCEL = ""


def _uploaded(gm: Any, campaign: Any) -> int:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), (9, 9, 9)).save(out, "PNG")
    sent = SimpleUploadedFile("vault.png", out.getvalue(), content_type="image/png")
    client = Client()
    client.force_login(gm)
    answer = client.post(f"/scene-images/upload/{campaign.pk}/", {"image": sent})
    assert answer.status_code == 201
    return int(answer.json()["id"])


def test_an_imported_map_drops_a_background_the_new_campaign_did_not_upload(gwen: Any) -> None:
    vault = create_campaign(gwen.pk, "The vault", "delta_green")
    first, second = _uploaded(gwen, vault), _uploaded(gwen, vault)
    setup = with_demo_map(DG, DG.demo())
    setup["scene"] = {**setup["scene"], "image": {"id": first, "x": 0, "y": 0}}
    table = start_encounter(vault.pk, gwen.pk, "Level one", setup)
    scene = {"cols": 20, "rows": 15, "cell": "1", "image": second}
    play(table.pk, gwen.pk, Action("scene_setup", "gm", scene), "level-two")
    table.refresh_from_db()
    assert table.state["scene"]["image"]["id"] == second
    squares = {k: v for k, v in table.state["scene"].items() if k != "image"}

    # the file read back on this server into a new campaign: both ids are the old campaign's
    imported, _notes = import_text(gwen.pk, export_text(vault.pk, gwen.pk))
    again = Encounter.objects.get(campaign=imported)
    assert not SceneImage.objects.filter(campaign=imported).exists()
    assert "image" not in again.setup["scene"]
    assert again.state["scene"] == squares  # its squares, terrain and tokens kept
    logged = json.dumps([[e.payload, e.action] for e in again.events.order_by("seq")])
    assert f'"image": {first}' not in logged
    assert f'"image": {second}' not in logged
    assert f'"id": {second}' not in logged
    assert replay(again).matches
    # the old campaign's maps keep theirs
    table.refresh_from_db()
    assert table.state["scene"]["image"]["id"] == second
