"""The generic action forms offer the Odds button when the system can preview."""

from __future__ import annotations

from django.template.loader import render_to_string

from rules.core.registry import get_system


def test_odds_button_shows_for_a_previewable_form() -> None:
    form = {
        "kind": "fire",
        "actor": "a1",
        "label": "Fire",
        "fields": [],
        "fixed": {},
        "preview": True,
        "key": "k",
    }
    html = render_to_string(
        "encounters/_actions.html",
        {"forms": [form], "system": get_system("delta_green"), "encounter": None},
    )
    assert "data-preview" in html
