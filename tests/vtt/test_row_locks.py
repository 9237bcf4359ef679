"""Every row lock is taken inside a transaction: PostgreSQL refuses `SELECT ... FOR UPDATE` in
autocommit (a 500), while SQLite and tests wrapped in a transaction never notice (issue 30)."""

from __future__ import annotations

import ast
from pathlib import Path

VTT = Path(__file__).resolve().parents[2] / "vtt"
# Calls that lock rows: the ORM's, and the encounter row read with `FOR UPDATE OF e`. A function
# that locks only when asked (a `lock` parameter) is checked where it is asked: `f(..., lock=True)`.
LOCKING = {"select_for_update", "_locked"}


def _is_atomic(node: ast.expr) -> bool:
    """`transaction.atomic`, `transaction.atomic()` or `atomic(...)`."""
    target = node.func if isinstance(node, ast.Call) else node
    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
    return name == "atomic"


def _unprotected_locks(tree: ast.Module) -> list[tuple[str, int]]:
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, function: str, atomic: bool, asked: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
            atomic = any(_is_atomic(d) for d in node.decorator_list)
            params = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
            asked = function == "_locked" or any(arg.arg == "lock" for arg in params)
        elif isinstance(node, ast.With | ast.AsyncWith):
            atomic = atomic or any(_is_atomic(item.context_expr) for item in node.items)
        elif isinstance(node, ast.Call) and not atomic:
            called = node.func
            name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
            told = any(
                k.arg == "lock" and not (isinstance(k.value, ast.Constant) and not k.value.value)
                for k in node.keywords
            )
            if (name in LOCKING and not asked) or told:
                found.append((function, node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, function, atomic, asked)

    visit(tree, "<module>", False, False)
    return found


def test_every_row_lock_in_vtt_is_inside_transaction_atomic() -> None:
    unprotected = {
        f"{path.relative_to(VTT.parent)}:{line} in {function}"
        for path in sorted(VTT.rglob("*.py"))
        for function, line in _unprotected_locks(ast.parse(path.read_text(), str(path)))
    }
    assert unprotected == set()


def test_the_check_sees_a_lock_outside_a_transaction() -> None:
    code = (
        "def bare(pk):\n    return Campaign.objects.select_for_update().get(pk=pk)\n"
        "@transaction.atomic\ndef kept(pk):\n    return _locked(pk)\n"
        "def inside(pk):\n    with transaction.atomic():\n        return _locked(pk)\n"
        "def rows(*, lock=False):\n    return Character.objects.select_for_update()\n"
        "def asks(pk):\n    return rows(lock=True)\n"
        "def reads(pk):\n    return rows(lock=False)\n"
        "@transaction.atomic\ndef writes(pk):\n    return rows(lock=True)\n"
    )
    assert _unprotected_locks(ast.parse(code)) == [("bare", 2), ("asks", 12)]
