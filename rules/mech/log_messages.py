"""The mech's log lines: attacks, damage, heat, structure, stress, checks and conditions.

Each line keeps the English it had as bare text; its words (damage types, conditions, attack
kinds, verdicts) are messages of their own, nested as parameters, so a reader sees every word in
their language. Terms kept in tables here are listed in `TERMS` for the catalogue.
"""

from __future__ import annotations

from typing import Any

from rules.core.kit import Message, Msg

# --- small words nested in lines ----------------------------------------------------------------
SEMI = Message("mech.log.semi", "{first}; {then}")
SPACED = Message("mech.log.spaced", "{first} {then}")
CHECK_WORD = Message("mech.word.check", "check")
SAVE_WORD = Message("mech.word.save", "save")
SUCCESS = Message("mech.word.success", "success")
FAILURE = Message("mech.word.failure", "failure")
HIT = Message("mech.word.hit", "hit")
MISS = Message("mech.word.miss", "miss")
CRITICAL_HIT = Message("mech.word.critical_hit", "critical hit")
EVASION = Message("mech.word.evasion", "evasion")
E_DEFENSE = Message("mech.word.e_defense", "e-defense")
NOBODY = Message("mech.word.nobody", "nobody")
ATTACK_KINDS = {
    "ranged": Message("mech.attack_kind.ranged", "ranged attack"),
    "melee": Message("mech.attack_kind.melee", "melee attack"),
    "tech": Message("mech.attack_kind.tech", "tech attack"),
}
COVER_WORDS = {
    "light": Message("mech.cover.light", "light cover"),
    "heavy": Message("mech.cover.heavy", "heavy cover"),
}
# A condition as a log line names it: "Stunned", "Lock on", "Shut down".
CONDITION_TITLES = {
    name: Message(f"mech.condition_title.{name}", name.replace("_", " ").capitalize())
    for name in (
        "immobilized",
        "impaired",
        "jammed",
        "lock_on",
        "shredded",
        "slowed",
        "stunned",
        "prone",
        "exposed",
        "hidden",
        "invisible",
        "disengaged",
        "supported",
        "shut_down",
        "engaged",
        "danger_zone",
        "burning",
        "grappled",
    )
}

# Why something happens, nested in the lines that say so ("takes 2 heat (GM)").
WHY_IMPROVISED = Message("mech.why.improvised", "improvised attack")
WHY_MELTDOWN = Message("mech.why.meltdown", "reactor meltdown")
WHY_MELTDOWN_BLAST = Message("mech.why.meltdown_blast", "meltdown blast")
WHY_BURN = Message("mech.why.burn", "burn")
WHY_CARRIED = Message("mech.why.carried", "carried over")
WHY_DIRECT_HIT = Message("mech.why.direct_hit", "direct hit")
WHY_MELTDOWN_CHECK = Message("mech.why.meltdown_check", "meltdown")
WHY_GM = Message("mech.why.gm", "GM")
WHY_SAVE = Message("mech.why.save", "save")
WHY_SEARCH = Message("mech.why.search", "search")
WHY_ATTACKED = Message("mech.why.attacked", "attacked")
WHY_REACTION = Message("mech.why.reaction", "reaction")
WHY_BOOST = Message("mech.why.boost", "boost")
WHY_MADE_SAVE = Message("mech.why.made_save", "made a save")
WHY_FORCED_SAVE = Message("mech.why.forced_save", "forced a save")

# --- checks and saves (MECH-CHECK-1, MECH-SAVE-1) ------------------------------------------------
CHECK_LABEL = Message("mech.log.check_label", "{name} {attribute} {kind} ({why})")
CHECK_AUTO_FAILED = Message("mech.log.check_auto_failed", "{label}: fails automatically (Stunned)")
CHECK_ROLLED = Message(
    "mech.log.check_rolled",
    "{label}: d20 = {natural}{bonus}{modifier} = {total} vs {target}: {verdict}",
)
CHECK_ACCURACY = Message("mech.log.check_accuracy", " {modifier} accuracy")
CHECK_THEN = Message("mech.log.check_then", "{check}: {outcome}")
SUPPORT_USED = Message("mech.log.support_used", "{name} uses Support on this roll")

