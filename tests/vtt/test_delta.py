"""Delta frames (vtt/encounters/delta.py): only what changed; applied, it gives the new table."""

from __future__ import annotations

import html as html_lib
import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vtt.encounters import delta

TABLE = (
    '<div id="table" class="table" data-my-turn="0">'
    '<div id="turn"><p>Acting now: Ann</p></div>'
    '<section id="board"><h2 id="board-h">The table</h2>'
    '<svg viewBox="0 0 9 9"><g id="hexes"><polygon points="0,0 1,1"/><title>A1</title></g>'
    '<g id="stacks"><g class="stack" data-hex="A1"><rect width="3"/></g></g></svg>'
    '<input id="box" value="1"><img src="x.png" alt="">'
    "<!-- a comment with <b>tags</b> -->"
    '<script type="application/json">{"a": "<p>"}</script>'
    "</section></div>"
)


def apply(old: str, change: delta.Delta) -> str:
    """What the page script does with a delta, on the HTML text: swap each part, set the attrs."""
    html = old
    for ident, outer in change.parts:
        node = _find(html, ident)
        html = html[: node.start] + outer + html[node.end :]
    for ident, attrs in change.attrs:
        node = _find(html, ident)
        name = re.match(r"<([\w-]+)", html[node.start :])
        assert name is not None
        pairs = "".join(f' {k}="{_quoted(v)}"' for k, v in attrs.items())
        tag = f"<{name[1]}{pairs}{'/' if html[node.open_end - 2] == '/' else ''}>"
        html = html[: node.start] + tag + html[node.open_end :]
    for ident, inside in change.inners:
        node = _find(html, ident)
        for kept in re.findall(r'<template data-keep="([^"]*)"></template>', inside):
            child = next(c for c in node.children if c.id == kept)  # it is already in there
            slot = f'<template data-keep="{kept}"></template>'
            inside = inside.replace(slot, html[child.start : child.end])
        close = html.rfind("</", node.open_end, node.end)
        html = html[: node.open_end] + inside + html[close:]
    return html


def _quoted(value: str) -> str:
    return html_lib.escape(value, quote=False).replace('"', "&quot;")


def _find(html: str, ident: str) -> delta.Node:
    root = delta.tree(html)
    assert root is not None
    stack = [root]
    while stack:
        node = stack.pop()
        if node.id == ident:
            return node
        stack.extend(node.children)
    raise AssertionError(f"no #{ident}")


def test_the_tree_follows_void_self_closing_raw_text_and_comments() -> None:
    root = delta.tree(TABLE)
    assert root is not None
    assert root.id == "table"
    assert [c.id for c in root.children] == ["turn", "board"]
    assert [c.id for c in root.children[1].children] == ["board-h", "hexes", "stacks", "box"]
    assert TABLE[root.start : root.end] == TABLE


# The tag pattern before it took runs of characters whole (docs/performance.md D24): one
# character of an attribute at a time. Both must find the same tags, quoted `>` and all.
ONE_AT_A_TIME = re.compile(
    r"<!--.*?-->|<(/?)([a-zA-Z][\w:-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.S
)


@given(
    st.lists(
        st.sampled_from(
            [
                '<div id="a" title="x > y">',
                "<p class='q \"r\" >'>",
                "</p>",
                "</div>",
                "<br/>",
                "<!-- <b>a comment</b> -- -->",
                "<!-- open",
                "text with > and \" and '",
                '<input value="a\'b" hidden>',
                "<a href=x>",
                "<svg:g data-x=\"1\"data-y='2'>",
                "<",
                "< p>",
                '<p title="unclosed>',
            ]
        ),
        max_size=12,
    )
)
def test_the_tag_pattern_finds_what_one_character_at_a_time_finds(pieces: list[str]) -> None:
    html = "".join(pieces)
    found = [(m.span(), m.groups()) for m in delta.TAG.finditer(html)]
    assert found == [(m.span(), m.groups()) for m in ONE_AT_A_TIME.finditer(html)]


