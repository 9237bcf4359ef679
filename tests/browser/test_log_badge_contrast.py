"""Issue 34: a log line's badge ("Reincarnators only", "GM only", "secret roll", "taken back")
reads at WCAG AA contrast (4.5:1 for text) against its own ground, at both sizes, in both
languages (it was white on the page's pale ground)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.browser

# WCAG 2 contrast of each badge's text against its background (the first opaque one up its
# ancestors when its own is transparent)
CONTRASTS = """() => {
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ground = (el) => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length === 3 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll("#event-log .badge")].map((el) => {
    const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(ground(el))];
    return [el.textContent.trim(), (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
  });
}"""


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_log_lines_badge_reads_at_aa_contrast(
    locale: str,
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Any],
) -> None:
    from tests.browser.test_table_at_a_glance import at, both_sizes, fresh

    pk = fresh(tabula_server, "ace", [])
    player = at(login("player1", locale=locale), pk, wait_caught_up)
    player.locator("#chat-text").fill("/gmroll 1d6")
    player.locator("#chat-text").press("Enter")
    badge = player.locator("#event-log .badge").last
    badge.wait_for()
    found = player.evaluate(CONTRASTS)
    assert found
    for text, ratio in found:
        assert ratio >= 4.5, f"{text!r} reads at {ratio:.2f}:1"
    both_sizes(player, screenshot, f"ace-badge-{locale}", badge)
