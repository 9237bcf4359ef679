"""Every word the Call of Cthulhu engine says: log lines, labels, refusals (ids `coc.*`)."""

from __future__ import annotations

from rules.core.kit import Message

# --- setup and state -------------------------------------------------------------------------
AN_OBJECT = Message("coc.setup.object", "must be an object")
NEED_COMBATANTS = Message("coc.setup.combatants", "needs at least one combatant")
AN_ID = Message("coc.setup.id", "needs an id")
ID_TWICE = Message("coc.setup.id_twice", "{id} is used twice")
OLD_STATE = Message("coc.state.version", "state version {version} is not one this engine reads")
NO_SUCH = Message("coc.no_such", "there is no combatant {id} here")

# --- refusals --------------------------------------------------------------------------------
NOT_YOUR_TURN = Message("coc.refuse.turn", "It is not {actor}'s turn.")
CANNOT_ACT = Message("coc.refuse.cannot_act", "{actor} is {status} and cannot act.")
NO_ROUND = Message("coc.refuse.no_round", "The round has not started yet.")
ALREADY_ATTACKED = Message("coc.refuse.attacked", "{actor} has already attacked this round.")
DODGED_NO_ATTACK = Message("coc.refuse.dodged", "{actor} dodged this round and may not attack.")
TOTAL_SURPRISE = Message(
    "coc.refuse.total_surprise", "{actor} is completely surprised and cannot attack this round."
)
NO_WEAPON = Message("coc.refuse.no_weapon", "{actor} has no weapon {weapon}.")
WRONG_WEAPON = Message("coc.refuse.wrong_weapon", "{weapon} cannot be used for this.")
BROKEN = Message("coc.refuse.broken", "{weapon} is broken.")
JAMMED = Message("coc.refuse.jammed", "{weapon} is jammed; clear it first.")
DISABLED = Message("coc.refuse.disabled", "{weapon} can no longer fire.")
STUCK = Message("coc.refuse.stuck", "{weapon} is stuck in {target}.")
EMPTY = Message("coc.refuse.empty", "{weapon} has {loaded} rounds loaded, {needed} needed.")
TOO_MANY_SHOTS = Message("coc.refuse.shots", "{weapon} fires at most {max} shots this round.")
BAD_BURST = Message("coc.refuse.burst", "A burst is 2 to {max} shots.")
DICE_SIZES = Message("coc.refuse.dice_sizes", "This Keeper allows bursts of {sizes} shots only.")
NO_TARGET = Message("coc.refuse.target", "Choose a target.")
SELF_TARGET = Message("coc.refuse.self", "{actor} cannot attack itself.")
TARGET_GONE = Message("coc.refuse.target_gone", "{target} is dead.")
NOT_LOCATED = Message(
    "coc.refuse.located",
    "{actor} has not located {target} yet: Spot Hidden or Idea first.",
)
NO_KNOCKOUT = Message("coc.refuse.knockout", "Only blunt blows can knock out.")
NO_KNOCKOUT_TARGET = Message("coc.refuse.ko_target", "{target} cannot be knocked out.")
DARK_IMPOSSIBLE = Message("coc.refuse.dark", "{skill} is impossible in the dark.")
NOT_GM = Message("coc.refuse.gm", "Only the Keeper may do this.")
REASON_NEEDED = Message("coc.refuse.reason", "The Keeper's override needs a reason.")
NO_PARRY_GUN = Message("coc.refuse.parry_gun", "{weapon} parried this round and cannot fire.")
NO_PARRY_FIRED = Message("coc.refuse.parry_fired", "{weapon} fired this round and cannot parry.")
PARRY_LATE = Message(
    "coc.refuse.parry_late",
    "{actor} is too late: parries are declared at the start of the round, before anyone acts.",
)
PARRY_DONE = Message("coc.refuse.parry_done", "{actor} has already declared a parry this round.")
CANNOT_PARRY = Message("coc.refuse.cannot_parry", "{weapon} cannot parry.")
DODGE_DONE = Message("coc.refuse.dodge_done", "{actor} has already dodged this round.")
NOT_STUCK = Message("coc.refuse.not_stuck", "{weapon} is not stuck in anyone.")
NOT_JAMMED = Message("coc.refuse.not_jammed", "{weapon} is not jammed.")
ALREADY_CLEARING = Message("coc.refuse.clearing", "{actor} is already clearing {weapon}.")
FULL = Message("coc.refuse.full", "{weapon} is already full.")
NOT_A_REVOLVER = Message("coc.refuse.revolver", "{weapon} is not a fully loaded revolver.")
NO_DANGER = Message("coc.refuse.danger", "{actor} faces no danger to dodge with Luck.")
NO_EFFECT = Message("coc.refuse.effect", "There is no effect {effect}.")
NOT_ON_FIRE = Message("coc.refuse.not_on_fire", "{target} is not on fire.")
NOTHING_TO_AID = Message("coc.refuse.aid", "{target} has no wound left to treat.")
NO_TWO_GUNS = Message("coc.refuse.two_guns", "Two different handguns are needed.")
BAD_DICE = Message("coc.refuse.dice", "{expr} is not a damage roll such as 1d6+2.")
BAD_DISTANCE = Message("coc.refuse.distance", "Distances must be 0 or more.")
NO_BLAST_TARGET = Message("coc.refuse.blast", "Give the distance of at least one combatant.")
NO_CHAMBER = Message("coc.refuse.chamber", "{weapon} is not loaded one cartridge at a time.")
NOT_HARD_TO_SEE = Message("coc.refuse.visible", "{target} is not hidden from {actor}.")
NOT_FAR = Message(
    "coc.refuse.not_far",
    "{weapon}'s damage may only be cut for a shot past its base range (COC-RANGE-2).",
)
NOTHING = Message("coc.refuse.nothing", "There is nothing to do here.")

