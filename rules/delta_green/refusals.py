"""Delta Green's refusals: why an action, a sheet or a setup is not allowed (`dg.refuse.*`).

Each keeps the English the engine said before it was a message; a value shown as code (an
unknown key, a weapon key) is passed already quoted (`repr`), as the English showed it.
"""

from __future__ import annotations

from rules.core.kit import Message, Msg

# --- who acts and when (DG-INIT-2, DG-ACT-4) -----------------------------------------------------
GM_HAS_NO_ACTION = Message("dg.refuse.gm_has_no_action", "the GM has no action '{kind}'")
GM_ONLY = Message("dg.refuse.gm_only", "{kind} is a GM action (send it as actor 'gm')")
NO_COMBATANT = Message("dg.refuse.no_combatant", "there is no combatant '{cid}'")
DEAD = Message("dg.refuse.dead", "{name} is dead")
CANNOT_ACT = Message("dg.refuse.cannot_act", "{name} cannot act ({status})")
CANNOT_ACT_NOW = Message("dg.refuse.cannot_act_now", "{name} cannot act")
ONLY_AID_OR_CRAWL = Message(
    "dg.refuse.only_aid_or_crawl", "{name} can only give First Aid to itself or crawl"
)
NO_ROUND = Message("dg.refuse.no_round", "no round is under way; the GM starts the round")
NO_ROUND_SHORT = Message("dg.refuse.no_round_short", "no round is under way")
END_ROUND_FIRST = Message("dg.refuse.end_round_first", "end the current round first")
NOT_YOUR_TURN = Message("dg.refuse.not_your_turn", "it is not {name}'s turn (it is {who}'s)")
NOBODY = Message("dg.refuse.nobody", "nobody")
FIRST_ACTION = Message(
    "dg.refuse.first_action", "{what} takes all actions, so it must be the first action this round"
)
NO_ACTIONS_LEFT = Message("dg.refuse.no_actions_left", "{name} has no actions left this round")
COSTS_MORE = Message(
    "dg.refuse.costs_more", "{what} costs {cards} action(s) but {name} has {left} left this round"
)
HALF_DEX_WAIT = Message(
    "dg.refuse.half_dex_wait",
    "{what} is a half-DEX action at rank {rank} in this pass; {ahead} act first: hold to half "
    "DEX (0 actions), then take it",
)
ALREADY_HELD = Message("dg.refuse.already_held", "{name} already stands at half DEX in this pass")
NOBODY_BETWEEN = Message(
    "dg.refuse.nobody_between",
    "nobody acts between {name}'s rank and its half-DEX rank {rank}: act now",
)
DELAY_OFF = Message("dg.refuse.delay_off", "delaying is off in this campaign")
ALREADY_DELAYED = Message("dg.refuse.already_delayed", "{name} has already delayed this pass")
NOBODY_LEFT = Message("dg.refuse.nobody_left", "nobody else is left to act in this pass")

# What an activity is called where a refusal names it ("a shot costs 1 action(s) but ...").
DOINGS = {
    english: Message("dg.doing." + "_".join(english.split()).replace("-", "_"), english)
    for english in (
        "a shot",
        "an aimed shot",
        "running",
        "crawling",
        "standing up",
        "drawing a weapon",
        "holstering",
        "changing a magazine",
        "loading cartridges",
        "changing a belt",
        "chambering and firing",
        "letting go",
        "pulling the weapon out",
        "putting the fire out",
        "clearing a jam",
        "a skill roll",
        "suppressive fire",
        "precision aiming",
        "a throw",
        "a melee attack",
    )
}
A_MODE = Message("dg.doing.a_mode", "a {mode}")
A_SECOND_SHOT = Message("dg.doing.a_second_shot", "a second {weapon} shot this round")


def doing(what: str | Msg) -> str | Msg:
    """An activity's phrase as a message (one not declared stays as it is)."""
    if isinstance(what, Msg):
        return what
    known = DOINGS.get(what)
    return what if known is None else known()