def test_markup_it_cannot_follow_answers_send_it_whole() -> None:
    assert delta.tree('<div id="t"><p id="a"></div>') is None  # a mismatched tag
    assert delta.tree('<div id="t"><p id="a"></p><p id="a"></p></div>') is None  # one id twice
    assert delta.tree("<div><p id='a'></p></div>") is None  # the root has no id
    assert delta.delta(TABLE, "<div>") is None


def test_a_moved_stack_sends_only_the_stacks_layer() -> None:
    new = TABLE.replace('data-hex="A1"', 'data-hex="B2"')
    change = delta.delta(TABLE, new)
    assert change is not None
    assert change.attrs == []
    assert [ident for ident, _ in change.parts] == ["stacks"]
    assert change.parts[0][1].startswith('<g id="stacks">')
    assert apply(TABLE, change) == new


def _layer(stacks: list[tuple[str, str]]) -> str:
    inside = "".join(f'\n  <g id="s-{key}" data-hex="{hexes}"><rect/></g>' for key, hexes in stacks)
    return TABLE.replace('<g class="stack" data-hex="A1"><rect width="3"/></g>', inside + "\n")


def test_a_stack_that_appears_sends_itself_and_leaves_the_others_in_place() -> None:
    old = _layer([("b1", "A1"), ("b4", "A2"), ("r1", "C3")])
    new = _layer([("b1", "A1"), ("b4", "A2"), ("b5", "B2"), ("r1", "C4")])
    change = delta.delta(old, new)
    assert change is not None
    assert [ident for ident, _ in change.inners] == ["stacks"]
    inside = change.inners[0][1]
    assert '<template data-keep="s-b1"></template>' in inside
    assert 'id="s-b5"' in inside  # the new one whole
    assert 'data-hex="A1"' not in inside  # the kept ones are not sent again
    assert [ident for ident, _ in change.parts] == []
    assert [ident for ident, _ in change.attrs] == ["s-r1"]  # r1 moved: its own tag alone
    assert apply(old, change) == new


KEYS = st.lists(st.sampled_from(["b1", "b2", "b3", "r1", "r2"]), unique=True, max_size=5)


@given(before=KEYS, after=KEYS, hexes=st.lists(st.sampled_from(["A1", "B2"]), min_size=5))
def test_stacks_that_come_go_and_change_apply_to_exactly_the_new_table(
    before: list[str], after: list[str], hexes: list[str]
) -> None:
    old = _layer([(key, "A1") for key in before])
    new = _layer(list(zip(after, hexes, strict=False)))
    change = delta.delta(old, new, worth_it=float("inf"))
    assert change is not None
    assert apply(old, change) == new


def test_a_changed_attribute_sends_the_attribute_alone() -> None:
    new = TABLE.replace('data-my-turn="0"', 'data-my-turn="1"')
    change = delta.delta(TABLE, new)
    assert change is not None
    assert change.parts == []
    assert change.attrs == [("table", {"id": "table", "class": "table", "data-my-turn": "1"})]


def test_text_outside_every_child_sends_the_whole_table() -> None:
    assert delta.delta(TABLE, TABLE.replace("</section>", "</section>new words")) is None


def test_the_json_block_cannot_be_closed_from_inside() -> None:
    change = delta.Delta(parts=[("x", "<p>a</script><!-- b --></p>")])
    text = change.as_json()
    assert "</" not in text
    assert "<!" not in text
    assert json.loads(text)["parts"] == [["x", "<p>a</script><!-- b --></p>"]]


def test_the_newest_rendering_replaces_the_one_before_and_old_ones_go() -> None:
    last = delta.LastRendered(size=2)
    a, b = delta.Rendering("a"), delta.Rendering("b")
    assert last.swap((1, "gm", "en"), a) is None
    assert last.swap((1, "gm", "en"), b) is a
    last.swap((2, "gm", "en"), delta.Rendering("c"))
    last.swap((3, "gm", "en"), delta.Rendering("d"))
    assert last.swap((1, "gm", "en"), delta.Rendering("e")) is None  # pushed out by newer ones


def test_a_rendering_is_scanned_once_and_names_its_revision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scans = []
    real_tree = delta.tree
    monkeypatch.setattr(
        delta, "tree", lambda html, hints=(): scans.append(html) or real_tree(html, hints)
    )
    old, new = delta.Rendering(TABLE), delta.Rendering(TABLE.replace("Ann", "Bo"))
    assert old.rev == delta.revision(TABLE)
    delta.delta(old, new)
    newer = delta.Rendering(TABLE.replace("Ann", "Cy"))
    assert delta.delta(new, newer) is not None
    assert len(scans) == 3  # each rendering once, not the one before again