# --- the round -------------------------------------------------------------------------------
ROUND_STARTED = Message("coc.round.started", "Round {round} begins: {order}.")
SLOT = Message("coc.round.slot", "{name} ({rank})")
ROUND_ENDED = Message("coc.round.ended", "Round {round} ends.")
SKIPPED = Message("coc.turn.skipped", "{names} cannot act this round.")
TURN_ENDED = Message("coc.turn.ended", "{actor} ends the turn.")
DEFERRED = Message("coc.turn.deferred", "{actor} will {intent} at DEX rank {rank} (COC-ROUND-2).")
INTENT_AIM = Message("coc.intent.aim", "aim and fire")
INTENT_CHAMBER = Message("coc.intent.chamber", "load one cartridge and fire")
INTENT_SECOND = Message("coc.intent.second", "fire a second shot")
SURPRISE_SET = Message("coc.surprise.set", "{target} is {how} (COC-SURPRISE-1).")
SURPRISED = Message("coc.surprise.surprised", "surprised")
COMPLETELY = Message("coc.surprise.complete", "completely surprised")
DODGE_DECLARED = Message("coc.dodge.declared", "{actor} will dodge the next attack this round.")
PARRY_DECLARED = Message(
    "coc.parry.declared", "{actor} will parry {attacker}'s attack with {weapon} (COC-PARRY-3)."
)
FROM_BEHIND = Message(
    "coc.surprise.behind",
    "{target} is completely surprised and cannot answer an attack from behind (COC-SURPRISE-2).",
)
PARRY_VOID = Message("coc.parry.void", "{actor}'s parry is lost (COC-PARRY-3).")
LIGHT_SET = Message("coc.light.set", "The light is now {light} (COC-DARK-1).")
LIGHT_NORMAL = Message("coc.light.normal", "normal")
LIGHT_DIM = Message("coc.light.dim", "dim: skill chances halved")
LIGHT_DARK = Message("coc.light.dark", "dark: every skill chance is 01")

