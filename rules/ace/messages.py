"""Everything the Ace Evolution engine says to a person: labels, log lines and refusals."""

from __future__ import annotations

from rules.core.kit import Message

# --- terms ------------------------------------------------------------------------------------
LOC_HEAD = Message("ace.loc.head", "head")
LOC_EYES = Message("ace.loc.eyes", "eyes")
LOC_ABDOMEN = Message("ace.loc.abdomen", "abdomen")
LOC_RIBS = Message("ace.loc.ribs", "ribs or bridge of the nose")
LOC_DISARM = Message("ace.loc.disarm", "knock the weapon away")
LOC_SUNDER = Message("ace.loc.sunder", "break the weapon")
LOC_THROAT = Message("ace.loc.throat", "throat")
LOC_TEMPLE = Message("ace.loc.temple", "temple")
LOC_NONE = Message("ace.loc.none", "no called shot")
COVER_NONE = Message("ace.cover.none", "no cover")
COVER_LIGHT = Message("ace.cover.light", "light cover (-2)")
COVER_PARTIAL = Message("ace.cover.partial", "partial cover (-4)")
COVER_HEAVY = Message("ace.cover.heavy", "heavy cover (-8)")
COVER_FULL = Message("ace.cover.full", "full concealment")
KIND_MELEE = Message("ace.kind.melee", "melee")
KIND_FIREARM = Message("ace.kind.firearm", "firearm")
KIND_THROWN = Message("ace.kind.thrown", "thrown or bow")
KIND_SKILL = Message("ace.kind.skill", "skill")
ENERGY_PHYSICAL = Message("ace.energy.physical", "physical")
ENERGY_FIRE = Message("ace.energy.fire", "fire")
ENERGY_COLD = Message("ace.energy.cold", "cold")
ENERGY_ELECTRIC = Message("ace.energy.electric", "electricity")
ENERGY_ACID = Message("ace.energy.acid", "acid")
ENERGY_SONIC = Message("ace.energy.sonic", "sound")
ENERGY_FORCE = Message("ace.energy.force", "force")
ENERGY_ALL = Message("ace.energy.all", "every type")
ATTR_STR = Message("ace.attr.str", "STR")
ATTR_DEX = Message("ace.attr.dex", "DEX")
ATTR_CON = Message("ace.attr.con", "CON")
ATTR_SPI = Message("ace.attr.spi", "SPI")
SKILL_ATHLETICS = Message("ace.skill.athletics", "athletics")
SKILL_SURVIVAL = Message("ace.skill.survival", "survival")
SKILL_INVESTIGATION = Message("ace.skill.investigation", "investigation")
SKILL_INSIGHT = Message("ace.skill.insight", "insight")
SKILL_HIDE = Message("ace.skill.hide", "hide")
COND_ASLEEP = Message("ace.cond.asleep", "asleep")
COND_UNCONSCIOUS = Message("ace.cond.unconscious", "unconscious")
COND_PETRIFIED = Message("ace.cond.petrified", "petrified")
COND_FAINTING = Message("ace.cond.fainting", "passing out (hunger, thirst or the like)")
COND_CANNOT_ACT = Message("ace.cond.cannot_act", "cannot act")
COND_DEAD = Message("ace.cond.dead", "dead")
COND_GRAPPLED = Message("ace.cond.grappled", "grappled")
COND_PINNED = Message("ace.cond.pinned", "pinned (natural restraint)")
COND_PRONE = Message("ace.cond.prone", "prone")
COND_HIDDEN = Message("ace.cond.hidden", "hidden")
ACT_STANDARD = Message("ace.act.standard", "standard action")
ACT_MOVE = Message("ace.act.move", "move action")
ACT_SWIFT = Message("ace.act.swift", "swift action")
ACT_REFLEX = Message("ace.act.reflex", "reflex action")
ACT_FULL = Message("ace.act.full", "full-round action")
ACT_FREE = Message("ace.act.free", "free action")
ACT_PASSIVE = Message("ace.act.passive", "passive (no action)")
ACT_SWIFT_STANDARD = Message("ace.act.swift_standard", "swift action, then a standard action")

