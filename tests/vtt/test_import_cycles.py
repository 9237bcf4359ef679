"""The vtt modules import one another without a cycle, counting imports inside functions too."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path) -> str:
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return name.removesuffix(".__init__")


def import_graph() -> dict[str, set[str]]:
    """Each vtt module (migrations aside) -> the vtt modules it imports anywhere in its body."""
    paths = {module_name(p): p for p in (ROOT / "vtt").rglob("*.py") if "migrations" not in p.parts}
    graph: dict[str, set[str]] = {name: set() for name in paths}
    for name, path in paths.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            graph[name].update(t for t in targets if t in paths and t != name)
    return graph


def cycle_from(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A chain of imports from `start` that leads back to it, or None."""
    stack: list[tuple[str, list[str]]] = [(start, [start])]
    seen: set[str] = set()
    while stack:
        name, chain = stack.pop()
        for target in sorted(graph[name]):
            if target == start:
                return [*chain, start]
            if target not in seen:
                seen.add(target)
                stack.append((target, [*chain, target]))
    return None


def test_the_graph_sees_imports_inside_functions() -> None:
    # A cycle hidden behind an import inside a function is still a cycle: such imports count.
    graph = import_graph()
    assert "vtt.schema_forms" in graph["vtt.campaigns.services"]  # inside save_settings
    assert "vtt.encounters.audiences" in graph["vtt.encounters.fragments"]


def test_no_vtt_module_imports_itself_round_a_cycle() -> None:
    graph = import_graph()
    cycles = [cycle for name in graph if (cycle := cycle_from(graph, name))]
    assert cycles == []
