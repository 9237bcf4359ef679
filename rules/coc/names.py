"""Call of Cthulhu's built-in names as messages: its catalogue's and demo's English defaults.

A name stored as one of these English defaults is shown in the reader's language
(vtt.words.shown); a name a group typed, or renamed, is shown as typed."""

from __future__ import annotations

from rules.core.messages import Message

NAMES: dict[str, Message] = {
    "double_shotgun": Message("coc.name.double_shotgun", "12-gauge double-barrelled shotgun"),
    "revolver": Message("coc.name.revolver", ".38 revolver"),
    "thompson": Message("coc.name.thompson", "Thompson SMG"),
    "sacrificial_knife": Message("coc.name.sacrificial_knife", "sacrificial knife"),
    "fire_iron": Message("coc.name.fire_iron", "fire iron"),
    "burning_torch": Message("coc.name.burning_torch", "burning torch"),
    "fists": Message("coc.name.fists", "fists"),
    "new_investigator": Message("coc.name.new_investigator", "New investigator"),
    "cultist_knife": Message("coc.name.cultist_knife", "Cultist with a knife"),
    "acolyte_torch": Message("coc.name.acolyte_torch", "Torch-bearing acolyte"),
    "demo_title": Message("coc.name.demo_title", "The Whateley farmhouse burns"),
    "demo_notes": Message(
        "coc.name.demo_notes",
        "The kitchen is on fire (burning room, 1d6+2 a round). A crate of dynamite "
        "(5d6, radius 2 yards) sits by the stove. The whisky on the table is laced with "
        "strychnine (POT 20).",
    ),
    "demo_campaign": Message("coc.name.demo_campaign", "Demo: Call of Cthulhu"),
}