# --- settings ---------------------------------------------------------------------------------
GROUP_OPTIONAL = Message("ace.group.optional", "Optional rules")
GROUP_CHECKS = Message("ace.group.checks", "Checks and actions")
GROUP_COMBAT = Message("ace.group.combat", "Combat")
GROUP_CALLED = Message("ace.group.called", "Called shots")
GROUP_GRAPPLE = Message("ace.group.grapple", "Grappling")
GROUP_STEALTH = Message("ace.group.stealth", "Stealth")
GROUP_COMMANDS = Message("ace.group.commands", "Commands and cover")
SET_SUPER_STR = Message("ace.set.super_str", "Supernatural STR: +5 damage per 10 STR")
SET_SUPER_DEX = Message(
    "ace.set.super_dex", "Supernatural DEX: +1 evasion and initiative per 10 DEX"
)
SET_SUPER_CON = Message("ace.set.super_con", "Supernatural CON: -5 physical damage per 10 CON")
SET_SUPER_SPI = Message("ace.set.super_spi", "Supernatural SPI: spend 1 SPI to stay conscious")
SET_MISHAP = Message("ace.set.mishap", "Mishap rule for extended actions (players are told)")
SET_SUBSTITUTE_APPROVAL = Message(
    "ace.set.substitute_approval", "A 1d20 + attribute check waits for the GM's approval"
)
SET_ONES_SUBSTITUTE = Message("ace.set.ones_substitute", "Ones counted on a d20 substitute roll")
SET_REFLEX_REFRESH = Message("ace.set.reflex_refresh", "The swift-or-reflex allowance refreshes")
SET_STAMINA = Message("ace.set.stamina", "Attribute read as stamina (below 2: cannot act)")
SET_SCAN_UNLOCK = Message("ace.set.scan_unlock", "Mental scan unlock conditions needed")
SET_SPEED_BASE = Message("ace.set.speed_base", "Speed is this many metres plus DEX")
SET_FULL_ROUND = Message("ace.set.full_round", "A full-round action uses")
SET_NAT20 = Message("ace.set.nat20", "A natural 20 always hits")
SET_CRIT_FLAT = Message("ace.set.crit_flat", "A critical doubles flat extra damage too")
SET_GRAPPLE_HIT = Message("ace.set.grapple_hit", "Grapple hit roll adds")
SET_POOL_CLAMP = Message("ace.set.pool_clamp", "Damage pool clamping")
SET_CON_ROUNDING = Message("ace.set.con_rounding", "Rounding of CON x 60% / 70%")
SET_MODS_RANGED = Message("ace.set.mods_ranged", "Situational modifiers apply to ranged formulas")
SET_CALLED_10 = Message("ace.set.called_10", "A called shot's natural 10 always hits")
SET_TIMER = Message("ace.set.timer", "Seconds the defender has to answer a prompt")
SET_EXTRA_COVERED = Message(
    "ace.set.extra_covered", "Called-shot extra damage even on covered spots"
)
SET_DISARM_COUNTER = Message("ace.set.disarm_counter", "A defender who wins a disarm may counter")
SET_DISARM_TAKE = Message(
    "ace.set.disarm_take", "A weapon knocked away by a bare hand (or a gripping natural weapon)"
)
OPT_TAKE = Message("ace.opt.take", "is taken by the attacker")
OPT_DROP = Message("ace.opt.drop", "falls to the ground")
SET_LIGHT = Message("ace.set.light", "Sunder penalty for a light weapon")
SET_DUR1 = Message("ace.set.dur1", "Durability of a one-handed weapon")
SET_DUR2 = Message("ace.set.dur2", "Durability of a two-handed weapon or shield")
SET_CDG_ROLL = Message("ace.set.cdg_roll", "A coup de grace needs a hit roll")
SET_TIES = Message("ace.set.ties", "Ties in opposed rolls go to")
SET_PENALTY_BLOCK = Message("ace.set.penalty_block", "The grapple penalty also reduces blocking")
SET_THIRD_PARTY = Message("ace.set.third_party", "Who a blow at two grapplers strikes")
SET_GRAPPLED_ATTACK = Message(
    "ace.set.grappled_attack", "The grappled one may attack in the grapple"
)
SET_PIN_MOVE = Message("ace.set.pin_move", "Moving a pinned target needs a contest")
SET_BODY_SHIELD = Message("ace.set.body_shield", "Cover given by a pinned body")
SET_PINNER_ROLL = Message("ace.set.pinner_roll", "A pinner's attack needs a hit roll")
SET_PERCEPTION = Message("ace.set.perception", "Perception range in metres per SPI")
SET_AMBUSHERS = Message("ace.set.ambushers", "Unnoticed ambushers act first without rolling")
SET_DURATION = Message("ace.set.duration", "Command modifiers last until")
SET_CHARGE = Message("ace.set.charge", "Each metre charged adds")
SET_FD_ARMOUR = Message("ace.set.fd_armour", "Full defence keeps armour")
SET_BLOCK = Message("ace.set.block", "Block adds the skill")
SET_PRONE = Message("ace.set.prone", "Prone changes")
SET_COVER = Message("ace.set.cover", "Cover counts against")
SET_MARK_ROUND = Message("ace.set.mark_round", "Mark slots round each dimension up")
OPT_NATURAL_1 = Message("ace.opt.natural_1", "a natural 1 counts as one 1")
OPT_NONE = Message("ace.opt.none", "none")
OPT_OWN_TURN = Message("ace.opt.own_turn", "at the start of one's own turn")
OPT_ROUND_START = Message("ace.opt.round_start", "at the start of each round")
OPT_ALL = Message("ace.opt.all", "all three")
OPT_ANY = Message("ace.opt.any", "any one")
OPT_STANDARD_MOVE = Message("ace.opt.standard_move", "the standard and the move action")
OPT_EVERYTHING = Message("ace.opt.everything", "every action of the round")
OPT_STR_CORE = Message("ace.opt.str_core", "STR + core")
OPT_DEX_FOOTWORK = Message("ace.opt.dex_footwork", "DEX + footwork")
OPT_SUM_CLAMP = Message("ace.opt.sum_clamp", "sum every term, then clamp at 0")
OPT_CLAMP_BASE = Message("ace.opt.clamp_base", "clamp attack minus defence at 0, then add")
OPT_FLOOR = Message("ace.opt.floor", "round down")
OPT_NEAREST = Message("ace.opt.nearest", "round to nearest")
OPT_DEFENDER = Message("ace.opt.defender", "the defender")
OPT_INITIATOR = Message("ace.opt.initiator", "the one who started it")
OPT_SIZE_RATIO = Message("ace.opt.size_ratio", "chosen at random by size")
OPT_EVEN = Message("ace.opt.even", "either, evenly")
OPT_NEXT_TURN = Message("ace.opt.next_turn", "the declarer's next turn")
OPT_ROUND_END = Message("ace.opt.round_end", "the end of the round")
OPT_ATTACK_VALUE = Message("ace.opt.attack_value", "+1 attack value (one die)")
OPT_FLAT_DAMAGE = Message("ace.opt.flat_damage", "+1 flat damage")
OPT_MELEE_SKILL = Message("ace.opt.melee_skill", "melee skill")
OPT_FOOTWORK = Message("ace.opt.footwork", "footwork")
OPT_DEFENCE = Message("ace.opt.defence", "defence value")
OPT_EVASION = Message("ace.opt.evasion", "evasion")
OPT_RANGED_ONLY = Message("ace.opt.ranged_only", "ranged and thrown attacks only")
OPT_ALL_ATTACKS = Message("ace.opt.all_attacks", "every attack")