# --- weapons in hand (DG-ACT-6, COC-MAL-3, COC-PARRY-*) -------------------------------------------
NO_WEAPON = Message("dg.refuse.no_weapon", "{name} has no weapon {key}")
STUCK = Message("dg.refuse.stuck", "{weapon} is stuck in its victim; pull it out or let go")
NOT_IN_HAND = Message("dg.refuse.not_in_hand", "{weapon} is not in hand; draw it first (1 action)")
JAMMED = Message("dg.refuse.jammed", "{weapon} is jammed")
BROKEN = Message("dg.refuse.broken", "{weapon} is broken")
DISABLED_BY_PARRY = Message(
    "dg.refuse.disabled_by_parry", "{weapon} was damaged parrying: it no longer fires"
)
PARRIED_NO_FIRE = Message(
    "dg.refuse.parried_no_fire", "{weapon} parried this round: no firing it too"
)
ALREADY_IN_HAND = Message("dg.refuse.already_in_hand", "{weapon} is already in hand")
DISABLED_ARM = Message("dg.refuse.disabled_arm", "{name} cannot hold {weapon} with a disabled arm")
TWO_HANDED = Message("dg.refuse.two_handed", "a two-handed weapon leaves no hand free")
OFF_HAND_KIND = Message(
    "dg.refuse.off_hand_kind", "the other hand takes a melee weapon or a handgun"
)
OFF_HAND_FULL = Message(
    "dg.refuse.off_hand_full", "{name} already holds something in the other hand"
)
HAND_EMPTY = Message("dg.refuse.hand_empty", "{name} holds nothing in that hand")
NO_QUICK_DRAW = Message("dg.refuse.no_quick_draw", "{name} lacks the Quick Draw edge")
NOT_RELOADED = Message("dg.refuse.not_reloaded", "{weapon} is not reloaded")
FULL = Message("dg.refuse.full", "{weapon} is full")
NO_SPARE = Message("dg.refuse.no_spare", "{name} has no spare ammunition for {weapon}")
ONE_MAGAZINE = Message("dg.refuse.one_magazine", "one magazine change per round")
TWO_CARTRIDGES = Message("dg.refuse.two_cartridges", "at most 2 cartridges a round")
NOT_LOOSE = Message("dg.refuse.not_loose", "{weapon} is not loaded a cartridge at a time")
NO_CARTRIDGE = Message("dg.refuse.no_cartridge", "no cartridge to chamber in {weapon}")
NOTHING_STUCK = Message("dg.refuse.nothing_stuck", "{name} has no weapon stuck")
PULL_NEXT_ROUND = Message(
    "dg.refuse.pull_next_round", "a stuck weapon can be pulled out from the next round"
)
PULL_TAKES_ATTACK = Message(
    "dg.refuse.pull_takes_attack", "pulling a weapon out takes the round's attack"
)
NOT_JAMMED = Message("dg.refuse.not_jammed", "{weapon} is not jammed")
NOT_ON_FIRE = Message("dg.refuse.not_on_fire", "{name} is not on fire")
LUCK_IS_THE_VICTIMS = Message(
    "dg.refuse.luck_is_the_victims", "only the victim rolls Luck to put itself out"
)

