"""Mech skirmish's built-in names as messages: its catalogue's and demo's English defaults.

A name stored as one of these English defaults is shown in the reader's language
(vtt.words.shown); a name a group typed, or renamed, is shown as typed."""

from __future__ import annotations

from rules.core.messages import Message
from rules.mech import shipped

NAMES: dict[str, Message] = {
    "gp1_mule": Message("mech.name.gp1_mule", 'GP-1 "Mule"'),
    "bulwark_field": Message("mech.name.bulwark_field", "Bulwark Field"),
    "k12_carbine": Message("mech.name.k12_carbine", "K-12 Service Carbine"),
    "breaker_maul": Message("mech.name.breaker_maul", "Breaker Maul"),
    "holdout_pistol": Message("mech.name.holdout_pistol", "Holdout Pistol"),
    "cinder_pod": Message("mech.name.cinder_pod", "Cinder Pod"),
    "siege_cannon": Message("mech.name.siege_cannon", "Siege Cannon"),
    "coolant_purge": Message("mech.name.coolant_purge", "Coolant Purge"),
    "ablative_skirts": Message("mech.name.ablative_skirts", "Ablative Skirts"),
    "sparring_mule": Message("mech.name.sparring_mule", "Sparring Mule"),
    "sparring_pilot": Message("mech.name.sparring_pilot", "Sparring pilot"),
    "sparring_mule_a": Message("mech.name.sparring_mule_a", "Sparring Mule A"),
    "sparring_mule_b": Message("mech.name.sparring_mule_b", "Sparring Mule B"),
    "demo_title": Message(
        "mech.name.demo_title", "Mech skirmish: Latch's lance against the sparring lance"
    ),
    "demo_campaign": Message("mech.name.demo_campaign", "Demo: Mech skirmish"),
    **shipped.NAMES,  # the shipped frames, weapons and systems beyond §13
}
