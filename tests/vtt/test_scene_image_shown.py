"""A scene background is the GM's until a map shows it (vtt/scenes): a player or observer of the
campaign who asks for the id of a background the GM uploaded and has not yet set on any map (the
next level of the dungeon, its secret rooms drawn) gets the stranger's 404; once a table's map
is set up with it, or set to it in play, every member reads it, the replay of it too."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from PIL import Image

from rules.core.system import Action
from rules.delta_green import SYSTEM as DG
from rules.scene.demo import with_demo_map
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters.services import play, start_encounter

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(tmp_path: Path, settings: Any) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.VTT_MEDIA_ACCEL = ""


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _status(client: Client, url: str) -> int:
    """The answer's status, its file read to the end (a 200 streams the image)."""
    answer = client.get(url)
    if answer.streaming:
        b"".join(answer.streaming_content)  # type: ignore[attr-defined]
    return int(answer.status_code)


def _uploaded(gm: Client, campaign: Any, colour: tuple[int, int, int]) -> str:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), colour).save(out, "PNG")
    sent = SimpleUploadedFile("level.png", out.getvalue(), content_type="image/png")
    answer = gm.post(f"/scene-images/upload/{campaign.pk}/", {"image": sent})
    assert answer.status_code == 201
    return str(answer.json()["url"])


def test_a_background_no_map_has_shown_is_the_gms(
    gwen: Any, pip: Any, django_user_model: Any
) -> None:
    olive = django_user_model.objects.create_user("olive", password="olive-secret-1")
    campaign = create_campaign(gwen.pk, "The vaults", "delta_green")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=campaign, user=olive, role=Role.OBSERVER)
    gm = _client(gwen)
    first, second, third = (_uploaded(gm, campaign, c) for c in ((1, 1, 1), (2, 2, 2), (3, 3, 3)))
    first_id = int(first.rstrip("/").rsplit("/", 1)[-1])
    setup = with_demo_map(DG, DG.demo())
    setup["scene"] = {**setup["scene"], "image": {"id": first_id, "x": 0, "y": 0}}
    table = start_encounter(campaign.pk, gwen.pk, "Level one", setup, {"hernandez": pip.pk})
    for member in (pip, olive):
        client = _client(member)
        assert _status(client, first) == 200  # the map was set up with it
        assert _status(client, second) == 404
        assert _status(client, third) == 404
    assert all(_status(gm, url) == 200 for url in (first, second, third))
    second_id = int(second.rstrip("/").rsplit("/", 1)[-1])
    scene = {"cols": 20, "rows": 15, "cell": "1", "image": second_id}
    play(table.pk, gwen.pk, Action("scene_setup", "gm", scene), "level-two")
    for member in (pip, olive):
        client = _client(member)
        assert _status(client, second) == 200  # set to it in play
        assert _status(client, first) == 200  # the replay still draws the first
        assert _status(client, third) == 404
