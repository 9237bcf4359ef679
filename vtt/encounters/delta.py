"""Frames that carry only what changed: the parts of a viewer's table that differ from its last.

After a game event the server still renders each distinct view's whole `#table` (the rules and
the redaction stay in one place), but sends only the elements with an `id` whose HTML changed,
as a list of (id, outer HTML) the page swaps in place. Each table rendering has a revision (a
hash of its HTML); a delta names the revision it applies to, and a page holding another
revision (it missed a frame, another server process rendered the last one, it loaded with
request parameters) fetches the whole table instead. So a page after any sequence of frames
shows exactly what a reload would.

The element tree is found with one regular-expression scan rather than an HTML parser: the
templates are ours, and the scan is a tenth of the cost. Anything it cannot follow (a
mismatched tag, a duplicated id) answers "send it whole". The scan of a new rendering takes
the one before as a hint: an id'd element whose outer HTML is the same as in the hint (most
cards, the map's layers) is not scanned again but taken over, so the scan's cost follows what
changed, not the size of the table. The other viewers' newest renderings of the same table (in
the same language) are hints too: an element that changed for everyone (a moved stack, its card)
is scanned in the first view a broadcast renders and taken over in the others.
"""

from __future__ import annotations

import hashlib
import html as html_lib
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

# A comment, or a tag: its end slash, name and attributes. Runs of plain characters and quoted
# values are taken whole and never given back (`++`, `*+`): a third less time per tag than one
# character at a time, the same matches (tests/vtt/test_delta.py).
TAG = re.compile(
    r"<(?:!--.*?-->|(/?)([a-zA-Z][\w:-]*)((?:[^>\"']++|\"[^\"]*+\"|'[^']*+')*+)>)",
    re.S,
)
ID_ATTR = re.compile(r"""\sid=(?:"([^"]*)"|'([^']*)')""")
ATTR = re.compile(r"""([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")
VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)
RAW_TEXT = frozenset({"script", "style"})
# A delta bigger than this share of the whole table is sent as the whole table.
WORTH_IT = 0.7


@dataclass
class Node:
    """An element with an id: its outer span in the HTML and the id'd elements inside it."""

    id: str
    start: int
    open_end: int
    end: int = -1
    children: list[Node] = field(default_factory=list)


def revision(html: str) -> str:
    """A short hash naming one rendering of a table: SHA-1, which the processor computes in
    hardware at twice BLAKE2's speed here (a name, not a secret; once per view and event)."""
    return hashlib.sha1(html.encode(), usedforsecurity=False).hexdigest()[:16]


class Rendering:
    """One rendering of a table, with its revision and id'd tree worked out once: the next
    frame's delta scans only the new rendering, not the one it replaces again."""

    __slots__ = (
        "_index",
        "_rev",
        "_root",
        "_scanned",
        "hints",
        "html",
        "source",
        "stamp",
        "unsealed",
    )

    def __init__(
        self,
        html: str,
        hints: Sequence[Rendering] = (),
        stamp: tuple[object, ...] = (),
        source: object = None,
        unsealed: str | None = None,
    ) -> None:
        self.html = html
        # what the table was rendered from beyond its audience and language (the table's seq):
        # a rendering of the same stamp is the same table (vtt/encounters/fragments.py)
        self.stamp = stamp
        # what it was drawn from but the seq (a digest of the state, ...): a table of the same
        # source is this one with its seq written in again (`unsealed`, else `html`, has a mark
        # where the seq goes; vtt/encounters/fragments.py `table_frame`)
        self.source = source
        self.unsealed = unsealed
        # renderings whose elements, where the same, are taken over rather than scanned: the
        # one before this one first, then other viewers' of the same table
        self.hints = hints
        self._rev: str | None = None
        self._root: Node | None = None
        self._scanned = False
        self._index: dict[str, Node] | None = None

    def again(self, stamp: tuple[object, ...]) -> Rendering:
        """The same HTML at another stamp, its revision and tree shared (no scan again)."""
        twin = Rendering(self.html, stamp=stamp, source=self.source, unsealed=self.unsealed)
        twin._rev, twin._scanned = self._rev, self._scanned
        twin._root, twin._index, twin.hints = self._root, self._index, self.hints
        return twin

    @property
    def scanned(self) -> bool:
        """Whether the tree is worked out already (a hint that costs no scan of its own)."""
        return self._scanned

    @property
    def rev(self) -> str:
        if self._rev is None:
            self._rev = revision(self.html)
        return self._rev

    @property
    def root(self) -> Node | None:
        if not self._scanned:
            hints, self.hints = self.hints, ()  # no chain of renderings kept alive
            self._root, self._scanned = tree(self.html, hints), True
        return self._root

    def index(self) -> dict[str, Node]:
        """Every id'd element of this rendering by its id (empty when it could not be scanned)."""
        if self._index is None:
            self._index = {}
            pending = [self.root] if self.root is not None else []
            while pending:
                node = pending.pop()
                self._index[node.id] = node
                pending.extend(node.children)
        return self._index


def tree(html: str, hints: Sequence[Rendering] = ()) -> Node | None:
    """The id'd elements of `html` as a tree under its first element, or None when the scan
    cannot follow the markup (then the caller sends the whole table). Elements that are exactly
    as in one of `hints` are taken over from its tree."""
    scan = _Scan(html, hints)
    try:
        return scan.run()
    except _Unfollowable:
        return None


class _Unfollowable(Exception):
    """Markup the scan cannot follow: a mismatched tag, an id twice, a root without an id."""


class _Scan:
    """One pass over the tags of a rendering, keeping the open elements on a stack.

    The loop is written flat (locals, no method call per tag): it runs over every tag of every
    view after every event, a few thousand per table.
    """

    def __init__(self, html: str, hints: Sequence[Rendering] = ()) -> None:
        self.html = html
        self.known = [(hint.index(), hint.html) for hint in hints]

    def taken_over(self, key: str, start: int, seen: set[str]) -> Node | None:
        """The element with id `key` starting at `start`, from the first hint whose element of
        that id has the same outer HTML; else None (it is scanned)."""
        html = self.html
        for index, old_html in self.known:
            old = index.get(key)
            if old is None:
                continue
            # its last characters first: most elements that changed fail here, before their
            # whole HTML is copied out and compared (every ancestor of a change is one)
            tail = min(16, old.end - old.start)
            end = start + old.end - old.start
            if html.startswith(old_html[old.end - tail : old.end], end - tail) and html.startswith(
                old_html[old.start : old.end], start
            ):
                return _moved(old, start - old.start, seen)
        return None

    def run(self) -> Node | None:
        html = self.html
        names: list[str] = []  # the open elements' names, innermost last
        owners: list[Node | None] = []  # the id'd node each open element is, if it is one
        nodes: list[Node] = []  # the open id'd elements, innermost last
        root: Node | None = None
        seen: set[str] = set()
        pos = 0
        while True:
            resume = -1
            for match in TAG.finditer(html, pos):
                tag = match.group(2)
                if tag is None:  # a comment
                    continue
                name = tag.lower()
                end = match.end()
                if match.group(1):  # a closing tag
                    if _end_tag(name, end, names, owners, nodes, root):
                        return root
                    continue
                attrs = match.group(3)
                node = None
                key = _id_of(attrs)
                if key is not None:
                    taken = self.taken_over(key, match.start(), seen)
                    if taken is not None:  # as in the rendering before: not scanned again
                        root = _hang(taken, nodes, root)
                        if not nodes:
                            return root
                        resume = taken.end
                        break
                    node = Node(_fresh(key, seen), match.start(), end)
                    root = _hang(node, nodes, root)
                elif root is None:
                    raise _Unfollowable  # the table's first element carries its id
                if name in VOID or attrs.rstrip().endswith("/"):
                    if node is not None:
                        node.end = end
                    continue
                names.append(name)
                owners.append(node)
                if node is not None:
                    nodes.append(node)
                if name in RAW_TEXT:  # its text is not markup: scan on from its end tag
                    resume = _raw_text_end(html, name, end)
                    break
            if resume < 0:
                return None
            pos = resume


def _end_tag(
    name: str,
    end: int,
    names: list[str],
    owners: list[Node | None],
    nodes: list[Node],
    root: Node | None,
) -> bool:
    """Close the innermost open element (it must be `name`); True when that was the root."""
    if not names or names[-1] != name:
        raise _Unfollowable
    names.pop()
    node = owners.pop()
    return node is not None and _closed(node, end, nodes, root)


def _id_of(attrs: str) -> str | None:
    """The id an opening tag's `id=` attribute names (double or single quoted), if it has one."""
    ident = ID_ATTR.search(attrs) if "id=" in attrs else None
    if ident is None:
        return None
    return ident.group(1) if ident.group(1) is not None else ident.group(2)


def _raw_text_end(html: str, name: str, start: int) -> int:
    """Where a script's or style's end tag begins (its text is not markup)."""
    end = html.find(f"</{name}", start)
    if end < 0:
        raise _Unfollowable
    return end


def _fresh(key: str, seen: set[str]) -> str:
    """An id, recorded as seen; an id twice cannot be followed."""
    if key in seen:
        raise _Unfollowable
    seen.add(key)
    return key


def _moved(node: Node, by: int, seen: set[str]) -> Node:
    """A copy of an element's tree from the rendering before, `by` characters further on."""
    return Node(
        _fresh(node.id, seen),
        node.start + by,
        node.open_end + by,
        node.end + by,
        [_moved(child, by, seen) for child in node.children],
    )


def _closed(node: Node, end: int, open_nodes: list[Node], root: Node | None) -> bool:
    """Close an id'd element at `end`; True when that was the root (the scan is done)."""
    node.end = end
    open_nodes.pop()
    if open_nodes:
        return False
    if node is not root:
        raise _Unfollowable
    return True


def _hang(node: Node, open_nodes: list[Node], root: Node | None) -> Node:
    """Hang an id'd element under the innermost open one (or make it the root); the root."""
    if open_nodes:
        open_nodes[-1].children.append(node)
        return root if root is not None else node
    if root is not None:
        raise _Unfollowable  # a second top-level element
    return node


def _skeleton(html: str, node: Node, start: int) -> str:
    """The node's HTML from `start` on, each id'd child replaced by its id."""
    pieces = []
    pos = start
    for child in node.children:
        pieces.append(html[pos : child.start])
        pieces.append(f"\0{child.id}\0")
        pos = child.end
    pieces.append(html[pos : node.end])
    return "".join(pieces)


def _same_inside(old_html: str, old: Node, new_html: str, new: Node) -> bool:
    """Whether two renderings of an element differ only inside its id'd children (and perhaps
    in its own attributes)."""
    return [c.id for c in old.children] == [c.id for c in new.children] and _skeleton(
        old_html, old, old.open_end
    ) == _skeleton(new_html, new, new.open_end)


def _changes(old_html: str, old: Node, new_html: str, new: Node, out: Delta) -> None:
    """Add to `out` the smallest changes under `new` that turn `old` into it: attribute updates
    of elements whose own tag changed, the outer HTML of the id'd elements that differ, and for
    an element whose id'd children came or went, its new inside with the ones it keeps left in
    place (a stack that moves on the map re-sends that stack, not the whole layer)."""
    if old_html[old.start : old.end] == new_html[new.start : new.end]:
        return
    before = {child.id: child for child in old.children}
    kept = [child for child in new.children if child.id in before]
    same = _same_inside(old_html, old, new_html, new)
    if not same and not kept:
        out.parts.append((new.id, new_html[new.start : new.end]))
        return
    new_open = new_html[new.start : new.open_end]
    if old_html[old.start : old.open_end] != new_open:
        out.attrs.append((new.id, attributes(new_open)))
    if not same:
        out.inners.append((new.id, _inside_keeping(new_html, new, {c.id for c in kept})))
    for child in kept:
        _changes(old_html, before[child.id], new_html, child, out)


def _inside_keeping(html: str, node: Node, keep: set[str]) -> str:
    """The node's inner HTML with each kept id'd child left as a placeholder for the page to fill
    with the element it already has."""
    pieces = []
    pos = node.open_end
    for child in node.children:
        if child.id in keep:
            pieces.append(html[pos : child.start])
            pieces.append(f'<template data-keep="{child.id}"></template>')
            pos = child.end
    close = html.rfind("</", node.open_end, node.end)  # the node's own end tag
    pieces.append(html[pos : close if close >= pos else node.end])
    return "".join(pieces)


def attributes(open_tag: str) -> dict[str, str]:
    """The attributes of an opening tag, unescaped as the page's DOM will hold them."""
    inner = open_tag[1:-1].split(None, 1)
    found: dict[str, str] = {}
    if len(inner) < 2:
        return found
    for match in ATTR.finditer(inner[1]):
        value = next((g for g in match.groups()[1:] if g is not None), "")
        found[match.group(1).lower()] = html_lib.unescape(value)
    return found


@dataclass
class Delta:
    """What turns one rendering of a table into the next: new attributes of the id'd elements
    whose own tag changed, the id'd parts to swap whole, and the new insides of elements whose
    id'd children came or went (with `<template data-keep=id>` where a child stays)."""

    attrs: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    parts: list[tuple[str, str]] = field(default_factory=list)
    inners: list[tuple[str, str]] = field(default_factory=list)

    def size(self) -> int:
        swapped = sum(len(html) for _, html in self.parts + self.inners)
        return swapped + 200 * len(self.attrs)

    def as_json(self) -> str:
        """The delta for a `<script type="application/json">` block: `</` and `<!` escaped so
        nothing inside can end the block."""
        text = json.dumps(
            {"attrs": self.attrs, "parts": self.parts, "inners": self.inners}, ensure_ascii=False
        )
        return text.replace("</", "<\\/").replace("<!", "\\u003c!")


def delta(
    before: str | Rendering, after: str | Rendering, worth_it: float = WORTH_IT
) -> Delta | None:
    """The delta from one table rendering to the next, or None when the whole table is the
    better frame (the markup could not be followed, or more than `worth_it` of it changed)."""
    before = before if isinstance(before, Rendering) else Rendering(before)
    after = after if isinstance(after, Rendering) else Rendering(after)
    old_html, new_html, old, new = before.html, after.html, before.root, after.root
    if old is None or new is None or old.id != new.id:
        return None
    if not _same_inside(old_html, old, new_html, new):
        return None
    found = Delta()
    _changes(old_html, old, new_html, new, found)
    if found.size() > worth_it * len(new_html):
        return None
    return found


class LastRendered:
    """The newest table rendering per (encounter, audience, language) in this process, so the
    next frame can be a delta from it, and the one it replaced (a take-back draws that table
    again). Bounded: the oldest entries go first."""

    def __init__(self, size: int = 512) -> None:
        self._size = size
        self._entries: OrderedDict[tuple[int, str, str], Rendering] = OrderedDict()
        self._before: dict[tuple[int, str, str], Rendering] = {}
        # the same entries by (encounter, language), then audience: every viewer's of one table
        self._tables: dict[tuple[int, str], dict[str, Rendering]] = {}
        self._lock = threading.Lock()

    def swap(self, key: tuple[int, str, str], rendering: Rendering) -> Rendering | None:
        """Record `rendering` as the newest under `key`; return the one it replaces."""
        with self._lock:
            previous = self._entries.pop(key, None)
            self._entries[key] = rendering
            if previous is not None:
                self._before[key] = previous
            self._tables.setdefault((key[0], key[2]), {})[key[1]] = rendering
            while len(self._entries) > self._size:
                (encounter, audience, language), _ = self._entries.popitem(last=False)
                self._before.pop((encounter, audience, language), None)
                table = self._tables[encounter, language]
                del table[audience]
                if not table:
                    del self._tables[encounter, language]
            return previous

    def get(self, key: tuple[int, str, str]) -> Rendering | None:
        """The newest rendering under `key`, if this process has one."""
        with self._lock:
            return self._entries.get(key)

    def drawn(self, key: tuple[int, str, str], source: object) -> Rendering | None:
        """The newest rendering under `key`, or the one it replaced, drawn from `source`."""
        with self._lock:
            for rendering in (self._entries.get(key), self._before.get(key)):
                if rendering is not None and rendering.source == source:
                    return rendering
            return None

    def others(self, key: tuple[int, str, str]) -> list[Rendering]:
        """The newest renderings of the same table and language for the other audiences."""
        with self._lock:
            table = self._tables.get((key[0], key[2]), {})
            return [rendering for audience, rendering in table.items() if audience != key[1]]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._before.clear()
            self._tables.clear()


# Three audiences per table in one language: room for the tables of ~680 encounters in play at
# once (at 512, 200 tables at one message each every 5 s pushed each table out before its next
# message, whose frame was then the whole table and whose undo drew it anew)
LAST = LastRendered(2048)