# --- attacks (DG-WOUND-*, COC-SURPRISE-*, DG-CALLED-1, DG-ACT-3, DG-AUTO-*) ----------------------
CHEST_NO_ATTACK = Message(
    "dg.refuse.chest_no_attack", "{name} is down with a chest wound and cannot attack"
)
COMPLETELY_SURPRISED = Message(
    "dg.refuse.completely_surprised", "{name} is completely surprised: no attack this round"
)
ONE_SHOT = Message("dg.refuse.one_shot", "surprised with no gun ready: one shot this round")
AFTER_AIMED = Message(
    "dg.refuse.after_aimed", "after an aimed shot no other attack is allowed this round"
)
AFTER_DECLARED = Message(
    "dg.refuse.after_declared", "after declaring an aimed shot no other attack is allowed"
)
CHOOSE_ANOTHER = Message("dg.refuse.choose_another", "choose another target")
NOT_LOCATED = Message(
    "dg.refuse.not_located", "{name} has not located {target}: Spot Hidden or Idea first"
)
ALREADY_DEAD = Message("dg.refuse.already_dead", "{name} is already dead")
QUICK_DRAW_IN_MELEE = Message(
    "dg.refuse.quick_draw_in_melee", "only an agent with Quick Draw may fire in melee"
)
NOT_A_FIREARM = Message("dg.refuse.not_a_firearm", "{weapon} is not a firearm; use a melee attack")
ROF = Message(
    "dg.refuse.rof", "{weapon} has ROF {rof}{doubled}; {fired} shot(s) already this round"
)
DOUBLED_UNAIMED = Message("dg.refuse.doubled_unaimed", " (doubled unaimed)")
TAKE_AIMED = Message(
    "dg.refuse.take_aimed", "this round you declared an aimed shot; take it with 'aimed shot'"
)
DECLARED_AIMED = Message("dg.refuse.declared_aimed", "this round you declared an aimed shot")
ROUNDS_LOADED = Message("dg.refuse.rounds_loaded", "{weapon} has {loaded} round(s) loaded; reload")
NO_DOUBLE_TAP = Message("dg.refuse.no_double_tap", "{name} lacks the Double Tap edge")
DOUBLE_TAP_RANGE = Message(
    "dg.refuse.double_tap_range", "Double Tap works only at point-blank range"
)
AIMED_NEEDS_FIREARM = Message("dg.refuse.aimed_needs_firearm", "an aimed shot needs a firearm")
DECLARE_AIMED_FIRST = Message(
    "dg.refuse.declare_aimed_first",
    "declare the aimed shot and its location before initiative is rolled",
)
EMPTY = Message("dg.refuse.empty", "{weapon} is empty; reload")
UNKNOWN_MODE = Message("dg.refuse.unknown_mode", "unknown autofire mode {mode}")
NO_BURSTS = Message("dg.refuse.no_bursts", "{weapon} cannot fire bursts")
CANNOT_FIRE_MODE = Message("dg.refuse.cannot_fire_mode", "{weapon} cannot fire a {mode}")
CANNOT_FIRE_MODE_KEY = Message("dg.refuse.cannot_fire_mode_key", "{weapon} cannot fire mode {mode}")
AIMED_NEVER_BURST = Message("dg.refuse.aimed_never_burst", "an aimed shot is never a burst")
WALKING_MODES = Message("dg.refuse.walking_modes", "walking fire needs a long burst or a spray")
SPLIT_ITEM = Message(
    "dg.refuse.split_item", "split: {item} is not target:rounds with at least 1 round"
)
SPLIT_TWICE = Message("dg.refuse.split_twice", "split: {target} is named twice")
NOT_AT_ITSELF = Message("dg.refuse.not_at_itself", "a shooter cannot fire at itself")
SPLIT_TWO = Message("dg.refuse.split_two", "split: name at least two targets")
SPLIT_TOTAL = Message(
    "dg.refuse.split_total", "split: the shares add up to {total} rounds, the burst fires {rounds}"
)
SINGLE_TARGET = Message(
    "dg.refuse.single_target", "a burst has a single target in this campaign (dg.burst_targets)"
)
WALKING_SPLIT = Message(
    "dg.refuse.walking_split", "walking fire walks onto one target; not with a split burst"
)
NO_PREVIEW = Message("dg.refuse.no_preview", "no preview for {kind}")