# --- sheet ------------------------------------------------------------------------------------
GROUP_ATTRS = Message("ace.group.attributes", "Attributes")
GROUP_SKILLS = Message("ace.group.skills", "Skills")
GROUP_GEAR = Message("ace.group.gear", "Weapons and armour")
GROUP_MARK = Message("ace.group.mark", "Nightmare Mark")
S_NAME = Message("ace.sheet.name", "Name")
S_SIZE = Message("ace.sheet.size", "Size (1 knife ... 4 adult human ... 8 house)")
S_SPEED = Message("ace.sheet.speed", "Speed in metres (blank: 5 + DEX)")
S_FOOTWORK = Message("ace.sheet.footwork", "Footwork")
S_MELEE = Message("ace.sheet.melee", "Melee skill")
S_RANGED = Message("ace.sheet.ranged", "Ranged skill")
S_GRAPPLING = Message("ace.sheet.grappling", "Grappling")
S_CORE = Message("ace.sheet.core", "Core")
S_BLOCK = Message("ace.sheet.block", "Block skill (blank: the table's choice)")
S_SKILLS = Message("ace.sheet.skills", "General skills")
S_SKILL = Message("ace.sheet.skill", "Skill")
S_LEVEL = Message("ace.sheet.level", "Level")
S_SPECIALTY = Message("ace.sheet.specialty", "Specialty")
S_SPI_SPECIALIST = Message("ace.sheet.spi_specialist", "SPI specialist (mental scan)")
S_WEAPONS = Message("ace.sheet.weapons", "Weapons")
S_KEY = Message("ace.sheet.key", "Short key")
S_KIND = Message("ace.sheet.kind", "Kind")
S_VALUE = Message("ace.sheet.value", "Weapon value")
S_AMMO = Message("ace.sheet.ammo", "Ammunition")
S_WSIZE = Message("ace.sheet.wsize", "Size (volume)")
S_TWO_HANDED = Message("ace.sheet.two_handed", "Two-handed")
S_LIGHT = Message("ace.sheet.light", "Light")
S_NATURAL = Message("ace.sheet.natural", "Natural weapon")
S_GRIPPING = Message("ace.sheet.gripping", "Suited for gripping")
S_SOFT = Message("ace.sheet.soft", "Soft weapon (grapples with melee skill)")
S_ENERGY = Message("ace.sheet.energy", "Damage type")
S_GRAPPLE_DAMAGE = Message("ace.sheet.grapple_damage", "Special grapple: damage on a won grapple")
S_HARDNESS = Message("ace.sheet.hardness", "Hardness")
S_DURABILITY = Message("ace.sheet.durability", "Durability (blank: by hands)")
S_SHIELD = Message("ace.sheet.shield", "Shield")
S_SHIELD_DURABILITY = Message("ace.sheet.shield_durability", "Durability (blank: 10)")
S_SKILL_DAMAGE = Message(
    "ace.sheet.skill_damage", "Skill damage as its text gives it (e.g. 3d6+2; skills only)"
)
BAD_SKILL_DAMAGE = Message(
    "ace.sheet.bad_skill_damage",
    "{text} is not a damage roll: write dice of d6, d10, d20 or d100 and numbers, e.g. 3d6+2",
)
S_ARMOUR = Message("ace.sheet.armour", "Armour")
S_RESISTANCES = Message("ace.sheet.resistances", "Energy resistances")
S_COVERED = Message("ace.sheet.covered", "Covered locations (no extra damage)")
S_ABSORPTION = Message("ace.sheet.absorption", "Damage absorption by skills and items (per hit)")
S_SOURCE = Message("ace.sheet.source", "Skill or item")
S_ABSORBS = Message("ace.sheet.absorbs", "Points absorbed per hit")
S_LOCATION = Message("ace.sheet.location", "Location")
S_MARK = Message("ace.sheet.mark", "Nightmare Mark")
S_MARK_LEVEL = Message("ace.sheet.mark_level", "Mark level")
S_POINTS = Message("ace.sheet.points", "Points")
S_POTENTIAL = Message("ace.sheet.potential", "Potential points")
S_KILL = Message("ace.sheet.kill", "Kill value")
S_FUNCTIONS = Message("ace.sheet.functions", "Special mark functions")
S_ITEMS = Message("ace.sheet.items", "Items")
S_CONDITION = Message("ace.sheet.condition", "Condition")
S_CONDITION_GROUP = Message("ace.sheet.group.condition", "Condition now")
S_HP_NOW = Message("ace.sheet.hp_now", "HP now")
S_DEAD = Message("ace.sheet.dead", "Dead")
S_CURRENT = Message("ace.sheet.current", "Current attributes (blank: at their maximum)")
S_CONDITION_ON = Message("ace.sheet.condition_on", "Still {condition}")
S_LENGTH = Message("ace.sheet.length", "Length (m)")
S_WIDTH = Message("ace.sheet.width", "Width (m)")
S_HEIGHT = Message("ace.sheet.height", "Height (m)")
S_COUNT = Message("ace.sheet.count", "Count")
S_STACK = Message("ace.sheet.stack", "Per slot (blank: what fits in 1 m3)")
S_STORABLE = Message("ace.sheet.storable", "Recognised by the Nightmare Space")
S_STORED = Message("ace.sheet.stored", "In the mark")
S_NOTES = Message("ace.sheet.notes", "Notes")
DUPLICATE_KEY = Message("ace.sheet.duplicate_key", "the weapon key {key} is used twice or reserved")

# --- setup and state --------------------------------------------------------------------------
BAD_OBJECT = Message("ace.setup.object", "must be an object")
BAD_LIST = Message("ace.setup.list", "must be a list")
BAD_ID = Message("ace.setup.id", "needs an id of 1 to 40 characters other than gm")
ID_TWICE = Message("ace.setup.id_twice", "{id} is used twice")
OLD_STATE = Message("ace.old_state", "state version {version} is not one this engine reads")
NO_SUCH = Message("ace.no_such", "There is no combatant {id} here.")

