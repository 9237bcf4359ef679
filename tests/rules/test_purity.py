"""rules/ stays pure Python: no module under it imports django, channels or vtt."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "rules"
FORBIDDEN = {"django", "channels", "vtt"}


def forbidden_imports(source: str) -> list[str]:
    """Every import of a forbidden top-level package in `source`, as `line: name`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name | ast.Attribute)
            and getattr(node.func, "id", getattr(node.func, "attr", ""))
            in {"import_module", "__import__"}
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names = [node.args[0].value]
        found += [f"{node.lineno}: {name}" for name in names if name.split(".")[0] in FORBIDDEN]
    return found


def modules() -> list[Path]:
    return sorted(RULES.rglob("*.py"))


def test_there_are_rules_modules_to_check() -> None:
    assert RULES / "core" / "dice.py" in modules()


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(RULES.parent)))
def test_rules_module_imports_no_django_channels_or_vtt(path: Path) -> None:
    assert forbidden_imports(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source",
    [
        "import django",
        "import os, channels.layers",
        "from django.db import models",
        "from vtt.encounters import services",
        "def f():\n    import vtt",
        "import importlib\nimportlib.import_module('django.conf')",
        "__import__('channels')",
    ],
)
def test_the_check_catches_every_way_of_importing(source: str) -> None:
    assert forbidden_imports(source)


@pytest.mark.parametrize(
    "source",
    ["import djangoish", "from rules.core import dice", "from . import vtt", "x = 'django'"],
)
def test_the_check_allows_look_alikes(source: str) -> None:
    assert forbidden_imports(source) == []
