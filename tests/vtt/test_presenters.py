"""Each system's board is a Presenter registered under the system's key (vtt/tables/registry.py),
and every board module of vtt/tables/ is registered: the table never looks one up by name."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType

from rules.core.registry import system_keys
from vtt.tables.registry import PRESENTERS, presenter_for

TABLES = Path(__file__).resolve().parents[2] / "vtt" / "tables"


def boards() -> set[str]:
    """The modules of vtt/tables/ that define a `board_context`."""
    found = set()
    for path in TABLES.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(
            isinstance(node, ast.FunctionDef) and node.name == "board_context" for node in tree.body
        ):
            found.add(path.stem)
    return found


def test_every_board_is_registered_under_its_systems_key() -> None:
    assert set(PRESENTERS) == boards()
    assert set(PRESENTERS) <= set(system_keys())
    for key, presenter in PRESENTERS.items():
        assert isinstance(presenter, ModuleType)
        assert presenter.__name__ == f"vtt.tables.{key}"
        assert isinstance(presenter.OWN_LEGAL, bool)


def test_a_system_without_a_board_gets_the_generic_one() -> None:
    assert presenter_for("chat") is None
    assert presenter_for("coc") is None
    assert presenter_for("scs") is PRESENTERS["scs"]