# --- attacks ---------------------------------------------------------------------------------
ATTACK_ROLL = Message(
    "coc.attack.roll",
    "{attacker} attacks {target} with {weapon}: {roll} against {chance}% - {result}.",
)
RESULT_IMPALE = Message("coc.result.impale", "an impale")
RESULT_HIT = Message("coc.result.hit", "a hit")
RESULT_MISS = Message("coc.result.miss", "a miss")
BURST_ROLL = Message(
    "coc.burst.roll",
    "{attacker} fires {shots} shots at {target}: {roll} against {chance}% - {result}, {hits} hit.",
    plural="{attacker} fires {shots} shots at {target}: {roll} against {chance}% - {result}, "
    "{hits} hit.",
    count="shots",
)
MALFUNCTION_DUD = Message("coc.mal.dud", "{weapon} misfires on a {roll}: a dud (COC-MAL-2).")
MALFUNCTION_JAM = Message("coc.mal.jam", "{weapon} jams on a {roll} (COC-MAL-3).")
DODGE_ASKED = Message(
    "coc.dodge.asked", "{attacker} attacks {targets}: dodge or let it come? (COC-DODGE-4)"
)
DODGE_WILL = Message("coc.dodge.will", "{target} dodges this attack.")
DODGE_NOT = Message("coc.dodge.not", "{target} lets it come and keeps the dodge.")
DODGE_SPENT = Message("coc.dodge.spent", "The dodge declared against it is spent.")
DODGE_TIMED_OUT = Message(
    "coc.dodge.timed_out", "Time is up: {targets} did not answer and take the attack undodged."
)
DODGE_WHEN_ATTACKED = Message(
    "coc.refuse.dodge_when_attacked",
    "A dodge is declared when an attack comes at you; you will be asked then.",
)
NOT_ASKED = Message("coc.refuse.not_asked", "No attack is waiting for your answer.")
WAITING_FOR_DODGE = Message(
    "coc.refuse.waiting_for_dodge", "An attack waits for {targets} to answer: dodge or not."
)
DODGED = Message("coc.dodge.rolled", "{target} dodges: {roll} against {chance}% - {result}.")
DODGE_OK = Message("coc.dodge.ok", "avoided")
DODGE_FAIL = Message("coc.dodge.fail", "not fast enough")
PARRY_ROLL = Message(
    "coc.parry.roll", "{target} parries with {weapon}: {roll} against {chance}% - {result}."
)
PARRY_OK = Message("coc.parry.ok", "blocked")
PARRY_FAIL = Message("coc.parry.fail", "missed")
PARRY_BARE = Message(
    "coc.parry.bare", "{target} cannot parry a weapon bare-handed and takes the blow (COC-PARRY-6)."
)
GRAPPLE_PARRY = Message(
    "coc.parry.grapple",
    "{target} grapples to parry: {first} and {second} against {chance}% - {result} (COC-PARRY-9).",
)
OBJECT_HOLDS = Message("coc.parry.holds", "{weapon} absorbs {damage} damage.")
OBJECT_BREAKS = Message(
    "coc.parry.breaks",
    "{weapon} breaks under {damage} damage; {excess} gets through (COC-PARRY-4).",
)
GUN_DISABLED = Message(
    "coc.parry.disabled",
    "{weapon} takes {damage} damage and will not fire again; {excess} gets through (COC-PARRY-8).",
)
DAMAGE_ROLL = Message("coc.damage.roll", "{weapon} does {damage} ({expr}){armour_note}.")
ARMOUR_NOTE = Message("coc.damage.armour", ", {armour} stopped by armour")
IMPALE_IMMUNE = Message("coc.impale.immune", "{target} is immune to impales (COC-IMPALE-4).")
WEAPON_STUCK = Message("coc.impale.stuck", "{weapon} is stuck in {target} (COC-IMPALE-5).")
PULL_OUT = Message(
    "coc.impale.pull", "{actor} pulls at {weapon}: {roll} against {chance}% - {result}."
)
PULLED = Message("coc.impale.pulled", "out")
STILL_STUCK = Message("coc.impale.still", "still stuck")
KNOCKOUT_ROLL = Message(
    "coc.ko.roll", "Knockout: {damage} damage against {hp} HP, {roll} against {chance}% - {result}."
)
KO_OK = Message(
    "coc.ko.ok", "{target} is knocked out for {minutes} minutes and takes {damage} (COC-KO-3)."
)
KO_FAIL = Message("coc.ko.fail", "no knockout; {target} takes the full {damage} (COC-KO-4).")
SET_ALIGHT = Message(
    "coc.fire.luck",
    "{target} rolls Luck against catching fire: {roll} against {chance}% - {result}.",
)
CAUGHT_FIRE = Message("coc.fire.caught", "caught fire")
NOT_CAUGHT = Message("coc.fire.not_caught", "not alight")
LOCATE = Message(
    "coc.conceal.locate",
    "{actor} looks for {target} ({skill}): {roll} against {chance}% - {result}.",
)
FOUND = Message("coc.conceal.found", "found")
NOT_FOUND = Message("coc.conceal.not_found", "not found")
CONCEALED = Message("coc.conceal.set", "{target} is hard for {actor} to see (COC-CONCEAL-1).")
RELOADED = Message("coc.reload.done", "{actor} reloads {weapon}: {loaded} of {capacity}.")
CHAMBERED = Message("coc.reload.chamber", "{actor} loads one cartridge into {weapon}.")
BELT_STARTED = Message(
    "coc.reload.belt", "{actor} starts changing the belt of {weapon} (2 rounds)."
)
JAM_ATTEMPT = Message(
    "coc.jam.attempt", "{actor} works at the jam of {weapon}: {rounds} rounds (COC-MAL-4)."
)
JAM_ROLL = Message("coc.jam.roll", "{actor} tries {weapon}: {roll} against {chance}% - {result}.")
JAM_CLEARED = Message("coc.jam.cleared", "cleared")
JAM_BROKEN = Message("coc.jam.broken", "the weapon is ruined")
JAM_AGAIN = Message("coc.jam.again", "still jammed")
ACCIDENT = Message(
    "coc.revolver.roll",
    "{actor}'s fully loaded {weapon}: Luck {roll} against {chance}% - {result}.",
)
ACCIDENT_FIRES = Message("coc.revolver.fires", "it goes off")
ACCIDENT_SAFE = Message("coc.revolver.safe", "it does not go off")
SILENCER_FITTED = Message("coc.silencer.fitted", "{weapon}'s silencer will last {life} shots.")
SILENCER_SECRET = Message("coc.silencer.secret", "The Keeper notes the silencer's wear.")
SILENCER_RUINED = Message(
    "coc.silencer.ruined", "{weapon}'s silencer is worn out (COC-SILENCER-2)."
)
# COC-SILENCER-2: the board's note on a silenced gun; only the Keeper's shows the hidden count.
SILENCER_NOTE = Message("coc.silencer.note", "silencer")
SILENCER_WORN = Message("coc.silencer.worn_out", "silencer worn out")
SILENCER_COUNT = Message(
    "coc.silencer.count", "silencer: {shots} of {life} shots (the Keeper's secret)"
)
SILENCER_UNROLLED = Message(
    "coc.silencer.unrolled", "silencer: {shots} shots, its life rolled at the first shot"
)
TWO_GUNS = Message(
    "coc.twogun.fired", "{actor} fires {first} and {second} together (COC-TWOGUN-1)."
)
UNAIMED_TARGET = Message("coc.unaimed.target", "The shot flies at {target} (COC-UNAIMED-2).")

