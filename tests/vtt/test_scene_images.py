"""Scene backgrounds: the GM uploads a real image (checked by Pillow, kept under MEDIA_ROOT
through Django's storage); members fetch it, strangers and other files are refused."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from PIL import Image

pytestmark = pytest.mark.django_db


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _png(width: int = 40, height: int = 30, kind: str = "PNG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (90, 120, 60)).save(out, kind)
    return out.getvalue()


@pytest.fixture(autouse=True)
def media(tmp_path: Path, settings: Any) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.VTT_MEDIA_ACCEL = ""
    return Path(settings.MEDIA_ROOT)


@pytest.fixture
def campaign(gwen: Any, pip: Any) -> Any:
    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign

    made = create_campaign(gwen.pk, "Night at the Opera", "delta_green")
    Membership.objects.create(campaign=made, user=pip, role=Role.PLAYER)
    return made


def _shown(campaign: Any, gm: Any, image_id: int) -> None:
    """A table of the campaign set up on a map with the background (its members may read it
    from then on, vtt/scenes/views.py)."""
    from rules.delta_green import SYSTEM as DG
    from rules.scene.demo import with_demo_map
    from vtt.encounters.services import start_encounter

    setup = with_demo_map(DG, DG.demo())
    setup["scene"] = {**setup["scene"], "image": {"id": image_id, "x": 0, "y": 0}}
    start_encounter(campaign.pk, gm.pk, "Cellar", setup, {})


def _upload(client: Client, campaign: Any, data: bytes, name: str = "cellar.png") -> Any:
    return client.post(
        f"/scene-images/upload/{campaign.pk}/",
        {"image": SimpleUploadedFile(name, data, content_type="image/png")},
    )


def test_the_gm_uploads_a_background_members_fetch_it_strangers_do_not(
    campaign: Any, gwen: Any, pip: Any, otto: Any, media: Path
) -> None:
    from vtt.scenes.models import SceneImage

    sent = _png(64, 48)
    response = _upload(_client(gwen), campaign, sent)
    assert response.status_code == 201, response.content
    answer = response.json()
    assert (answer["width"], answer["height"]) == (64, 48)
    image = SceneImage.objects.get(pk=answer["id"])
    assert image.campaign_id == campaign.pk
    assert image.uploader_id == gwen.pk
    stored = media / image.file.name
    assert stored.read_bytes() == sent
    assert "cellar" not in image.file.name  # the browser's name is not the stored one

    _shown(campaign, gwen, image.pk)
    fetched = _client(pip).get(answer["url"])
    assert fetched.status_code == 200
    assert fetched["Content-Type"] == "image/png"
    assert b"".join(fetched.streaming_content) == sent  # type: ignore[attr-defined]
    assert "private" in fetched["Cache-Control"]
    assert _client(otto).get(answer["url"]).status_code == 404
    assert Client().get(answer["url"]).status_code == 302  # to the login page


def test_behind_nginx_the_file_is_handed_over_by_x_accel_redirect(
    campaign: Any, gwen: Any, pip: Any, settings: Any
) -> None:
    answer = _upload(_client(gwen), campaign, _png()).json()
    _shown(campaign, gwen, answer["id"])
    settings.VTT_MEDIA_ACCEL = "/protected-media/"
    fetched = _client(pip).get(answer["url"])
    assert fetched.status_code == 200
    assert fetched["X-Accel-Redirect"].startswith("/protected-media/scenes/")
    assert fetched.content == b""


def test_only_the_gm_uploads(campaign: Any, pip: Any, otto: Any) -> None:
    from vtt.scenes.models import SceneImage

    assert _upload(_client(pip), campaign, _png()).status_code == 403
    assert _upload(_client(otto), campaign, _png()).status_code == 404
    assert not SceneImage.objects.exists()


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", "not an image"),
        (b"GIF89a" + bytes(40), "not an image"),
        (_png()[:60], "not an image"),  # cut short
    ],
)
def test_what_is_not_a_png_jpeg_or_webp_is_refused(
    campaign: Any, gwen: Any, data: bytes, words: str
) -> None:
    from vtt.scenes.models import SceneImage

    response = _upload(_client(gwen), campaign, data)
    assert response.status_code == 400
    assert words in response.json()["error"]
    assert not SceneImage.objects.exists()


def test_a_gif_is_an_image_but_no_background(campaign: Any, gwen: Any) -> None:
    response = _upload(_client(gwen), campaign, _png(kind="GIF"), "map.gif")
    assert response.status_code == 400
    assert "Only PNG, JPEG and WebP" in response.json()["error"]


def test_jpeg_and_webp_are_kept(campaign: Any, gwen: Any) -> None:
    for kind in ("JPEG", "WEBP"):
        assert _upload(_client(gwen), campaign, _png(kind=kind)).status_code == 201


def test_an_image_over_the_size_cap_is_refused(campaign: Any, gwen: Any, settings: Any) -> None:
    settings.VTT_SCENE_IMAGE_MAX_BYTES = 100
    response = _upload(_client(gwen), campaign, _png(200, 200))
    assert response.status_code == 400
    assert "larger than" in response.json()["error"]


def test_the_refusal_is_in_chinese_for_a_chinese_reader(campaign: Any, gwen: Any) -> None:
    client = _client(gwen)
    client.cookies["django_language"] = "zh-hans"
    response = _upload(client, campaign, b"not an image at all")
    assert response.status_code == 400
    assert "PNG" in response.json()["error"]
    assert "not an image" not in response.json()["error"]