# --- refusals ---------------------------------------------------------------------------------
CANNOT_ACT = Message("ace.err.cannot_act", "{name} cannot act.")
WAITING = Message("ace.err.waiting", "A defender must answer first.")
NOT_YOUR_TURN = Message("ace.err.not_turn", "It is not {name}'s turn.")
SPENT = Message("ace.err.spent", "{name} has already used the {cost} this round.")

# --- turns ------------------------------------------------------------------------------------
L_BEGIN = Message("ace.l.begin", "Roll initiative and start the fight")
L_END_TURN = Message("ace.l.end_turn", "End the turn")
ALREADY_STARTED = Message("ace.err.started", "The fight has already started.")
NOBODY = Message("ace.err.nobody", "There is nobody to fight.")
BEGAN = Message("ace.log.began", "Initiative: {order}.")
AMBUSH = Message("ace.log.ambush", "Sneak attack: {names} act first, unrolled.")
TURN = Message("ace.log.turn", "{name}'s turn.")
NEW_ROUND = Message("ace.log.round", "Round {round} begins.")
NOBODY_ACTS = Message("ace.log.nobody_acts", "Nobody is left who can act.")
TURN_ENDED = Message("ace.log.turn_ended", "{name} ends the turn.")

# --- attacks ----------------------------------------------------------------------------------
L_ATTACK = Message("ace.l.attack", "Attack")
F_TARGET = Message("ace.f.target", "Target")
F_WEAPON = Message("ace.f.weapon", "Weapon")
F_LOCATION = Message("ace.f.location", "Called shot")
F_SUNDER_ITEM = Message("ace.f.sunder_item", "What a sunder breaks")
SUNDER_WEAPON = Message("ace.sunder.weapon", "the weapon in hand")
SUNDER_SHIELD = Message("ace.sunder.shield", "the shield")
F_ADJACENT = Message(
    "ace.f.adjacent", "Shooting from right beside the target (cover does not count)"
)
F_COUP = Message("ace.f.coup", "Coup de grace (helpless target)")
NO_WEAPON = Message("ace.err.no_weapon", "{name} has no such weapon in hand.")
BAD_TARGET = Message("ace.err.bad_target", "{name} cannot be attacked.")
FULL_COVER = Message(
    "ace.err.full_cover", "Full concealment: the shot would only hit the cover around {name}."
)
PINNED_NO_ACTS = Message("ace.err.pinned", "{name} is pinned and can only try to escape.")
TOO_BIG = Message("ace.err.too_big", "{weapon} is too big to use inside a grapple.")
UNSEEN = Message("ace.err.unseen", "Nobody here has noticed {name}.")
NOT_HELPLESS = Message("ace.err.not_helpless", "{name} is not asleep, unconscious or petrified.")
COUP_NO_LOCATION = Message("ace.err.coup_location", "A coup de grace adds no called-shot dice.")
NOTHING_HELD = Message("ace.err.nothing_held", "{name} holds no weapon to knock away or break.")
NO_SHIELD = Message("ace.err.no_shield", "{name} has no unbroken shield to break.")
FULL_DEFENCE_NO = Message(
    "ace.err.full_defence", "{name} is in full defence and can do nothing else this round."
)
ATTACKS = Message("ace.log.attacks", "{attacker} attacks {target} with {weapon}.")
CALLED_DECLARED = Message(
    "ace.log.called", "{attacker} aims at {target}'s {where}; {target} may guard or dodge."
)
COUP = Message("ace.log.coup", "{attacker} delivers a coup de grace to {target}.")
FULL_COVER_MET = Message(  # SCENE-HIDE-2: full cover the attacker's map did not show
    "ace.log.full_cover_met",
    "{attacker}'s attack only meets the full concealment around {target}: it misses.",
)
MISS = Message(
    "ace.log.miss", "{attacker} misses {target} ({total} against evasion {evasion}, {where})."
)
FUMBLE = Message("ace.log.fumble", "{attacker} rolls a natural 1 and misses {target} ({where}).")
HIT = Message(
    "ace.log.hit", "{attacker} hits {target} ({total} against evasion {evasion}, {where})."
)
CRIT = Message(
    "ace.log.crit",
    "Critical! {attacker} hits {target} ({total} against evasion {evasion}, {where}).",
)
DAMAGE = Message(
    "ace.log.damage",
    "{target} takes {total} damage ({successes} successes of {pool} dice); {hp} HP left.",
)
NO_POOL_DAMAGE = Message(
    "ace.log.no_pool_damage",
    "{target} takes {total} damage (the damage pool is empty: no dice to roll); {hp} HP left.",
)
NO_POOL_KILLED = Message(
    "ace.log.no_pool_killed",
    "{target} takes {total} damage (the damage pool is empty: no dice to roll) and dies.",
)
SKILL_DAMAGE = Message(
    "ace.log.skill_damage", "{target} takes {total} damage from {skill} ({roll}); {hp} HP left."
)
SKILL_KILLED = Message(
    "ace.log.skill_killed", "{target} takes {total} damage from {skill} ({roll}) and dies."
)
KILLED = Message(
    "ace.log.killed",
    "{target} takes {total} damage ({successes} successes of {pool} dice) and dies.",
)
DISARMED = Message("ace.log.disarmed", "{attacker} knocks {weapon} out of {target}'s hand.")
DISARMED_TAKEN = Message(
    "ace.log.disarmed_taken", "{attacker} wrenches {weapon} out of {target}'s hand and takes it."
)
DISARM_FAILED = Message(
    "ace.log.disarm_failed", "{target} keeps a grip against {attacker}'s disarm."
)
COUNTERED = Message(
    "ace.log.countered", "{target} counters and knocks {weapon} out of {attacker}'s hand."
)
COUNTER_FAILED = Message("ace.log.counter_failed", "{target}'s counter-disarm fails.")
SUNDER_FAILED = Message("ace.log.sunder_failed", "{attacker} fails to damage {weapon}.")
SUNDERED = Message(
    "ace.log.sundered", "{attacker} deals {damage} damage to {weapon} ({left} durability left)."
)
BROKEN = Message("ace.log.broken", "{attacker} deals {damage} damage to {weapon}, which breaks.")

