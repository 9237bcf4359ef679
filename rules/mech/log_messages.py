"""The mech's log lines: attacks, damage, heat, structure, stress, checks and conditions.

Each line keeps the English it had as bare text; its words (damage types, conditions, attack
kinds, verdicts) are messages of their own, nested as parameters, so a reader sees every word in
their language. Terms kept in tables here are listed in `TERMS` for the catalogue.
"""

from __future__ import annotations

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

# --- attacks (MECH-ATK-*, MECH-ACC-1) -------------------------------------------------------------
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

# --- damage (MECH-DMG-PIPE, MECH-HP-1) -------------------------------------------------------------
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

# --- heat (MECH-HEAT-1/2) -----------------------------------------------------------------------------
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

# --- structure and stress (MECH-STRUCT-TABLE, MECH-STRESS-TABLE) ------------------------------------
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

# --- destruction and meltdown (MECH-DESTROYED-1, MECH-MELTDOWN-1) -----------------------------------
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

# --- Hidden units caught in an area (MECH-COND-HIDDEN) ----------------------------------------------
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


def joined(first: Msg | str, *rest: Msg | str, link: Message = SEMI) -> Msg | str:
    """Several parts as one line, linked by `link` ("a; b; c"), each translated in turn."""
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
    *UNSEEN.values(),
]