# --- suppressive fire (DG-SUPP-*) ----------------------------------------------------------------
NOTHING_TO_BRAVE = Message(
    "dg.refuse.nothing_to_brave",
    "{name} has no suppressive fire from {shooter} to brave this round",
)
ACTED_SINCE = Message(
    "dg.refuse.acted_since",
    "{name} has acted since the roll: braving is chosen before acting again",
)
SUPPRESS_NEEDS_AUTO = Message(
    "dg.refuse.suppress_needs_auto", "suppressive fire needs an automatic weapon"
)
CHOOSE_TARGETS = Message("dg.refuse.choose_targets", "choose the targets the GM allows")
NOT_ITSELF = Message("dg.refuse.not_itself", "a shooter cannot suppress itself")
ONE_ROUND_AT_LEAST = Message(
    "dg.refuse.one_round_at_least", "suppressive fire needs at least 1 round"
)
X_RANGE = Message("dg.refuse.x_range", "X must be between 1 and {most} (the shooter's skill)")

# --- melee (DG-ACT-6, COC-PARRY-7, COC-KO-*, COC-THROW-1) ----------------------------------------
MELEE_NOT_FIREARM = Message(
    "dg.refuse.melee_not_firearm", "use fire, burst or aimed shot for a firearm"
)
SWORDS_ONLY = Message(
    "dg.refuse.swords_only",
    "{weapon} parried this round; only swords attack and parry in one round",
)
BLUNT_ONLY = Message("dg.refuse.blunt_only", "only fists, kicks and blunt weapons knock out")
NO_KNOCKOUT = Message("dg.refuse.no_knockout", "{name} cannot be knocked out")
NOT_THROWN = Message("dg.refuse.not_thrown", "{weapon} is not made for throwing")

# --- moving and aiming (DG-MOVE-*, DG-WOUND-*, DG-AIM-1) ----------------------------------------
AIM_NEEDS_FIREARM = Message("dg.refuse.aim_needs_firearm", "an aimed shot needs a firearm in hand")
PRECISION_NEEDS_FIREARM = Message(
    "dg.refuse.precision_needs_firearm", "precision aiming needs a firearm in hand"
)
RUN_ONCE = Message("dg.refuse.run_once", "a character may run only once a round")
RUN_CAP = Message("dg.refuse.run_cap", "a run covers at most {cap} m this round")
CHEST_CANNOT_MOVE = Message(
    "dg.refuse.chest_cannot_move", "with a chest wound at 1x the character cannot move"
)
ONLY_CRAWL = Message(
    "dg.refuse.only_crawl",
    "with a disabled leg or a maimed limb the character can only crawl",
)
STAND_FIRST = Message("dg.refuse.stand_first", "stand up first (1 action)")
MOVE_IN_ROUND = Message("dg.refuse.move_in_round", "movement happens during a round")
CANNOT_MOVE = Message("dg.refuse.cannot_move", "{name} cannot move")
MOVE_LEFT = Message("dg.refuse.move_left", "{name} can move {left} m more this round")
STANDING = Message("dg.refuse.standing", "{name} is already standing")
CANNOT_STAND = Message("dg.refuse.cannot_stand", "{name} cannot stand up with this wound")

# --- wounds and care (DG-HEAL-*, DG-WOUND-*) ---------------------------------------------------
UNKNOWN_LOCATION = Message("dg.refuse.unknown_location", "unknown location '{location}'")
UNKNOWN_LOCATION_KEY = Message("dg.refuse.unknown_location_key", "unknown location {location}")
FIRST_AID_OR_MEDICINE = Message("dg.refuse.first_aid_or_medicine", "use first_aid or medicine")
CHEST_TREATS_ITSELF = Message(
    "dg.refuse.chest_treats_itself", "a character down with a chest wound can only treat itself"
)
INCAPACITATED_TREATS_ITSELF = Message(
    "dg.refuse.incapacitated_treats_itself", "an incapacitated character can only treat itself"
)
NOT_WOUNDED = Message("dg.refuse.not_wounded", "{name}'s {location} is not wounded")
FIRST_AID_ONCE = Message("dg.refuse.first_aid_once", "First Aid works once per wound")
IMPOSSIBLE_IN_DARK = Message("dg.refuse.impossible_in_dark", "{skill} is impossible in the dark")

