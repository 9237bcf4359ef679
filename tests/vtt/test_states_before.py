"""The GM's undo restores the state kept from before the entry it takes back
(vtt/encounters/states_before.py): the same state a refold of the whole log gives, without
reading the log."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rules.core.log import last_revertible
from rules.core.system import Action
from vtt.encounters import services, states_before
from vtt.encounters.models import Encounter

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def nothing_kept() -> Iterator[None]:
    states_before.forget_all()
    yield
    states_before.forget_all()


def _stored(encounter: Any) -> dict[str, Any]:
    state: dict[str, Any] = Encounter.objects.get(pk=encounter.pk).state
    return state


def _check(encounter: Any) -> None:
    """The stored state is the refold of the log, and the newest entry left to undo is found
    as the whole log finds it."""
    row = Encounter.objects.get(pk=encounter.pk)
    assert services.replay(row).matches, services.replay(row).differences
    expected = last_revertible(services.entries_of(row))
    found = services.newest_revertible(row)
    assert (found and found.index) == (expected and expected.index)


def _undo_without_the_log(
    monkeypatch: pytest.MonkeyPatch, encounter: Any, user: Any, key: str
) -> None:
    """The GM's undo, failing if it reads the whole log."""

    def whole_log(_encounter: Any) -> Any:
        raise AssertionError("the undo read the whole log")

    with monkeypatch.context() as patched:
        patched.setattr(services, "entries_of", whole_log)
        services.undo(encounter.pk, user.pk, key)


def test_undo_after_undo_and_new_moves_matches_a_refold(
    mech_encounter: Any,
    gwen: Any,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    moves = iter([(4, 5), (5, 5), (5, 6), (6, 6)])

    def move(key: str) -> None:
        x, y = next(moves)
        with django_capture_on_commit_callbacks(execute=True):
            services.play(
                mech_encounter.pk, gwen.pk, Action("move", "latch", {"x": x, "y": y}), key
            )

    with django_capture_on_commit_callbacks(execute=True):
        services.play(mech_encounter.pk, gwen.pk, Action("begin_turn", "latch"), "g0")
    started = _stored(mech_encounter)
    move("g1")
    after_first = _stored(mech_encounter)
    move("g2")
    _check(mech_encounter)

    _undo_without_the_log(monkeypatch, mech_encounter, gwen, "u1")  # takes back g2
    assert _stored(mech_encounter) == after_first
    _check(mech_encounter)
    _undo_without_the_log(monkeypatch, mech_encounter, gwen, "u2")  # and g1
    assert _stored(mech_encounter) == started
    _check(mech_encounter)

    move("g3")
    move("g4")
    _undo_without_the_log(monkeypatch, mech_encounter, gwen, "u3")
    _undo_without_the_log(monkeypatch, mech_encounter, gwen, "u4")
    assert _stored(mech_encounter) == started
    _check(mech_encounter)


def test_an_entry_not_kept_here_is_refolded_from_the_log(
    mech_encounter: Any, gwen: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        services.play(mech_encounter.pk, gwen.pk, Action("begin_turn", "latch"), "g0")
    started = _stored(mech_encounter)
    with django_capture_on_commit_callbacks(execute=True):
        services.play(mech_encounter.pk, gwen.pk, Action("move", "latch", {"x": 4, "y": 5}), "g1")
    states_before.forget_all()  # as when another server process played it

    services.undo(mech_encounter.pk, gwen.pk, "u1")

    assert _stored(mech_encounter) == started
    _check(mech_encounter)


def test_a_state_kept_for_another_encounter_with_the_same_id_is_not_used(
    mech_encounter: Any, gwen: Any
) -> None:
    """Kept by id and seed: an encounter given the id of one rolled back (SQLite) differs."""
    row = Encounter.objects.get(pk=mech_encounter.pk)
    services.play(mech_encounter.pk, gwen.pk, Action("begin_turn", "latch"), "g0")
    states_before.keep(row.pk, "another seed", 2, {"version": "not this one"})

    services.undo(mech_encounter.pk, gwen.pk, "u1")

    _check(mech_encounter)


def test_nothing_to_undo_is_still_refused(mech_encounter: Any, gwen: Any) -> None:
    from vtt.errors import NotAllowed

    with pytest.raises(NotAllowed, match="nothing to undo"):
        services.undo(mech_encounter.pk, gwen.pk, "u1")