# --- wounds ----------------------------------------------------------------------------------
DAMAGE_TAKEN = Message("coc.hp.lost", "{target} loses {damage} HP ({hp} left).")
# What the investigators read of a creature's or NPC's wound: its HP are the Keeper's.
DAMAGE_TAKEN_UNSEEN = Message("coc.hp.lost_unseen", "{target} loses {damage} HP.")
NO_DAMAGE = Message("coc.hp.none", "{target} takes no damage.")
UNCONSCIOUS = Message("coc.hp.unconscious", "{target} falls unconscious (COC-HP-1).")
DYING = Message(
    "coc.hp.dying",
    "{target} is dying and will die at the end of round {round} unless healed (COC-HP-1).",
)
DIED = Message("coc.hp.died", "{target} dies.")
SHOCK = Message(
    "coc.hp.shock", "{target} is shocked: CON x5 {roll} against {chance}% - {result} (COC-HP-2)."
)
SHOCK_OK = Message("coc.hp.shock_ok", "stays conscious")
SHOCK_FAIL = Message("coc.hp.shock_fail", "passes out for {minutes} minutes")
WOKE = Message("coc.hp.woke", "{target} wakes up.")
STABLE = Message("coc.hp.stable", "{target} is out of danger of dying.")
FIRST_AID = Message(
    "coc.aid.roll", "{actor} gives first aid to {target}: {roll} against {chance}% - {result}."
)
MEDICINE = Message(
    "coc.medicine.roll", "{actor} treats {target} (Medicine): {roll} against {chance}% - {result}."
)
AID_TREATED = Message(
    "coc.aid.treated",
    "{actor} treats {target}'s wound {wound} with {skill}: {amount} HP restored (COC-HEAL-1).",
)
HEALED = Message("coc.aid.healed", "{target} regains {amount} HP ({hp}) (COC-HEAL-1).")
HEALED_UNSEEN = Message("coc.aid.healed_unseen", "{target} regains {amount} HP (COC-HEAL-1).")
BURN_LUCK = Message(
    "coc.burn.luck",
    "{target}'s burns pass half the HP: Luck {roll} against {chance}% - {result} (COC-FIRE-2).",
)
BURN_SCARS = Message("coc.burn.scars", "{target} loses {con} CON and {app} APP for good.")

