"""Delta Green's built-in names as messages: its catalogue's and demo's English defaults.

A name stored as one of these English defaults is shown in the reader's language
(vtt.words.shown); a name a group typed, or renamed, is shown as typed."""

from __future__ import annotations

from rules.core.messages import Message

NAMES: dict[str, Message] = {
    "revolver": Message("dg.name.revolver", ".38 revolver"),
    "pump_shotgun": Message("dg.name.pump_shotgun", "12-gauge pump shotgun"),
    "ritual_knife": Message("dg.name.ritual_knife", "Ritual knife"),
    "pistol_9mm": Message("dg.name.pistol_9mm", "9mm pistol"),
    "fist": Message("dg.name.fist", "Fist"),
    "new_agent": Message("dg.name.new_agent", "New agent"),
    "cultist_revolver": Message("dg.name.cultist_revolver", "Cultist with a revolver"),
    "cultist_shotgun": Message("dg.name.cultist_shotgun", "Cultist with a shotgun"),
    "cultist_armoured": Message("dg.name.cultist_armoured", "Armoured cultist"),
    "cultist_knife": Message("dg.name.cultist_knife", "Cultist with a knife"),
    "demo_title": Message("dg.name.demo_title", "Delta Green: the warehouse on Pier 9"),
    "demo_campaign": Message("dg.name.demo_campaign", "Demo: Delta Green"),
}