def test_an_element_as_it_was_is_taken_over_from_the_rendering_before() -> None:
    old = delta.Rendering(TABLE)
    assert old.root is not None
    hexes = old.index()["hexes"]
    # a child the markup does not have: it can only be there if the scan took the tree over
    hexes.children.append(delta.Node("ghost", hexes.start, hexes.open_end, hexes.end))
    new = delta.Rendering(TABLE.replace("Ann", "Bo, Cy"), hints=(old,))
    assert new.root is not None
    assert [c.id for c in new.index()["hexes"].children] == ["ghost"]
    assert new.hints == ()  # the rendering before is let go once scanned
    moved = TABLE.replace("Ann", "Bo, Cy").index('<g id="hexes"')
    assert new.index()["hexes"].start == moved


def test_an_element_is_taken_over_from_another_viewers_rendering_too() -> None:
    """The scan tries each hint in turn: this viewer's rendering before (where the stack was
    otherwise), then another viewer's newest (where it is the same as now)."""
    moved = TABLE.replace('<rect width="3"/>', '<rect width="4"/>')
    before, other = delta.Rendering(TABLE), delta.Rendering(moved.replace("The table", "Board"))
    assert before.root is not None
    assert other.root is not None
    # children the markup does not have: only a tree taken over can have them
    for rendering, ident, ghost in ((before, "hexes", "ghost-1"), (other, "stacks", "ghost-2")):
        node = rendering.index()[ident]
        node.children.append(delta.Node(ghost, node.start, node.open_end, node.end))
    new = delta.Rendering(moved, hints=(before, other))
    assert new.root is not None
    assert [c.id for c in new.index()["stacks"].children] == ["ghost-2"]  # from the other's
    assert [c.id for c in new.index()["hexes"].children] == ["ghost-1"]  # the same in both


def test_the_renderings_of_one_table_are_found_for_the_other_audiences() -> None:
    last = delta.LastRendered(size=3)
    gm, player, chinese = delta.Rendering("a"), delta.Rendering("b"), delta.Rendering("c")
    last.swap((1, "gm", "en"), gm)
    last.swap((1, "player", "en"), player)
    last.swap((1, "observer", "zh-hans"), chinese)
    assert last.others((1, "observer", "en")) == [gm, player]
    assert last.others((1, "gm", "en")) == [player]
    last.swap((2, "gm", "en"), delta.Rendering("d"))  # pushes the oldest (gm) out
    assert last.others((1, "observer", "en")) == [player]
    last.clear()
    assert last.others((1, "observer", "en")) == []


def test_an_id_twice_is_found_in_a_taken_over_element_too() -> None:
    old = delta.Rendering(TABLE)
    twice = TABLE.replace('<h2 id="board-h">', '<h2 id="stacks">')
    assert old.root is not None
    assert delta.tree(twice, hints=(old,)) is None


TEXT = st.text(alphabet="abc <>&\"'", max_size=6).map(
    lambda s: s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
)


@given(turn=TEXT, stack=TEXT, box=TEXT, label=TEXT)
def test_applying_a_delta_gives_exactly_the_new_table(
    turn: str, stack: str, box: str, label: str
) -> None:
    quoted = box.replace('"', "&quot;")
    new = (
        TABLE.replace("Acting now: Ann", turn)
        .replace('<rect width="3"/>', f'<rect width="3"/><text>{stack}</text>')
        .replace('value="1"', f'value="{quoted}"')
        .replace("The table", label)
    )
    change = delta.delta(TABLE, new, worth_it=float("inf"))
    assert change is not None
    assert apply(TABLE, change) == new
    # the scan that takes unchanged elements over finds the very tree a full scan finds
    assert delta.tree(new, hints=(delta.Rendering(TABLE),)) == delta.tree(new)
    assert delta.tree(new, hints=(delta.Rendering(new), delta.Rendering(TABLE))) == delta.tree(new)
