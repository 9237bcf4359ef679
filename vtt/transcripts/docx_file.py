"""A transcript as a Word document (.docx, python-docx): the heading, then each line with its
speaker and time in the speaker's colour, the words under them and the dice smaller."""

from __future__ import annotations

import io

from django.utils.translation import get_language
from docx import Document
from docx.document import Document as WordDocument
from docx.oxml.ns import qn
from docx.shared import Pt, RGBColor

from vtt.transcripts.formats import heading
from vtt.transcripts.lines import Transcript, said_text

# A font every reader's Word has for Chinese; Latin text keeps the document's own.
EAST_ASIAN_FONT = "Microsoft YaHei"


def as_docx(transcript: Transcript) -> bytes:
    """The .docx file's bytes."""
    document = Document()
    document.core_properties.title = heading(transcript)
    document.core_properties.language = get_language() or "en"
    _east_asian(document)
    document.add_heading(heading(transcript), level=1)
    for line in transcript.lines:
        colour = RGBColor.from_string(line.colour.removeprefix("#").upper())
        who = document.add_paragraph()
        speaker = who.add_run(line.speaker)
        speaker.bold = True
        speaker.font.color.rgb = colour
        when = who.add_run(f" {line.when}")
        when.font.color.rgb = RGBColor(0x66, 0x66, 0x66)
        when.font.size = Pt(9)
        said = document.add_paragraph()
        words = said.add_run(said_text(line))
        words.font.color.rgb = colour
        words.italic = line.secret
        for die in line.dice:
            run = document.add_paragraph().add_run(f"· {die.said()}")
            run.font.size = Pt(9)
            run.font.color.rgb = colour
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _east_asian(document: WordDocument) -> None:
    """The Normal style's East Asian font, so Chinese does not fall back to a bitmap font."""
    style = document.styles["Normal"]
    fonts = style.element.get_or_add_rPr().get_or_add_rFonts()
    fonts.set(qn("w:eastAsia"), EAST_ASIAN_FONT)


def paragraphs(data: bytes) -> list[list[tuple[str, str | None, bool]]]:
    """A .docx file's paragraphs as runs (text, colour, bold): what the golden files compare."""
    document = Document(io.BytesIO(data))
    return [
        [
            (run.text, str(run.font.color.rgb) if run.font.color.rgb else None, bool(run.bold))
            for run in paragraph.runs
        ]
        for paragraph in document.paragraphs
    ]