# --- checks, hazards and the Keeper ---------------------------------------------------------
SKILL_ROLL = Message(
    "coc.skill.roll", "{actor} rolls {skill}: {roll} against {chance}% - {result}."
)
SUCCESS = Message("coc.success", "success")
FAILURE = Message("coc.failure", "failure")
RESIST = Message(
    "coc.resist.roll",
    "Resistance {active} against {passive}: {roll} against {chance}% - {result} (COC-RES-1).",
)
RESIST_SECRET = Message("coc.resist.secret", "The Keeper rolls on the resistance table in secret.")
AUTOMATIC = Message("coc.resist.automatic", "automatic")
EFFECT_STARTED = Message("coc.effect.started", "{target}: {effect} begins.")
EFFECT_ENDED = Message("coc.effect.ended", "{target}: {effect} ends.")
EFFECT_TICK = Message("coc.effect.tick", "{target} suffers {effect}: {damage} ({expr}).")
BREATH = Message(
    "coc.drown.roll",
    "{target} holds breath: {roll} against CON x{multiple} = {chance} - {result} (COC-DROWN-2).",
)
BREATH_OK = Message("coc.drown.ok", "holds on")
BREATH_FAIL = Message("coc.drown.fail", "breathes in")
ROOM_LUCK = Message(
    "coc.fire.room_luck",
    "{target} rolls Luck in the smoke: {roll} against {chance}% - {result} (COC-FIRE-7).",
)
SMOKE = Message("coc.fire.smoke", "{target} breathes smoke and starts to suffocate (COC-FIRE-7).")
BLAST = Message(
    "coc.blast.band", "{target} is {distance} yards from the blast: {dice}d6 (COC-EXPL-1)."
)
BLAST_OUT = Message("coc.blast.out", "{target} is outside the blast.")
BLAST_SET = Message("coc.blast.set", "An explosion: {dice}d6, radius {radius} yards (COC-EXPL-3).")
FALL = Message("coc.fall", "{target} falls {height} feet: {dice}d6 (COC-FALL-1).")
JUMP = Message("coc.fall.jump", "{target} jumps: {roll} against {chance}% - {result} (COC-FALL-2).")
POISONED = Message("coc.poison.given", "{target} is given {poison} (POT {pot}, {doses} doses).")
POISON_SECRET = Message("coc.poison.secret", "The Keeper has done something in secret.")
POISON_ROLL = Message(
    "coc.poison.roll",
    "{poison} POT {pot} against CON {con}: {roll} against {chance}% - {result}; "
    "it acts in {rounds} rounds (COC-POISON-5).",
)
POISON_WINS = Message("coc.poison.wins", "the poison wins")
POISON_LOSES = Message("coc.poison.loses", "the poison loses")
POISON_ACTS = Message("coc.poison.acts", "{poison} takes effect on {target}.")
POISON_SLEEP = Message(
    "coc.poison.sleep", "{target} is unconscious for {minutes} minutes (COC-POISON-7)."
)
POISON_HARMLESS = Message("coc.poison.harmless", "{poison} does {target} no harm.")
RESPIRATORY = Message(
    "coc.poison.respiratory",
    "Respiratory failure for {target}: {roll} against {chance}% - {result} (COC-POISON-6).",
)
DANGER = Message(
    "coc.danger.set", "{target} is in danger: {what}. Roll Luck to dodge (COC-DODGE-2)."
)
LUCK_DODGE = Message(
    "coc.danger.roll", "{actor} tries to dodge with Luck: {roll} against {chance}% - {result}."
)
FIRE_OUT = Message(
    "coc.fire.out", "{target}'s flames are out; the Keeper may call for a Sanity roll (COC-FIRE-5)."
)
SAN_ROLL = Message(
    "coc.san.roll",
    "{target} rolls Sanity: {roll} against {chance}% - {result}; loses {loss} SAN ({expr}), "
    "{san} left (COC-FIRE-5).",
)
SAN_ROLL_UNSEEN = Message("coc.san.roll_unseen", "{target} rolls Sanity (COC-FIRE-5).")
PUT_OUT = Message(
    "coc.fire.put_out",
    "{actor} fights {target}'s flames ({skill}): {roll} against {chance}% - {result}.",
)
OVERRIDE = Message(
    "coc.keeper.override", "The Keeper sets {target}'s {field} from {old} to {new}: {reason}."
)
FIELD_SET = Message(
    "coc.field_of_fire.set", "The Keeper describes the field of fire: {note} (COC-AUTO-8)."
)
FIELD_COVER = Message("coc.field_of_fire.cover", "{target}: behind {cover}.")
FIELD_CONE = Message("coc.field_of_fire.cone", "{targets}: bunched in a narrow cone.")
FIELD_NOTE = Message("coc.field_of_fire.note", "Field of fire: {note}")
IN_CONE = Message("coc.field_of_fire.in_cone", "in a narrow cone")
TIME_PASSED = Message("coc.time.passed", "{minutes} minutes pass.")
WEEKS_PASSED = Message(
    "coc.time.weeks",
    "{weeks} week passes; the fight is over.",
    plural="{weeks} weeks pass; the fight is over.",
    count="weeks",
)
MENDED = Message(
    "coc.heal.natural",
    "{target} heals naturally over {weeks} week: 1D3 rolls {rolled}, {amount} HP regained "
    "(COC-HEAL-1).",
    plural="{target} heals naturally over {weeks} weeks: 1D3 a week rolls {rolled}, {amount} HP "
    "regained (COC-HEAL-1).",
    count="weeks",
)
MENDED_UNSEEN = Message(
    "coc.heal.natural_unseen",
    "{target} rests for {weeks} week (COC-HEAL-1).",
    plural="{target} rests for {weeks} weeks (COC-HEAL-1).",
    count="weeks",
)
EFFECTS_RUNNING = Message(
    "coc.refuse.effects_running",
    "Effects are still running: end them, or let minutes pass, before weeks go by.",
)
NOT_HEALING = Message(
    "coc.refuse.not_healing", "{target} is {status}: natural healing needs HP above 0."
)
STAT_LOSS = Message("coc.stat.loss", "{target}'s {stat} is now {value} (COC-DMG-1).")

