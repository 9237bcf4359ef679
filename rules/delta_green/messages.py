"""Delta Green's words for people: form labels, costs, field labels and terms, as messages.

The log lines are in `log_messages`, `log_turns` and `log_gm`, the refusals in `refusals`.
"""

from __future__ import annotations

from rules.core.kit import Message

# --- costs -------------------------------------------------------------------------------------
FREE = Message("dg.cost.free", "free")
GM = Message("dg.cost.gm", "GM")
ACTIONS = Message("dg.cost.actions", "{n} action", plural="{n} actions", count="n")
ALL_ACTIONS = Message("dg.cost.all", "all actions")
ALL_REMAINING = Message("dg.cost.all_remaining", "all remaining")
BY_MODE = Message("dg.cost.by_mode", "by mode")

# --- field labels --------------------------------------------------------------------------------
F_LOCATION = Message("dg.field.location", "Location")
F_TARGET = Message("dg.field.target", "Target")
F_DISTANCE = Message("dg.field.distance", "Distance (m)")
F_DISTANCE_HELP = Message("dg.field.distance.help", "optional: point-blank and range")
F_SHOOTER = Message("dg.field.shooter", "Suppressive fire of")
F_WHO = Message("dg.field.who", "Who")
F_ROLL = Message("dg.field.roll", "Roll")
F_EDGE = Message("dg.field.edge", "Edge")
F_WEAPON = Message("dg.field.weapon", "Weapon")
F_METRES = Message("dg.field.metres", "Metres")
F_ATTACKER = Message("dg.field.attacker", "Attacker")
F_GRAPPLE = Message("dg.field.grapple", "By grappling")
F_DOUBLE_TAP = Message("dg.field.double_tap", "Double Tap (-20 each)")
F_MODE = Message("dg.field.mode", "Fire mode")
F_WALKING = Message("dg.field.walking", "Walking fire")
F_WALKING_HELP = Message("dg.field.walking.help", "long burst or spray")
F_SPLIT = Message("dg.field.split", "Split among targets")
F_SPLIT_HELP = Message(
    "dg.field.split.help",
    "target:rounds, ... adding up to the rounds fired; empty: the one target above",
)
F_TARGETS = Message("dg.field.targets", "Targets")
F_X = Message("dg.field.x", "X (1-{max})")
F_ROUNDS = Message("dg.field.rounds", "Rounds")
F_WOUND = Message("dg.field.wound", "Wound")
F_SKILL = Message("dg.field.skill", "Skill")
F_REASON = Message("dg.field.reason", "Reason (logged)")
F_SURPRISED = Message("dg.field.surprised", "Surprised")
F_COMPLETELY_SURPRISED = Message("dg.field.completely_surprised", "Completely surprised")
F_DAMAGE = Message("dg.field.damage", "Damage")
F_SEVER = Message("dg.field.sever", "Severing weapon")
F_AREA = Message("dg.field.area", "Area effect (vest at half AP)")
F_HEALING = Message("dg.field.healing", "Healing")
F_CONDITION = Message("dg.field.condition", "Condition")
F_CONDITION_LOCATION = Message("dg.field.condition_location", "Location (stabilise/treated)")
F_ON = Message("dg.field.on", "On")
F_HAZARD = Message("dg.field.hazard", "Hazard")
F_BLAST_TARGETS = Message("dg.field.blast_targets", "Explosion: who is caught in it")
F_BLAST_DISTANCES = Message(
    "dg.field.blast_distances",
    "Explosion: their distances in m, in the order ticked (comma-separated)",
)
F_BLAST_DICE = Message("dg.field.blast_dice", "Explosion: d6")
F_BLAST_RADIUS = Message("dg.field.blast_radius", "Explosion: radius (m)")
F_FALL_HEIGHT = Message("dg.field.fall_height", "Fall: height (m)")
F_FALL_JUMPED = Message("dg.field.fall_jumped", "Fall: jumped on purpose")
F_ACID = Message("dg.field.acid", "Acid")
F_FIRE = Message("dg.field.fire", "Fire")
F_POISON = Message("dg.field.poison", "Poison: from the table (onset later)")
F_POISON_BY_POT = Message("dg.field.poison.by_pot", "(by POT, acts now)")
F_DOSES = Message("dg.field.doses", "Poison: doses")
F_POTENCY = Message("dg.field.potency", "Poison: POT (empty: the table's)")
F_POISON_EFFECT = Message("dg.field.poison_effect", "Poison: effect")
F_DROWN_SURPRISED = Message("dg.field.drown_surprised", "Drowning: taken by surprise")
F_DROWN_END = Message("dg.field.drown_end", "Drowning: breathes again")
F_HOLDER = Message("dg.field.holder", "Holder")
F_VICTIM = Message("dg.field.victim", "Victim")
F_OBSERVER = Message("dg.field.observer", "Observer")
F_WEARER = Message("dg.field.wearer", "Wearer")
F_LIGHT = Message("dg.field.light", "Light")
F_IMPOSSIBLE = Message("dg.field.impossible", "Impossible in the dark")
F_OBSERVERS = Message("dg.field.observers", "For (none ticked: the other sides)")
F_REVEAL = Message("dg.field.reveal", "Reveal (plain sight again)")
F_ABOUT = Message("dg.field.about", "About")
F_THE_OPERATION = Message("dg.field.the_operation", "(the operation)")
F_PRIVATE = Message("dg.field.private", "Private (the GM's eyes only, also after the end)")
F_NOTE = Message("dg.field.note", "Note")
F_AGENT = Message("dg.field.agent", "Agent")
F_PAY = Message("dg.field.pay", "Pay from the skill-point pool")
F_HEALER = Message("dg.field.healer", "Healer")
F_PATIENT = Message("dg.field.patient", "Patient")
F_STUDENT = Message("dg.field.student", "Student")
F_INSTRUCTOR_SKILL = Message("dg.field.instructor_skill", "Instructor's skill %")
F_FEE = Message("dg.field.fee", "Fee paid (noted in the log)")
F_CHARACTERISTIC = Message("dg.field.characteristic", "Characteristic")
F_INSTRUCTOR = Message("dg.field.instructor", "Instructor")
F_AN_NPC = Message("dg.field.an_npc", "an NPC")
F_FORCE = Message("dg.field.force", "Without a mark")
F_CASTER = Message("dg.field.caster", "Caster")
F_CASTER_MP = Message("dg.field.caster_mp", "Caster MP")
F_TARGET_MP = Message("dg.field.target_mp", "Target MP")
F_TOTAL_HP_ONLY = Message("dg.field.total_hp_only", "(total HP only)")

