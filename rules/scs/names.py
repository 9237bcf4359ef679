"""Standard Combat Series's built-in names as messages: its catalogue's and demo's English defaults.

A name stored as one of these English defaults is shown in the reader's language
(vtt.words.shown); a name a group typed, or renamed, is shown as typed."""

from __future__ import annotations

from rules.core.messages import Message

NAMES: dict[str, Message] = {
    "halden_crossing": Message("scs.name.halden_crossing", "Halden Crossing"),
    "halden_crossing_demo": Message("scs.name.halden_crossing_demo", "Halden Crossing (SCS demo)"),
    "halden": Message("scs.name.halden", "Halden"),
    "kessel": Message("scs.name.kessel", "Kessel"),
    "infantry_bn_1st": Message("scs.name.infantry_bn_1st", "1st Infantry Bn"),
    "b1": Message("scs.name.b1", "1/7 Infantry Rgt"),
    "b2": Message("scs.name.b2", "2/7 Infantry Rgt"),
    "b3": Message("scs.name.b3", "3/7 Infantry Rgt"),
    "b4": Message("scs.name.b4", "7 Recon Bn"),
    "b5": Message("scs.name.b5", "12 Tank Bn"),
    "b6": Message("scs.name.b6", "14 Tank Bn"),
    "b7": Message("scs.name.b7", "5 Panzergrenadier Bn"),
    "b8": Message("scs.name.b8", "7 Anti-tank Coy"),
    "r1": Message("scs.name.r1", "101 Infantry Rgt"),
    "r2": Message("scs.name.r2", "102 Infantry Rgt"),
    "r3": Message("scs.name.r3", "103 Infantry Rgt"),
    "r4": Message("scs.name.r4", "Fusilier Bn"),
    "r5": Message("scs.name.r5", "40 Panzer Bn"),
    "r6": Message("scs.name.r6", "Pioneer Bn"),
    "r7": Message("scs.name.r7", "Flak Bn"),
    # Kolm Heights, the second shipped scenario (scenarios/kolm_heights.yaml)
    "kolm_heights": Message("scs.name.kolm_heights", "Kolm Heights"),
    "kolm": Message("scs.name.kolm", "Kolm"),
    "tarn": Message("scs.name.tarn", "Tarn"),
    "kolm_b1": Message("scs.name.kolm_b1", "1st Jäger Bn"),
    "kolm_b2": Message("scs.name.kolm_b2", "2nd Jäger Bn"),
    "kolm_b3": Message("scs.name.kolm_b3", "Heights Anti-tank Coy"),
    "kolm_b4": Message("scs.name.kolm_b4", "Reserve Tank Bn"),
    "kolm_r1": Message("scs.name.kolm_r1", "31 Rifle Rgt"),
    "kolm_r2": Message("scs.name.kolm_r2", "32 Rifle Rgt"),
    "kolm_r3": Message("scs.name.kolm_r3", "9 Tank Bn"),
    "kolm_r4": Message("scs.name.kolm_r4", "9 Recon Coy"),
    "kolm_r5": Message("scs.name.kolm_r5", "33 Rifle Rgt"),
    "demo_campaign": Message("scs.name.demo_campaign", "Demo: Standard Combat Series"),
    # the demo scenario's sides, as its log lines name them ("Red 已完成布置" reads 红方)
    "blue": Message("scs.name.blue", "Blue"),
    "red": Message("scs.name.red", "Red"),
}