# --- attacks (MECH-ATK-*, MECH-ACC-1) ------------------------------------------------------------
WHY_IMPAIRED = Message("mech.acc.impaired", "Impaired +1 difficulty")
WHY_ENGAGED = Message("mech.acc.engaged", "engaged +1 difficulty")
WHY_COVER = Message("mech.acc.cover", "{cover} +{n} difficulty")
WHY_PRONE = Message("mech.acc.prone", "Prone target +1 accuracy")
WHY_LOCK_ON = Message("mech.acc.lock_on", "Lock On spent +1 accuracy")
WHY_LOCK_ON_OF = Message("mech.acc.lock_on_of", "Lock On of {name} spent +1 accuracy")
WHY_EXTRA = Message("mech.acc.extra", "extra +{accuracy} accuracy / +{difficulty} difficulty")
WHY_INVISIBLE = Message("mech.acc.invisible", "Invisible d2 = 2: the attack goes ahead")
WHY_TOTAL_20 = Message(
    "mech.acc.total_20", "a total of 20 or more crits against {defence} {value} (MECH-AMB-23)"
)
INVISIBLE_MISS = Message(
    "mech.log.invisible_miss", "{name} is Invisible: d2 = 1, the attack misses"
)
ATTACK_ROLL = Message(
    "mech.log.attack_roll",
    "{attack} on {target}: d20 = {natural} {bonus} {modifier} = {total} vs {defence} {value}: "
    "{verdict}",
)
ATTACK_ROLL_WHY = Message(
    "mech.log.attack_roll_why",
    "{attack} on {target}: d20 = {natural} {bonus} {modifier} = {total} vs {defence} {value}: "
    "{verdict} ({why})",
)
ATTACK_ROLLED = Message("mech.log.attack_rolled", "{name}: {roll}")
ATTACK_VERBED = Message("mech.log.attack_verbed", "{name} {verb}: {roll}")
VERBS = {
    "grapples": Message("mech.verb.grapples", "grapples"),
    "rams": Message("mech.verb.rams", "rams"),
    "invades": Message("mech.verb.invades", "invades"),
    "attacks": Message("mech.verb.attacks", "attacks"),
}
LOCK_ON_SPENT = Message("mech.log.lock_on_spent", "{name} spends the Lock On on {target}")
ATTACKS_WITH = Message("mech.log.attacks_with", "{name} attacks with {weapon}")
ATTACKS_WITH_AREA = Message("mech.log.attacks_with_area", "{name} attacks with {weapon} ({area})")
FOLLOW_UP_NOTE = Message("mech.log.follow_up_note", "{declared} (follow-up, no bonus damage)")
DECLARED = Message("mech.log.declared", "{declared}: {targets}")
AN_UNSEEN_UNIT = Message("mech.log.an_unseen_unit", "an unseen unit")
UNSEEN_UNITS = Message("mech.log.unseen_units", "{n} unseen units")
SAVE_FAILED = Message("mech.log.save_failed", "{name} fails the save: {condition}")
SAVE_FAILED_TIMED = Message(
    "mech.log.save_failed_timed",
    "{name} fails the save: {condition} until the end of its next turn",
)

# --- damage (MECH-DMG-PIPE, MECH-HP-1) -----------------------------------------------------------
DAMAGE_ROLLED = Message("mech.log.damage_rolled", "damage {expr}: {shown}{sums}{critical}")
DAMAGE_BONUS = Message("mech.log.damage_bonus", "{faces} + {bonus} bonus")
DAMAGE_BONUS_ALONE = Message("mech.log.damage_bonus_alone", "+ {bonus} bonus")
CRIT_ONE = Message(
    "mech.log.crit_one", "; critical: second roll {second}, the higher is kept ({total})"
)
CRIT_EACH = Message(
    "mech.log.crit_each", "; critical: second rolls {seconds}, each keeps the higher"
)
DAMAGE_PART = Message("mech.log.damage_part", "{amount} {type}")
STEP_EXPOSED = Message("mech.step.exposed", "Exposed doubles {type} to {amount}")
STEP_SHREDDED = Message("mech.step.shredded", "Shredded: armour has no effect")
STEP_ARMOUR = Message("mech.step.armour", "armour −{cut} {type}")
STEP_IMMUNE = Message("mech.step.immune", "immune to {type}")
STEP_RESISTS = Message("mech.step.resists", "resists {type}: halved to {amount}")
DAMAGE_TAKEN = Message("mech.log.damage_taken", "{name} takes {amount} damage ({why}: {detail})")
DAMAGE_CARRIED = Message("mech.log.damage_carried", "{name} takes the {excess} carried over")
DAMAGE_HP = Message("mech.log.damage_hp", "{line}: HP {hp}/{hp_max}")
DAMAGE_STRUCTURE = Message(
    "mech.log.damage_structure",
    "{line}: HP 0 — 1 structure damage (structure {structure}/{structure_max})",
)
DAMAGE_STRUCTURE_CARRY = Message(
    "mech.log.damage_structure_carry",
    "{line}: HP 0 — 1 structure damage (structure {structure}/{structure_max}), {excess} damage "
    "carries over",
)
BURN_MARKED = Message(
    "mech.log.burn_marked", "{name} catches fire: {amount} burn ({why}), burn marked {marked}"
)

