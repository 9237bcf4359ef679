"""A gettext template (.pot) of a catalogue: msgctxt is the message id, msgid its English."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.messages import Message


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def pot(messages: Iterable[Message]) -> str:
    """The .pot text of these messages, sorted by id so a regenerated file diffs cleanly."""
    blocks = [
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
    ]
    for message in sorted(messages, key=lambda m: m.id):
        lines = [f"msgctxt {_quote(message.id)}", f"msgid {_quote(message.english)}"]
        if message.plural:
            lines += [
                f"msgid_plural {_quote(message.plural)}",
                'msgstr[0] ""',
                'msgstr[1] ""',
            ]
        else:
            lines.append('msgstr ""')
        if message.placeholders:
            lines.insert(0, f"#. placeholders: {', '.join(sorted(message.placeholders))}")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)