# --- declarations (DG-CALLED-1, COC-PARRY-2/-3, DG-EDGE-0, COC-CONCEAL-1) ----------------------
AIM_BEFORE_ROUND = Message(
    "dg.refuse.aim_before_round", "declare an aimed shot before the GM starts the round"
)
PARRY_IN_ROUND = Message("dg.refuse.parry_in_round", "declare a parry once the round has started")
ONE_PARRY = Message("dg.refuse.one_parry", "one parry per round")
NO_PARRY_AIMING = Message("dg.refuse.no_parry_aiming", "no parry while precision aiming")
ONLY_GM_GRANTS = Message("dg.refuse.only_gm_grants", "after creation only the GM grants edges")
EDGES_BETWEEN_ROUNDS = Message("dg.refuse.edges_between_rounds", "edges are bought between rounds")
LOCATE_WITH = Message("dg.refuse.locate_with", "locate with spot_hidden or idea")
ALREADY_SEES = Message("dg.refuse.already_sees", "{name} can already see {target}")
ONE_LOCATE = Message("dg.refuse.one_locate", "one locating roll per target a round")

# --- edges (DG-EDGE-0) ----------------------------------------------------------------------------
UNKNOWN_EDGE = Message("dg.refuse.unknown_edge", "unknown edge {edge}")
HAS_EDGE = Message("dg.refuse.has_edge", "{name} already has {edge}")
EDGE_NEEDS = Message("dg.refuse.edge_needs", "{edge} needs {prerequisite} first")
NO_POOL = Message("dg.refuse.no_pool", "{name}'s sheet keeps no skill-point pool")
EDGE_PRICE = Message("dg.refuse.edge_price", "{edge} costs {price} skill points; {name} has {pool}")

# --- the GM's tools (DG-HP-*, DG-HEAL-*, DG-TRAIN-*, DG-POW-*, hazards, scene) -------------------
NEGATIVE_DAMAGE = Message("dg.refuse.negative_damage", "damage cannot be negative; use healing")
NEGATIVE_HEALING = Message("dg.refuse.negative_healing", "healing cannot be negative")
UNKNOWN_CONDITION = Message(
    "dg.refuse.unknown_condition", "unknown condition {condition}; one of {choices}"
)
TREAT_IN_ROUND = Message(
    "dg.refuse.treat_in_round", "during a round, treatment is the healer's action (first_aid)"
)
WEEKS_BETWEEN_FIGHTS = Message(
    "dg.refuse.weeks_between_fights", "healing weeks pass between fights"
)
INSTRUCTOR_BETTER = Message(
    "dg.refuse.instructor_better", "{teacher} must be better than {current}% at {skill}"
)
TRAINING_CAP = Message("dg.refuse.training_cap", "training cannot raise a skill above {cap}%")
RESEARCH_CAP = Message("dg.refuse.research_cap", "research cannot raise a skill above {cap}%")
CHAR_TRAINING_OFF = Message(
    "dg.refuse.char_training_off", "characteristic training is off in this campaign"
)
CANNOT_TRAIN = Message("dg.refuse.cannot_train", "{char} cannot be trained")
CANNOT_RESEARCH = Message("dg.refuse.cannot_research", "{char} cannot be researched")
NOT_RAISED = Message("dg.refuse.not_raised", "{name} has not raised {char} by training or research")
NOTHING_TO_TEACH = Message("dg.refuse.nothing_to_teach", "{name} has nothing more to teach")
AT_LIMIT = Message("dg.refuse.at_limit", "{char} is at its limit {limit}")
NO_POW_ROLL = Message("dg.refuse.no_pow_roll", "{name} has not earned a POW gain roll")
NO_VEST_SPOTTING = Message(
    "dg.refuse.no_vest_spotting", "hidden vests cannot be spotted in this campaign"
)
NO_HIDDEN_VEST = Message("dg.refuse.no_hidden_vest", "{name} wears no hidden vest")
UNKNOWN_HAZARD = Message("dg.refuse.unknown_hazard", "unknown hazard {hazard}; one of {choices}")
ONE_DISTANCE = Message(
    "dg.refuse.one_distance", "tick who is caught and give one distance (m) for each, in order"
)
ACID_GRADES = Message("dg.refuse.acid_grades", "acid is {choices}")
FIRE_KINDS = Message("dg.refuse.fire_kinds", "fire is torch, bonfire or burning_room")
UNKNOWN_POISON = Message("dg.refuse.unknown_poison", "unknown poison {poison}; one of {choices}")
DOSES = Message("dg.refuse.doses", "doses must be 1 to 20")
NO_POISON_WAITING = Message("dg.refuse.no_poison_waiting", "{name} has no poison waiting to act")
NO_REVOLVER = Message("dg.refuse.no_revolver", "{name} has no revolver {key}")
REVOLVER_FULL = Message(
    "dg.refuse.revolver_full", "only a revolver with every chamber loaded goes off"
)
NOTE_TEXT = Message("dg.refuse.note_text", "write the note's text")
NOTE_LENGTH = Message("dg.refuse.note_length", "a note is at most 2000 characters")
NO_SILENCER = Message("dg.refuse.no_silencer", "{weapon} has no silencer on the sheet")
LIGHT_CHOICES = Message("dg.refuse.light_choices", "light must be one of {choices}")

