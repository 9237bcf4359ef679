"""Rule systems are named in the reader's language wherever a page names them."""

from __future__ import annotations

from django.utils import translation

from rules.core.registry import KNOWN, get_system
from vtt.system_titles import TITLES, system_title


def test_every_system_of_the_product_has_its_title_marked_for_translation() -> None:
    product = [key for key, module in KNOWN.items() if module.startswith("rules.")]
    assert sorted(get_system(key).title for key in product) == sorted(TITLES)


def test_titles_read_in_chinese_and_an_unknown_key_is_shown_as_it_is() -> None:
    with translation.override("zh-hans"):
        assert system_title("coc") == "克苏鲁的呼唤"
        assert system_title("delta_green") == "绿色三角洲"
        assert system_title("no_such_system") == "no_such_system"
    with translation.override("en"):
        assert system_title("coc") == "Call of Cthulhu"
