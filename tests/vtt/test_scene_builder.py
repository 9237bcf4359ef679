"""The encounter builder's scene map: the GM asks for a map of a size and square, picks a
background the campaign has, clicks each combatant's square; the encounter starts on that map
(SCENE-MAP-5). Without the switch, no map."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.files.base import ContentFile
from django.test import Client
from PIL import Image

from rules.delta_green import SYSTEM as DG
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character
from vtt.encounters.models import Encounter

pytestmark = pytest.mark.django_db


@pytest.fixture
def green(gwen: Any, pip: Any) -> Any:
    made = create_campaign(gwen.pk, "Night at the Opera", "delta_green")
    Membership.objects.create(campaign=made, user=pip, role=Role.PLAYER)
    return made


@pytest.fixture
def ann(green: Any, pip: Any) -> Character:
    sheet = DG.validate_sheet({**DG.default_sheet, "name": "Ann Li"})
    return Character.objects.create(
        campaign=green, owner=pip, name="Ann Li", system="delta_green", sheet=sheet
    )


@pytest.fixture
def background(green: Any, gwen: Any, tmp_path: Path, settings: Any) -> Any:
    from vtt.scenes.models import SceneImage

    settings.MEDIA_ROOT = tmp_path
    out = io.BytesIO()
    Image.new("RGB", (80, 60)).save(out, "PNG")
    image = SceneImage(campaign=green, uploader=gwen, width=80, height=60, name="Cellar")
    image.file.save("x.png", ContentFile(out.getvalue()), save=True)
    return image


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _option(page: str, label: str) -> str:
    found = re.search(rf'<option value="([^"]+)">{re.escape(label)}</option>', page)
    assert found, label
    return found.group(1)


def test_the_gm_builds_an_encounter_on_a_map_with_its_squares_and_background(
    green: Any, ann: Character, gwen: Any, background: Any
) -> None:
    client = _client(gwen)
    url = f"/campaigns/{green.pk}/encounters/new/"
    page = client.get(url).content.decode()
    assert 'id="scene-map-fields"' in page
    assert 'data-toggle="scene_map"' in page
    assert "js/builder_map.js" in page
    cultist = _option(page, "Cultist with a revolver")
    assert _option(page, "Cellar") == str(background.pk)
    answer = client.post(
        url,
        {
            "mode": "build",
            "title": "Cellar fight",
            "characters": [str(ann.pk)],
            "opponent_0": cultist,
            "count_0": "2",
            "scene_map": "on",
            "scene_map_cols": "16",
            "scene_map_rows": "10",
            "scene_map_cell": "1.5",
            "scene_map_image": str(background.pk),
            f"at_ch{ann.pk}": "2,3",
            "at_op0_0": "12,4",
            "at_op0_1": "40,40",  # off this map: waits off it
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:3000]
    scene = Encounter.objects.get(title="Cellar fight").state["scene"]
    assert (scene["cols"], scene["rows"], scene["cell"], scene["unit"]) == (16, 10, "1.5", "m")
    assert scene["tokens"] == {
        "ann_li": {"at": [2, 3], "gm_only": False},
        "cultist_with_a_revolver_1": {"at": [12, 4], "gm_only": False},
    }
    assert scene["image"]["id"] == background.pk


def test_without_the_switch_no_map(green: Any, ann: Character, gwen: Any) -> None:
    client = _client(gwen)
    url = f"/campaigns/{green.pk}/encounters/new/"
    answer = client.post(
        url,
        {
            "mode": "build",
            "title": "No map",
            "characters": [str(ann.pk)],
            "scene_map_cols": "16",
            f"at_ch{ann.pk}": "2,3",
        },
    )
    assert answer.status_code == 302
    assert "scene" not in Encounter.objects.get(title="No map").state


def test_another_campaigns_background_is_not_offered(
    green: Any, ann: Character, gwen: Any, background: Any
) -> None:
    other = create_campaign(gwen.pk, "Elsewhere", "delta_green")
    page = _client(gwen).get(f"/campaigns/{other.pk}/encounters/new/").content.decode()
    assert "Cellar" not in page


def test_a_wargame_builder_has_no_scene_map(gwen: Any) -> None:
    campaign = create_campaign(gwen.pk, "Mechs", "mech")
    page = _client(gwen).get(f"/campaigns/{campaign.pk}/encounters/new/").content.decode()
    assert "scene-map-fields" not in page