# --- grappling --------------------------------------------------------------------------------
L_GRAPPLE = Message("ace.l.grapple", "Grapple")
L_ESCAPE = Message("ace.l.escape", "Try to escape the grapple")
L_STRIKE_INSIDE = Message("ace.l.strike_inside", "Strike inside the grapple")
L_PIN = Message("ace.l.pin", "Pin")
L_GRAPPLE_MOVE = Message("ace.l.grapple_move", "Move, dragging the other")
L_BODY_SHIELD = Message("ace.l.body_shield", "Use the pinned body as cover")
L_RELEASE = Message("ace.l.release", "Let go")
F_METHOD = Message("ace.f.method", "Resist by")
M_BREAK = Message("ace.m.break", "breaking free (STR + core)")
M_SLIP = Message("ace.m.slip", "slipping away (DEX + footwork)")
ALREADY_GRAPPLING = Message("ace.err.grappling", "One of you is already in a grapple.")
NOT_HOLDING = Message("ace.err.not_holding", "{name} is not holding anyone that way.")
NOT_HELD = Message("ace.err.not_held", "{name} is not held in a grapple.")
PIN_NEXT_ROUND = Message(
    "ace.err.pin_round", "A pin can be tried from the round after the grapple."
)
SHIELD_MARGIN = Message("ace.err.shield", "The margin {margin} must exceed {name}'s STR.")
GRAPPLE_MISS = Message("ace.log.grapple_miss", "{attacker} grabs at {target} and misses ({total}).")
GRAPPLE_HIT = Message(
    "ace.log.grapple_hit", "{attacker} gets hold of {target} ({total}); {target} resists."
)
TRIES_PIN = Message("ace.log.tries_pin", "{attacker} tries to pin {target}.")
TRIES_STRIKE = Message(
    "ace.log.tries_strike", "{attacker} tries to strike {target} inside the grapple."
)
CONTEST_LOST = Message("ace.log.contest_lost", "{target} resists {attacker} ({d} against {a}).")
GRAPPLED = Message("ace.log.grappled", "{attacker} grapples {target} (margin {margin}).")
PINNED = Message(
    "ace.log.pinned",
    "{attacker} pins {target} (margin {margin}): {target} loses all actions but escape.",
)
STRIKES_INSIDE = Message(
    "ace.log.strikes_inside", "{attacker} wins the contest and strikes {target}."
)
ESCAPE_FAILED = Message("ace.log.escape_failed", "{name} fails to escape ({a} against {d}).")
UNPINNED = Message("ace.log.unpinned", "{name} breaks the pin but is still held.")
ESCAPED = Message("ace.log.escaped", "{name} escapes the grapple.")
RELEASED = Message("ace.log.released", "{name} lets go of {other}.")
DRAGS = Message("ace.log.drags", "{name} moves {metres} m, dragging {other}.")
DRAG_FAILED = Message("ace.log.drag_failed", "{name} cannot move {other}.")
BODY_SHIELD = Message("ace.log.body_shield", "{name} holds {other} up as a shield.")

# --- prompts ----------------------------------------------------------------------------------
L_RESPOND = Message("ace.l.respond", "Answer the called shot")
L_RESIST = Message("ace.l.resist", "Resist the grapple")
F_ANSWER = Message("ace.f.answer", "Reflex")
F_COUNTER = Message("ace.f.counter", "If I keep my weapon, counter-disarm (reflex)")
A_NONE = Message("ace.a.none", "do nothing")
A_GUARD = Message("ace.a.guard", "guard the spot (-{dice} damage dice)")
A_DODGE = Message("ace.a.dodge", "dodge (-{hit} to the hit)")
EXPIRED = Message("ace.log.expired", "Time is up: {target} did not answer.")
NOTHING_PENDING = Message("ace.err.nothing_pending", "Nobody is being asked anything.")
NOT_ASKED = Message("ace.err.not_asked", "Only the defender (or the GM) answers this.")

# --- commands ---------------------------------------------------------------------------------
L_DECLARE = Message("ace.l.declare", "Declare a command (start of turn)")
L_CHARGE = Message("ace.l.charge", "Charge and attack")
L_SHOOTING_EVASION = Message("ace.l.shooting_evasion", "Shooting evasion: move to cover")
L_MOVE = Message("ace.l.move", "Move")
L_STAND = Message("ace.l.stand", "Stand up")
L_PRONE = Message("ace.l.prone", "Drop prone")
L_PICK_UP = Message("ace.l.pick_up", "Pick up a dropped weapon")
PICKS_UP = Message("ace.log.picks_up", "{name} picks up {weapon}.")
L_SCAN = Message("ace.l.scan", "Switch mental scan on or off")
F_COMMAND = Message("ace.f.command", "Command")
F_METRES = Message("ace.f.metres", "Metres")
F_COVER = Message("ace.f.cover", "Cover found")
C_FULL_ATTACK = Message("ace.c.full_attack", "full attack (+2 attack, -2 defence)")
C_FULL_DEFENCE = Message("ace.c.full_defence", "full defence (+2 evasion, CON + 2 defence)")
C_BLOCK = Message("ace.c.block", "block (skill to defence, lose the move)")
TURN_START_ONLY = Message("ace.err.turn_start", "Commands are declared at the start of the turn.")
CANNOT_CHARGE = Message("ace.err.charge", "{name} cannot charge now.")
CHARGE_MELEE = Message("ace.err.charge_melee", "A charge ends in a melee attack.")
CHARGE_TOO_FAR = Message(
    "ace.err.charge_too_far", "{name} may charge at most {most} m; that is {distance} m."
)
CHARGE_NO_WAY = Message(
    "ace.err.charge_no_way", "{name} has no way to a free square next to {target}."
)
CHARGE_SQUARE_HELP = Message(
    "ace.help.charge_square",
    "Left empty: the nearest free square next to the target. At most {metres} m, measured on "
    "the map.",
)
ALREADY_PRONE = Message("ace.err.prone", "{name} is already prone.")
NOT_PRONE = Message("ace.err.not_prone", "{name} is not prone.")
IN_GRAPPLE = Message("ace.err.in_grapple", "{name} is in a grapple: moving needs a contest.")
SCAN_LOCKED = Message("ace.err.scan", "{name} has not unlocked mental scan.")
FULL_ATTACK = Message(
    "ace.log.full_attack", "{name} declares a full attack: +2 attack, -2 defence."
)
FULL_DEFENCE = Message("ace.log.full_defence", "{name} goes into full defence.")
BLOCKS = Message("ace.log.blocks", "{name} blocks this round.")
CHARGES = Message("ace.log.charges", "{name} charges {metres} m.")
SHOOTING_EVASION = Message("ace.log.shooting_evasion", "{name} moves {metres} m into {cover}.")
GOES_PRONE = Message("ace.log.prone", "{name} drops prone.")
STANDS = Message("ace.log.stands", "{name} stands up.")
MOVES = Message("ace.log.moves", "{name} moves {metres} m.")
SCAN_ON = Message("ace.log.scan_on", "{name} opens a mental scan ({metres} m).")
SCAN_OFF = Message("ace.log.scan_off", "{name} closes the mental scan.")

