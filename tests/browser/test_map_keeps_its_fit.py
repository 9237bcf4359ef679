"""Issue 34: a map keeps its first fit when the page's layout changes under it (mapview.js).

A map its viewer has not zoomed or panned is fitted again whenever its own size changes (its
column narrows, a panel takes height from it, the page's styles arrive after it was first drawn),
not only when the window is resized; a map they zoomed keeps their view."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 900}

# the map's size on screen, the part of the map it shows (its viewBox) and its zoom label
STATE = """() => {
    const svg = document.querySelector('.mech-board .mapview svg.map');
    const [x, y, w, h] = svg.getAttribute('viewBox').split(/[ ,]+/).map(Number);
    const [fx, fy, fw, fh] = svg.dataset.full.split(/[ ,]+/).map(Number);
    const level = svg.closest('.mapview').querySelector('.mapview-level').textContent;
    return {width: svg.clientWidth, height: svg.clientHeight, x, y, w, h, fx, fy, fw, fh, level};
}"""

# The page's layout changes, the window does not: the map's column narrows to half the board and
# a panel above it leaves it 250 px of height.
NARROWER = """() => {
    const layout = document.querySelector('.mech-layout');
    layout.style.gridTemplateColumns = 'minmax(0, 1fr) minmax(0, 1fr)';
    document.querySelector('.mech-board .mapview svg.map').style.maxHeight = '250px';
}"""
AS_BEFORE = """() => {
    document.querySelector('.mech-layout').style.removeProperty('grid-template-columns');
    document.querySelector('.mech-board .mapview svg.map').style.removeProperty('max-height');
}"""

# Two frames drawn: the map's ResizeObserver has been told of a size the page's layout reached
# before (its callbacks run as a frame is drawn, after the frame's requestAnimationFrame ones).
TWO_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def fitted(state: dict[str, Any]) -> None:
    """The whole map in view, drawn as large as the map's box allows, the label saying so."""
    assert abs(state["w"] / state["h"] - state["width"] / state["height"]) < 0.01, state
    assert state["x"] <= state["fx"] + 0.5, state
    assert state["y"] <= state["fy"] + 0.5, state
    assert state["x"] + state["w"] >= state["fx"] + state["fw"] - 0.5, state
    assert state["y"] + state["h"] >= state["fy"] + state["fh"] - 0.5, state
    tight = min(abs(state["w"] - state["fw"]), abs(state["h"] - state["fh"]))
    assert tight < 1, state  # no wider margin than the box's shape needs
    assert state["level"] == f"{round(state['width'] / state['w'] * 100)}%", state


def test_a_map_is_fitted_again_when_the_layout_changes_until_its_viewer_zooms(
    login: Callable[..., Any],
    open_encounter: Callable[[Any, str], Any],
    screenshot: Callable[[Any, str], Path],
) -> None:
    page = open_encounter(login("player1", viewport=LAPTOP), "mech")
    before = page.evaluate(STATE)
    fitted(before)

    page.evaluate(NARROWER)
    page.wait_for_function(
        f"() => ({STATE})().level !== {before['level']!r}", timeout=5_000, polling=100
    )
    after = page.evaluate(STATE)
    screenshot(page, "narrower")
    assert after["width"] < before["width"] * 0.9, (before, after)
    assert after["height"] <= 250, (before, after)
    fitted(after)

    # Once the viewer zooms in, their view stays as the layout changes back (only clamped).
    page.locator(".mech-board .mapview [data-zoom=in]").click()
    zoomed = page.evaluate(STATE)
    assert zoomed["w"] < after["w"] * 0.8, zoomed
    page.evaluate(AS_BEFORE)
    page.wait_for_function(
        f"() => ({STATE})().width > {after['width'] + 20}", timeout=5_000, polling=100
    )
    page.evaluate(TWO_FRAMES)  # the wait above reads the new size before the map hears of it
    kept = page.evaluate(STATE)
    assert abs(kept["w"] - zoomed["w"]) < 0.5, (zoomed, kept)
    assert kept["level"] != before["level"], kept  # still zoomed in, not fitted

    # The fit button (or 0) gives the map back to the layout: fitted, and again after a change.
    page.locator(".mech-board .mapview [data-zoom=fit]").click()
    fitted(page.evaluate(STATE))
    page.evaluate(NARROWER)
    page.wait_for_function(
        f"() => ({STATE})().width < {kept['width'] * 0.9}", timeout=5_000, polling=100
    )
    page.evaluate(TWO_FRAMES)  # the wait above reads the new size before the map hears of it
    fitted(page.evaluate(STATE))