# --- choice labels -------------------------------------------------------------------------------
C_SPOT_HIDDEN = Message("dg.choice.spot_hidden", "Spot Hidden")
C_IDEA = Message("dg.choice.idea", "Idea")
C_FIRST_AID = Message("dg.choice.first_aid", "First Aid")
C_MEDICINE = Message("dg.choice.medicine", "Medicine")
C_LUCK_SELF = Message("dg.choice.luck_self", "Luck (self)")
C_MODE = Message("dg.choice.mode", "{mode}: {cost}, {rounds} rounds")
# a weapon holding the mode's whole count: the mode's name says the rounds already ("100-round
# sustained spray: all actions", whole on a phone's card), C_MODE names fewer
C_MODE_FULL = Message("dg.choice.mode_full", "{mode}: {cost}")
# a spray from a weapon holding fewer than its 100 rounds: the rounds it fires said once, in its
# name ("30-round sustained spray: all actions"; "100-round sustained spray: all actions, 30
# rounds" was cut on a phone's card, 390 px)
C_SPRAY_SHORT = Message("dg.choice.spray_short", "{rounds}-round sustained spray: {cost}")
C_EDGE_PRICE = Message("dg.choice.edge_price", "{edge} ({price})")
C_WOUND = Message("dg.choice.wound", "{name}: {location}")
C_HELD_WEAPON = Message("dg.choice.held_weapon", "{name}: {weapon}")
WORD = Message("dg.word", "{word}")  # a key shown as it is spelt (a skill, an edge, a hazard)