# The poison table's names (COC-POISON-TABLE), by the key of `rules.brp.hazards.POISONS`.
POISON_NAMES = {
    "amanita": Message("coc.poison.amanita", "Amanita"),
    "arsenic": Message("coc.poison.arsenic", "Arsenic"),
    "belladonna": Message("coc.poison.belladonna", "Belladonna"),
    "black_widow": Message("coc.poison.black_widow", "Black widow spider"),
    "chloral_hydrate": Message("coc.poison.chloral_hydrate", "Chloral hydrate"),
    "chloroform": Message("coc.poison.chloroform", "Chloroform"),
    "cobra": Message("coc.poison.cobra", "Cobra"),
    "curare": Message("coc.poison.curare", "Curare"),
    "cyanide": Message("coc.poison.cyanide", "Cyanide"),
    "rattlesnake": Message("coc.poison.rattlesnake", "Rattlesnake"),
    "rohypnol": Message("coc.poison.rohypnol", "Rohypnol"),
    "scorpion": Message("coc.poison.scorpion", "Scorpion"),
    "sleeping_pills": Message("coc.poison.sleeping_pills", "Sleeping pills"),
    "strychnine": Message("coc.poison.strychnine", "Strychnine"),
}
# What the Keeper may override, by state key (the log line keeps the key's English as it was).
OVERRIDE_FIELDS = {
    "hp": Message("coc.override.hp", "hp"),
    "mp": Message("coc.override.mp", "mp"),
    "san": Message("coc.override.san", "san"),
    "luck": Message("coc.override.luck", "luck"),
    "con": Message("coc.override.con", "con"),
    "app": Message("coc.override.app", "app"),
    "ko_rounds": Message("coc.override.ko_rounds", "ko_rounds"),
    "dead": Message("coc.override.dead", "dead"),
}
# The sides the setup gives when it names none; a side the setup names is shown as it is.
SIDES = {
    "investigators": Message("coc.side.investigators", "investigators"),
    "others": Message("coc.side.others", "others"),
    "cult": Message("coc.side.cult", "cult"),  # the demo's cultists
}