# --- heat (MECH-HEAT-1/2) ------------------------------------------------------------------------
HEAT_TAKEN = Message("mech.log.heat_taken", "{name} takes {amount} heat ({why}): heat {heat}/{cap}")
HEAT_TAKEN_DANGER = Message(
    "mech.log.heat_taken_danger",
    "{name} takes {amount} heat ({why}): heat {heat}/{cap} — danger zone",
)
HEAT_NO_STRESS = Message(
    "mech.log.heat_no_stress",
    "{name} takes {amount} heat ({why}) with no stress left: heat cleared, {excess} carries "
    "over; the meltdown stands",
)
HEAT_OVERFLOWED = Message(
    "mech.log.heat_overflowed",
    "{name} takes {amount} heat ({why}): {heat} + {amount} exceeds the cap {cap}; 1 stress, heat "
    "cleared, {excess} heat carries over (MECH-HEAT-2)",
)

# --- structure and stress (MECH-STRUCT-TABLE, MECH-STRESS-TABLE) ---------------------------------
TABLE_ROLL = Message("mech.log.table_roll", "{table} {count}d6 = {faces}: lowest {lowest} → {row}")
STRUCTURE_CHECK = Message("mech.word.structure_check", "structure check")
STRESS_CHECK = Message("mech.word.stress_check", "stress check")
UNTIL_NEXT_TURN = Message("mech.word.until_next_turn", "until the end of its next turn")
UNTIL_NEXT_ROUND = Message(
    "mech.word.until_next_round", "until the end of the next round's first turn"
)
# The preset tables' row names (rules/mech/tables.py); a GM's own table names its rows itself.
ROW_NAMES = {
    english: Message(f"mech.table_row.{english.lower().replace(' ', '_')}", english)
    for english in (
        "Direct hit",
        "System trauma",
        "Glancing blow",
        "Meltdown",
        "Power plant unstable",
        "Power plant destabilise",
        "Emergency stop",
        "Emergency shunt",
        "Multiple 1s",
    )
}


def row_name(name: str) -> Msg | str:
    """A table row's name as a message when it is a preset's, else as the GM wrote it."""
    known = ROW_NAMES.get(name)
    return name if known is None else known()


TABLE_LINE = Message("mech.log.table_line", "{name}: {roll}")
TABLE_EFFECT = Message("mech.log.table_effect", "{name}: {roll}; {effect}")
EFFECT_STUNNED_LEFT = Message("mech.effect.stunned_left", "{left} structure left: Stunned {until}")
EFFECT_HULL_CHECK = Message("mech.effect.hull_check", "2 structure left: HULL check")
EFFECT_STRUCTURE_DESTROYED = Message(
    "mech.effect.structure_destroyed", "1 structure left: destroyed"
)
EFFECT_NOTHING_LEFT = Message(
    "mech.effect.nothing_left", "nothing left to lose: treated as a direct hit (MECH-AMB-34)"
)
EFFECT_TRAUMA = Message("mech.effect.trauma", "{how}{what} destroyed — its controller chooses")
TRAUMA_EVEN = Message("mech.trauma.even", "even: ")
TRAUMA_ODD = Message("mech.trauma.odd", "odd: ")
TRAUMA_SECOND = Message("mech.trauma.second", "second d6 = {second}: ")
TRAUMA_OTHER = Message("mech.trauma.other", "{how}nothing of that kind left, so ")
TRAUMA_MOUNT = Message("mech.trauma.mount", "all weapons on one mount")
TRAUMA_SYSTEM = Message("mech.trauma.system", "one system")
EFFECT_IMPAIRED = Message("mech.effect.impaired", "Impaired {until}")
EFFECT_NONE = Message("mech.effect.none", "no effect")
DIRECT_HIT_ROLL = Message("mech.log.direct_hit_roll", "direct hit")
STUNNED_UNTIL = Message("mech.log.stunned_until", "Stunned {until}")
MECH_DESTROYED_WORDS = Message("mech.outcome.destroyed", "the mech is destroyed")
STUNNED_DIRECT_HIT = Message("mech.log.stunned_direct_hit", "{name} is Stunned (direct hit)")
IMPAIRED_GLANCING = Message("mech.log.impaired_glancing", "{name} is Impaired (glancing blow)")
IMPAIRED_STOP = Message("mech.log.impaired_stop", "{name} is Impaired (emergency stop)")
EXPOSED = Message("mech.log.exposed", "{name} is Exposed")
EXPOSED_WORD = Message("mech.outcome.exposed", "Exposed")
EFFECT_EXPOSED_LEFT = Message("mech.effect.exposed_left", "{left} stress left: Exposed")
EFFECT_ENGINEERING = Message("mech.effect.engineering", "2 stress left: ENGINEERING check")
EFFECT_MELTDOWN_NEXT = Message(
    "mech.effect.meltdown_next", "reactor meltdown at the end of its next turn"
)
EFFECT_LAST_STRESS = Message(
    "mech.effect.last_stress", "1 stress left: reactor meltdown at the end of its next turn"
)
EFFECT_IMPAIRED_NEXT = Message(
    "mech.effect.impaired_next", "Impaired until the end of its next turn"
)
CRITICAL_WORDS = Message("mech.outcome.critical", "the reactor goes critical")
MELTDOWN_NO_STRESS = Message(
    "mech.log.meltdown_no_stress",
    "{name} has no stress left: reactor meltdown at the end of its next turn",
)
MELTDOWN_NEXT_TURN = Message(
    "mech.log.meltdown_next_turn", "{name}'s reactor will melt down at the end of its next turn"
)
MELTDOWN_IN = Message(
    "mech.log.meltdown_in",
    "{name}'s reactor will melt down at the end of its turn {turns} from now",
)
MELTDOWN_SECRET = Message(
    "mech.log.meltdown_secret",
    "{name}'s reactor is going critical: a meltdown is coming (the GM keeps the count)",
)
TRAUMA_LOST_MOUNT = Message(
    "mech.log.trauma_lost_mount", "{name} loses mount {n}: {weapons} destroyed"
)
TRAUMA_LOST_SYSTEM = Message(
    "mech.log.trauma_lost_system", "{name} loses a system: {system} destroyed"
)