# --- action labels -------------------------------------------------------------------------------
DECLARE_AIMED_SHOT = Message("dg.action.declare_aimed_shot", "Declare an aimed shot")
STOP_DODGING = Message("dg.action.stop_dodging", "Stop dodging")
DODGE_NEXT = Message("dg.action.dodge_next", "Dodge the next attack")
TAKE_COVER = Message("dg.action.take_cover", "Take cover")
BRAVE = Message("dg.action.brave", "Brave suppressive fire")
BRAVE_AFTER = Message("dg.action.brave_after", "Brave the fire after the roll")
LOCATE = Message("dg.action.locate", "Look for a hard-to-see target")
BUY_EDGE = Message("dg.action.buy_edge", "Buy an edge ({points} skill points left)")
QUICK_DRAW = Message("dg.action.quick_draw", "Quick Draw")
WALK = Message("dg.action.walk", "Walk")
DECLARE_PARRY = Message("dg.action.declare_parry", "Parry an attacker")
CRAWL = Message("dg.action.crawl", "Crawl 1 m")
FIRST_AID_SELF = Message("dg.action.first_aid_self", "First Aid on itself")
PASS = Message("dg.action.pass", "Pass (turn a card down)")
DRAW = Message("dg.action.draw", "Draw {weapon}")
DRAW_OFF_HAND = Message("dg.action.draw_off_hand", "Draw {weapon} into the other hand")
CLEAR_JAM = Message("dg.action.clear_jam", "Clear the jam ({weapon})")
AIMED_SHOT = Message("dg.action.aimed_shot", "Aimed shot at the {location} ({weapon})")
FIRE = Message("dg.action.fire", "Single shot ({weapon}, {fired}/{rof} this round)")
BURST = Message("dg.action.burst", "Burst ({weapon}, {loaded} loaded)")
SUPPRESS = Message("dg.action.suppress", "Suppressive fire ({weapon})")
RELOAD = Message("dg.action.reload", "Reload {weapon} ({spare} spare)")
CHAMBER_FIRE = Message("dg.action.chamber_fire", "Chamber and fire ({weapon})")
THROW = Message("dg.action.throw", "Throw {weapon}")
MELEE = Message("dg.action.melee", "Attack with {weapon}")
HOLSTER_OFF = Message("dg.action.holster_off", "Put away the other hand's weapon")
HOLSTER = Message("dg.action.holster", "Holster")
PRECISION_AIM = Message("dg.action.precision_aim", "Precision aim (whole round)")
RUN = Message("dg.action.run", "Run (8 m, -10% this round)")
STAND = Message("dg.action.stand", "Stand up")
FIRST_AID = Message("dg.action.first_aid", "First Aid (rest of the round)")
PULL_OUT = Message("dg.action.pull_out", "Pull the stuck weapon out")
LET_GO = Message("dg.action.let_go", "Let go of the stuck weapon")
PUT_OUT = Message("dg.action.put_out", "Put out the flames")
SKILL = Message("dg.action.skill", "Use a skill")
DELAY = Message("dg.action.delay", "Delay (act later this pass)")
HOLD_HALF_DEX = Message(
    "dg.action.hold_half_dex",
    "Hold to half DEX (rank {rank}) for chamber-and-fire or a second shotgun shot",
)
START_ROUND = Message("dg.action.start_round", "Start round")
NEXT_PASS = Message("dg.action.next_pass", "Next pass")
END_ROUND = Message("dg.action.end_round", "End round")
GM_DAMAGE = Message("dg.action.gm_damage", "Apply damage")
GM_HEAL = Message("dg.action.gm_heal", "Apply healing")
GM_CONDITION = Message("dg.action.gm_condition", "Set a condition")
OPEN_SPACE = Message("dg.action.open_space", "Open space")
CONFINED_SPACE = Message("dg.action.confined_space", "Confined space")
HAZARD = Message("dg.action.hazard", "Hazard (explosion, fall, acid, fire, poison, drowning)")
REVOLVER_ACCIDENT = Message("dg.action.revolver_accident", "A full revolver is jolted")
POISON_ONSET = Message("dg.action.poison_onset", "The poison's onset time has passed")
FIT_SILENCER = Message("dg.action.fit_silencer", "Fit a silencer (its life is rolled for the GM)")
SPOT_VEST = Message("dg.action.spot_vest", "Spot a hidden vest")
SET_LIGHT = Message("dg.action.set_light", "Light of the scene")
CONCEAL = Message("dg.action.conceal", "Hard to see (partial concealment)")
GM_NOTE = Message("dg.action.gm_note", "Note (resources, safe houses, equipment: no rules)")
GRANT_EDGE = Message("dg.action.grant_edge", "Grant an edge")
GM_TREAT = Message("dg.action.gm_treat", "First Aid / surgery")
WEEK_PASSES = Message("dg.action.week_passes", "A week of healing")
TRAIN_SKILL = Message("dg.action.train_skill", "Skill training")
TRAIN_CHARACTERISTIC = Message("dg.action.train_characteristic", "Characteristic training")
RESEARCH = Message("dg.action.research", "Research")
POW_GAIN = Message("dg.action.pow_gain", "POW gain roll")
MAGIC_CONTEST = Message("dg.action.magic_contest", "Magic points contest")