# --- checks -----------------------------------------------------------------------------------
L_CHECK = Message("ace.l.check", "Make a check")
L_SECRET = Message("ace.l.secret", "Secret passive check")
L_SETTLE = Message("ace.l.settle", "Settle a check without rolling")
L_REVEAL = Message("ace.l.reveal", "Reveal a secret check")
L_TASK_OPEN = Message("ace.l.task_open", "Open an extended action")
L_TASK_ROLL = Message("ace.l.task_roll", "Roll the next cycle")
L_TASK_ADJUST = Message("ace.l.task_adjust", "Take successes away after a pause")
F_SKILL = Message("ace.f.skill", "Skill")
F_DC = Message("ace.f.dc", "DC (successes needed)")
F_COST = Message("ace.f.cost", "Action spent")
F_WHO = Message("ace.f.who", "Character")
F_SUCCESSES = Message("ace.f.successes", "Successes")
F_NAME = Message("ace.f.name", "Name")
F_CYCLE = Message("ace.f.cycle", "Cycle (time per roll)")
CYCLE_DAY = Message("ace.word.day", "day")  # an extended task's cycle as first offered
F_DEADLINE = Message("ace.f.deadline", "Deadline in cycles (0: none)")
F_SECRET = Message("ace.f.secret", "Secret roll")
F_TASK = Message("ace.f.task", "Task")
F_LOSE = Message("ace.f.lose", "Successes lost")
SKILL_OPTION = Message("ace.o.skill", "{skill} ({level} dice)")
SUBSTITUTE_OPTION = Message("ace.o.substitute", "1d20 + {attribute}, / 10 (with GM approval)")
NULL_ATTRIBUTE = Message("ace.err.null_attr", "{name} has no {attribute} at all and cannot use it.")
NO_SKILL = Message("ace.err.no_skill", "{name} has no skill {skill}.")
NO_SECRET = Message("ace.err.no_secret", "There is no unrevealed secret roll.")
NO_TASK = Message("ace.err.no_task", "There is no extended action.")
TASK_CLOSED = Message("ace.err.task_closed", "{task} is already finished.")
ASKS_SUBSTITUTE = Message(
    "ace.log.asks_substitute",
    "{name} asks the GM to roll 1d20 + {attribute} instead of a skill (DC {dc}).",
)
SUBSTITUTE_REFUSED = Message(
    "ace.log.substitute_refused", "The GM refuses {name}'s 1d20 + {attribute} roll."
)
PROMPT_APPROVAL = Message(
    "ace.prompt.approval", "{name} asks to roll 1d20 + {attribute} instead of a skill."
)
L_APPROVE = Message("ace.l.approve", "Allow the attribute roll")
A_APPROVE = Message("ace.a.approve", "allow it")
A_REFUSE = Message("ace.a.refuse", "refuse it")
CHECK_PASSED = Message(
    "ace.log.check_passed", "{name} rolls {skill}: {successes} successes against DC {dc}, success."
)
CHECK_FAILED = Message(
    "ace.log.check_failed", "{name} rolls {skill}: {successes} successes against DC {dc}, failure."
)
CHECK_PASSED_SPECIALTY = Message(
    "ace.log.check_passed_specialty",
    "{name} rolls {skill}: {successes} successes, one of them the specialty's automatic success, "
    "against DC {dc}, success.",
)
CHECK_FAILED_SPECIALTY = Message(
    "ace.log.check_failed_specialty",
    "{name} rolls {skill}: {successes} successes, one of them the specialty's automatic success, "
    "against DC {dc}, failure.",
)
SECRET_ROLLED = Message(
    "ace.log.secret", "Secret: {name} rolls {skill}, {successes} successes against DC {dc}."
)
REVEALED = Message(
    "ace.log.revealed", "The GM reveals {name}'s {skill}: {successes} successes against DC {dc}."
)
SETTLED = Message(
    "ace.log.settled", "The GM settles {name}'s {skill} without a roll: {successes} successes."
)
TASK_OPENED = Message("ace.log.task_opened", "{name} begins {task} (DC {dc}).")
TASK_PROGRESS = Message(
    "ace.log.task_progress", "{task}: {acc} of {dc} successes after {cycles} cycles."
)
TASK_DONE = Message("ace.log.task_done", "{task} is complete ({acc} of {dc}).")
TASK_MISHAP = Message(
    "ace.log.task_mishap", "{task} fails by mishap ({ones} ones): it must start again."
)
TASK_LATE = Message("ace.log.task_late", "{task} misses its deadline ({acc} of {dc}).")
TASK_RISK = Message("ace.log.task_risk", "Careful: {task} has {ones} ones against DC {dc}.")
TASK_ADJUSTED = Message(
    "ace.log.task_adjusted", "{task} loses {lose} successes after the pause ({acc} left)."
)