# --- destruction and meltdown (MECH-DESTROYED-1, MECH-MELTDOWN-1) --------------------------------
NO_STRUCTURE = Message(
    "mech.log.no_structure", "{name} has no structure left: destroyed (MECH-HP-1)"
)
DESTROYED_TABLE = Message("mech.log.destroyed_table", "{name} is destroyed (MECH-STRUCT-TABLE)")
DESTROYED_DIRECT_HIT = Message(
    "mech.log.destroyed_direct_hit", "{name} is destroyed by a direct hit"
)
DESTROYED_WRECK = Message("mech.log.destroyed_wreck", "{line}; its wreck is heavy cover")
MELTS_DOWN = Message(
    "mech.log.melts_down", "{name}'s reactor melts down: the mech is destroyed, nothing is left"
)
MELTDOWN_EXPLODED = Message(
    "mech.log.meltdown_exploded",
    "Reactor meltdown: {expr} = {faces} = {total} explosive to every unit within burst {radius}",
)
HALF_DAMAGE = Message("mech.outcome.half_damage", "half damage")
FULL_DAMAGE = Message("mech.outcome.full_damage", "full damage")

# --- Hidden units caught in an area (MECH-COND-HIDDEN) -------------------------------------------
UNSEEN = {
    "damage.dealt": Message("mech.unseen.damage", "An unseen unit takes damage"),
    "burn.marked": Message("mech.unseen.burn", "An unseen unit catches fire"),
    "check.rolled": Message("mech.unseen.check", "An unseen unit makes a check"),
    "save.rolled": Message("mech.unseen.save", "An unseen unit makes a save"),
    "structure.checked": Message("mech.unseen.structure", "An unseen unit takes structure damage"),
    "stress.checked": Message("mech.unseen.stress", "An unseen unit takes stress damage"),
    "heat.taken": Message("mech.unseen.heat", "An unseen unit heats up"),
    "heat.overflowed": Message("mech.unseen.overheat", "An unseen unit overheats"),
}
UNSEEN_OTHER = Message("mech.unseen.other", "Something happens to an unseen unit")
UNSEEN_ATTACK = Message("mech.unseen.attack", "{name}: attack on an unseen unit: {verdict}")
NO_LONGER_HIDDEN = Message("mech.log.no_longer_hidden", "{name} is no longer Hidden ({why})")
INVISIBLE_HIDDEN = Message("mech.log.invisible_hidden", "{name} is Invisible, so always Hidden")
# What the other sides know of a Hidden unit's square: a rough area (rules/mech/hiding.py).
HIDDEN_AREA = Message(
    "mech.log.hidden_area", "{name} is hidden somewhere in ({x0}–{x1}, {y0}–{y1})"
)
MOVED_UNSEEN = Message(
    "mech.log.moved_unseen", "{name} moves unseen: now somewhere in ({x0}–{x1}, {y0}–{y1})"
)
AREA_KNOWN = Message("mech.log.area_known", "the other sides know only ({x0}–{x1}, {y0}–{y1})")
# A Hidden unit's move stored before moves were redacted, as the other sides now read it: no area
# was drawn then (vtt/eventlog/legacy/hidden_moves.py).
MOVED_UNSEEN_BEFORE = Message("mech.log.moved_unseen_before", "{name} moves unseen")
# A move that runs into a Hidden unit its side did not know of stops before it, move lost.
MOVED_BLOCKED = {
    verb: Message(
        f"mech.log.moved_blocked.{verb}",
        "{name} " + verb + " to ({x}, {y}), {n} square: something unseen is in the way, it stops",
        plural="{name} "
        + verb
        + " to ({x}, {y}), {n} squares: something unseen is in the way, it stops",
        count="n",
    )
    for verb in ("moves", "boosts")
}
LANDING_BLOCKED = Message(
    "mech.log.landing_blocked",
    "{name} cannot land at ({x}, {y}): something unseen is there; it stays put, {cost} speed spent",
)


