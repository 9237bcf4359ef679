"""Issue 31, "rules written once": the Call of Cthulhu rule IDs both percentile systems implement
(cited in rules/coc and in rules/delta_green) are written once in rules/brp, which cites them too.
The few still implemented in both folders without a shared piece are listed here, each with its
reason; the list may only shrink (a new doubled rule fails, and so does one that got shared and
is still listed)."""

from __future__ import annotations

from citations import ROOT, citations, reference_ids

SYSTEMS = ("rules/coc", "rules/delta_green")
SHARED = "rules/brp"

# Cited in both systems' code and not in rules/brp: each a reason why there is nothing to share.
ALLOWED: dict[str, str] = {
    # What the GM decides: each system's GM tool offers it in its own form; no rule to compute.
    "COC-ACID-1": "the GM decides what counts as massive contact; only the table is shared",
    "COC-FIRE-1": "the GM designs the fire; the presets are shared (FIRES)",
    "COC-POISON-4": "the GM adjusts a dose; the table and the onset are shared (POISONS, onset)",
    "COC-DROWN-1": "the GM starts the drowning; the breath rolls are shared (breath_chance)",
    "COC-DROWN-5": "the GM ends it; each system clears its own state shape (an effect, a flag)",
    # What a sheet says: words and data, each system's sheet schema.
    "COC-SHOTGUN-1": "the kinds of shotgun are sheet data (mechanism, action) in each schema",
    # Steps whose shape is each system's own round (DEX ranks, Delta Green's actions and hands).
    "COC-TWOWEAP-1": "one attack and one parry with two weapons: each round record counts them",
    "COC-AUTO-6": "a burst over several targets: each system's burst loop rolls per target",
    "COC-KO-6": "First Aid or Medicine wakes the knocked out: a write in each state's shape",
}


def _cited(folder: str) -> set[str]:
    """The COC-* rule IDs the Python files under `folder` cite (IDs, not families: COC-FIRE-*)."""
    listed = reference_ids()
    return {
        rule
        for path in (ROOT / folder).rglob("*.py")
        for rule in citations(path.read_text(encoding="utf-8"))
        if rule.startswith("COC-") and rule in listed
    }


def doubled() -> set[str]:
    """Rule IDs both systems cite and rules/brp does not: implemented twice, shared nowhere."""
    coc, delta_green = (_cited(folder) for folder in SYSTEMS)
    return (coc & delta_green) - _cited(SHARED)


def test_rules_both_percentile_systems_play_are_written_once_in_brp() -> None:
    """26 such IDs before this test was written, 9 now."""
    found = doubled()
    assert not found - ALLOWED.keys(), (
        f"written twice, not in rules/brp: {sorted(found - ALLOWED.keys())}"
    )
    assert not ALLOWED.keys() - found, (
        f"shared now, drop from ALLOWED: {sorted(ALLOWED.keys() - found)}"
    )
    assert len(found) <= 9