# --- effect names ----------------------------------------------------------------------------
EFFECT_NAMES = {
    "acid": Message("coc.effect.acid", "acid ({grade})"),
    "drowning": Message("coc.effect.drowning", "drowning (CON x{multiple})"),
    "suffocating": Message("coc.effect.suffocating", "suffocating, 1d6 a round"),
    "on_fire": Message("coc.effect.on_fire", "clothes on fire"),
    "fire_zone": Message("coc.effect.fire_zone", "{fire}"),
    "poison": Message("coc.effect.poison", "poison ({poison})"),
    "jam": Message("coc.effect.jam", "clearing {weapon}"),
    "belt": Message("coc.effect.belt", "changing the belt of {weapon}"),
    "respiratory": Message("coc.effect.respiratory", "respiratory failure"),
}
ACID_GRADES = {
    "weak": Message("coc.acid.weak", "weak acid"),
    "strong": Message("coc.acid.strong", "strong acid"),
    "very_strong": Message("coc.acid.very_strong", "very strong acid"),
}
FIRES = {
    "bonfire": Message("coc.fire.bonfire", "a large bonfire"),
    "burning_room": Message("coc.fire.burning_room", "a burning room"),
    "custom": Message("coc.fire.custom", "a great fire"),
}
STATUS = {
    "ok": Message("coc.status.ok", "standing"),
    "unconscious": Message("coc.status.unconscious", "unconscious"),
    "dying": Message("coc.status.dying", "dying"),
    "dead": Message("coc.status.dead", "dead"),
}