# --- the other actions' lines ---
LOG_GM_IS = Message("mech.log.gm_is", "GM: {target} is {condition}")
WHY_FALL = Message("mech.why.fall", "fall")
LOG_GM_IS_NO_LONGER = Message("mech.log.gm_is_no_longer", "GM: {target} is no longer {condition}")
LOG_THE_MATCH_ENDS_OVERCHARGE_COUNTERS_RESET = Message(
    "mech.log.the_match_ends_overcharge_counters_reset",
    "The match ends: overcharge counters reset, heat and conditions cleared; {per} repair "
    "actions per mech",
)
LOG_LAMBIT_WORKS_ON_COST_REPAIR_LEFT = Message(
    "mech.log.lambit_works_on_cost_repair_left",
    "Lambit works on {name}: {what} (cost {cost}, {left} repair left)",
)
LOG_SIZES_VS = Message("mech.log.sizes_vs", "{text} (sizes {a} vs {d})")
WHY_GRAPPLE_CONTEST = Message("mech.why.grapple_contest", "grapple contest")
# A move's line: "Latch moves to (6, 5), 4 squares" (the verb is the kind of move).
MOVED = {
    verb: Message(
        f"mech.log.moved.{verb}",
        "{name} " + verb + " to ({x}, {y}), {n} square",
        plural="{name} " + verb + " to ({x}, {y}), {n} squares",
        count="n",
    )
    for verb in ("moves", "boosts")
}
MOVED_STOPPED = {
    verb: Message(
        f"mech.log.moved_stopped.{verb}",
        "{name} " + verb + " to ({x}, {y}), {n} square: engaged, it stops (MECH-ENGAGE-1)",
        plural="{name} " + verb + " to ({x}, {y}), {n} squares: engaged, it stops (MECH-ENGAGE-1)",
        count="n",
    )
    for verb in ("moves", "boosts")
}
GRAPPLE_SIDES = Message("mech.log.grapple_sides", "Grapple sides")
CONTEST_WON = {
    side: Message(
        f"mech.log.contest_won.{side}", "the " + side + " win the contest and can drag the others"
    )
    for side in ("attackers", "defenders")
}
WHY_LETS_GO_FREE_ACTION = Message("mech.why.lets_go_free_action", "{name} lets go (free action)")
WHY_BREAK_THE_GRAPPLE = Message("mech.why.break_the_grapple", "break the grapple")
BROKE_FREE = Message("mech.outcome.broke_free", "breaks free")
STILL_HELD = Message("mech.outcome.still_held", "still held")
LOG_IS_KNOCKED_PRONE = Message("mech.log.is_knocked_prone", "{target} is knocked Prone")
LOG_A_TIE_CHANGES_NOTHING = Message(
    "mech.log.a_tie_changes_nothing", "{first}; {second}: a tie changes nothing"
)
WHY_BREAKS_FREE = Message("mech.why.breaks_free", "{name} breaks free")
LOG_THE_GRAPPLE_ENDS = Message("mech.log.the_grapple_ends", "The grapple ends: {why}")
LOG_STANDS_UP_ITS_MOVE_ACTION = Message(
    "mech.log.stands_up_its_move_action", "{name} stands up (its move action)"
)
LOG_JUMPS = {
    mode: Message(
        f"mech.log.jumps_{mode}",
        "{name} jumps " + mode + "ly to ({x}, {y}) for {cost} squares of speed",
    )
    for mode in ("horizontal", "vertical")
}
LOG_CLIMBS_SQUARES_ONTO_FOR_SPEED = Message(
    "mech.log.climbs_squares_onto_for_speed",
    "{name} climbs {rise} squares onto ({x}, {y}) for {cost} speed",
)
WHY_FALLS_SQUARES = Message("mech.why.falls_squares", "falls {drop} squares")
LOG_LEAVES_COVER_AND_IS_NO_LONGER = Message(
    "mech.log.leaves_cover_and_is_no_longer", "{name} leaves cover and is no longer Hidden"
)
WHY_THEY_ARE_NO_LONGER_ADJACENT = Message(
    "mech.why.they_are_no_longer_adjacent", "they are no longer adjacent"
)
WHY_CLIMBING = Message("mech.why.climbing", "climbing")
LOG_FALLS = Message("mech.log.falls", "{check}: {name} falls")
WHY_FALLS_SQUARES_2 = Message("mech.why.falls_squares_2", "falls {height} squares")
LOG_PREPARES = Message("mech.log.prepares", "{name} prepares {kind}: “{trigger}”")
LOG_TRIGGER_HAPPENS = Message(
    "mech.log.trigger_happens", "{name}'s trigger happens (“{trigger}”): it {does}"
)
# What a prepared action does when its trigger comes (the action's key, then "s").
PREPARED_DOES = {
    kind: Message(f"mech.prepared_does.{kind}", kind + "s")
    for kind in ("attack", "ram", "grapple", "boost", "hide", "tech", "search", "shut_down")
}
LOG_DISENGAGES_UNTIL_THE_END_OF_ITS = Message(
    "mech.log.disengages_until_the_end_of_its", "{name} disengages until the end of its turn"
)
LOG_OVERCHARGES_NUMBER_1_AP_HEAT = Message(
    "mech.log.overcharges_number_1_ap_heat",
    "{name} overcharges (number {count}): +1 AP, heat {expr}{rolled}",
)
WHY_OVERCHARGE = Message("mech.why.overcharge", "overcharge")
WHY_AVERT_MELTDOWN = Message("mech.why.avert_meltdown", "avert meltdown")
LOG_THE_MELTDOWN_IS_AVERTED = Message(
    "mech.log.the_meltdown_is_averted", "{check}: the meltdown is averted"
)
LOG_THE_REACTOR_IS_STILL_CRITICAL = Message(
    "mech.log.the_reactor_is_still_critical", "{check}: the reactor is still critical"
)
LOG_REMOVES_FROM = Message("mech.log.removes_from", "{name} removes {condition} from {target}")
LOG_IS_COVERED_BY_UNTIL_THE_END = Message(
    "mech.log.is_covered_by_until_the_end",
    "{name} is covered by {core} until the end of {owner}'s next turn",
)
LOG_HIDES = Message("mech.log.hides", "{name} hides")
FOUND = Message("mech.outcome.found", "found")
STILL_HIDDEN = Message("mech.outcome.still_hidden", "still hidden")
CONTEST_THEN = Message("mech.log.contest_then", "{contest}: {outcome}")
LOG_IS_FOUND_AND_LOSES_HIDDEN = Message(
    "mech.log.is_found_and_loses_hidden", "{target} is found and loses Hidden"
)
LOG_SUPPORTS_ITS_NEXT_CHECK_OR_SAVE = Message(
    "mech.log.supports_its_next_check_or_save",
    "{name} supports {target}: its next check or save gains {accuracy} accuracy until the end "
    "of its next turn",
)
LOG_SCANS = Message("mech.log.scans", "{name} scans {target} ({info}): {found}")
LOG_SCANS_2 = Message("mech.log.scans_2", "{name} scans {target} ({info})")
LOG_LOCKS_ON_TO = Message("mech.log.locks_on_to", "{name} locks on to {target}")
WHY_INVADE = Message("mech.why.invade", "Invade")
LOG_FRAGMENT_SIGNAL_IS_UNTIL_THE_END = Message(
    "mech.log.fragment_signal_is_until_the_end",
    "Fragment Signal: {target} is {condition} until the end of its next turn",
)
LOG_TAKE_OPPORTUNITY_ATTACKS = Message(
    "mech.log.take_opportunity_attacks", "{name} will take opportunity attacks"
)
LOG_SKIP_OPPORTUNITY_ATTACKS = Message(
    "mech.log.skip_opportunity_attacks", "{name} will not take opportunity attacks"
)
LOG_TAKES_BURN = Message("mech.log.takes_burn", "{check}: takes {burn} burn")
LOG_BURN_CLEARED = Message("mech.log.burn_cleared", "{check}: burn cleared")
LOG_ENDED = Message("mech.log.ended", "{name}: {conditions} ended")

