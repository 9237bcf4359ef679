"""Scene backgrounds in the compose stack: the app processes and nginx share a media volume,
nginx sends a file only from an internal location the app's membership check hands over, and
the upload location lets an image of the settings' size through."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]


def _compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    return data


def _location(nginx: str, where: str) -> str:
    found = re.search(r"location\s+" + re.escape(where) + r"\s*\{(?P<body>[^}]*)\}", nginx)
    assert found, where
    return found["body"]


def test_the_media_volume_is_the_apps_media_root_and_nginx_reads_it() -> None:
    compose = _compose()
    assert "media" in compose["volumes"]
    for name in ("web1", "web2"):
        assert "media:/app/media" in compose["services"][name]["volumes"]
    assert "media:/srv/media:ro" in compose["services"]["proxy"]["volumes"]
    # the app's MEDIA_ROOT in the image is /app/media (BASE_DIR / "media", WORKDIR /app)
    assert Path(settings.MEDIA_ROOT).name == "media"
    assert "/app/media" in (ROOT / "Dockerfile").read_text()


def test_nginx_serves_backgrounds_only_when_the_app_says_so() -> None:
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    accel = _compose()["x-app"]["environment"]["VTT_MEDIA_ACCEL"]
    body = _location(nginx, accel)
    assert "internal;" in body
    assert "alias /srv/media/;" in body
    assert "location /media/" not in nginx  # no public door to the uploads


def test_the_upload_location_takes_an_image_of_the_size_allowed() -> None:
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    body = _location(nginx, "/scene-images/")
    megabytes = int(re.search(r"client_max_body_size (\d+)m;", body)[1])  # type: ignore[index]
    assert megabytes * 1024 * 1024 > settings.VTT_SCENE_IMAGE_MAX_BYTES