# --- what a die is rolled for: the English each roll stores, matched back to its message in the
# log (vtt/words.py `purpose`); the words inside braces are names, numbers and dice
PURPOSE_JAM_ROUNDS = Message("coc.purpose.jam_rounds", "jam attempt rounds for {weapon}")
PURPOSE_SAN_LOSS = Message("coc.purpose.san_loss", "SAN loss for {name}")
PURPOSE_NATURAL_HEALING = Message("coc.purpose.natural_healing", "natural healing 1D3 for {name}")
PURPOSE_DAMAGE = Message("coc.purpose.damage", "damage of {weapon}")
PURPOSE_KNOCKOUT = Message("coc.purpose.knockout", "knockout of {name}")
PURPOSE_IMPALE_DAMAGE = Message("coc.purpose.impale_damage", "impale damage of {weapon}")
PURPOSE_SHOT = Message("coc.purpose.shot", "shot {n} with {weapon}")
PURPOSE_BURST = Message("coc.purpose.burst", "burst at {target}")
PURPOSE_DAMAGE_BONUS = Message("coc.purpose.damage_bonus", "damage bonus")
PURPOSE_SILENCER = Message("coc.purpose.silencer", "silencer life of {weapon}")
PURPOSE_HITS = Message("coc.purpose.hits", "hits of {shots} shots")
PURPOSE_UNAIMED = Message("coc.purpose.unaimed", "unaimed target")
PURPOSE_CON_BURNS = Message("coc.purpose.con_burns", "CON lost to burns by {name}")
PURPOSE_APP_BURNS = Message("coc.purpose.app_burns", "APP lost to burns by {name}")
PURPOSE_FIRST_AID = Message("coc.purpose.first_aid", "first aid 1D3 for {name}")
PURPOSE_HAZARD_DAMAGE = Message("coc.purpose.hazard_damage", "{kind} damage for {name}")
PURPOSE_BREATH = Message("coc.purpose.breath", "breath CON x{multiple} for {name}")
PURPOSE_CLEAR_JAM = Message("coc.purpose.clear_jam", "clear jam of {weapon}")
PURPOSE_POTENCY = Message("coc.purpose.potency", "{poison} POT {potency} against CON")
PURPOSE_SLEEP = Message("coc.purpose.sleep", "{drug} sleep x10 minutes")
PURPOSE_BLAST = Message("coc.purpose.blast", "blast damage for {name}")
PURPOSE_FALL = Message("coc.purpose.fall", "fall damage for {name}")
PURPOSE_ROHYPNOL = Message("coc.purpose.rohypnol", "Rohypnol hours")
PURPOSE_ONSET = Message("coc.purpose.onset", "{poison} onset")
# Dice rolled for a combatant or a weapon, the rules writing its id: the table shows its name.
PURPOSE_SKILL_FOR = Message("coc.purpose.skill_for", "{skill} for {name}")
PURPOSE_FIRST_AID_ON = Message("coc.purpose.first_aid_on", "First Aid on {name}")
PURPOSE_MEDICINE_ON = Message("coc.purpose.medicine_on", "Medicine on {name}")
PURPOSE_LUCK_DODGE = Message("coc.purpose.luck_dodge", "Luck dodge for {name}")
PURPOSE_LUCK_FLAMES = Message("coc.purpose.luck_flames", "Luck against flames for {name}")
PURPOSE_LUCK_CATCHING_FIRE = Message(
    "coc.purpose.luck_catching_fire", "Luck against catching fire for {name}"
)
PURPOSE_BURN_LUCK = Message("coc.purpose.burn_luck", "burn Luck for {name}")
PURPOSE_SMOKE_LUCK = Message("coc.purpose.smoke_luck", "smoke Luck for {name}")
PURPOSE_REVOLVER_LUCK = Message("coc.purpose.revolver_luck", "revolver Luck for {name}")
PURPOSE_SANITY = Message("coc.purpose.sanity", "Sanity for {name}")
PURPOSE_SHOCK = Message("coc.purpose.shock", "shock CON x5 for {name}")
PURPOSE_SHOCK_MINUTES = Message("coc.purpose.shock_minutes", "shock minutes for {name}")
PURPOSE_KNOCKOUT_MINUTES = Message("coc.purpose.knockout_minutes", "knockout minutes for {name}")
PURPOSE_PARRY = Message("coc.purpose.parry", "parry for {name}")
PURPOSE_GRAPPLE_CONTACT = Message("coc.purpose.grapple_contact", "grapple contact for {name}")
PURPOSE_GRAPPLE_SEIZE = Message("coc.purpose.grapple_seize", "grapple seize for {name}")
PURPOSE_RESPIRATORY = Message("coc.purpose.respiratory", "respiratory failure for {name}")
PURPOSE_LOCATE = Message("coc.purpose.locate", "locate {name}")
PURPOSE_ATTACK_WITH = Message("coc.purpose.attack_with", "attack with {weapon}")
PURPOSE_RESISTANCE = Message("coc.purpose.resistance", "resistance")
WORD_ACID = Message("coc.word.acid", "acid")
WORD_FIRE_ZONE = Message("coc.word.fire_zone", "fire")
# A preview's words as the odds page reads them back from their English (vtt/words.word).
ODDS_SKILL_CHANCE = Message("coc.odds.skill_chance", "{skill}: {chance}%")
ODDS_TARGET_RESULT = Message("coc.odds.target_result", "{target}: {result}")
# An ongoing effect as the Keeper's form lists it.
EFFECT_OF = Message("coc.effect_of", "{target}: {effect}")
