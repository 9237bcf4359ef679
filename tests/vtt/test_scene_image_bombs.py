"""A scene background that would blow up in every member's browser is refused (vtt/scenes): a
PNG of one colour is a few hundred kilobytes at 10,000 x 10,000 pixels, 400 MB once decoded.
The upload is judged from its header, never decoded on the server; the refusal says why in words
(it was kept, or a server error where warnings are errors)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from vtt.campaigns.services import create_campaign
from vtt.scenes.models import SceneImage
from vtt.scenes.upload import MAX_PIXELS

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(tmp_path: Path, settings: Any) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.VTT_MEDIA_ACCEL = ""


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def bomb(width: int, height: int, rows: int | None = None) -> bytes:
    """A valid PNG of one colour: its rows of zeros compress to almost nothing (`rows` of them
    only, for a header that lies about the rest: the server must not need them to refuse)."""
    packer = zlib.compressobj(9)
    row = b"\x00" * (width * 3 + 1)
    data = b"".join(packer.compress(row) for _ in range(height if rows is None else rows))
    rows_data = data + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", rows_data)
        + _chunk(b"IEND", b"")
    )


def _sent(gwen: Any, data: bytes) -> Any:
    campaign = create_campaign(gwen.pk, "Night at the Opera", "delta_green")
    client = Client()
    client.force_login(gwen)
    upload = SimpleUploadedFile("map.png", data, content_type="image/png")
    return client.post(f"/scene-images/upload/{campaign.pk}/", {"image": upload})


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize(
    ("width", "height", "rows"), [(10_000, 10_000, None), (10_000, 5_001, 1), (20_000, 20_000, 1)]
)
def test_a_decompression_bomb_is_refused_in_words(
    gwen: Any, width: int, height: int, rows: int | None
) -> None:
    data = bomb(width, height, rows)
    assert len(data) < 2_000_000
    answer = _sent(gwen, data)
    assert answer.status_code == 400
    assert "pixels" in answer.json()["error"]
    assert not SceneImage.objects.exists()


def test_a_large_map_within_the_pixel_budget_is_kept(gwen: Any) -> None:
    assert MAX_PIXELS >= 8_000 * 6_000
    answer = _sent(gwen, bomb(8_000, 6_000))
    assert answer.status_code == 201
    assert (answer.json()["width"], answer.json()["height"]) == (8_000, 6_000)
