"""Rule systems are named in the reader's language wherever a page names them."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.core.registry import KNOWN, get_system
from vtt.system_titles import system_title


@pytest.mark.parametrize("key", [k for k, module in KNOWN.items() if module.startswith("rules.")])
def test_every_system_of_the_product_has_its_title_in_both_languages(key: str) -> None:
    """Taken from the registry: a new system's title is a message, no list names it."""
    with translation.override("en"):
        assert system_title(key) == get_system(key).title
    with translation.override("zh-hans"):
        assert system_title(key) != get_system(key).title


def test_titles_read_in_chinese_and_an_unknown_key_is_shown_as_it_is() -> None:
    with translation.override("zh-hans"):
        assert system_title("coc") == "克苏鲁的呼唤"
        assert system_title("delta_green") == "绿色三角洲"
        assert system_title("no_such_system") == "no_such_system"
    with translation.override("en"):
        assert system_title("coc") == "Call of Cthulhu"
