"""`{% load i18n %}` with constant words kept per language (vtt/kept_i18n.py)."""

from __future__ import annotations

from typing import Any

from django.template import engines
from django.templatetags.i18n import TranslateNode
from django.utils import translation

from vtt.kept_i18n import KeptTranslateNode


def _template(text: str) -> Any:
    return engines["django"].from_string("{% load i18n %}" + text)


def test_a_constant_is_drawn_in_the_language_active_at_each_render() -> None:
    template = _template('{% translate "Close" %}')
    nodes = template.template.nodelist.get_nodes_by_type(TranslateNode)
    assert [type(node) for node in nodes] == [KeptTranslateNode]
    assert template.render({}) == "Close"
    with translation.override("zh-hans"):
        assert template.render({}) == "关闭"
    assert template.render({}) == "Close"


def test_words_to_resolve_a_name_a_filter_or_a_context_are_djangos_own() -> None:
    template = _template(
        '{% translate word %}|{% translate "Close" as shut %}[{{ shut }}]|'
        '{% translate "Close"|upper %}|{% translate "Close" context "a dialog" %}'
    )
    nodes = template.template.nodelist.get_nodes_by_type(TranslateNode)
    assert not any(isinstance(node, KeptTranslateNode) for node in nodes)
    assert template.render({"word": "Close"}) == "Close|[Close]|CLOSE|Close"
    with translation.override("zh-hans"):
        assert template.render({"word": "Close"}).startswith("关闭|[关闭]|")


def test_a_language_block_inside_a_template_is_followed() -> None:
    template = _template(
        '{% translate "Close" %}|{% language "zh-hans" %}{% translate "Close" %}{% endlanguage %}'
    )
    assert template.render({}) == "Close|关闭"