SCAN_INFO = {
    key: Message(f"mech.scan_info.{key}", key)
    for key in ("stats", "weapons", "systems", "hidden", "public")
}
SCAN_KIND_WORDS = {
    key: Message(f"mech.scan_kind.{key}", english)
    for key, english in (
        ("stats", "statistics"),
        ("weapons", "weapons"),
        ("systems", "systems"),
        ("hidden", "hidden information"),
        ("public", "public information"),
    )
}
REPAIR_DONE = {
    "hp": Message("mech.repaired.hp", "all HP restored"),
    "cp": Message("mech.repaired.cp", "CP restored"),
}
REPAIRED_ONE = Message("mech.repaired.one", "1 {option} restored ({now}/{top})")
REPAIRED_ITEM = Message("mech.repaired.item", "{item} repaired")
REPAIRED_USES = Message("mech.repaired.uses", "{item} uses restored")
SWAPPED = Message("mech.repaired.swapped", "{weapon} moved to mount {n}")

# A scan's findings (rules/mech/actions/tech.py): the statistics' names and the stock answers.
SCANNED = Message("mech.scan.found", "{key}: {value}")
SCANNED_DESTROYED = Message("mech.scan.destroyed", "{name} (destroyed)")
SCAN_KEYS = {
    key: Message(f"mech.scan_key.{key}", key)
    for key in (
        "weapons",
        "systems",
        "hp",
        "heat",
        "speed",
        "evasion",
        "edef",
        "armour",
        "structure",
        "stress",
        "hidden",
        "public",
    )
}
SCAN_NOTHING = {
    english: Message("mech.scan.nothing_" + english.split()[1], english)
    for english in ("nothing more to learn", "nothing of note")
}


