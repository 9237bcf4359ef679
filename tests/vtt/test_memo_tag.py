"""`{% memo %}` (vtt/templatetags/tabula.py): a block drawn once per values and language."""

from __future__ import annotations

from django.template import Context, Template
from django.utils import translation

from vtt.templatetags.tabula import FRAGMENTS

TEMPLATE = Template(
    "{% load i18n tabula %}"
    "{% memo test-memo key %}{% translate 'Game master' %} {{ n }}{% endmemo %}"
)


def render(key: str, n: int) -> str:
    return TEMPLATE.render(Context({"key": key, "n": n}))


def test_a_memo_is_drawn_once_per_values_and_language() -> None:
    FRAGMENTS.clear()
    with translation.override("en"):
        assert render("a", 1) == "Game master 1"
        assert render("a", 2) == "Game master 1"  # the same values: kept, not drawn again
        assert render("b", 3) == "Game master 3"  # other values: drawn
    with translation.override("zh-hans"):
        chinese = render("a", 4)
    assert chinese.endswith(" 4")  # another language is another memo
    assert chinese != "Game master 4"
