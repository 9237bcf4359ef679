"""Every demo system's table loads under the Content-Security-Policy without one violation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rules.core.registry import system_keys

# Violations are reported as events on the document and as console errors; keep both.
WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


@pytest.mark.parametrize("system", system_keys())
def test_a_demo_table_and_its_replay_load_with_no_policy_violation(
    system: str,
    gm_page: Any,
    open_encounter: Callable[[Any, str], Any],
    encounters: dict[str, int],
) -> None:
    console: list[str] = []
    gm_page.on(
        "console",
        lambda msg: console.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    gm_page.add_init_script(WATCH)
    open_encounter(gm_page, system)
    assert gm_page.evaluate("window.__csp") == []
    # a style the page computes (a bar's width, a map's shape) still reaches the element
    styled = gm_page.locator("[data-style]")
    if styled.count():
        assert styled.first.evaluate("el => el.style.cssText") != ""
    response = gm_page.goto(f"/encounters/{encounters[system]}/replay/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    gm_page.wait_for_load_state("load")
    assert gm_page.evaluate("window.__csp") == []
    assert console == []
