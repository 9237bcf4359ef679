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


# The apps (vtt's packages, and its top-level modules) are layered, each importing only those
# below it (docs/architecture.md, "The layers"): the leaves (words, the presenters in vtt.tables,
# the forms built from the rules' schemas, the JSON field people type into), then campaigns,
# characters, the log (vtt.eventlog) and the tables that write it (vtt.encounters), and on top
# the lobby (vtt.lobby), which no app imports.


def app_of(module: str) -> str:
    """The app a vtt module belongs to: its package under vtt (vtt.encounters.fragments ->
    vtt.encounters), or the top-level module itself (vtt.words)."""
    return ".".join(module.split(".")[:2])


def imported_by_name(tree: ast.AST) -> set[str]:
    """What `importlib.import_module(...)` calls load, as far as their argument names it: a
    string, or an f-string's fixed start (`f"vtt.tables.{key}"` -> "vtt.tables.")."""
    found = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name != "import_module":
            continue
        arg = node.args[0]
        if isinstance(arg, ast.JoinedStr) and arg.values:
            arg = arg.values[0]
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            found.add(arg.value)
    return found


def app_graph() -> dict[str, set[str]]:
    """Each vtt app -> the other apps its modules import, counting modules loaded by name."""
    graph: dict[str, set[str]] = {}
    for name, targets in import_graph().items():
        graph.setdefault(app_of(name), set()).update(app_of(t) for t in targets)
    for path in (ROOT / "vtt").rglob("*.py"):
        if "migrations" in path.parts:
            continue
        by_name = imported_by_name(ast.parse(path.read_text(encoding="utf-8")))
        apps = {app_of(target.rstrip(".")) for target in by_name if target.startswith("vtt.")}
        graph.setdefault(app_of(module_name(path)), set()).update(apps)
    for app, targets in graph.items():
        targets.discard(app)
        for target in targets:
            graph.setdefault(target, set())
    return graph


def in_cycles(graph: dict[str, set[str]]) -> set[str]:
    return {name for name in graph if cycle_from(graph, name)}


def test_the_app_graph_counts_modules_loaded_by_name() -> None:
    tree = ast.parse('importlib.import_module(f"vtt.tables.{key}")\nimport_module("vtt.words")')
    assert imported_by_name(tree) == {"vtt.tables.", "vtt.words"}
    graph = {"vtt.a": {"vtt.b"}, "vtt.b": {"vtt.a"}, "vtt.c": {"vtt.a"}}
    assert in_cycles(graph) == {"vtt.a", "vtt.b"}


def test_the_presenters_are_in_no_app_cycle() -> None:
    # the table finds them in vtt/tables/registry.py; they import nothing of the table's views
    graph = app_graph()
    assert cycle_from(graph, "vtt.tables") is None
    assert not {"vtt.encounters", "vtt.campaigns"} & graph["vtt.tables"]


def test_no_app_imports_another_round_a_cycle() -> None:
    assert in_cycles(app_graph()) == set()


def test_the_log_lies_below_the_tables_that_write_it() -> None:
    # the Event rows name their encounter's model, not import it; the write is the table's
    graph = app_graph()
    assert "vtt.encounters" not in graph["vtt.eventlog"]
    assert "vtt.eventlog" in graph["vtt.encounters"]


def test_campaigns_lie_below_characters_and_tables_and_the_lobby_above_them() -> None:
    """vtt/campaigns (campaigns, memberships, invites, settings) imports none of the apps that
    hang off a campaign; what changes a campaign together with its characters and tables (the
    pages, joining and seats, a new game, downtime, a campaign moved) is vtt/lobby, which no app
    imports (vtt/urls.py includes its URLs by name)."""
    graph = app_graph()
    above = {"vtt.characters", "vtt.encounters", "vtt.eventlog", "vtt.lobby"}
    assert not graph["vtt.campaigns"] & above
    assert not graph["vtt.characters"] & (above - {"vtt.characters"})
    assert [app for app, targets in graph.items() if "vtt.lobby" in targets] == []


def test_the_forms_from_schemas_lie_below_the_apps() -> None:
    # every app's forms use them; they import the rules, the words and the JSON field alone
    graph = app_graph()
    assert graph["vtt.schema_forms"] <= {"vtt.words", "vtt.json_field"}
    assert graph["vtt.json_field"] <= {"vtt.safejson"}


def test_the_table_reaches_the_rules_through_the_kit_alone() -> None:
    """vtt/encounters knows the rules by rules.core (GameSystem and the registry): the builder
    asks a system for its scenarios instead of importing rules/scs/scenario.py."""
    found = []
    for path in sorted((ROOT / "vtt" / "encounters").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            found += [
                f"{module_name(path)} -> {name}"
                for name in names
                if name.startswith("rules.") and not name.startswith("rules.core")
            ]
    assert found == []
