"""Ace Evolution's built-in names as messages: its catalogue's and demo's English defaults.

A name stored as one of these English defaults is shown in the reader's language
(vtt.words.shown); a name a group typed, or renamed, is shown as typed."""

from __future__ import annotations

from rules.core.messages import Message

NAMES: dict[str, Message] = {
    "lin_yue": Message("ace.name.lin_yue", "Lin Yue"),
    "su_qing": Message("ace.name.su_qing", "Su Qing"),
    "bone_jaw_ghoul_hound": Message("ace.name.bone_jaw_ghoul_hound", "Bone-jaw Ghoul Hound"),
    "demo_title": Message("ace.name.demo_title", "The Bone-jaw Ghoul Hound"),
    "steel_jian": Message("ace.name.steel_jian", "Steel jian"),
    "throwing_knives": Message("ace.name.throwing_knives", "Throwing knives"),
    "pistol": Message("ace.name.pistol", "Pistol"),
    "dagger": Message("ace.name.dagger", "Dagger"),
    "thunder_talisman": Message("ace.name.thunder_talisman", "Thunder talisman"),
    "bite": Message("ace.name.bite", "Bite"),
    "claws": Message("ace.name.claws", "Claws"),
    "recovery_ration": Message("ace.name.recovery_ration", "Recovery ration (30 HP)"),
    "katana": Message("ace.name.katana", "Katana (1.5 m)"),
    "phone_from_home": Message("ace.name.phone_from_home", "Phone from home"),
    "unarmed": Message("ace.name.unarmed", "Unarmed"),
    "knife": Message("ace.name.knife", "Knife"),
    "reincarnator": Message("ace.name.reincarnator", "Reincarnator"),
    "demo_campaign": Message("ace.name.demo_campaign", "Demo: Ace Evolution"),
}