# --- names of table entries ----------------------------------------------------------------------
LOCATION_NAMES = {
    "right_leg": Message("dg.location.right_leg", "right leg"),
    "left_leg": Message("dg.location.left_leg", "left leg"),
    "chest": Message("dg.location.chest", "chest/abdomen"),
    "right_arm": Message("dg.location.right_arm", "right arm"),
    "left_arm": Message("dg.location.left_arm", "left arm"),
    "head": Message("dg.location.head", "head"),
}
LIGHTS = {
    "normal": Message("dg.light.normal", "normal"),
    "dim": Message("dg.light.dim", "dim"),
    "dark": Message("dg.light.dark", "dark"),
}
ACID_GRADES = {
    "weak": Message("dg.acid.weak", "weak"),
    "strong": Message("dg.acid.strong", "strong"),
    "very_strong": Message("dg.acid.very_strong", "very strong"),
}
FIRES = {
    "torch": Message("dg.fire.torch", "torch"),
    "bonfire": Message("dg.fire.bonfire", "bonfire"),
    "burning_room": Message("dg.fire.burning_room", "burning room"),
}
POISON_EFFECTS = {
    "damaging": Message("dg.poison_effect.damaging", "damaging"),
    "incapacitating": Message("dg.poison_effect.incapacitating", "incapacitating"),
}


# --- log lines (declarations) --------------------------------------------------------------------
AIMED_SHOT_DECLARED = Message(
    "dg.log.aimed_shot_declared", "{name} will take an aimed shot at the {location} next round"
)
FLAG_SET = Message("dg.log.flag_set", "{name}: {flag} {value} ({rule})")
FLAGS = {"brave": Message("dg.flag.brave", "brave"), "dodge": Message("dg.flag.dodge", "dodge")}
ON = Message("dg.flag.on", "on")
OFF = Message("dg.flag.off", "off")
PARRY_DECLARED = Message("dg.log.parry_declared", "{name} will parry {attacker}")
GRAPPLE_PARRY_DECLARED = Message(
    "dg.log.grapple_parry_declared", "{name} will parry {attacker} by grappling"
)
LOCATED = Message(
    "dg.log.located", "{name} looks for {target}: {skill} d100 = {roll} vs {chance}: {verdict}"
)
FINDS = Message("dg.log.finds", "finds {target}")
SEES_NOTHING = Message("dg.log.sees_nothing", "sees nothing")

# Terms kept in tables by key; listed so the catalogue holds them.
TERMS = [
    *LOCATION_NAMES.values(),
    *FLAGS.values(),
    *LIGHTS.values(),
    *ACID_GRADES.values(),
    *FIRES.values(),
    *POISON_EFFECTS.values(),
]