def joined(first: Any, *rest: Msg | str, link: Message = SEMI) -> Any:
    """Several parts as one line, linked by `link` ("a; b; c"), each translated in turn.

    `first` may be a list (its items are joined with the reader's list separator)."""
    line = first
    for part in rest:
        line = link(first=line, then=part)
    return line


TERMS = [
    *ATTACK_KINDS.values(),
    *COVER_WORDS.values(),
    *CONDITION_TITLES.values(),
    *VERBS.values(),
    *ROW_NAMES.values(),
    *LOG_JUMPS.values(),
    *MOVED.values(),
    *MOVED_STOPPED.values(),
    *MOVED_BLOCKED.values(),
    *CONTEST_WON.values(),
    *PREPARED_DOES.values(),
    *SCAN_INFO.values(),
    *SCAN_KEYS.values(),
    *SCAN_NOTHING.values(),
    *SCAN_KIND_WORDS.values(),
    *REPAIR_DONE.values(),
    *UNSEEN.values(),
]
# A preview's words, read back from the English rules/mech/preview.py gives (vtt/words.word).
ODDS_HEAT_HOLDS = Message("mech.odds.heat_holds", "heat stays within the cap")
ODDS_OVERHEATS = Message("mech.odds.overheats", "overheats: stress damage")
ODDS_OVERCHARGE = Message(
    "mech.odds.overcharge", "Overcharge number {count}: heat {expr} ({span}); {heat}/{cap} now"
)
ODDS_INVADE = Message("mech.odds.invade", "Invade {target}: d20 {bonus} vs e-defense {defence}")
ODDS_INVADE_HIT = Message("mech.odds.invade_hit", "hit: 2 heat, Impaired and Slowed")
ODDS_MISS = Message("mech.odds.miss", "miss")
ODDS_TARGET_CRITICAL = Message("mech.odds.target_critical", "{target}: critical")
ODDS_TARGET_HIT = Message("mech.odds.target_hit", "{target}: hit")
ODDS_TARGET_MISS = Message("mech.odds.target_miss", "{target}: miss")
ODDS_ATTACK = Message("mech.odds.attack", "{weapon}: {count} target(s); damage {damage} ({span})")
# A die's purpose as rules/mech/checks.py and damage.py write it, and the attack kinds in it.
PURPOSE_CHECK_HULL = Message("mech.purpose.check_hull", "{name} HULL {kind} ({why})")
PURPOSE_CHECK_AGILITY = Message("mech.purpose.check_agility", "{name} AGILITY {kind} ({why})")
PURPOSE_CHECK_SYSTEMS = Message("mech.purpose.check_systems", "{name} SYSTEMS {kind} ({why})")
PURPOSE_CHECK_ENGINEERING = Message(
    "mech.purpose.check_engineering", "{name} ENGINEERING {kind} ({why})"
)
PURPOSE_DAMAGE = Message("mech.purpose.damage", "damage {expr} d{sides}")
PURPOSE_CRITICAL_DAMAGE = Message("mech.purpose.critical_damage", "critical damage {expr} d{sides}")
WORD_RANGED = Message("mech.word.ranged", "ranged")
WORD_MELEE = Message("mech.word.melee", "melee")
WORD_TECH = Message("mech.word.tech", "tech")
PURPOSE_HIDDEN_ACROSS = Message("mech.purpose.hidden_across", "hidden area d4 across ({name})")
PURPOSE_HIDDEN_DOWN = Message("mech.purpose.hidden_down", "hidden area d4 down ({name})")

