"""Delta Green's turn and round lines: moving, weapons in hand, reloading, aid, skills, rounds.

Each line keeps the English the engine wrote before it was a message.
"""

from __future__ import annotations

from rules.core.kit import Message

# --- verdicts -------------------------------------------------------------------------------------
SUCCESS = Message("dg.log.success", "success")
FAILURE = Message("dg.log.failure", "failure")

# --- moving and aiming (DG-MOVE-*, DG-WOUND-10, DG-AIM-1) --------------------------------------
AIMS = Message("dg.log.aims", "{name} spends the round aiming at {target} (no dodge or parry)")
RUNS = Message(
    "dg.log.runs", "{name} runs {metres} m (-{penalty}% to skill rolls for the rest of the round)"
)
WALKS = Message("dg.log.walks", "{name} walks {metres} m")
CRAWLS = Message("dg.log.crawls", "{name} crawls {metres} m")
GETS_UP = Message("dg.log.gets_up", "{name} gets up")

# --- weapons in hand and reloading (DG-ACT-6, DG-EDGE-3, COC-RELOAD-*, COC-IMPALE-5, COC-MAL-4)
DRAWS = Message("dg.log.draws", "{name} draws {weapon}")
PUTS_AWAY = Message("dg.log.puts_away", "{name} puts the weapon away")
QUICK_DRAWN = Message(
    "dg.log.quick_drawn", "Quick Draw d100 = {roll} vs DEX x2 {chance}: {weapon} drawn for free"
)
QUICK_DRAW_COSTS = Message(
    "dg.log.quick_draw_costs",
    "Quick Draw d100 = {roll} vs {chance}: failed, the draw costs an action",
)
QUICK_DRAW_LATER = Message(
    "dg.log.quick_draw_later",
    "Quick Draw d100 = {roll} vs {chance}: failed; drawing will cost an action",
)
MAGAZINE = Message(
    "dg.log.magazine", "{name} changes the magazine of {weapon} ({spare} spare left)"
)
CARTRIDGES = Message("dg.log.cartridges", "{name} loads {count} cartridge(s) into {weapon}")
BELT = Message(
    "dg.log.belt", "{name} starts changing the belt of {weapon} (this round and the next)"
)
LETS_GO = Message("dg.log.lets_go", "{name} lets go of {weapon}")
PULLS = Message("dg.log.pulls", "{name} pulls at {weapon}: d100 = {roll} vs {chance}: {verdict}")
PULLED_FREE = Message("dg.log.pulled_free", "free (no extra damage)")
STILL_STUCK = Message("dg.log.still_stuck", "still stuck")
WORKS_JAM = Message(
    "dg.log.works_jam",
    "{name} works on the jam for 1d6 = {rounds} round(s): d100 = {roll} vs {chance}: {verdict}",
)
RUINED = Message("dg.log.ruined", "96-00: the weapon is ruined")
CLEARED = Message("dg.log.cleared", "cleared")
STILL_JAMMED = Message("dg.log.still_jammed", "still jammed")

# --- fire, skills and passing (COC-FIRE-5, DG-ACT-6, COC-DARK-*, DG-INIT-2) --------------------
BEATS_FLAMES = Message(
    "dg.log.beats_flames",
    "{name} beats at the flames on {victim}: {skill} d100 = {roll} vs {chance}: {verdict}",
)
FIRE_OUT = Message("dg.log.fire_out", "out")
STILL_BURNING = Message("dg.log.still_burning", "still burning")
ROLLS = Message("dg.log.rolls", "{name} rolls {skill}: d100 = {roll} vs {chance}{light}: {verdict}")
DIM_HALVES = Message("dg.log.dim_halves", " (dim light x1/2)")
DARK_01 = Message("dg.log.dark_01", " (darkness: 01)")
PASSES = Message("dg.log.passes", "{name} passes")
DELAYS = Message("dg.log.delays", "{name} delays")

# --- passes and the end of a round (DG-INIT-2, DG-WOUND-*, COC-FIRE-4, COC-DROWN-*) ------------
PASS = Message("dg.log.pass", "Pass {n}")
ROUND_END = Message("dg.log.round_end", "End of round {round}")
WOUND_NEW = Message("dg.log.wound_new", "{name}: {location} wound is new, first check next round")
BLEEDS_AUTO = Message("dg.log.bleeds_auto", "{name}: {location} at 2x loses 1 HP (automatic)")
HOLDS_ON = Message("dg.log.holds_on", "{name}: CON x5 d100 = {roll} vs {con}: holds on")
BLEEDS = Message("dg.log.bleeds", "{name}: CON x5 d100 = {roll} vs {con}: bleeds, -1 HP")
ON_FIRE = Message("dg.log.on_fire", "{name}: on fire, 1d6 = {burn}")
STILL_NO_AIR = Message("dg.log.still_no_air", "{name}: still without air, 1d6 = {loss}")
HOLDING_BREATH = Message(
    "dg.log.holding_breath", "{name}: holding breath, d100 = {roll} vs CON x{mult} = {target}"
)
BREATHES_IN = Message(
    "dg.log.breathes_in",
    "{name}: holding breath, d100 = {roll} vs CON x{mult} = {target}: breathes in, 1d6 = {loss}",
)
ACTED_DOWN = Message(
    "dg.log.acted_down", "{name}: acted while down with a chest wound, -1 HP (DG-WOUND-3)"
)
NEW_BELT = Message("dg.log.new_belt", "{name}: the new belt is in ({capacity} rounds)")