# A combatant's state and conditions as badges name them (DG-WOUND-2).
STATUS_NAMES = {
    "conscious": Message("dg.status.conscious", "conscious"),
    "unconscious": Message("dg.status.unconscious", "unconscious"),
    "dying": Message("dg.status.dying", "dying"),
    "dead": Message("dg.status.dead", "dead"),
}
CONDITION_NAMES = {
    "arm_disabled": Message("dg.condition.arm_disabled", "arm disabled"),
    "leg_disabled": Message("dg.condition.leg_disabled", "leg disabled"),
    "bleeding": Message("dg.condition.bleeding", "bleeding"),
    "dead": Message("dg.condition.dead", "dead"),
    "helpless": Message("dg.condition.helpless", "helpless"),
    "incapacitated": Message("dg.condition.incapacitated", "incapacitated"),
    "maimed": Message("dg.condition.maimed", "maimed"),
    "prone": Message("dg.condition.prone", "prone"),
    "severed": Message("dg.condition.severed", "severed"),
    "unconscious": Message("dg.condition.unconscious", "unconscious"),
}
TERMS += [*STATUS_NAMES.values(), *CONDITION_NAMES.values()]
# The GM's condition tool also sets what is not a badge of its own (dg.gm_condition.*).
GM_CONDITION_NAMES = {
    "stabilise": Message("dg.gm_condition.stabilise", "stabilised"),
    "treated": Message("dg.gm_condition.treated", "treated"),
    "brave": Message("dg.gm_condition.brave", "braves fire"),
    "dodge": Message("dg.gm_condition.dodge", "will dodge"),
    "on_fire": Message("dg.gm_condition.on_fire", "on fire"),
    "knocked_out": Message("dg.gm_condition.knocked_out", "knocked out"),
}
HAZARD_NAMES = {
    "explosion": Message("dg.hazard.explosion", "explosion"),
    "fall": Message("dg.hazard.fall", "fall"),
    "acid": Message("dg.hazard.acid", "acid"),
    "fire": Message("dg.hazard.fire", "fire"),
    "poison": Message("dg.hazard.poison", "poison"),
    "drowning": Message("dg.hazard.drowning", "drowning"),
}
TERMS += [*GM_CONDITION_NAMES.values(), *HAZARD_NAMES.values()]

# Names the sheet and the forms show by key: vest levels (DG-ARM-1), a location's wound badges
# (DG-WOUND-1), autofire modes (DG-AUTO-3) and the demo agents' skills.
VEST_NAMES = {
    1: Message("dg.vest.1", "Level I vest"),
    2: Message("dg.vest.2", "Level II vest"),
    3: Message("dg.vest.3", "Level III vest"),
    4: Message("dg.vest.4", "Level IV suit"),
}
BADGE_NAMES = {
    "disabled": Message("dg.badge.disabled", "disabled"),
    "crippled": Message("dg.badge.crippled", "crippled"),
}
MODE_NAMES = {
    "3": Message("dg.mode.3", "3-round burst"),
    "4": Message("dg.mode.4", "4-round short burst"),
    "6": Message("dg.mode.6", "6-round short burst"),
    "8": Message("dg.mode.8", "8-round medium burst"),
    "10": Message("dg.mode.10", "10-round medium burst"),
    "12": Message("dg.mode.12", "12-round rock and roll"),
    "20": Message("dg.mode.20", "20-round long burst"),
    "100": Message("dg.mode.100", "100-round sustained spray"),
}
SKILL_NAMES = {
    "dodge": Message("dg.skill.dodge", "Dodge"),
    "firearms": Message("dg.skill.firearms", "Firearms"),
    "first_aid": Message("dg.skill.first_aid", "First Aid"),
    "medicine": Message("dg.skill.medicine", "Medicine"),
    "smg": Message("dg.skill.smg", "SMG"),
    "shotgun": Message("dg.skill.shotgun", "Shotgun"),
    "knife": Message("dg.skill.knife", "Knife"),
    "fist": Message("dg.skill.fist", "Fist"),
    "machine_gun": Message("dg.skill.machine_gun", "Machine gun"),
}
TERMS += [
    *VEST_NAMES.values(),
    *BADGE_NAMES.values(),
    *MODE_NAMES.values(),
    *SKILL_NAMES.values(),
]