# What each condition badge means, read when it is opened (rules/mech/view.py).
CONDITION_HELP = {
    "danger_zone": Message(
        "mech.condition_help.danger_zone",
        "Danger zone: heat at half the cap or more (MECH-HEAT-1).",
    ),
    "engaged": Message(
        "mech.condition_help.engaged",
        "Engaged: adjacent to a hostile; +1 difficulty on ranged attacks (MECH-ENGAGE-1).",
    ),
    "exposed": Message(
        "mech.condition_help.exposed",
        "Exposed: kinetic, explosive and energy damage taken is doubled (MECH-COND-EXPOSED).",
    ),
    "hidden": Message(
        "mech.condition_help.hidden",
        "Hidden: enemies cannot target it or know where exactly it is (MECH-COND-HIDDEN).",
    ),
    "invisible": Message(
        "mech.condition_help.invisible",
        "Invisible: every attack on it has a 50% chance to miss (MECH-COND-INVISIBLE).",
    ),
    "prone": Message(
        "mech.condition_help.prone",
        "Prone: attacks on it gain +1 accuracy; it is Slowed; stand up with the move "
        "(MECH-COND-PRONE).",
    ),
    "shut_down": Message(
        "mech.condition_help.shut_down",
        "Shut Down: no heat, immune to tech, Stunned until it boots up (MECH-COND-SHUTDOWN).",
    ),
    "immobilized": Message(
        "mech.condition_help.immobilized",
        "Immobilized: cannot move by itself (MECH-COND-IMMOBILIZED).",
    ),
    "impaired": Message(
        "mech.condition_help.impaired",
        "Impaired: +1 difficulty on attacks, saves and checks (MECH-COND-IMPAIRED).",
    ),
    "jammed": Message(
        "mech.condition_help.jammed",
        "Jammed: no radio talk with other mechs, no reactions or tech actions; only integrated "
        "weapons, grapple, ram or improvised attacks (MECH-COND-JAMMED).",
    ),
    "lock_on": Message(
        "mech.condition_help.lock_on",
        "Lock On: an attacker may spend it for +1 accuracy (MECH-COND-LOCKON).",
    ),
    "shredded": Message(
        "mech.condition_help.shredded",
        "Shredded: armour and resistance have no effect (MECH-COND-SHREDDED).",
    ),
    "slowed": Message(
        "mech.condition_help.slowed",
        "Slowed: standard move only, no Boost (MECH-COND-SLOWED).",
    ),
    "stunned": Message(
        "mech.condition_help.stunned",
        "Stunned: no moves or actions, evasion at most 5, fails HULL/AGILITY checks "
        "(MECH-COND-STUNNED).",
    ),
    "disengaged": Message(
        "mech.condition_help.disengaged",
        "Disengaged: does not become Engaged, movement triggers no reactions (MECH-ACT-DISENGAGE).",
    ),
    "supported": Message(
        "mech.condition_help.supported",
        "Supported: its next check or save gains accuracy (MECH-TECH-SUPPORT).",
    ),
    "bulwark": Message(
        "mech.condition_help.bulwark",
        "Bulwark Field: resists kinetic, energy and explosive damage (core system).",
    ),
    "burning": Message(
        "mech.condition_help.burning",
        "Burning: takes the marked burn at the end of its turn unless an ENGINEERING check "
        "succeeds (MECH-BURN-1).",
    ),
    "grappled": Message(
        "mech.condition_help.grappled",
        "Grappling: no Boost, no reactions (MECH-ACT-GRAPPLE-1).",
    ),
}
TERMS += list(CONDITION_HELP.values())
# A badge that is no condition of the rules (a system's field).
BADGE_NAMES = {"bulwark": Message("mech.badge.bulwark", "Bulwark Field")}
TERMS += list(BADGE_NAMES.values())
