"""Issue 38: a scripted session's transcript in every format, in English and Chinese, compared
with golden files (tests/vtt/transcripts/golden/). The Keeper's copy holds every hidden roll;
Otto's holds Pip's hidden check and the Keeper's secret roll only as the lines he read.

After a deliberate change of a format, write the files again with TABULA_WRITE_GOLDEN=1 and
read every one before committing it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from tests.vtt.transcripts.conftest import SESSION
from vtt.transcripts import formats
from vtt.transcripts.docx_file import as_docx, paragraphs
from vtt.transcripts.lines import transcript

pytestmark = pytest.mark.django_db
GOLDEN = Path(__file__).parent / "golden"
WRITE = os.environ.get("TABULA_WRITE_GOLDEN") == "1"


def docx_runs(read: Any) -> str:
    """A .docx as its paragraphs' runs (text, colour, bold): the zip itself carries times."""
    return "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in paragraphs(as_docx(read)))


DRAW = {
    "txt": formats.as_text,
    "bbcode": formats.as_bbcode,
    "html": formats.as_html,
    "json": formats.as_json,
    "docx.json": docx_runs,
}


def check(name: str, made: str) -> None:
    path = GOLDEN / name
    if WRITE:
        path.write_text(made, encoding="utf-8")
    assert made == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"


@pytest.mark.parametrize("language", ["en", "zh-hans"])
@pytest.mark.parametrize("fmt", list(DRAW))
def test_the_keepers_copy_in_every_format(session: Any, gwen: Any, language: str, fmt: str) -> None:
    with translation.override(language):
        made = DRAW[fmt](transcript(session, SESSION, gwen.pk))
    check(f"keeper.{language}.{fmt}", made)


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_players_copy_reads_what_he_read(session: Any, otto: Any, language: str) -> None:
    with translation.override(language):
        made = formats.as_text(transcript(session, SESSION, otto.pk))
    check(f"otto.{language}.txt", made)
