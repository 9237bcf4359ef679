"""The encounter page without the templates' indentation: the same page in fewer bytes.

A run of blank space that holds a line break and stands between two tags is the templates'
indentation; a browser draws it as one space (or nothing), so a single line break draws the same.
About a fifteenth of a Delta Green table's page (4.7 of 71.6 KiB, 1,000 logged events). Inside
<pre>, <textarea>, <script> and <style> blank space is content and is kept whole. Only the page
is compacted: the frames a live table receives are deltas of the table's own rendering, whose
revision (delta.revision) is taken before, so nothing a frame names changes.
"""

from __future__ import annotations

import re

# A block whose blank space is content (taken whole), or a line-broken run between two tags. Each
# leaves the "<" or ">" that ends it to the scan, so blocks and runs next to each other are found.
_RUN = re.compile(
    r"(<(pre|textarea|script|style)\b.*?</\2\s*)(?=>)|>[ \t\r\f]*\n\s*(?=<)",
    re.S | re.I,
)


def compact_html(html: str) -> str:
    """`html` with each line-broken run of blank space between two tags cut to one line break."""
    return _RUN.sub(lambda m: m.group(1) or ">\n", html)