# --- stealth ----------------------------------------------------------------------------------
L_SNEAK = Message("ace.l.sneak", "Sneak past")
L_ASSASSINATE = Message("ace.l.assassinate", "Close in unseen and assassinate")
F_OBSERVER = Message("ace.f.observer", "Observer")
F_WATCH = Message("ace.f.watch", "The observer is")
F_PENALTY = Message("ace.f.penalty", "Hide penalty (open ground)")
W_PASSIVE = Message("ace.w.passive", "listening (survival)")
W_ACTIVE = Message("ace.w.active", "on watch (investigation)")
NO_AMBUSH = Message(
    "ace.err.ambush", "{name} can assassinate only unnoticed, at the start of a sneak-attack turn."
)
SPOTTED = Message("ace.log.spotted", "{observer} spots {name}.")
SPOTTED_AT_ONCE = Message(
    "ace.log.spotted_at_once", "{observer}'s Spirit overwhelms {name}: spotted at once."
)
UNSEEN_BY = Message(
    "ace.log.unseen", "{name} slips past {observer} unseen (hide {hide} against {look})."
)
ASSASSINATES = Message(
    "ace.log.assassinates", "{name} strikes {target} from hiding, past any evasion."
)

# --- the Nightmare Mark -----------------------------------------------------------------------
L_STORE = Message("ace.l.store", "Store in the Mark")
L_SELECT = Message("ace.l.select", "Pick an item in the Mark")
L_TAKE = Message("ace.l.take", "Take the picked item out")
F_ITEM = Message("ace.f.item", "Item")
NO_ITEMS = Message("ace.err.no_items", "{name} carries no items.")
ALREADY_STORED = Message("ace.err.stored", "{item} is already in the Mark.")
NOT_STORABLE = Message("ace.err.not_storable", "The Nightmare Space does not recognise {item}.")
MARK_FULL = Message("ace.err.mark_full", "{item} needs {need} slots; {left} are free.")
NOT_IN_MARK = Message("ace.err.not_in_mark", "{name} has no such item in the Mark.")
SELECT_FIRST = Message("ace.err.select_first", "Pick the item first (a swift action).")
STORED = Message("ace.log.stored", "{name} stores {item} in the Mark ({slots} slots).")
SELECTED = Message("ace.log.selected", "{name} reaches into the Mark for {item}.")
TAKEN = Message("ace.log.taken", "{name} takes {item} out of the Mark.")

# --- GM tools ---------------------------------------------------------------------------------
L_AREA = Message("ace.l.area", "Area damage")
L_COVER = Message("ace.l.cover", "Set cover")
L_CONDITION = Message("ace.l.condition", "Toggle a condition")
L_SKILL_DAMAGE = Message("ace.l.skill_damage", "Set a skill's damage (its own text)")
F_SKILL_ATTACK = Message("ace.f.skill_attack", "Skill")
SKILL_DAMAGE_SET = Message("ace.log.skill_damage_set", "{name}'s {skill} now deals {damage}.")
SKILL_DAMAGE_CLEARED = Message(
    "ace.log.skill_damage_cleared", "{name}'s {skill} deals what its sheet says again."
)
L_ABSORPTION = Message("ace.l.absorption", "Set a damage absorption (skill or item)")
L_ATTRIBUTE = Message("ace.l.attribute", "Set a current attribute")
L_HP = Message("ace.l.hp", "Change HP")
L_REST = Message("ace.l.rest", "A full night's rest")
L_DROP = Message("ace.l.drop", "Item drop from a slain reincarnator's Mark")
F_SLAIN = Message("ace.f.slain", "Slain reincarnator")
F_DROP_CHANCE = Message("ace.f.drop_chance", "Drop chance % (from your table, by kill value)")
L_HINT = Message("ace.l.hint", "A hint from the Mark: charge its price")
F_HINT_POINTS = Message("ace.f.hint_points", "Points it costs")
F_HINT_POTENTIAL = Message("ace.f.hint_potential", "Potential points it costs")
F_AMOUNT = Message("ace.f.amount", "Area damage")
F_CONDITION = Message("ace.f.condition", "Condition")
F_ATTRIBUTE = Message("ace.f.attribute", "Attribute")
F_HP = Message("ace.f.hp", "HP (+ heals, - hurts)")
EVERYONE = Message("ace.everyone", "everyone in the area")
NULL_UNAFFECTED = Message("ace.err.null_unaffected", "{name} has no {attribute}: it is unaffected.")
DEAD = Message("ace.err.dead", "{name} is dead.")
NO_ABSORPTION = Message("ace.err.no_absorption", "{name} has no absorption from {source}.")
ABSORBS = Message(
    "ace.log.absorbs", "{name}'s {source} absorbs {value} {energy} damage of every hit."
)
ABSORB_ENDS = Message("ace.log.absorb_ends", "{name}'s {source} no longer absorbs damage.")
NO_SPI = Message("ace.err.no_spi", "{name} has no SPI to spend, or the rule is off.")
NOT_FAINTING = Message(
    "ace.err.not_fainting", "{name} is not passing out from hunger, thirst or the like."
)
L_SPEND_SPI = Message("ace.l.spend_spi", "Spend 1 SPI to stay conscious for 10 minutes")
SCAN_LAPSED = Message("ace.log.scan_lapsed", "{name}'s mental scan lapses.")
AREA = Message("ace.log.area", "Area damage {amount} ({energy}).")
COVER_SET = Message("ace.log.cover", "{name} now has {cover}.")
CONDITION_ON = Message("ace.log.condition_on", "{name} is {condition}.")
CONDITION_OFF = Message("ace.log.condition_off", "{name} is no longer {condition}.")
ATTRIBUTE_SET = Message("ace.log.attribute", "{name}'s current {attribute} is now {value}.")
HURT_BY_GM = Message("ace.log.hurt", "{name} loses {amount} HP.")
KILLED_BY_GM = Message("ace.log.killed_gm", "{name} loses {amount} HP and dies.")
HEALED = Message("ace.log.healed", "{name} is back to {hp} HP.")
DROP_YES = Message(
    "ace.log.drop_yes",
    "{name}'s Mark (kill value {kills}) drops an item: {roll} on d100 against {chance}%.",
)
DROP_NO = Message(
    "ace.log.drop_no",
    "{name}'s Mark (kill value {kills}) drops nothing: {roll} on d100 against {chance}%.",
)
NOT_SLAIN = Message("ace.refuse.not_slain", "{name} is not dead: only a slain Mark drops items.")
HINT_BOUGHT = Message(
    "ace.log.hint",
    "{name} pays the Mark {points} points and {potential} potential points for a hint "
    "({points_left} and {potential_left} left); the GM answers.",
)
HINT_TOO_DEAR = Message(
    "ace.refuse.hint_too_dear",
    "{name}'s Mark holds {points} points and {potential} potential points: not enough.",
)
RESTED = Message("ace.log.rested", "Everyone rests; attributes are restored.")
STAYS_AWAKE = Message("ace.log.awake", "{name} spends 1 SPI to stay conscious for 10 minutes.")

