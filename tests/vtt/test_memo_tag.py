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


def test_the_scene_set_up_form_is_drawn_again_when_its_set_up_or_campaign_changes() -> None:
    """templates/scene/_setup.html is kept under its set-up and campaign (docs/performance.md
    D27): each value it shows is drawn from those alone."""
    from django.template.loader import get_template

    FRAGMENTS.clear()
    template = get_template("scene/_setup.html")
    setup = {"cols": 12, "rows": 8, "size": "1.5", "unit_name": "m", "image": "", "image_x": 0}

    def form(campaign: int, **changed: object) -> str:
        encounter = {"campaign_id": campaign}
        return str(template.render({"scene_setup": {**setup, **changed}, "encounter": encounter}))

    with translation.override("en"):
        first = form(1)
        assert form(1) == first
        assert 'value="13"' not in first
        assert 'value="13"' in form(1, cols=13)
        assert "/1/" in first
        assert "/2/" in form(2)
