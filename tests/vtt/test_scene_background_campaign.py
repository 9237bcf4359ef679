"""A map's background is one of its own campaign's uploads (issue 30): another campaign's id,
typed in an encounter's setup or sent in `scene_setup`, is refused where the map is set up, in
words, and nothing is stored. Whether a background has been shown is one field, set when a map
first shows it (vtt/scenes/backgrounds.py, migration scenes 0002): serving it to a member reads
that field and no map event."""

from __future__ import annotations

import html
import importlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from PIL import Image

from rules.core.errors import RulesError
from rules.core.system import Action
from rules.delta_green import SYSTEM as DG
from rules.scene.demo import with_demo_map
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters.services import play, start_encounter
from vtt.scenes.models import SceneImage

pytestmark = pytest.mark.django_db(transaction=True)  # play locks the row: no wrapping transaction
REFUSED = "not one of this campaign's uploads"


@pytest.fixture(autouse=True)
def media(tmp_path: Path, settings: Any) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.VTT_MEDIA_ACCEL = ""


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _uploaded(gm: Any, campaign: Any) -> int:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), (9, 9, 9)).save(out, "PNG")
    sent = SimpleUploadedFile("vault.png", out.getvalue(), content_type="image/png")
    answer = _client(gm).post(f"/scene-images/upload/{campaign.pk}/", {"image": sent})
    assert answer.status_code == 201
    return int(answer.json()["id"])


def _setup(image: int) -> dict[str, Any]:
    setup = with_demo_map(DG, DG.demo())
    setup["scene"] = {**setup["scene"], "image": {"id": image, "x": 0, "y": 0}}
    return setup


def test_another_campaigns_background_is_refused_at_setup(gwen: Any, pip: Any) -> None:
    theirs = create_campaign(gwen.pk, "Another group", "delta_green")
    foreign = _uploaded(gwen, theirs)
    ours = create_campaign(gwen.pk, "Our group", "delta_green")
    own = _uploaded(gwen, ours)
    # typed in the setup: refused, no encounter
    with pytest.raises(RulesError, match=REFUSED):
        start_encounter(ours.pk, gwen.pk, "Vault", _setup(foreign))
    assert not ours.encounters.exists()
    # the new encounter form's JSON: the refusal beside the form, in Chinese too
    posted = {
        "mode": "json",
        "system": "delta_green",
        "title": "Vault",
        "setup": json.dumps(_setup(foreign)),
        "seats": "",
    }
    answer = _client(gwen).post(f"/campaigns/{ours.pk}/encounters/new/?mode=json", posted)
    assert answer.status_code == 400
    assert REFUSED in html.unescape(answer.content.decode())
    assert not ours.encounters.exists()
    # set in play: refused, nothing stored, the map keeps its own background
    table = start_encounter(ours.pk, gwen.pk, "Vault", _setup(own))
    events = table.events.count()
    scene = {"cols": 20, "rows": 15, "cell": "1", "image": foreign}
    with pytest.raises(RulesError, match=REFUSED):
        play(table.pk, gwen.pk, Action("scene_setup", "gm", scene), "foreign-background")
    table.refresh_from_db()
    assert table.state["scene"]["image"]["id"] == own
    assert table.events.count() == events
    assert not SceneImage.objects.get(pk=foreign).shown
    with translation.override("zh-hans"), pytest.raises(RulesError) as refusal:
        play(table.pk, gwen.pk, Action("scene_setup", "gm", scene), "foreign-background-zh")
    assert "不是本战役上传的背景" in str(refusal.value)
    del pip


def test_a_background_is_marked_shown_once_and_served_without_reading_the_log(
    gwen: Any, pip: Any
) -> None:
    campaign = create_campaign(gwen.pk, "The vaults", "delta_green")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    first, second = _uploaded(gwen, campaign), _uploaded(gwen, campaign)
    table = start_encounter(campaign.pk, gwen.pk, "Level one", _setup(first))
    assert SceneImage.objects.get(pk=first).shown
    assert not SceneImage.objects.get(pk=second).shown
    scene = {"cols": 20, "rows": 15, "cell": "1", "image": second}
    play(table.pk, gwen.pk, Action("scene_setup", "gm", scene), "level-two")
    assert SceneImage.objects.get(pk=second).shown
    player = _client(pip)
    with CaptureQueriesContext(connection) as queries:
        answer = player.get(f"/scene-images/{second}/")
        b"".join(answer.streaming_content)  # type: ignore[attr-defined]
    assert answer.status_code == 200
    read = " ".join(query["sql"] for query in queries.captured_queries)
    assert "eventlog" not in read
    assert "encounters_encounter" not in read


def test_the_migration_marks_the_backgrounds_maps_showed_before_it(gwen: Any) -> None:
    campaign = create_campaign(gwen.pk, "Old maps", "delta_green")
    set_up, played, prepared = (_uploaded(gwen, campaign) for _ in range(3))
    table = start_encounter(campaign.pk, gwen.pk, "Old", _setup(set_up))
    scene = {"cols": 20, "rows": 15, "cell": "1", "image": played}
    play(table.pk, gwen.pk, Action("scene_setup", "gm", scene), "old-level-two")
    SceneImage.objects.update(shown=False)  # as the rows were before the flag
    migration = importlib.import_module("vtt.scenes.migrations.0002_shown")
    migration.shown_already(apps, None)
    shown = dict(SceneImage.objects.values_list("pk", "shown"))
    assert shown == {set_up: True, played: True, prepared: False}