# The round's opening line (DG-INIT-1/-3/-4), its parts joined with "; " as the English log was.
LOG_JOINED = Message("dg.log.joined", "{head}; {tail}")
LOG_ROUND = Message("dg.log.round", "Round {round}")
LOG_INITIATIVE = Message(
    "dg.log.initiative",
    "{name}: initiative d{sides} = {die} + {why} = {rank}; {cards} action card(s)",
)
LOG_INITIATIVE_KEPT = Message(
    "dg.log.initiative_kept",
    "{name}: initiative d{sides} = {die} + {why} = {rank}; {cards} action card(s)"
    " ({carried} carried over)",
)
LOG_DEX = Message("dg.log.dex", "DEX {dex}")
LOG_HALF_DEX = Message("dg.log.half_dex", "half DEX {base} ({reason})")
LOG_SURPRISED = Message("dg.log.surprised", "surprised")
LOG_AIMED = Message("dg.log.aimed", "aimed shot")
LOG_TIED = Message("dg.log.tied", "tied ranks act simultaneously (DG-INIT-3)")
LOG_TIED_DEX = Message(
    "dg.log.tied_dex", "tied ranks with equal DEX act simultaneously (DG-INIT-3)"
)

# --- what a die is rolled for (the log shows it beside the face; vtt/words.py `purpose`) ------
PURPOSE_INITIATIVE = Message("dg.purpose.initiative", "{name} initiative d{sides}")
PURPOSE_TO_HIT = Message("dg.purpose.to_hit", "to hit d100")
PURPOSE_PARRY = Message("dg.purpose.parry", "parry d100")
PURPOSE_SUPPRESSIVE = Message("dg.purpose.suppressive", "suppressive fire d100")
PURPOSE_HITS = Message("dg.purpose.hits", "hits 1d{sides}")
PURPOSE_LUCK = Message("dg.purpose.luck", "Luck d100")