# --- previews ---------------------------------------------------------------------------------
P_MISS = Message("ace.p.miss", "miss")
P_CONTEST = Message("ace.p.contest", "hit: the contest follows")
P_DAMAGE = Message("ace.p.damage", "{total} damage")
P_SUMMARY = Message(
    "ace.p.summary",
    "d{die} {bonus} against evasion {evasion}: {hit} to hit; "
    "{pool} damage dice; average {mean} damage.",
)
P_IF_ANSWER = Message(
    "ace.p.if_answer",
    "If the defender chooses {answer}: {hit} to hit, {pool} damage dice, average {mean} damage.",
)
PINNED_ONLY = Message("ace.err.pinned_only", "{name} is pinned and can only try to escape.")

# --- the table --------------------------------------------------------------------------------
PROMPT_CALLED = Message(
    "ace.prompt.called",
    "{attacker} aims at {target}'s {where}: {target} may guard or dodge (reflex).",
)
PROMPT_CONTEST = Message(
    "ace.prompt.contest",
    "{attacker} has hold of {target}: {target} chooses to break free or slip away.",
)

# --- what a die is rolled for (the log shows it beside the face; vtt/words.py `purpose`) ------
PURPOSE_INITIATIVE = Message("ace.purpose.initiative", "initiative {name}")
PURPOSE_INITIATIVE_TIE = Message("ace.purpose.initiative_tie", "initiative tie")
PURPOSE_HIT = Message("ace.purpose.hit", "hit d20")
PURPOSE_CALLED_HIT = Message("ace.purpose.called_hit", "called-shot hit d10")
PURPOSE_DAMAGE = Message("ace.purpose.damage", "damage d10")
PURPOSE_SKILL_DAMAGE = Message("ace.purpose.skill_damage", "skill damage {dice}")
PURPOSE_STRUCK = Message("ace.purpose.struck", "who is struck")
PURPOSE_DROP = Message("ace.purpose.drop", "item drop d100")

# The demo's sides, as the side-only badge names them (vtt/words.py `side_name`).
SIDE_REINCARNATORS = Message("ace.side.reincarnators", "Reincarnators")
SIDE_MONSTERS = Message("ace.side.monsters", "Monsters")

# --- more dice purposes: the English each roll stores, matched back to its message in the log
# (vtt/words.py `purpose`); the words inside braces are names, numbers and dice
PURPOSE_INITIATOR = Message("ace.purpose.initiator", "{purpose}: initiator d20")
PURPOSE_DEFENDER = Message("ace.purpose.defender", "{purpose}: defender d20")
# A check's dice (rules/ace/actions/checks.py writes the skill's or attribute's key).
PURPOSE_CHECK_ATHLETICS = Message("ace.purpose.check_athletics", "{name} athletics")
PURPOSE_CHECK_SURVIVAL = Message("ace.purpose.check_survival", "{name} survival")
PURPOSE_CHECK_INVESTIGATION = Message("ace.purpose.check_investigation", "{name} investigation")
PURPOSE_CHECK_INSIGHT = Message("ace.purpose.check_insight", "{name} insight")
PURPOSE_CHECK_HIDE = Message("ace.purpose.check_hide", "{name} hide")
PURPOSE_SUBSTITUTE = Message("ace.purpose.substitute", "{name} 1d20 + {attribute}")
# What a contest's dice are rolled for (rules/ace/rolls.py contest), as the log names it.
WORD_DISARM = Message("ace.word.disarm", "disarm")
WORD_COUNTER_DISARM = Message("ace.word.counter_disarm", "counter-disarm")
WORD_SUNDER = Message("ace.word.sunder", "sunder")
WORD_ESCAPE = Message("ace.word.escape", "escape")
WORD_GRAPPLE_MOVE = Message("ace.word.grapple_move", "grapple move")
WORD_GRAPPLE_ATTACK = Message("ace.word.grapple_attack", "grapple attack")

# --- items used up or lost (actions/items.py) ----------------------------------------------
L_ITEM_USED = Message("ace.l.item_used", "An item used up or lost")
F_HELD_ITEM = Message("ace.f.held_item", "Item")
F_USED = Message("ace.f.used", "How many are used up")
F_LOST = Message("ace.f.lost", "Dropped and left behind (the whole stack)")
ITEM_OF = Message("ace.item_of", "{name}: {item} ×{count}")
ITEM_USED = Message("ace.log.item_used", "{name} uses up {used} × {item} ({left} left).")
ITEM_LOST = Message("ace.log.item_lost", "{name} loses {item} (×{count}): dropped and left behind.")
NO_ITEM = Message("ace.refuse.no_item", "There is no such item: {item}.")
TOO_FEW = Message("ace.refuse.too_few", "{name} holds only {count} × {item}.")