# --- setups and stored states -------------------------------------------------------------------
NEEDS_ID = Message("dg.refuse.needs_id", "every combatant needs an id (and 'gm' is reserved)")
SHARED_ID = Message("dg.refuse.shared_id", "two combatants share the id {id}")
UNKNOWN_OP = Message("dg.refuse.unknown_op", "unknown op {op}")
UNKNOWN_VERSION = Message(
    "dg.refuse.unknown_version", "unknown Delta Green state version {version}"
)

# --- sheets (DG-CHAR-1 and friends): a field's problem, named by the SheetError ------------------
WHOLE_NUMBER = Message("dg.sheet_problem.whole_number", "must be a whole number")
WHOLE_NUMBER_NOT = Message("dg.sheet_problem.whole_number_not", "must be a whole number, not {raw}")
BETWEEN = Message("dg.sheet_problem.between", "must be between {low} and {high}, not {value}")
BANDS = Message("dg.sheet_problem.bands", "must be [[metres, dice]...]")
OUTWARDS = Message("dg.sheet_problem.outwards", "must go outwards")
AN_OBJECT = Message("dg.sheet_problem.an_object", "must be an object")
REQUIRED = Message("dg.sheet_problem.required", "is required")
ONE_OF = Message("dg.sheet_problem.one_of", "must be one of {choices}")
NO_SILENCER_HERE = Message(
    "dg.sheet_problem.no_silencer_here", "cannot be fitted to a shotgun or a machine gun"
)
BURST_SIZE = Message("dg.sheet_problem.burst_size", "must be a burst size of the table")
SKILL_MAP = Message("dg.sheet_problem.skill_map", "must map skill names to percentages")
A_LIST = Message("dg.sheet_problem.a_list", "must be a list")
UNIQUE_KEYS = Message("dg.sheet_problem.unique_keys", "weapon keys must be unique")
ONE_IN_HAND = Message("dg.sheet_problem.one_in_hand", "only one weapon can be in hand")
VEST_LEVEL = Message("dg.sheet_problem.vest_level", "must be 1 to 4")
NOT_HIDDEN = Message("dg.sheet_problem.not_hidden", "a level {level} vest cannot be hidden")
NOT_A_LOCATION = Message("dg.sheet_problem.not_a_location", "is not a hit location")
FACES_TO_LOCATIONS = Message(
    "dg.sheet_problem.faces_to_locations", "must map d10 faces to locations"
)