# --- more dice purposes: the English each roll stores, matched back to its message in the log
# (vtt/words.py `purpose`); the words inside braces are names, numbers and dice
PURPOSE_LOCATE = Message("dg.purpose.locate", "{skill} d100 (locate)")
PURPOSE_QUICK_DRAW = Message("dg.purpose.quick_draw", "Quick Draw d100")
PURPOSE_PULL_OUT = Message("dg.purpose.pull_out", "pull out d100")
PURPOSE_JAM_TIME = Message("dg.purpose.jam_time", "jam clearing time 1d6 rounds")
PURPOSE_CLEAR_JAM = Message("dg.purpose.clear_jam", "clear jam d100")
PURPOSE_PARRIED_DAMAGE = Message("dg.purpose.parried_damage", "parried blow damage {damage}")
PURPOSE_BLEEDING = Message("dg.purpose.bleeding", "{name} CON x5 ({where} bleeding)")
PURPOSE_BURNING = Message("dg.purpose.burning", "{name} burning 1d6")
PURPOSE_SUFFOCATION = Message("dg.purpose.suffocation", "{name} suffocation 1d6")
PURPOSE_HOLDING_BREATH = Message("dg.purpose.holding_breath", "{name} CON x{mult} (holding breath)")
PURPOSE_RANDOM_TARGET = Message("dg.purpose.random_target", "random target 1d{n}")
PURPOSE_FIRST_AID = Message("dg.purpose.first_aid", "First Aid 1d3")
PURPOSE_RESPIRATORY = Message("dg.purpose.respiratory", "respiratory failure d100")
PURPOSE_LOCATION = Message("dg.purpose.location", "hit location d10")
PURPOSE_DAMAGE = Message("dg.purpose.damage", "{label} damage {expr}")
PURPOSE_IMPALE_DAMAGE = Message("dg.purpose.impale_damage", "{label} impale damage {expr}")
PURPOSE_BULLET = Message("dg.purpose.bullet", "bullet {n}")
PURPOSE_DODGE = Message("dg.purpose.dodge", "dodge d100")
# The derived Dodge line: Delta Green says 躲避 (its 闪避 is parry), unlike core.derive.dodge.
DERIVED_DODGE = Message("dg.derive.dodge", "Dodge")
PURPOSE_SEVERE_BURNS = Message("dg.purpose.severe_burns", "Luck d100 (severe burns)")
PURPOSE_CON_LOSS = Message("dg.purpose.con_loss", "CON loss 1d3")
PURPOSE_APP_LOSS = Message("dg.purpose.app_loss", "APP loss 1d3")
PURPOSE_KNOCKOUT = Message("dg.purpose.knockout", "knockout resistance d100")
PURPOSE_THROWN_BONUS = Message("dg.purpose.thrown_bonus", "damage bonus (halved when thrown)")
PURPOSE_DAMAGE_BONUS = Message("dg.purpose.damage_bonus", "damage bonus")
PURPOSE_DIRTY_FIGHTING = Message("dg.purpose.dirty_fighting", "Dirty Fighting 1d4")
PURPOSE_SPOT_HIDDEN = Message("dg.purpose.spot_hidden", "Spot Hidden d100")
PURPOSE_WEEKLY_HEALING = Message("dg.purpose.weekly_healing", "{name} weekly healing {expr}")
PURPOSE_SILENCER = Message("dg.purpose.silencer", "silencer life d100")
PURPOSE_FALL = Message("dg.purpose.fall", "fall {expr}")
PURPOSE_ACID = Message("dg.purpose.acid", "acid {expr}")
PURPOSE_POISON_RESISTANCE = Message("dg.purpose.poison_resistance", "poison resistance d100")
PURPOSE_BLAST = Message("dg.purpose.blast", "{name} blast {expr}")
PURPOSE_JUMP = Message("dg.purpose.jump", "Jump d100")
PURPOSE_ONSET = Message("dg.purpose.onset", "onset 1d{sides}")
PURPOSE_TRAINING = Message("dg.purpose.training", "training 1d6-2")
PURPOSE_CHARACTERISTIC_TRAINING = Message(
    "dg.purpose.characteristic_training", "characteristic training 1d3-1"
)
PURPOSE_RESEARCH = Message("dg.purpose.research", "research d100")
PURPOSE_RESEARCH_GAIN = Message("dg.purpose.research_gain", "research 1d3-1")
PURPOSE_RESISTANCE_TABLE = Message("dg.purpose.resistance_table", "resistance table d100")
PURPOSE_POW_GAIN = Message("dg.purpose.pow_gain", "POW gain d100")
PURPOSE_POW_GAIN_AMOUNT = Message("dg.purpose.pow_gain_amount", "POW gain 1d3-1")
PURPOSE_GRAPPLE_CONTACT = Message("dg.purpose.grapple_contact", "grapple parry d100 (contact)")
PURPOSE_GRAPPLE_SEIZE = Message("dg.purpose.grapple_seize", "grapple parry d100 (seize)")
# a skill roll by the skill's name ("first aid d100": the name is read as the skill's own word)
PURPOSE_SKILL = Message("dg.purpose.skill", "{skill} d100")
PURPOSE_TORCH = Message("dg.purpose.torch", "torch {expr}")
PURPOSE_BONFIRE = Message("dg.purpose.bonfire", "bonfire {expr}")
PURPOSE_BURNING_ROOM = Message("dg.purpose.burning_room", "burning room {expr}")
# A preview's words (rules/delta_green/preview.py): the chances themselves are percentages.
ODDS_HIT = Message("dg.odds.hit", "hit")
ODDS_IMPALE = Message("dg.odds.impale", "impale")
ODDS_MISS = Message("dg.odds.miss", "miss")
ODDS_MALFUNCTION = Message("dg.odds.malfunction", "malfunction")
ODDS_CHOSEN_LOCATION = Message("dg.odds.chosen_location", "chosen location")
ODDS_RANDOM_LOCATION = Message("dg.odds.random_location", "random location")
ODDS_TARGET_HIT = Message("dg.odds.target_hit", "{target} hit")
ODDS_ATTACK = Message("dg.odds.attack", "{breakdown}: {chance}% to hit")
ODDS_SPLIT = Message("dg.odds.split", "{mode} split among {count} targets (COC-AUTO-6)")
ODDS_SUPPRESS = Message("dg.odds.suppress", "suppressive fire, skill {skill}, X = {x}")

# DG-MIND-1: Willpower and Sanity set by the GM (gm_mind.py)
MIND = Message("dg.action.mind", "Willpower and Sanity")
F_WP = Message("dg.field.wp", "Willpower now (blank: unchanged)")
F_SAN = Message("dg.field.san", "Sanity now (blank: unchanged)")
MIND_SET = Message("dg.log.mind_set", "{name}: Willpower {wp}, Sanity {san}.")
MIND_NOTHING = Message("dg.refuse.mind_nothing", "Give a new Willpower, Sanity or both.")
